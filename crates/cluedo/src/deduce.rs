//! Exact deduction: the deals consistent with one seat's view, counted without listing them.
//!
//! A deal gives each of the 21 cards an *owner*: a seat, or the envelope (one card of each kind). What a seat saw
//! becomes three kinds of constraint: a card's possible owners (its own hand, a card shown to it, seats that passed
//! on a suggestion cannot hold its cards), "seat r holds at least one of these cards" (a refutation it did not
//! see), and "the envelope is not exactly these three" (a wrong accusation). Counting the deals is a dynamic
//! programme over the cards one at a time whose state is what is left to fill (cards still owed to each hand,
//! the envelope's kinds still empty) and which "at least one" constraints are still unmet; cards in constraints
//! come first, so their bits are dropped early and the rest of the cards only move hand sizes. A second pass
//! from the end gives, for every card and owner, the deals in which that owner holds it (the notebook's
//! shares), and lets [`Deals::sample`] draw consistent deals uniformly.
//!
//! Deals are counted, not weighed: each consistent deal counts once, whichever card a refuter would have chosen
//! to show.

use rand::{Rng, RngExt};

use crate::cards::{CARDS, Card};
use crate::view::{View, ViewError};

mod constraints;

use constraints::{AtLeastOne, Constraints, Owners};

/// Owners are seats `0..players`, and the envelope, numbered `players`.
pub const MAX_OWNERS: usize = 7;

/// The most "at least one" constraints still open at once that a count follows (far more than a game makes).
const MAX_OPEN: usize = 96;

/// Why a view has no consistent deal, or cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeduceError {
    /// The view is malformed (see [`ViewError`]).
    View(ViewError),
    /// No deal agrees with the hand, the hand sizes and the first `turn` turns (counted from 1; 0 when the hand
    /// and sizes alone cannot be true), while the turns before it still could.
    Impossible {
        /// The first turn that cannot be true, from 1.
        turn: usize,
    },
    /// Too many unresolved refutations to count exactly.
    TooMany(usize),
}

impl std::fmt::Display for DeduceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeduceError::View(e) => write!(f, "{e}"),
            DeduceError::Impossible { turn: 0 } => {
                f.write_str("no deal fits the hand and the hand sizes")
            }
            DeduceError::Impossible { turn } => write!(
                f,
                "turn {turn} cannot be true: no deal of the cards agrees with it and the turns before it"
            ),
            DeduceError::TooMany(n) => write!(
                f,
                "{n} unresolved refutations are too many to count exactly"
            ),
        }
    }
}

/// State of the count after some cards: 4 bits of cards still owed per seat (bits 0..24), the envelope's
/// kinds filled (bits 24..27), and the open clauses not yet met (bits 32..128).
type Key = u128;

/// No state: the card cannot go to that owner from there.
const NONE: u32 = u32::MAX;

/// One card's step: its owners, and the clause bits it can meet and closes.
#[derive(Clone, Debug)]
struct Step {
    card: Card,
    owners: Owners,
    /// For each owner, the clause bits (already shifted into the key) that the card going there meets.
    meets: [Key; MAX_OWNERS],
    /// Clause bits whose last card this is: still set after it, the state is dead.
    closes: Key,
}

/// The consistent deals of a view, counted: the total, each card's owners, and uniform samples.
#[derive(Clone, Debug)]
pub struct Deals {
    players: usize,
    steps: Vec<Step>,
    /// Every layer's states, numbered: layer `i` (the states before step `i`) is `start[i]..start[i + 1]`. One
    /// vector per figure for all layers: a count allocates a handful of times, which matters where threads share
    /// one allocator (wasm).
    start: Vec<usize>,
    /// `succ[j * (players + 1) + o]`: the state that state `j`'s card going to owner `o` leads to ([`NONE`]: it
    /// cannot).
    succ: Vec<u32>,
    /// `ways[j]`: how many ways reach state `keys[j]` from the first card.
    ways: Vec<u64>,
    /// `rest[j]`: how many ways finish from state `keys[j]`.
    rest: Vec<u64>,
    /// Cards whose owner is fixed by the constraints, with that owner.
    fixed: Vec<(Card, usize)>,
    total: u64,
}

