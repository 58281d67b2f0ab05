//! What the thinking players share: the suggestion whose answer tells most about the envelope, and small helpers
//! over a view (the cards shown to a seat, a card at random).

use rand::{Rng, RngExt};

use crate::cards::{CARDS, Card, CardSet, Kind as CardKind, Triple};
use crate::deduce::Deals;
use crate::notebook::Notebook;
use crate::view::{Turn, View};

/// How many consistent deals `deduction` samples to weigh a suggestion.
pub const SAMPLES: usize = 24;

/// The cards this view's seat has shown to seat `by`.
pub(crate) fn shown_to(view: &View, to: usize) -> CardSet {
    view.turns().iter().fold(CardSet::EMPTY, |s, t| match *t {
        Turn::Suggest {
            by,
            shown_by: Some(r),
            card: Some(c),
            ..
        } if by == to && r == view.me() => s.with(c),
        _ => s,
    })
}

pub(crate) fn only(set: CardSet) -> Option<Card> {
    (set.len() == 1).then(|| set.iter().next()).flatten()
}

pub(crate) fn random_card(set: CardSet, rng: &mut (impl Rng + ?Sized)) -> Card {
    let cards: Vec<Card> = set.iter().collect();
    match cards.len() {
        0 => Card::new(0).expect("card 0 exists"),
        n => cards[rng.random_range(0..n)],
    }
}

/// Where no seat holds a card in [`seats_left`]: this seat's own cards and the envelope's.
pub(crate) const NONE: u8 = u8::MAX;

/// For a deal (each card's owner, the envelope numbered `players`): how many seats to `me`'s left each card's
/// holder sits, [`NONE`] for `me`'s cards and the envelope's. The first seat to refute a suggestion is the nearest.
pub(crate) fn seats_left(owners: &[u8; CARDS], players: usize, me: usize) -> [u8; CARDS] {
    owners.map(|o| {
        let o = usize::from(o);
        if o == players || o == me {
            NONE
        } else {
            ((o + players - me) % players) as u8
        }
    })
}

/// A refutation's weight in the scorers' tallies, split evenly among the two or three cards it may be.
pub(crate) const WEIGHT: u16 = 6;

/// [`WEIGHT`] shared among 1, 2 or 3 cards (a table: no division in the scorers' inner loops).
pub(crate) const SHARE: [u16; 4] = [WEIGHT, WEIGHT, WEIGHT / 2, WEIGHT / 3];

/// The cards (as bits) a refuter holding `held` of the three may show a seat it has already shown `shown_before`:
/// one of those, where it can (the lowest: it teaches nothing new), else any of `held`, each as likely.
pub(crate) fn may_show(held: u32, shown_before: u32) -> u32 {
    may_show_counted(held, 0, shown_before).0
}

/// [`may_show`] for a refuter holding `k` of the three (`held`'s bits), with how many cards it may show: the
/// scorers' inner loops carry the count rather than count bits.
#[inline]
pub(crate) fn may_show_counted(held: u32, k: u32, shown_before: u32) -> (u32, u32) {
    match held & shown_before {
        0 => (held, k),
        known => (known & known.wrapping_neg(), 1),
    }
}

/// The cards (as bits) each seat has shown this view's seat, indexed by how many seats to its left that seat sits.
pub(crate) fn shown_me_from_left(view: &View) -> Vec<u32> {
    let (p, me) = (view.players(), view.me());
    let mut shown = vec![0u32; p];
    for t in view.turns() {
        if let Turn::Suggest {
            by,
            shown_by: Some(r),
            card: Some(c),
            ..
        } = *t
            && by == me
        {
            shown[(r + p - me) % p] |= c.set().0;
        }
    }
    shown
}

