//! Floors: the best score a position allows, for any guess ([`best_possible`]) and for every arrangement of a
//! colour multiset at once ([`multiset_floors`]), which lets the scan drop whole multisets unscored.

use rayon::prelude::*;

use crate::Feedback;
use crate::bits::{Secrets, fast};
use crate::candidates::Candidates;
use crate::listed::Listed;
use crate::strategy::Strategy;

/// For every colour multiset of the game, the least score ([`super::split::Split`]) any inconsistent arrangement of
/// those colours can get on `secrets` (the scan uses it only for those: consistent candidates are scored first). An
/// arrangement's colour matches against a secret (its feedback's total) do not depend on the arrangement, so the
/// secrets fall into classes by total alone; a class of total `t` can only be split further by the blacks, into at most
/// `t + 1` classes, and `pegs - 1` where `t = pegs` (`pegs - 1` blacks and one white cannot happen, and all blacks
/// would make the arrangement that secret, a consistent code). The least score is that of every such class split as
/// evenly as it can be: a bound for every such arrangement at once, computed once per position for a few thousand
/// multisets instead of scoring hundreds of thousands of candidates. Only the multisets a candidate can hold are scored
/// ([`Candidates::may_hold`]: of colours that are interchangeable, a candidate holds the lowest): the others get
/// `i64::MAX`, which no walk meets.
pub(super) fn multiset_floors(
    strategy: Strategy,
    listed: &Listed,
    candidates: &Candidates,
    secrets: &Secrets,
    n_log_n: &[i64],
    limit: i64,
) -> Vec<i64> {
    let pegs = usize::from(listed.spec.pegs);
    let slots = Feedback::index_count(listed.spec.pegs);
    // The floor of the secrets counted so far (with no black, class `t (t + 1) / 2` holds those of total `t`):
    // each total's class split as evenly as its blacks allow, the best any guess does with that many secrets and
    // that many feedbacks (`best_possible`), the largest of them for knuth and their sum for the others.
    let floor_of = |by_total: &[usize]| {
        let classes = (0..=pegs)
            .map(|t| (by_total[t * (t + 1) / 2], black_splits(t, pegs)))
            .filter(|&(n, _)| n > 0)
            .map(|(n, k)| best_possible(strategy, n, k, n_log_n));
        match strategy {
            Strategy::Knuth => classes.max().unwrap_or(0),
            _ => classes.sum(),
        }
    };
    // Knuth's, expected-size's and entropy's floors only grow as secrets are counted, so counting stops once a
    // floor is past `limit` (the candidates' limit as it stands): that part-floor is a floor too, and enough.
    // Most-parts' can fall as secrets are counted (more totals, more classes), so it is counted whole.
    let grows = strategy != Strategy::MostParts;
    listed
        .multisets
        .colours
        .par_iter()
        .zip(&listed.multisets.masks)
        // A few secrets cost little a multiset: pieces of some thousands of secrets, not a task per multiset.
        .with_min_len(((1 << 12) / secrets.len().max(1)).max(1))
        // Each thread counts in one buffer of its own (an allocation per multiset cost 6 % of this work in wasm).
        .map_init(
            || vec![0usize; slots],
            |by_total, (colours, &mask)| {
                if !candidates.may_hold(mask) {
                    return i64::MAX; // no candidate holds these colours
                }
                by_total.fill(0);
                let mut floor = None;
                fast(
                    #[inline(always)]
                    || {
                        secrets.each_block(colours, |classes, _| {
                            for &c in classes {
                                by_total[usize::from(c)] += 1;
                            }
                            if grows {
                                let f = floor_of(by_total);
                                if f > limit {
                                    floor = Some(f);
                                    return false;
                                }
                            }
                            true
                        })
                    },
                );
                floor.unwrap_or_else(|| floor_of(by_total))
            },
        )
        .collect()
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
/// `log2` instruction, and computing it here for every block of secrets took 18 % of a 6x9 entropy run in Chromium).
pub(super) fn best_possible(
    strategy: Strategy,
    n: usize,
    feedbacks: usize,
    n_log_n: &[i64],
) -> i64 {
    let k = n.min(feedbacks).max(1);
    let (q, r) = (n / k, n % k);
    // `q + 1` is read only where some class holds it (`r > 0`), so no class size past `n` is asked for.
    let even = |f: &dyn Fn(usize) -> i64| {
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
        | Strategy::Optimal => 0,
    }
}
