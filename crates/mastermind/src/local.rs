//! Local search for huge games (up to 100 pegs x 20 colours), after the winner of TopCoder Marathon Match 2
//! (../shared/seeds/004_4aa02ce8ad01eedd.txt): find a code whose scores against the past guesses are as close
//! as possible to the scores they got, and play it, in two stages.
//!
//! 1. **Colour counts.** A score's black plus white is the number of colour matches, which depends only on how
//!    many pegs of each colour the secret holds. Bounds on those counts are first deduced exactly
//!    ([`color_bounds`]): every pair of past guesses (and every guess alone) constrains the colours whose counts
//!    differ between them. Then a count vector inside the bounds is searched for whose colour matches with
//!    every past guess equal their scores' black plus white (error: the sum of the differences).
//! 2. **Order.** With the counts fixed, pegs are swapped to bring each past guess's blacks to its score (error:
//!    the sum of the differences), by simulated annealing on swaps.
//!
//! Both stages keep, per past guess, how far its matches are from its score, and evaluate a move from the
//! guesses' columns (the colours of every past guess at one peg, or its count of one colour) in one pass over
//! the guesses, which the compiler vectorises. The error of the code played is the sum of both stages' errors:
//! zero means it fits every score. When the budget runs out first, the closest code found is played, and its
//! score narrows the search.

use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};

use crate::kernel::feedback::{ColorCounts, color_counts};
use crate::{Code, MAX_COLORS, Row, Spec};

const COLORS: usize = MAX_COLORS as usize;

/// Bounds on how many pegs of each colour the secret holds, deduced from the scores alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColorBounds {
    /// The least number of pegs of each colour, one entry per colour of the game.
    pub lo: Vec<u8>,
    /// The greatest number of pegs of each colour.
    pub hi: Vec<u8>,
}

impl ColorBounds {
    /// Whether every colour's count is known exactly.
    pub fn exact(&self) -> bool {
        self.lo == self.hi
    }
}

/// A past guess as the count stage sees it: its colour counts and its colour matches (black + white).
struct Tally {
    counts: ColorCounts,
    matches: i32,
}

fn tallies(history: &[Row]) -> Vec<Tally> {
    history
        .iter()
        .map(|r| Tally {
            counts: color_counts(r.guess.pegs()),
            matches: i32::from(r.feedback.black) + i32::from(r.feedback.white),
        })
        .collect()
}

/// Deduces bounds on the secret's colour counts from the scores' colour matches, or `None` when no count
/// vector can give them all (the scores contradict each other).
///
/// Each guess `g` says `sum over colours c of min(n_c, g_c) = matches(g)`, and each pair of guesses `u, v`
/// says the same of the differences `min(n_c, v_c) - min(n_c, u_c)`, which are zero for every colour the two
/// hold equally often. Each such term is monotone in `n_c`, so the others' least and greatest values bound
/// it, and through it `n_c`; together with `sum n_c = pegs` this is repeated until nothing changes. Every
/// step only removes counts that cannot occur, so the bounds always hold the secret's counts. (The seed's
/// examples: `abbccc` with 1 match and `aaabcc` with 3 give at least three `a`; `abbcccdef` with 5 and
/// `aaabccedf` with 4 give at most two.)
pub fn color_bounds(spec: &Spec, history: &[Row]) -> Option<ColorBounds> {
    bounds_of(spec, &tallies(history))
}

/// The first row whose score, together with the rows before it, no colour counts can give, if there is one.
/// Exact for what the bounds see (colour matches); scores that only contradict in where pegs are go unseen.
/// Cheap at any size: one propagation when the scores agree, a binary search over prefixes when not.
pub fn first_count_contradiction(spec: &Spec, history: &[Row]) -> Option<usize> {
    let tallies = tallies(history);
    if bounds_of(spec, &tallies).is_some() {
        return None;
    }
    Some(first_failing(tallies.len(), |i| {
        bounds_of(spec, &tallies[..=i]).is_none()
    }))
}

