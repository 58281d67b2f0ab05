//! What the scores tell about the secret of a huge game, for people to see ([`learn`]): the bounds on each colour's
//! count, for each peg the colours no code that fits every score can have there, a sample of codes that fit every
//! score (how often each colour stands at each peg among them), and one sentence on what the last score taught.
//!
//! The certain part is deduced exactly, by rules that only remove what cannot be:
//! - a colour whose count is at most 0 is at no peg;
//! - a row whose blacks are all accounted for (pegs whose colour is certain and equal to the row's) rules its
//!   colour out at its other pegs (a row with no black rules each of its colours out where it stands); a row that
//!   needs every peg where its colour is still possible to be black places them;
//! - a colour whose count is reached by the pegs certain to hold it is at no other peg; one that can reach its
//!   least count only by every peg where it is possible holds them all.
//!
//! Late in a big game most of what the scores say is about combinations (this many of these pegs are right), which
//! no single peg shows: the sample shows it, as the pegs on which the fitting codes found agree. It is a sample
//! ([`local::search`] from different seeds), not a count: a colour it never shows at a peg is not ruled out there.
//! Where the searches find fewer than two codes that fit (a 100x20 game in its middle, within a second), the sample
//! is the closest codes they found, and says by how much they miss: where the search stands, not what is known.

use rand::Rng;

use crate::local::{self, ColorBounds};
use crate::sampled::{self, SAMPLE};
use crate::search::{Budget, Stopped};
use crate::{Code, Row, Spec};

/// What is known about the secret after a game's scored rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// Bounds on each colour's count (tightened by the pegs certain to hold it, or able to).
    pub bounds: ColorBounds,
    /// For each peg, the colours (bit `c`) some code that fits every score may have there, as far as the rules
    /// above see: a colour missing here is certainly not at that peg.
    pub possible: Vec<u32>,
    /// Distinct codes found that fit every score; where fewer than two were found, the closest codes found.
    pub sample: Vec<Code>,
    /// The most pegs by which a code of the sample misses the scores (0: every code fits every score).
    pub misses: u32,
    /// One sentence on what the last row taught (empty before any row).
    pub lesson: String,
}

impl Knowledge {
    /// How many codes of the sample have colour `c` at peg `p`, for every peg and colour (`[peg][colour]`).
    pub fn shares(&self, colors: u8) -> Vec<Vec<u32>> {
        let pegs = self.possible.len();
        let mut shares = vec![vec![0u32; usize::from(colors)]; pegs];
        for code in &self.sample {
            for (p, &c) in code.pegs().iter().enumerate() {
                shares[p][usize::from(c)] += 1;
            }
        }
        shares
    }

    /// The pegs on which every code of the sample agrees (0 with fewer than two codes).
    pub fn agreed(&self) -> usize {
        match self.sample.split_first() {
            Some((first, rest)) if !rest.is_empty() => (0..self.possible.len())
                .filter(|&p| rest.iter().all(|c| c.pegs()[p] == first.pegs()[p]))
                .count(),
            _ => 0,
        }
    }
}

/// Why nothing can be known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unknowable {
    /// No code fits rows `0..=row` (from 0): the scores contradict each other.
    Contradiction(usize),
    /// Cancelled.
    Stopped(Stopped),
}

/// The certain part: bounds and the colours possible at each peg, or `None` when the rows contradict each other.
pub fn certain(spec: &Spec, history: &[Row]) -> Option<(ColorBounds, Vec<u32>)> {
    let mut bounds = local::color_bounds(spec, history)?;
    let k = usize::from(spec.colors);
    let all: u32 = (0..k)
        .filter(|&c| bounds.hi[c] > 0)
        .fold(0, |m, c| m | 1 << c);
    let mut possible = vec![all; usize::from(spec.pegs)];
    // Each pass only removes colours from pegs (or tightens bounds), so it ends.
    loop {
        let before = (possible.clone(), bounds.clone());
        for row in history {
            rule_of_row(row, &mut possible)?;
        }
        for c in 0..k {
            rule_of_colour(c, &mut bounds, &mut possible)?;
        }
        if possible.contains(&0) {
            return None;
        }
        if possible == before.0 && bounds == before.1 {
            return Some((bounds, possible));
        }
    }
}

