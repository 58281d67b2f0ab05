//! Floors: the best score a position allows, for any guess ([`best_possible`]) and for every arrangement of a
//! colour multiset at once ([`multiset_floors`]), which lets the scan drop whole multisets unscored.

use rayon::prelude::*;

use crate::kernel::bits::{BLOCK, fast};
use crate::listing::listed::Listed;
use crate::partition::candidates::Candidates;
use crate::strategy::MAX_LISTED_PEGS;
use crate::strategy::Strategy;

/// For every colour multiset of the game, the least score ([`super::split::Split`]) any inconsistent arrangement of
/// those colours can get on the `consistent` codes (the scan uses it only for those: consistent candidates are scored
/// first). An arrangement's colour matches against a secret (its feedback's total) do not depend on the arrangement,
/// so the secrets fall into classes by total alone; a class of total `t` can only be split further by the blacks, into
/// at most `t + 1` classes, and `pegs - 1` where `t = pegs` (`pegs - 1` blacks and one white cannot happen, and all
/// blacks would make the arrangement that secret, a consistent code). The least score is that of every such class
/// split as evenly as it can be: a bound for every such arrangement at once, computed once per position for a few
/// thousand multisets instead of scoring hundreds of thousands of candidates. Only the multisets a candidate can hold
/// are scored ([`Candidates::may_hold`]: of colours that are interchangeable, a candidate holds the lowest): the
/// others get `i64::MAX`, which no walk meets.
///
/// The total depends on the secret's multiset too, not on its arrangement, so the secrets are counted by multiset
/// first and each multiset is scored against those, weighted: at most 3,003 of them at 6x9 instead of up to 531,441
/// secrets, a several-fold smaller share of a run (measured in Chromium at 6x9: docs/notebook.md).
pub(super) fn multiset_floors(
    strategy: Strategy,
    listed: &Listed,
    candidates: &Candidates,
    consistent: &[u32],
    n_log_n: &[i64],
    limit: i64,
) -> Vec<i64> {
    let pegs = usize::from(listed.spec.pegs);
    let held = secrets_by_multiset(listed, consistent);
    // The floor of the secrets counted so far (`by_total[t]`: those sharing `t` colours with the multiset): each
    // total's class split as evenly as its blacks allow, the best any guess does with that many secrets and that
    // many feedbacks (`best_possible`), the largest of them for knuth and their sum for the others.
    let floor_of = |by_total: &[usize]| {
        let classes = by_total
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(t, &n)| best_possible(strategy, n, black_splits(t, pegs), n_log_n));
        match strategy {
            Strategy::Knuth => classes.max().unwrap_or(0),
            _ => classes.sum(),
        }
    };
    // Knuth's, expected-size's and entropy's floors only grow as secrets are counted, so counting stops once a
    // floor is past `limit` (the candidates' limit as it stands): that part-floor is a floor too, and enough. The
    // most numerous multisets come first, so that it stops soonest. Most-parts' can fall as secrets are counted
    // (more totals, more classes), so it is counted whole.
    let grows = strategy != Strategy::MostParts;
    listed
        .multisets
        .colours
        .par_iter()
        .zip(&listed.multisets.masks)
        // Few secrets' multisets cost little a multiset: pieces of some thousands of them, not a task per multiset.
        .with_min_len(((1 << 12) / held.len().max(1)).max(1))
        .map(|(colours, &mask)| {
            if !candidates.may_hold(mask) {
                return i64::MAX; // no candidate holds these colours
            }
            let mut by_total = [0usize; MAX_LISTED_PEGS as usize + 1];
            let by_total = &mut by_total[..=pegs];
            // The floor is checked after 32 multisets, then 64 more, 128 more...: a check (a division for each
            // total) costs more than counting a block, and the most numerous multisets come first.
            let (mut from, mut size) = (0, BLOCK);
            while from < held.len() {
                let to = held.len().min(from + size);
                // With the CPU's population count (x86-64's baseline has none, and a software one shows in a profile).
                fast(
                    #[inline(always)]
                    || {
                        for &(count, n) in &held[from..to] {
                            by_total[colours.shared_colours(count)] += n;
                        }
                    },
                );
                if grows && to < held.len() {
                    let f = floor_of(by_total);
                    if f > limit {
                        return f;
                    }
                }
                (from, size) = (to, 2 * size);
            }
            floor_of(by_total)
        })
        .collect()
}

/// The multisets the `consistent` codes hold, as their `count` sets ([`Bits::count`]), each with how many codes
/// hold it, the most held first.
fn secrets_by_multiset(listed: &Listed, consistent: &[u32]) -> Vec<(u128, usize)> {
    let mut held = vec![0usize; listed.multisets.colours.len()];
    for &i in consistent {
        held[listed.multiset[i as usize] as usize] += 1;
    }
    let mut held: Vec<(u128, usize)> = held
        .into_iter()
        .zip(&listed.multisets.colours)
        .filter(|&(n, _)| n > 0)
        .map(|(n, colours)| (colours.count(), n))
        .collect();
    held.sort_unstable_by_key(|&(_, n)| std::cmp::Reverse(n));
    held
}

