//! Local search for huge games (up to 100 pegs x 20 colours), after the winner of TopCoder Marathon Match 2
//! (the seed 004, docs/seeds.md): find a code whose scores against the past guesses are as close
//! as possible to the scores they got, and play it, in two stages.
//!
//! 1. **Colour counts.** A score's black plus white is the number of colour matches, which depends only on how
//!    many pegs of each colour the secret holds. Bounds on those counts are first deduced exactly
//!    ([`color_bounds`]): every pair of past guesses (and every guess alone) constrains the colours whose counts
//!    differ between them. Then a count vector inside the bounds is searched for whose colour matches with
//!    every past guess equal their scores' black plus white (error: the sum of the differences).
//! 2. **Order.** With the counts fixed, pegs are swapped to bring each past guess's blacks to its score (error:
//!    the sum of the differences), by simulated annealing on swaps: most of two pegs at random, a share
//!    (`AIMED`) aimed at a past guess whose blacks are off.
//!
//! Both stages keep, per past guess, how far its matches are from its score, and evaluate a move from the
//! guesses' columns (the colours of every past guess at one peg, or its count of one colour) in one pass over
//! the guesses, which the compiler vectorises. The error of the code played is the sum of both stages' errors:
//! zero means it fits every score. When the budget runs out first, the closest code found is played, and its
//! score narrows the search.

use rand::rngs::SmallRng;
use rand::{Rng, RngExt, SeedableRng};

use crate::kernel::feedback::color_counts;
use crate::{Code, Row, Spec};

mod bounds;

pub(crate) use bounds::first_failing;
pub use bounds::{ColorBounds, color_bounds, first_count_contradiction};
use bounds::{Tally, bounds_of, tallies};

/// Proposals tried per guess in the order stage, per peg. The count stage gets `COUNT_STEPS_PER_COLOR` per
/// colour. Both stop early when the error reaches zero, or when the caller says stop (polled every
/// `POLL_EVERY` proposals).
pub const MOVES_PER_PEG: usize = 2_500;
const COUNT_STEPS_PER_COLOR: usize = 500;
const POLL_EVERY: usize = 1_024;

/// The result of one local search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The code to play.
    pub code: Code,
    /// Its error (0: consistent with every past score).
    pub error: u32,
    /// Whether every colour's count was known exactly from the scores before the search.
    pub counts_known: bool,
    /// Whether the caller's `stop` ended the search before its proposals ran out (and before a fit was found).
    pub cut_short: bool,
}

/// The count stage's temperatures (its objective: the sum of the offsets' sizes).
const COUNT_HEAT: (f64, f64) = (6.0, 0.3);
/// The order stage's temperatures (its objective: the sum of the offsets' squares).
const ORDER_HEAT: (f64, f64) = (8.0, 0.4);

/// Proposals between two updates of the temperature. Working out the temperature (a power) and a rise's acceptance
/// chance (an exponential) at every proposal took about a quarter of a native 50x20 game's time, and these are
/// software in WebAssembly.
const COOL_EVERY: usize = 256;
/// Rises of the objective whose acceptance chance is kept at each temperature; a rarer, bigger one works it out.
const KEPT_RISES: usize = 32;

/// Metropolis acceptance on a geometric cooling schedule: over `steps` proposals the temperature falls from
/// `heat.0` to `heat.1`, in `COOL_EVERY` steps, so that early on a move that costs one more unit of the objective is
/// taken often, at the end rarely.
struct Cooling {
    heat: (f64, f64),
    steps: usize,
    t: f64,
    /// `chance[d]`: the chance of accepting a rise of `d` at temperature `t`.
    chance: [f64; KEPT_RISES],
}

impl Cooling {
    fn new(heat: (f64, f64), steps: usize) -> Cooling {
        let mut cooling = Cooling {
            heat,
            steps: steps.max(1),
            t: heat.0,
            chance: [1.0; KEPT_RISES],
        };
        cooling.cool(0);
        cooling
    }

    /// Sets the temperature for `step` (at every `COOL_EVERY`th).
    fn cool(&mut self, step: usize) {
        let (hot, cold) = self.heat;
        self.t = hot * (cold / hot).powf(step as f64 / self.steps as f64);
        for (d, chance) in self.chance.iter_mut().enumerate() {
            *chance = (-(d as f64) / self.t).exp();
        }
    }