/// The deals consistent with `view`. A view that cannot be true is refused with the first turn that makes it so.
pub fn deals(view: &View) -> Result<Deals, DeduceError> {
    match count_view(view)? {
        Some(d) => Ok(d),
        None => Err(DeduceError::Impossible {
            turn: first_impossible(view)?,
        }),
    }
}

/// The first turn (from 1) after which no deal fits; 0 when none fits even before the turns.
fn first_impossible(view: &View) -> Result<usize, DeduceError> {
    let (mut lo, mut hi) = (0, view.turns().len()); // prefix lo may fit, prefix hi does not
    if count_view(&view.prefix(0))?.is_none() {
        return Ok(0);
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if count_view(&view.prefix(mid))?.is_some() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(hi)
}

fn count_view(view: &View) -> Result<Option<Deals>, DeduceError> {
    let Some(cs) = Constraints::of(view) else {
        return Ok(None);
    };
    Deals::count(&cs)
}

impl Deals {
    fn count(cs: &Constraints) -> Result<Option<Deals>, DeduceError> {
        let p = cs.players;
        let env = p;
        // Cards with one possible owner leave the programme; their owners' hands shrink.
        let mut owed: Vec<i64> = cs.sizes.iter().map(|&s| s as i64).collect();
        let mut env_filled = 0u8;
        let mut fixed = Vec::new();
        for c in Card::all() {
            let a = cs.allowed[c.index()];
            if a.count_ones() == 1 {
                let o = a.trailing_zeros() as usize;
                fixed.push((c, o));
                if o == env {
                    let k = 1 << c.kind().index();
                    if env_filled & k != 0 {
                        return Ok(None);
                    }
                    env_filled |= k;
                } else {
                    owed[o] -= 1;
                    if owed[o] < 0 {
                        return Ok(None);
                    }
                }
            }
        }
        let open: Vec<AtLeastOne> = cs.clauses.clone();
        if open.len() > MAX_OPEN {
            return Err(DeduceError::TooMany(open.len()));
        }
        // Order: the cards of each clause in turn (closing clauses early), then the free cards.
        let mut order: Vec<Card> = Vec::new();
        for cl in &open {
            for c in cl.cards.iter() {
                if !order.contains(&c) {
                    order.push(c);
                }
            }
        }
        for c in Card::all() {
            if cs.allowed[c.index()].count_ones() > 1 && !order.contains(&c) {
                order.push(c);
            }
        }
        let steps: Vec<Step> = order
            .iter()
            .enumerate()
            .map(|(i, &card)| {
                let mut meets = [0; MAX_OWNERS];
                let mut closes = 0;
                for (j, cl) in open.iter().enumerate() {
                    if !cl.cards.has(card) {
                        continue;
                    }
                    let bit: Key = 1 << (32 + j);
                    for (o, m) in meets.iter_mut().enumerate().take(p + 1) {
                        if cl.owners & (1 << o) != 0 {
                            *m |= bit;
                        }
                    }
                    if !order[i + 1..].iter().any(|&c| cl.cards.has(c)) {
                        closes |= bit;
                    }
                }
                Step {
                    card,
                    owners: cs.allowed[card.index()],
                    meets,
                    closes,
                }
            })
            .collect();

        let mut start: Key = u128::from(env_filled) << 24;
        for (seat, &o) in owed.iter().enumerate() {
            start |= (o as u128) << (4 * seat);
        }
        let all_open: Key = if open.is_empty() {
            0
        } else {
            ((1u128 << open.len()) - 1) << 32
        };
        start |= all_open;
        let cards_left = steps.len() as i64;
        let owed_total: i64 =
            owed.iter().sum::<i64>() + i64::from(3 - env_filled.count_ones() as u8);
        if owed_total != cards_left {
            return Ok(None);
        }

        let stride = p + 1;
        let mut keys: Vec<Key> = vec![start];
        let mut ways: Vec<u64> = vec![1];
        let mut bounds: Vec<usize> = vec![0, 1];
        // succ[j * stride + o]: the state card `i` going to owner `o` leads to from state `j`, if it can.
        let mut succ: Vec<u32> = Vec::new();
        let mut next: Vec<(Key, u32)> = Vec::new();
        for step in &steps {
            let here = bounds[bounds.len() - 2]..bounds[bounds.len() - 1];
            succ.resize(here.end * stride, NONE);
            next.clear();
            for j in here {
                for o in 0..=p {
                    if let Some(k) = advance(keys[j], step, o, p) {
                        next.push((k, (j * stride + o) as u32));
                    }
                }
            }
            next.sort_unstable_by_key(|e| e.0);
            let layer_start = keys.len();
            for &(k, from) in &next {
                let w = ways[from as usize / stride];
                if keys.len() > layer_start && keys.last() == Some(&k) {
                    if let Some(last) = ways.last_mut() {
                        *last += w;
                    }
                } else {
                    keys.push(k);
                    ways.push(0);
                    if let Some(last) = ways.last_mut() {
                        *last = w;
                    }
                }
                succ[from as usize] = (keys.len() - 1) as u32;
            }
            bounds.push(keys.len());
        }
        succ.resize(keys.len() * stride, NONE);
        let end: Key = 0b111u128 << 24;
        let last = bounds[steps.len()]..bounds[steps.len() + 1];
        let total = last
            .clone()
            .find(|&j| keys[j] == end)
            .map_or(0, |j| ways[j]);
        if total == 0 {
            return Ok(None);
        }
        // Backward: from each state, the ways to finish.
        let mut rest = vec![0u64; keys.len()];
        for j in last {
            rest[j] = u64::from(keys[j] == end);
        }
        for i in (0..steps.len()).rev() {
            for j in bounds[i]..bounds[i + 1] {
                rest[j] = succ[j * stride..(j + 1) * stride]
                    .iter()
                    .filter(|&&t| t != NONE)
                    .map(|&t| rest[t as usize])
                    .sum();
            }
        }
        Ok(Some(Deals {
            players: p,
            steps,
            start: bounds,
            ways,
            rest,
            succ,
            fixed,
            total,
        }))
    }

    fn layer(&self, i: usize) -> std::ops::Range<usize> {
        self.start[i]..self.start[i + 1]
    }

    /// The state card `step` going to owner `o` leads to from state `j`.
    fn next(&self, j: usize, o: usize) -> Option<usize> {
        let t = self.succ[j * (self.players + 1) + o];
        (t != NONE).then_some(t as usize)
    }

    /// How many deals agree with the view.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// For each card, in how many consistent deals each owner holds it (`[card][owner]`, owner `players` is the
    /// envelope).
    pub fn owner_counts(&self) -> Vec<[u64; MAX_OWNERS]> {
        let p = self.players;
        let mut counts = vec![[0u64; MAX_OWNERS]; CARDS];
        for &(c, o) in &self.fixed {
            counts[c.index()][o] = self.total;
        }
        for (i, step) in self.steps.iter().enumerate() {
            let row = &mut counts[step.card.index()];
            for j in self.layer(i) {
                for (o, slot) in row.iter_mut().enumerate().take(p + 1) {
                    if let Some(at) = self.next(j, o) {
                        *slot += self.ways[j] * self.rest[at];
                    }
                }
            }
        }
        counts
    }

    /// One consistent deal drawn uniformly: each card's owner (`players` for the envelope).
    pub fn sample(&self, rng: &mut impl Rng) -> [u8; CARDS] {
        let p = self.players;
        let mut owners = [0u8; CARDS];
        for &(c, o) in &self.fixed {
            owners[c.index()] = o as u8;
        }
        let mut at = 0;
        for step in &self.steps {
            let here = self.rest[at];
            let mut pick = rng.random_range(0..here.max(1));
            for o in 0..=p {
                let Some(to) = self.next(at, o) else {
                    continue;
                };
                let rest = self.rest[to];
                if pick < rest {
                    owners[step.card.index()] = o as u8;
                    at = to;
                    break;
                }
                pick -= rest;
            }
        }
        owners
    }

    /// States the count went through (its work, for reports).
    pub fn states(&self) -> usize {
        self.rest.len()
    }
}

/// The state after `step`'s card goes to owner `o`, or `None` if it cannot.
#[inline]
fn advance(key: Key, step: &Step, o: usize, p: usize) -> Option<Key> {
    if step.owners & (1 << o) == 0 {
        return None;
    }
    let mut k = key;
    if o == p {
        let bit = 1u128 << (24 + step.card.kind().index());
        if k & bit != 0 {
            return None;
        }
        k |= bit;
    } else {
        let shift = 4 * o;
        if (k >> shift) & 0xf == 0 {
            return None;
        }
        k -= 1 << shift;
    }
    k &= !step.meets[o];
    (k & step.closes == 0).then_some(k)
}
