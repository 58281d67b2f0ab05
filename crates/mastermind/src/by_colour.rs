//! One colour at a time, the other approach to huge games in the seed 004 (docs/seeds.md; a contestant's "work on one
//! color at a time", which "does quite poorly when there are just a few colors or pegs" and "on the larger cases ...
//! almost always wins"; the editorial does not say how it worked). As rebuilt here:
//!
//! 1. **Count** with solid guesses (colour 1 on every peg, then colour 2, ...) until one colour proves missing from
//!    the secret: that colour is the filler, a peg of it never scores.
//! 2. **Locate** each colour in turn: colour `c` on a set of pegs, the filler on the others, scores exactly how many
//!    of those pegs hold `c`. Its count comes first (where the solid guesses stopped early), then halving: the pegs
//!    where `c` may stand form blocks with known counts; a test splits the largest undecided block in two, and the
//!    half it did not test gets the rest of the count. A block with none, or only, `c` is decided.
//! 3. Once every peg is known, play the code.
//!
//! Each guess is worked out again from the scored rows alone (the strategy keeps nothing between guesses). It needs
//! repeated colours (a test repeats its colour and the filler) and a missing colour; where there is none (most
//! 100x20 secrets hold every colour), it hands the game to local search and says why. Every test but the last guess
//! is a question, never a code that could win: the price of answers that are easy to read. This reconstruction takes
//! more guesses than local search at every size measured (BENCHMARKS.md, "one colour at a time"): each answer counts
//! one colour on the pegs it covers and the filler's pegs tell nothing, so the seed's version must have asked more
//! of each guess.

use crate::knowledge;
use crate::{Code, Row, Spec};

/// What to play next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// This test, and what it asks, in one line.
    Test(Code, String),
    /// Every peg is known: the secret.
    Known(Code),
    /// The approach cannot go on in this game: why.
    HandOver(String),
}

/// The next guess one colour at a time after `history`.
pub fn next(spec: &Spec, history: &[Row]) -> Plan {
    if !spec.repeats {
        return Plan::HandOver(
            "one colour at a time needs repeated colours (a test repeats its colour and the filler)".into(),
        );
    }
    let Some((bounds, mut possible)) = knowledge::certain(spec, history) else {
        return Plan::HandOver("the scores contradict each other".into());
    };
    let colors = usize::from(spec.colors);
    let pegs = usize::from(spec.pegs);
    let solid = |c: usize| Code::from_valid(vec![c as u8; pegs]);
    let Some(filler) = (0..colors).find(|&c| bounds.hi[c] == 0) else {
        return match (0..colors).find(|&c| bounds.lo[c] != bounds.hi[c]) {
            Some(c) => Plan::Test(
                solid(c),
                format!(
                    "counting colours: colour {} on every peg scores how many pegs of it the secret holds",
                    c + 1
                ),
            ),
            None => Plan::HandOver(
                "every colour is in the secret, so none can fill the pegs a test leaves out".into(),
            ),
        };
    };
    let test = |c: usize, on: &[usize]| {
        let mut pegs = vec![filler as u8; pegs];
        for &p in on {
            pegs[p] = c as u8;
        }
        Code::from_valid(pegs)
    };
    for c in (0..colors).filter(|&c| bounds.hi[c] > 0) {
        let bit = 1u32 << c;
        let placed: Vec<usize> = (0..pegs).filter(|&p| possible[p] == bit).collect();
        let open: Vec<usize> = (0..pegs)
            .filter(|&p| possible[p] != bit && possible[p] & bit != 0)
            .collect();
        if open.is_empty() {
            continue;
        }
        if bounds.lo[c] != bounds.hi[c] {
            let on: Vec<usize> = placed.iter().chain(&open).copied().collect();
            return Plan::Test(
                test(c, &on),
                format!(
                    "colour {} on every peg where it may stand, colour {} (missing from the secret) elsewhere: its \
                     count",
                    c + 1,
                    filler + 1
                ),
            );
        }
        let left = usize::from(bounds.lo[c]).saturating_sub(placed.len());
        let blocks = blocks(history, &bounds.hi, c, &placed, open, left);
        for (block, count) in &blocks {
            for &p in block {
                if *count == 0 {
                    possible[p] &= !bit;
                } else if *count == block.len() {
                    possible[p] = bit;
                }
            }
        }
        // The undecided block with the most ways to hold its pegs of `c`, halved.
        let undecided = blocks
            .iter()
            .filter(|(b, n)| *n > 0 && *n < b.len())
            .max_by(|x, y| ways(x).total_cmp(&ways(y)));
        if let Some((block, count)) = undecided {
            let half = &block[..block.len() / 2];
            return Plan::Test(
                test(c, half),
                format!(
                    "colour {} on {} of the {} pegs that hold {count} of it, colour {} (missing) elsewhere: how many \
                     of them",
                    c + 1,
                    half.len(),
                    block.len(),
                    filler + 1
                ),
            );
        }
    }
    match possible
        .iter()
        .map(|m| (m.count_ones() == 1).then(|| m.trailing_zeros() as u8))
        .collect::<Option<Vec<u8>>>()
    {
        Some(code) => Plan::Known(Code::from_valid(code)),
        None => Plan::HandOver("the tests left some pegs undecided".into()),
    }
}

/// `log2` of the ways a block of `n` pegs can hold `k` of a colour (how much its tests have left to tell).
fn ways((block, k): &(Vec<usize>, usize)) -> f64 {
    let n = block.len();
    (0..*k)
        .map(|i| ((n - i) as f64 / (k - i) as f64).log2())
        .sum()
}

/// The blocks of `open` pegs with their counts of colour `c` (`left` in all), split by the rows of `history` that
/// test `c` alone (`c` on some pegs, colours missing from the secret, `most[colour] == 0`, on the others), in their
/// order: each splits the block that holds all its open pegs. `placed` pegs certainly hold `c`.
fn blocks(
    history: &[Row],
    most: &[u8],
    c: usize,
    placed: &[usize],
    open: Vec<usize>,
    left: usize,
) -> Vec<(Vec<usize>, usize)> {
    let mut blocks = vec![(open, left)];
    for row in history {
        let guess = row.guess.pegs();
        let alone = guess
            .iter()
            .all(|&g| usize::from(g) == c || most.get(usize::from(g)).is_some_and(|&hi| hi == 0));
        if !alone {
            continue;
        }
        let on: Vec<usize> = (0..guess.len())
            .filter(|&p| usize::from(guess[p]) == c)
            .collect();
        let sure = on.iter().filter(|p| placed.contains(p)).count();
        let Some(found) = usize::from(row.feedback.black).checked_sub(sure) else {
            continue;
        };
        let Some(i) = blocks
            .iter()
            .position(|(b, _)| on.iter().any(|p| b.contains(p)))
        else {
            continue;
        };
        let (block, count) = blocks[i].clone();
        let (inside, outside): (Vec<usize>, Vec<usize>) =
            block.iter().partition(|p| on.contains(p));
        // A row over several blocks, over a whole block, or whose count does not fit, splits nothing.
        let over_others = on.iter().any(|p| {
            !placed.contains(p) && !block.contains(p) && blocks.iter().any(|(b, _)| b.contains(p))
        });
        if over_others
            || outside.is_empty()
            || found > inside.len()
            || count < found
            || count - found > outside.len()
        {
            continue;
        }
        blocks[i] = (inside, found);
        blocks.push((outside, count - found));
    }
    blocks
}

#[cfg(test)]
mod tests;
