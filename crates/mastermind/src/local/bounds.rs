//! What the scores' colour matches alone say of the secret's colour counts: bounds on each colour's count, and
//! the first score that no counts can give.

use crate::kernel::feedback::{ColorCounts, color_counts};
use crate::{MAX_COLORS, Row, Spec};

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
pub(super) struct Tally {
    pub(super) counts: ColorCounts,
    pub(super) matches: i32,
}

pub(super) fn tallies(history: &[Row]) -> Vec<Tally> {
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

pub(super) fn bounds_of(spec: &Spec, tallies: &[Tally]) -> Option<ColorBounds> {
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