    /// Called before each proposal `step`: lowers the temperature at every `COOL_EVERY`th.
    fn at(&mut self, step: usize) {
        if step.is_multiple_of(COOL_EVERY) && step > 0 {
            self.cool(step);
        }
    }

    /// Whether to take a move changing the objective by `delta`.
    fn accept(&self, delta: i32, rng: &mut impl Rng) -> bool {
        if delta <= 0 {
            return true;
        }
        let chance = match self.chance.get(delta as usize) {
            Some(&c) => c,
            None => (-f64::from(delta) / self.t).exp(),
        };
        rng.random::<f64>() < chance
    }
}

/// Stage 1: a count vector in `bounds` whose colour matches with every past guess are as close as possible to
/// their scores, by annealing on moves of one peg from one colour to another. Starts from `start` (clamped
/// into the bounds). Returns the counts and their error.
fn count_stage(
    spec: &Spec,
    tallies: &[Tally],
    bounds: &ColorBounds,
    start: &[u8],
    steps: usize,
    stop: &(dyn Fn() -> bool + Sync),
    rng: &mut impl Rng,
) -> (Vec<u8>, i32, bool) {
    let k = usize::from(spec.colors);
    let (lo, hi) = (&bounds.lo, &bounds.hi);
    let mut n: Vec<u8> = (0..k).map(|c| start[c].clamp(lo[c], hi[c])).collect();
    // Repair the sum: add to colours below their upper bound, take from those above their lower bound.
    let mut sum: i32 = n.iter().map(|&x| i32::from(x)).sum();
    while sum != i32::from(spec.pegs) {
        let c = rng.random_range(0..k);
        if sum < i32::from(spec.pegs) && n[c] < hi[c] {
            n[c] += 1;
            sum += 1;
        } else if sum > i32::from(spec.pegs) && n[c] > lo[c] {
            n[c] -= 1;
            sum -= 1;
        }
    }
    // Columns: column c holds every past guess's count of colour c.
    let columns: Vec<Vec<u8>> = (0..k)
        .map(|c| tallies.iter().map(|t| t.counts[c]).collect())
        .collect();
    let mut r: Vec<i16> = tallies
        .iter()
        .map(|t| {
            let m: i32 = (0..k).map(|c| i32::from(t.counts[c].min(n[c]))).sum();
            (m - t.matches) as i16
        })
        .collect();
    let mut error: i32 = r.iter().map(|&x| i32::from(x.abs())).sum();
    let mut best = (error, n.clone());
    let movable: Vec<usize> = (0..k).filter(|&c| lo[c] < hi[c]).collect();
    if movable.len() < 2 {
        return (best.1, best.0, false);
    }
    let mut cooling = Cooling::new(COUNT_HEAT, steps);
    for step in 0..steps {
        if best.0 == 0 {
            break;
        }
        if step % POLL_EVERY == POLL_EVERY - 1 && stop() {
            return (best.1, best.0, true);
        }
        cooling.at(step);
        let a = movable[rng.random_range(0..movable.len())];
        let b = movable[rng.random_range(0..movable.len())];
        if a == b || n[a] == lo[a] || n[b] == hi[b] {
            continue;
        }
        // One peg of colour a becomes b: a guess loses a match if it holds at least n_a pegs of a, and gains
        // one if it holds more than n_b pegs of b.
        let (ca, cb, na, nb) = (&columns[a], &columns[b], n[a], n[b]);
        let delta: i32 = r
            .iter()
            .zip(ca.iter().zip(cb))
            .map(|(&x, (&ga, &gb))| {
                let d = i16::from(nb < gb) - i16::from(na <= ga);
                (x + d).abs() - x.abs()
            })
            .map(i32::from)
            .sum();
        if cooling.accept(delta, rng) {
            for (x, (&ga, &gb)) in r.iter_mut().zip(ca.iter().zip(cb)) {
                *x += i16::from(nb < gb) - i16::from(na <= ga);
            }
            n[a] -= 1;
            n[b] += 1;
            error += delta;
            if error < best.0 {
                best = (error, n.clone());
            }
        }
    }
    (best.1, best.0, false)
}