/// Into how many classes the blacks of an inconsistent guess can split the secrets with whom it shares `total`
/// colours, in a game of `pegs` pegs: `total + 1`, or `pegs - 1` where `total = pegs` (`pegs - 1` blacks and one
/// white cannot happen, and all blacks would make the guess that secret).
pub(super) fn black_splits(total: usize, pegs: usize) -> usize {
    if total == pegs { pegs - 1 } else { total + 1 }
}

/// The best score ([`super::split::Split`]) any guess can get on `n` consistent codes when `feedbacks` feedbacks can
/// occur: the codes spread as evenly as possible over `min(n, feedbacks)` classes. `n_log_n` is
/// [`super::split::n_log_n_table`] to at least `n` (entropy's, read here as the scan reads it: WebAssembly has no
/// `log2` instruction, and computing it here for every block of secrets was a large share of an entropy run there).
pub(super) fn best_possible(
    strategy: Strategy,
    n: usize,
    feedbacks: usize,
    n_log_n: &[i64],
) -> i64 {
    let k = n.min(feedbacks).max(1);
    // `r` classes of `q + 1` and `k - r` of `q`, divided only for the strategies that sum over classes (a floor is
    // asked for every total of every multiset). `q + 1` is read only where some class holds it (`r > 0`), so no
    // class size past `n` is asked for.
    let even = |f: &dyn Fn(usize) -> i64| {
        let (q, r) = (n / k, n % k);
        (if r > 0 { r as i64 * f(q + 1) } else { 0 }) + (k - r) as i64 * f(q)
    };
    match strategy {
        Strategy::Knuth => n.div_ceil(k) as i64,
        Strategy::MostParts => -(k as i64),
        Strategy::ExpectedSize => even(&|m| (m * m) as i64),
        Strategy::Entropy => even(&|m| n_log_n[m]),
        Strategy::FirstConsistent
        | Strategy::RandomConsistent
        | Strategy::LocalSearch
        | Strategy::SampledSplit
        | Strategy::ColourByColour
        | Strategy::Optimal => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partition::candidates::Candidates;
    use crate::partition::scoring::split::{Split, n_log_n_table};
    use crate::{Feedback, Row, Spec};
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    /// Every multiset's floor is at most the score of every inconsistent code that holds it, after random histories,
    /// for each strategy, counted whole (no limit) and stopped early (a limit): the scan drops a multiset only when
    /// none of its codes could win.
    #[test]
    fn a_floor_bounds_every_inconsistent_arrangement() {
        let mut rng = StdRng::seed_from_u64(7);
        for (pegs, colors) in [(4, 6), (5, 4), (3, 7)] {
            let spec = Spec::new(pegs, colors, true).unwrap();
            let listed = Listed::new(&spec).unwrap();
            let all: Vec<u32> = (0..listed.len() as u32).collect();
            for depth in 0..3 {
                let secret = *all.choose(&mut rng).unwrap();
                let guesses: Vec<u32> =
                    (0..depth).map(|_| *all.choose(&mut rng).unwrap()).collect();
                let history: Vec<Row> = guesses
                    .iter()
                    .map(|&g| Row {
                        guess: listed.code(g),
                        feedback: crate::score(&listed.code(g), &listed.code(secret), spec.colors),
                    })
                    .collect();
                let consistent = listed.consistent(&history);
                let past: Vec<&[u8]> = guesses.iter().map(|&g| listed.pegs(g)).collect();
                let candidates = Candidates::new(&listed, &consistent, &past);
                let secrets = listed.secrets(&consistent);
                for strategy in [
                    Strategy::Knuth,
                    Strategy::MostParts,
                    Strategy::ExpectedSize,
                    Strategy::Entropy,
                ] {
                    let n_log_n = n_log_n_table(strategy, consistent.len());
                    let split = Split {
                        secrets: &secrets,
                        n_log_n: &n_log_n,
                    };
                    let mut parts =
                        vec![0u32; Feedback::index_count(spec.pegs).next_multiple_of(8)];
                    let scores: Vec<i64> = all
                        .iter()
                        .map(|&i| {
                            split
                                .score(strategy, &listed.bits(i), &mut parts, i64::MAX)
                                .unwrap()
                        })
                        .collect();
                    let median = {
                        let mut s = scores.clone();
                        s.sort_unstable();
                        s[s.len() / 2]
                    };
                    for limit in [i64::MAX, median] {
                        let floors = multiset_floors(
                            strategy,
                            &listed,
                            &candidates,
                            &consistent,
                            &n_log_n,
                            limit,
                        );
                        for &i in &all {
                            let m = listed.multiset[i as usize] as usize;
                            if consistent.binary_search(&i).is_err() && floors[m] != i64::MAX {
                                assert!(
                                    floors[m] <= scores[i as usize],
                                    "{spec} {strategy} after {history:?}: floor {} above {:?}'s {}",
                                    floors[m],
                                    listed.code(i),
                                    scores[i as usize]
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