/// The suggestion after whose answer the envelope is least uncertain, on average over a uniform sample of the
/// consistent deals: the answer is who refutes and with which card (a refuter holding several of the three is
/// taken to show one it has already shown this seat if it can, as `deduction` does, else each as often), and the
/// uncertainty is the entropy of the envelope's suspect, weapon and room given the answer. `None` when no
/// suggestion's answer tells the sampled deals apart.
pub fn best_suggestion(
    view: &View,
    d: &Deals,
    samples: usize,
    rng: &mut impl Rng,
) -> Option<Triple> {
    const W: usize = WEIGHT as usize;
    let p = view.players();
    let me = view.me();
    let shown_left = shown_me_from_left(view);
    // Per sample: how far to my left each card's holder sits (NONE: mine or the envelope's), and the envelope.
    struct Sample {
        pos: [u8; CARDS],
        envelope: [u8; 3],
    }
    let samples: Vec<Sample> = (0..samples)
        .map(|_| {
            let owners = d.sample(rng);
            let mut envelope = [0u8; 3];
            for (c, &o) in owners.iter().enumerate() {
                if usize::from(o) == p {
                    envelope[Card::new(c).map_or(0, |c| c.kind().index())] = c as u8;
                }
            }
            Sample {
                pos: seats_left(&owners, p, me),
                envelope,
            }
        })
        .collect();
    let n = samples.len() * W;
    let xlnx: Vec<f64> = (0..=n)
        .map(|x| {
            if x == 0 {
                0.0
            } else {
                x as f64 * (x as f64).ln()
            }
        })
        .collect();
    let mut best = (f64::INFINITY, Vec::new());
    // The cards some sample puts in the envelope, numbered compactly.
    let mut slot = [u8::MAX; CARDS];
    let mut slots = 0usize;
    for sample in &samples {
        for &e in &sample.envelope {
            if slot[usize::from(e)] == u8::MAX {
                slot[usize::from(e)] = slots as u8;
                slots += 1;
            }
        }
    }
    let env_slots: Vec<[usize; 3]> = samples
        .iter()
        .map(|x| x.envelope.map(|e| usize::from(slot[usize::from(e)])))
        .collect();
    // joint[outcome * slots + envelope slot]; outcome = the card shown, or CARDS when nobody refutes.
    let mut joint = vec![0u16; (CARDS + 1) * slots];
    let mut outcome = [0u16; CARDS + 1];
    // Cards of a kind that sit in the same place in every sample give the same scores: try one of each class.
    let classes = CardKind::ALL.map(|k| {
        let mut reps: Vec<(Vec<u8>, Vec<Card>)> = Vec::new();
        for c in k.cards().iter() {
            let sig: Vec<u8> = samples
                .iter()
                .map(|x| {
                    if x.envelope.contains(&(c.index() as u8)) {
                        NONE - 1
                    } else {
                        x.pos[c.index()]
                    }
                })
                .collect();
            match reps.iter_mut().find(|(s, _)| *s == sig) {
                Some((_, cards)) => cards.push(c),
                None => reps.push((sig, vec![c])),
            }
        }
        reps.into_iter()
            .map(|(_, cards)| cards[rng.random_range(0..cards.len())])
            .collect::<Vec<Card>>()
    });
    let [suspects, weapons, rooms] = &classes;
    // For each suspect and weapon, per sample: how near the nearer holder sits, which of the two it holds and how
    // many.
    let mut near = vec![(NONE, 0u32, 0u32); samples.len()];
    for &s in suspects {
        for &w in weapons {
            for (k, sample) in samples.iter().enumerate() {
                let (ps, pw) = (sample.pos[s.index()], sample.pos[w.index()]);
                let m = ps.min(pw);
                let held = u32::from(ps == m) << s.index() | u32::from(pw == m) << w.index();
                near[k] = if m == NONE {
                    (NONE, 0, 0)
                } else {
                    (m, held, u32::from(ps == m) + u32::from(pw == m))
                };
            }
            for &r in rooms {
                // The outcomes this room's answers reach (as bits), so that only their rows are summed and cleared.
                let mut reached = 0u32;
                for ((sample, &(m_sw, held_sw, k_sw)), env) in
                    samples.iter().zip(&near).zip(&env_slots)
                {
                    let pr = sample.pos[r.index()];
                    let (m, held, k) = match pr.cmp(&m_sw) {
                        std::cmp::Ordering::Less => (pr, 1 << r.index(), 1),
                        std::cmp::Ordering::Equal if pr != NONE => {
                            (pr, held_sw | 1 << r.index(), k_sw + 1)
                        }
                        std::cmp::Ordering::Equal => (NONE, 0, 0),
                        std::cmp::Ordering::Greater => (m_sw, held_sw, k_sw),
                    };
                    let (shown, each) = if m == NONE {
                        (0, W as u16)
                    } else {
                        let (shown, k) = may_show_counted(held, k, shown_left[usize::from(m)]);
                        (shown, SHARE[(k & 3) as usize])
                    };
                    let mut add = |o: usize| {
                        reached |= 1 << o;
                        outcome[o] += each;
                        let row = &mut joint[o * slots..(o + 1) * slots];
                        for &e in env {
                            row[e] += each;
                        }
                    };
                    if shown == 0 {
                        add(CARDS);
                    }
                    let mut bits = shown;
                    while bits != 0 {
                        add(bits.trailing_zeros() as usize);
                        bits &= bits - 1;
                    }
                }
                // Summed in the outcomes' order, as a sum over every row would be (the same scores to the bit).
                let (mut s_outcome, mut s_joint) = (0.0, 0.0);
                while reached != 0 {
                    let o = reached.trailing_zeros() as usize;
                    reached &= reached - 1;
                    s_outcome += xlnx[usize::from(outcome[o])];
                    outcome[o] = 0;
                    for x in &mut joint[o * slots..(o + 1) * slots] {
                        s_joint += xlnx[usize::from(*x)];
                        *x = 0;
                    }
                }
                // The envelope's entropy given the answer, summed over the three kinds, times n.
                let score = 3.0 * s_outcome - s_joint;
                let triple = Triple {
                    suspect: s,
                    weapon: w,
                    room: r,
                };
                if score < best.0 - 1e-9 {
                    best = (score, vec![triple]);
                } else if (score - best.0).abs() <= 1e-9 {
                    best.1.push(triple);
                }
            }
        }
    }
    // The envelope's entropy before any answer: a suggestion that cannot lower it teaches nothing.
    let mut before = [0usize; CARDS];
    for sample in &samples {
        for &e in &sample.envelope {
            before[usize::from(e)] += W;
        }
    }
    let s_before: f64 = before.iter().map(|&x| xlnx[x]).sum();
    let prior = 3.0 * xlnx[n] - s_before;
    let options = best.1;
    (best.0 < prior - 1e-9 && !options.is_empty())
        .then(|| options[rng.random_range(0..options.len())])
}