/// Stage 2: pegs with colour counts `n`, ordered so that every past guess's blacks are as close as possible
/// to its score, by annealing on swaps. Starts from the last guess, keeping its pegs where their colour is
/// still wanted. Returns the code and its error.
fn order_stage(
    spec: &Spec,
    history: &[Row],
    n: &[u8],
    steps: usize,
    stop: &(dyn Fn() -> bool + Sync),
    rng: &mut impl Rng,
) -> (Vec<u8>, i32, bool) {
    let p = usize::from(spec.pegs);
    let mut left: Vec<u8> = n.to_vec();
    let mut code: Vec<u8> = vec![u8::MAX; p];
    if let Some(last) = history.last() {
        for (slot, &c) in code.iter_mut().zip(last.guess.pegs()) {
            if left[usize::from(c)] > 0 {
                left[usize::from(c)] -= 1;
                *slot = c;
            }
        }
    }
    let mut rest: Vec<u8> = (0..spec.colors)
        .flat_map(|c| std::iter::repeat_n(c, usize::from(left[usize::from(c)])))
        .collect();
    crate::kernel::random::shuffle(&mut rest, rng);
    for (slot, c) in code.iter_mut().filter(|s| **s == u8::MAX).zip(rest) {
        *slot = c;
    }
    // Columns: column i holds every past guess's colour at peg i.
    let columns: Vec<Vec<u8>> = (0..p)
        .map(|i| history.iter().map(|r| r.guess.pegs()[i]).collect())
        .collect();
    let mut r = black_offsets(history, &code);
    let mut error: i32 = r.iter().map(|&x| i32::from(x.abs())).sum();
    let mut best = (error, code.clone());
    let mut cooling = Cooling::new(ORDER_HEAT, steps);
    for step in 0..steps {
        if best.0 == 0 {
            break;
        }
        if step % POLL_EVERY == POLL_EVERY - 1 && stop() {
            return (best.1, best.0, true);
        }
        cooling.at(step);
        let aimed = if rng.random::<f64>() < AIMED {
            aimed_swap(history, &r, &code, rng)
        } else {
            None
        };
        let (i, k) = aimed.unwrap_or_else(|| (rng.random_range(0..p), rng.random_range(0..p)));
        let (x, y) = (code[i], code[k]);
        if x == y {
            continue;
        }
        // Pegs i and k swap colours x and y: a guess gains a black where it has y at i or x at k, and loses
        // one where it has x at i or y at k.
        let (gi, gk) = (&columns[i], &columns[k]);
        let change = |a: u8, b: u8| {
            i16::from(a == y) + i16::from(b == x) - i16::from(a == x) - i16::from(b == y)
        };
        // The objective is the sum of the offsets' squares: it prefers many small misses to a few large ones,
        // which anneals to a fit far more often than their plain sum (measured: docs/notebook.md).
        let objective: i32 = r
            .iter()
            .zip(gi.iter().zip(gk))
            .map(|(&e, (&a, &b))| {
                let c = change(a, b);
                c * (2 * e + c)
            })
            .map(i32::from)
            .sum();
        if cooling.accept(objective, rng) {
            let mut delta = 0i32;
            for (e, (&a, &b)) in r.iter_mut().zip(gi.iter().zip(gk)) {
                let old = *e;
                *e += change(a, b);
                delta += i32::from(e.abs() - old.abs());
            }
            code.swap(i, k);
            error += delta;
            if error < best.0 {
                best = (error, code.clone());
            }
        }
    }
    (best.1, best.0, false)
}

/// The share of the order stage's proposals aimed at a guess whose blacks are off ([`aimed_swap`]); the rest
/// swap two pegs at random. Aimed swaps find codes that fit every score where random ones stall (the middle
/// of a 50x20 game), though each costs more time than a random one; a larger share keeps the annealing from
/// wandering and finds fewer (docs/notebook.md, "Local search: proposals aimed at a guess": 50x20 82.1 -> 73.3
/// guesses at 0.3, 80.4 at 0.1, 82.9 at 0.5).
const AIMED: f64 = 0.3;

/// Past guesses an aimed swap draws, at most, to find one whose blacks are off.
const AIM_DRAWS: usize = 8;