/// A row's blacks: all accounted for, or only reachable with every peg that can still be black.
fn rule_of_row(row: &Row, possible: &mut [u32]) -> Option<()> {
    let guess = row.guess.pegs();
    let (mut sure, mut maybe) = (0u32, 0u32);
    for (p, &c) in guess.iter().enumerate() {
        let bit = 1u32 << c;
        if possible[p] == bit {
            sure += 1;
        } else if possible[p] & bit != 0 {
            maybe += 1;
        }
    }
    let black = u32::from(row.feedback.black);
    if sure > black || sure + maybe < black {
        return None;
    }
    if maybe > 0 && (sure == black || sure + maybe == black) {
        for (p, &c) in guess.iter().enumerate() {
            let bit = 1u32 << c;
            if possible[p] != bit && possible[p] & bit != 0 {
                possible[p] = if sure == black {
                    possible[p] & !bit
                } else {
                    bit
                };
            }
        }
    }
    Some(())
}

/// A colour's count: reached by the pegs certain to hold it, or reachable only with every peg that may.
fn rule_of_colour(c: usize, bounds: &mut ColorBounds, possible: &mut [u32]) -> Option<()> {
    let bit = 1u32 << c;
    let sure = possible.iter().filter(|&&m| m == bit).count() as u8;
    let maybe = possible
        .iter()
        .filter(|&&m| m != bit && m & bit != 0)
        .count() as u8;
    let (lo, hi) = (bounds.lo[c].max(sure), bounds.hi[c].min(sure + maybe));
    if lo > hi {
        return None;
    }
    (bounds.lo[c], bounds.hi[c]) = (lo, hi);
    if maybe > 0 && (sure == hi || sure + maybe == lo) {
        for m in possible.iter_mut().filter(|m| **m != bit && **m & bit != 0) {
            *m = if sure == hi { *m & !bit } else { bit };
        }
    }
    Some(())
}

/// Rounds of [`SAMPLE`] local searches [`learn`] may run to fill its sample.
pub const ROUNDS: usize = 4;

/// What the scores tell after `history`: the certain part, a sample of up to [`SAMPLE`] codes that fit every score
/// (each found by its own local search, shared out over the pool, all within the budget's time for one guess), and
/// the sentence on the last row. `rng` seeds the searches.
pub fn learn(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn progress::Observer,
    rng: &mut impl Rng,
) -> Result<Knowledge, Unknowable> {
    let Some((bounds, possible)) = certain(spec, history) else {
        return Err(Unknowable::Contradiction(first_contradiction(
            spec, history,
        )));
    };
    let stop = budget.guess_stop(observer);
    let moves = usize::from(spec.pegs) * local::MOVES_PER_PEG;
    // Every distinct code found, with its error.
    let mut found: Vec<(u32, Code)> = Vec::new();
    let fits = |found: &[(u32, Code)]| found.iter().filter(|(e, _)| *e == 0).count();
    // Once the code is broken it is the only code that fits, and the searches never play a code already played:
    // the sample is the secret.
    let won = history.last().filter(|r| r.feedback.is_win(spec.pegs));
    found.extend(won.map(|r| (0, r.guess.clone())));
    // Late in a game most searches end close to a fit but not on one: search again until the sample is full, the
    // time is up or `ROUNDS` rounds have run.
    for _ in 0..ROUNDS {
        if history.is_empty() || won.is_some() || fits(&found) >= SAMPLE || stop() {
            break;
        }
        let round = sampled::searches(spec, history, moves, SAMPLE, &stop, rng);
        for f in round {
            if !found.iter().any(|(_, c)| *c == f.code) {
                found.push((f.error, f.code));
            }
        }
    }
    if !observer.keep_going() {
        return Err(Unknowable::Stopped(Stopped::Cancelled));
    }
    // The codes that fit; where fewer than two do, the closest found (a picture of where the search is, said so).
    found.sort_by_key(|(e, _)| *e);
    let keep = if fits(&found) >= 2 {
        fits(&found).min(SAMPLE)
    } else {
        found.len().min(SAMPLE)
    };
    found.truncate(keep);
    let misses = found.last().map_or(0, |(e, _)| *e);
    let sample = found.into_iter().map(|(_, c)| c).collect();
    let mut known = Knowledge {
        bounds,
        possible,
        sample,
        misses,
        lesson: String::new(),
    };
    known.lesson = lesson(spec, history, &known);
    Ok(known)
}