/// The least `i` in `0..n` with `fails(i)`, where `fails(n - 1)` holds and, once it holds, holds for every later
/// `i` (rows `0..=i` that contradict each other still do with more rows): a binary search (`n - 1` if none).
pub(crate) fn first_failing(n: usize, fails: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n.saturating_sub(1));
    while lo < hi {
        let mid = (lo + hi) / 2;
        if fails(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

fn bounds_of(spec: &Spec, tallies: &[Tally]) -> Option<ColorBounds> {
    let k = usize::from(spec.colors);
    let pegs = i32::from(spec.pegs);
    let top = if spec.repeats { pegs } else { 1 };
    let mut lo = vec![0i32; k];
    let mut hi = vec![top; k];
    let empty = Tally {
        counts: [0; COLORS],
        matches: 0,
    };
    // Cheap insurance against slow convergence: each sweep that changes something shrinks some interval,
    // and the intervals hold at most `colors * pegs` values, but a few sweeps reach the fixed point in practice.
    for _ in 0..64 {
        let mut changed = false;
        // The counts sum to the number of pegs.
        let (sum_lo, sum_hi): (i32, i32) = (lo.iter().sum(), hi.iter().sum());
        for c in 0..k {
            let (l, h) = (
                lo[c].max(pegs - (sum_hi - hi[c])),
                hi[c].min(pegs - (sum_lo - lo[c])),
            );
            if l > h {
                return None;
            }
            changed |= (l, h) != (lo[c], hi[c]);
            (lo[c], hi[c]) = (l, h);
        }
        for (j, v) in tallies.iter().enumerate() {
            for u in std::iter::once(&empty).chain(&tallies[..j]) {
                changed |= tighten(&mut lo, &mut hi, u, v)?;
            }
        }
        if !changed {
            break;
        }
    }
    let narrow = |xs: Vec<i32>| xs.into_iter().map(|x| x as u8).collect();
    Some(ColorBounds {
        lo: narrow(lo),
        hi: narrow(hi),
    })
}

/// Applies `sum_c min(n_c, v_c) - min(n_c, u_c) = matches(v) - matches(u)` to the bounds; `Some(changed)`, or
/// `None` if no count in the bounds satisfies it.
fn tighten(lo: &mut [i32], hi: &mut [i32], u: &Tally, v: &Tally) -> Option<bool> {
    let k = lo.len();
    let h = |c: usize, x: i32| x.min(i32::from(v.counts[c])) - x.min(i32::from(u.counts[c]));
    let want = v.matches - u.matches;
    let (mut least, mut most) = (0, 0);
    let mut range = [(0i32, 0i32); COLORS];
    for c in 0..k {
        if u.counts[c] != v.counts[c] {
            let (a, b) = (h(c, lo[c]), h(c, hi[c]));
            range[c] = (a.min(b), a.max(b));
            least += range[c].0;
            most += range[c].1;
        }
    }
    if want < least || want > most {
        return None;
    }
    let mut changed = false;
    for c in 0..k {
        if u.counts[c] == v.counts[c] {
            continue;
        }
        // What this colour's term must be for the others to make up the rest.
        let need = (want - (most - range[c].1), want - (least - range[c].0));
        if need.0 <= range[c].0 && need.1 >= range[c].1 {
            continue;
        }
        let fits = |x: i32| (need.0..=need.1).contains(&h(c, x));
        // The term is monotone in the count, so the counts that fit form an interval: trim both ends.
        while lo[c] <= hi[c] && !fits(lo[c]) {
            lo[c] += 1;
        }
        while hi[c] >= lo[c] && !fits(hi[c]) {
            hi[c] -= 1;
        }
        if lo[c] > hi[c] {
            return None;
        }
        changed = true;
    }
    Some(changed)
}

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

/// Annealing temperature after `step` of `steps`, from `heat.0` down to `heat.1` geometrically: early on a move
/// that costs one more unit of the objective is taken often, at the end rarely.
fn temperature(heat: (f64, f64), step: usize, steps: usize) -> f64 {
    heat.0 * (heat.1 / heat.0).powf(step as f64 / steps.max(1) as f64)
}

/// The count stage's temperatures (its objective: the sum of the offsets' sizes).
const COUNT_HEAT: (f64, f64) = (6.0, 0.3);
/// The order stage's temperatures (its objective: the sum of the offsets' squares).
const ORDER_HEAT: (f64, f64) = (8.0, 0.4);

/// Metropolis acceptance of a move changing the objective by `delta`.
fn accept(delta: i32, t: f64, rng: &mut impl Rng) -> bool {
    delta <= 0 || rng.random::<f64>() < (-f64::from(delta) / t).exp()
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
    for step in 0..steps {
        if best.0 == 0 {
            break;
        }
        if step % POLL_EVERY == POLL_EVERY - 1 && stop() {
            return (best.1, best.0, true);
        }
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
        if accept(delta, temperature(COUNT_HEAT, step, steps), rng) {
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
    for step in 0..steps {
        if best.0 == 0 {
            break;
        }
        if step % POLL_EVERY == POLL_EVERY - 1 && stop() {
            return (best.1, best.0, true);
        }
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
        // which anneals to a fit far more often than their plain sum (measured: the benchmark notebook, `git show 44d6f85:BENCHMARKS.md`).
        let objective: i32 = r
            .iter()
            .zip(gi.iter().zip(gk))
            .map(|(&e, (&a, &b))| {
                let c = change(a, b);
                c * (2 * e + c)
            })
            .map(i32::from)
            .sum();
        if accept(objective, temperature(ORDER_HEAT, step, steps), rng) {
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
/// of a 50x20 game), though each costs several random ones' time; a larger share keeps the annealing from
/// wandering and finds fewer (BENCHMARKS.md, the sampled split).
const AIMED: f64 = 0.3;

/// A swap aimed at a past guess whose blacks against `code` are off (`r`: each guess's offset), the first of a
/// few guesses drawn at random that is: where it has too many blacks, one of them leaves its peg; too few, a
/// peg it misses takes the guess's colour there from another peg that holds that colour. `None` when the draws
/// find no such guess or no such pegs.
fn aimed_swap(
    history: &[Row],
    r: &[i16],
    code: &[u8],
    rng: &mut impl Rng,
) -> Option<(usize, usize)> {
    let p = code.len();
    let j = (0..8)
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
        let mut rng = StdRng::seed_from_u64(seed);
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