/// A swap aimed at a past guess whose blacks against `code` are off (`r`: each guess's offset), the first of
/// `AIM_DRAWS` guesses drawn at random that is: where it has too many blacks, one of them leaves its peg; too
/// few, a peg it misses takes the guess's colour there from another peg that holds that colour. `None` when the
/// draws find no such guess or no such pegs.
fn aimed_swap(
    history: &[Row],
    r: &[i16],
    code: &[u8],
    rng: &mut impl Rng,
) -> Option<(usize, usize)> {
    let p = code.len();
    let j = (0..AIM_DRAWS)
        .map(|_| rng.random_range(0..r.len()))
        .find(|&j| r[j] != 0)?;
    let guess = history[j].guess.pegs();
    // Each scan starts at a random peg and wraps around.
    let scan = |start: usize| (start..p).chain(0..start);
    if r[j] > 0 {
        let i = scan(rng.random_range(0..p)).find(|&i| code[i] == guess[i])?;
        Some((i, rng.random_range(0..p)))
    } else {
        let i = scan(rng.random_range(0..p)).find(|&i| code[i] != guess[i])?;
        let k = scan(rng.random_range(0..p)).find(|&k| k != i && code[k] == guess[i])?;
        Some((i, k))
    }
}

/// How far each past guess's blacks against `code` are from its score.
fn black_offsets(history: &[Row], code: &[u8]) -> Vec<i16> {
    history
        .iter()
        .map(|row| {
            let blacks = row
                .guess
                .pegs()
                .iter()
                .zip(code)
                .filter(|(a, b)| a == b)
                .count();
            blacks as i16 - i16::from(row.feedback.black)
        })
        .collect()
}

/// Finds a code as consistent as possible with `history`, spending up to `moves` proposals on its order, or
/// less when `stop` (a time budget, a cancel) says so; it is polled every `POLL_EVERY` (1024) proposals of
/// each stage, so each stage makes at least that many. Returns the closest code found. Never returns a code
/// already played (that would tell nothing new) unless every code tried was.
pub fn search(
    spec: &Spec,
    history: &[Row],
    moves: usize,
    stop: &(dyn Fn() -> bool + Sync),
    rng: &mut impl Rng,
) -> Found {
    let Some(last) = history.last() else {
        return Found {
            code: Code::random(spec, rng),
            error: 0,
            counts_known: false,
            cut_short: false,
        };
    };
    let tallies = tallies(history);
    let k = usize::from(spec.colors);
    // Scores that contradict each other leave no bounds; search all counts then, for the closest code.
    let bounds = bounds_of(spec, &tallies).unwrap_or_else(|| ColorBounds {
        lo: vec![0; k],
        hi: vec![if spec.repeats { spec.pegs } else { 1 }; k],
    });
    let (counts, count_error, counts_cut) = count_stage(
        spec,
        &tallies,
        &bounds,
        &color_counts(last.guess.pegs()),
        COUNT_STEPS_PER_COLOR * k,
        stop,
        rng,
    );
    // Out of time already or not, the order stage makes its first `POLL_EVERY` proposals: a guess always gets
    // that much work, so even a tiny time budget keeps the game going towards the secret.
    // Two annealing chains side by side (on two threads where there are), each with half the proposals; the
    // first with the least error is played.
    let seeds: [u64; 2] = [rng.random(), rng.random()];
    let chain = |seed: u64| {
        // A chain draws three or four numbers a proposal: a small fast generator (the standard one is a cipher).
        let mut rng = SmallRng::seed_from_u64(seed);
        order_stage(spec, history, &counts, moves / 2, stop, &mut rng)
    };
    let (first, second) = rayon::join(|| chain(seeds[0]), || chain(seeds[1]));
    let order_cut = first.2 || second.2;
    let (mut code, mut order_error, _) = if second.1 < first.1 { second } else { first };
    if history.iter().any(|r| r.guess.pegs() == code.as_slice()) {
        // The closest code is one already played (possible only when none fits): play a random code with the
        // same counts instead, which is at least new.
        let mut fresh = code.clone();
        for _ in 0..64 {
            crate::kernel::random::shuffle(&mut fresh, rng);
            if !history.iter().any(|r| r.guess.pegs() == fresh.as_slice()) {
                break;
            }
        }
        order_error = black_offsets(history, &fresh)
            .iter()
            .map(|&e| i32::from(e.abs()))
            .sum();
        code = fresh;
    }
    Found {
        code: Code::from_valid(code),
        error: (count_error + order_error).unsigned_abs(),
        counts_known: bounds.exact(),
        cut_short: counts_cut || order_cut,
    }
}

#[cfg(test)]
mod tests;