/// The first row (from 0) that, with the rows before it, leaves no code the rules allow.
fn first_contradiction(spec: &Spec, history: &[Row]) -> usize {
    local::first_failing(history.len(), |i| certain(spec, &history[..=i]).is_none())
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One sentence on what the last row of `history` taught, comparing `now` with the certain part before it.
fn lesson(spec: &Spec, history: &[Row], now: &Knowledge) -> String {
    let Some((last, before)) = history.split_last() else {
        return String::new();
    };
    let (black, white) = (
        usize::from(last.feedback.black),
        usize::from(last.feedback.white),
    );
    let n = history.len();
    let head = format!(
        "Guess {n} scored {black} black, {white} white: {} of its pegs match a colour of the secret, {black} in place",
        black + white
    );
    if last.feedback.is_win(spec.pegs) {
        return format!("Guess {n} scored {black} black: every peg in place, the code is broken.");
    }
    let Some((was_bounds, was_possible)) = certain(spec, before) else {
        return format!("{head}.");
    };
    let known = |b: &ColorBounds| (0..b.lo.len()).filter(|&c| b.lo[c] == b.hi[c]).count();
    let open = |m: &[u32]| m.iter().map(|x| x.count_ones() as usize).sum::<usize>();
    let placed = |m: &[u32]| m.iter().filter(|x| x.count_ones() == 1).count();
    let mut taught = Vec::new();
    let newly_known = known(&now.bounds).saturating_sub(known(&was_bounds));
    if newly_known > 0 {
        taught.push(format!(
            "it fixed the count of {} (known now for {} of {})",
            plural(newly_known, "colour", "colours"),
            known(&now.bounds),
            spec.colors
        ));
    } else if now.bounds != was_bounds {
        taught.push("it narrowed the bounds on the colour counts".to_string());
    }
    let ruled = open(&was_possible).saturating_sub(open(&now.possible));
    let newly_placed = placed(&now.possible).saturating_sub(placed(&was_possible));
    if newly_placed > 0 {
        taught.push(format!(
            "it placed {} for certain",
            plural(newly_placed, "peg", "pegs")
        ));
    }
    if ruled > 0 {
        taught.push(format!(
            "it ruled out {}",
            plural(ruled, "colour at a peg", "colours at pegs")
        ));
    }
    let sampled = match (now.sample.len(), now.misses) {
        (0, _) => String::new(),
        (1, 0) => "; the search found one code that fits every score".to_string(),
        (1, m) => format!(
            "; the closest code the search found misses the scores by {}",
            plural(m as usize, "peg", "pegs")
        ),
        (s, 0) => format!(
            "; the {s} codes found that fit every score agree on {} of {} pegs",
            now.agreed(),
            spec.pegs
        ),
        (s, m) => format!(
            "; no code found fits every score yet: the {s} closest (missing by at most {m}) agree on {} of {} pegs",
            now.agreed(),
            spec.pegs
        ),
    };
    if taught.is_empty() {
        format!(
            "{head}. It settles no single peg or colour count by itself: it rules out combinations{sampled}."
        )
    } else {
        format!("{head}; {}{sampled}.", taught.join(", "))
    }
}

#[cfg(test)]
mod tests;