/// A suggestion that must teach something when sampling sees no difference (the envelope's remaining doubt
/// lies in rare deals): the unsettled envelope card most likely to be the answer, with cards this seat holds (or
/// knows nobody can show) for the other two kinds, so the answer is about that one card.
pub(crate) fn pin_down(view: &View, notebook: &Notebook, rng: &mut impl Rng) -> Triple {
    let total = notebook.deals;
    let env_share = |c: Card| notebook.counts[c.index()][notebook.players];
    let unsettled = CardKind::ALL
        .iter()
        .flat_map(|k| k.cards().iter())
        .filter(|&c| env_share(c) > 0 && env_share(c) < total)
        .max_by_key(|&c| env_share(c));
    let mute = |k: CardKind, rng: &mut dyn rand::Rng| {
        let mine = view.hand().and(k.cards());
        if !mine.is_empty() {
            return random_card(mine, rng);
        }
        let in_envelope = k.cards().iter().find(|&c| env_share(c) == total);
        in_envelope.unwrap_or_else(|| random_card(k.cards(), rng))
    };
    let mut t = Triple {
        suspect: mute(CardKind::Suspect, rng),
        weapon: mute(CardKind::Weapon, rng),
        room: mute(CardKind::Room, rng),
    };
    if let Some(c) = unsettled {
        match c.kind() {
            CardKind::Suspect => t.suspect = c,
            CardKind::Weapon => t.weapon = c,
            CardKind::Room => t.room = c,
        }
    }
    t
}
