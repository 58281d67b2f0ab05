//! The secrets of a position laid out once for each colour multiset whose arrangements the scan still scores
//! ([`ByMultiset`]): in columns of 32 secrets, a peg at a time ([`crate::kernel::columns`]), so that a guess's classes are a
//! compare a peg for 32 secrets and a mask a count of blacks, and grouped so that a bound stops a guess soonest.

use std::sync::OnceLock;

use super::floors::{best_possible, black_splits};
use super::split::rule;
use crate::kernel::bits::Secrets;
use crate::kernel::columns::{Blacks, LANES};
use crate::listing::listed::Listed;
use crate::strategy::Strategy;

/// At most this many bytes of secrets laid out per position (a byte a secret and peg in each multiset's columns):
/// where every multiset's would take more, only the first ones that fit may be laid out, and the others'
/// arrangements are scored as the consistent candidates are (bit sets of both kinds).
const MOST_BYTES: usize = 64 << 20;

/// The secrets of a position laid out for the arrangements of each of some colour multisets, each the first time a
/// candidate of it is scored (of the multisets whose floors let them in when the scan of inconsistent candidates
/// starts, a third to two thirds never are: the walk drops them, or the bound tightens first). Within each, the
/// secrets are grouped by their total against those colours (so that a secret's class is its group's class with no
/// black plus its blacks), the group whose classes must be fullest first (its secrets over the classes its blacks can
/// split it into, as the multiset's floor counts them): a guess that overfills a class mostly does so there, so a
/// bound stops it after a part of the secrets instead of most. Any order gives the same scores; this one only makes
/// rejecting a guess cheaper (measured: docs/notebook.md).
pub(super) struct ByMultiset<'a> {
    secrets: &'a Secrets,
    listed: &'a Listed,
    /// The secrets' pegs, one after another (read once, not from the whole list for every multiset).
    pegs_of: Vec<u8>,
    /// The multisets that may be laid out, and each one's layout once made.
    chosen: Vec<u32>,
    laid: Vec<OnceLock<Laid>>,
    /// Where each multiset is in `chosen`, or `u32::MAX`.
    at: Vec<u32>,
    pegs: usize,
    /// The strategy scored, and its `n log n` table ([`super::split::Split`]'s), for the groups' floors.
    strategy: Strategy,
    n_log_n: &'a [i64],
}

/// One multiset's layout.
struct Laid {
    /// The secrets' colours a column of [`LANES`] secrets at a time, in it each peg's colours
    /// ([`crate::kernel::columns::Blacks::of`]); lanes past the last secret hold no colour.
    cells: Box<[u8]>,
    /// The groups in the order they are scored (`pegs + 1` slots, those past the last group ending at the last
    /// secret, empty).
    groups: Box<[Group]>,
}

/// Secrets with the same total against a multiset's colours: the lanes before `end`, from the previous group's end.
#[derive(Clone, Copy, Default)]
struct Group {
    /// Their class with no black ([`crate::Feedback::index`]): with `b` blacks, the class is `base + b`.
    base: u8,
    end: u32,
    /// For entropy and expected-size, the least the groups after this one add to any arrangement's score: each
    /// group's classes are its own (a class is a total and a number of blacks), so each adds at least its secrets
    /// split as evenly as its `t + 1` numbers of blacks allow ([`best_possible`]); 0 for the others (knuth's
    /// largest class is bounded by the multiset's floor already, and most-parts' score can still fall within a
    /// group).
    rest: i64,
}

impl<'a> ByMultiset<'a> {
    /// Lays out `secrets` (the codes `set` of `listed`) for every multiset whose floor (`floors`, numbered as
    /// [`crate::listing::multisets::Multisets::colours`]) is at most `limit`, as far as [`MOST_BYTES`] allows, each when
    /// first asked for, to be scored for `strategy` (`n_log_n` as [`super::split::Split`]'s).
    pub(super) fn new(
        secrets: &'a Secrets,
        set: &[u32],
        listed: &'a Listed,
        floors: &[i64],
        limit: i64,
        (strategy, n_log_n): (Strategy, &'a [i64]),
    ) -> ByMultiset<'a> {
        let pegs = usize::from(listed.spec.pegs);
        let most = MOST_BYTES / (set.len().div_ceil(LANES) * pegs * LANES).max(1);
        let chosen: Vec<u32> = (0..floors.len() as u32)
            .filter(|&m| floors[m as usize] <= limit)
            .take(most)
            .collect();
        let mut at = vec![u32::MAX; floors.len()];
        for (k, &m) in chosen.iter().enumerate() {
            at[m as usize] = k as u32;
        }
        let mut pegs_of = Vec::with_capacity(set.len() * pegs);
        for &s in set {
            pegs_of.extend_from_slice(listed.pegs(s));
        }
        ByMultiset {
            secrets,
            listed,
            pegs_of,
            laid: chosen.iter().map(|_| OnceLock::new()).collect(),
            chosen,
            at,
            pegs,
            strategy,
            n_log_n,
        }
    }

    /// The secrets laid out for multiset `m`'s arrangements, where they may be.
    #[inline(always)]
    pub(super) fn get(&self, m: u32) -> Option<Arranged<'_>> {
        let k = *self.at.get(m as usize)? as usize;
        if k == u32::MAX as usize {
            return None;
        }
        let laid = self.laid[k].get_or_init(|| lay_out(self, self.chosen[k]));
        Some(Arranged {
            cells: &laid.cells,
            groups: &laid.groups,
            n: self.secrets.len(),
            pegs: self.pegs,
        })
    }
}

/// One multiset's laid-out secrets ([`ByMultiset::get`]).
pub(super) struct Arranged<'a> {
    cells: &'a [u8],
    groups: &'a [Group],
    n: usize,
    pegs: usize,
}

impl Arranged<'_> {
    /// Adds each group's secrets to their classes, a column (or the part of one in the group) at a time:
    /// `add(state, class, secrets)` for each class met, then `go_on(state, secrets left, the group's rest)`
    /// ([`Group::rest`]), until it returns `false`. Returns whether it saw every secret.
    #[inline(always)]
    fn each_part<S>(
        &self,
        guess: &[u8],
        state: &mut S,
        add: impl Fn(&mut S, u8, u32),
        go_on: impl Fn(&S, usize, i64) -> bool,
    ) -> bool {
        let column_bytes = self.pegs * LANES;
        let (mut from, mut g) = (0, 0);
        for (k, column) in self.cells.chunks_exact(column_bytes).enumerate() {
            let low = k * LANES;
            let high = self.n.min(low + LANES);
            let blacks = if high - low <= LANES / 2 {
                Blacks::of_first_half(guess, column)
            } else {
                Blacks::of(guess, column)
            };
            // The lanes with each number of blacks, made as the groups ask for them.
            let mut with = [0u32; 17];
            let mut made = 0;
            while from < high {
                let group = self.groups[g];
                let end = high.min(group.end as usize);
                // The group's lanes of this column.
                let mut rest = ((1u64 << (end - low)) - (1u64 << (from - low))) as u32;
                for (b, lanes) in with.iter_mut().enumerate().take(self.pegs + 1) {
                    if rest == 0 {
                        break;
                    }
                    if b == made {
                        *lanes = blacks.with(b as u8);
                        made += 1;
                    }
                    let these = *lanes & rest;
                    if these != 0 {
                        add(state, group.base + b as u8, these.count_ones());
                        rest &= !these;
                    }
                }
                if end == group.end as usize {
                    g += 1;
                }
                from = end;
                if !go_on(state, self.n - end, group.rest) {
                    return false;
                }
            }
        }
        true
    }

    /// The score of the arrangement `guess` of this multiset's colours ([`super::split::Split::score`]: the
    /// same score, or `None` once it is sure to exceed `bound`). `parts` is scratch space, a whole number of 8
    /// slots; `n_log_n` as [`super::split::Split`]'s.
    #[inline(always)]
    pub(super) fn score(
        &self,
        strategy: Strategy,
        guess: &[u8],
        parts: &mut [u32],
        bound: i64,
        n_log_n: &[i64],
    ) -> Option<i64> {
        for block in parts.chunks_exact_mut(8) {
            block.copy_from_slice(&[0; 8]);
        }
        let slots = parts.len();
        // The score so far and the class sizes.
        let mut state = (0i64, parts);
        let whole = match strategy {
            Strategy::Knuth => self.each_part(
                guess,
                &mut state,
                |(score, parts), c, k| {
                    let size = &mut parts[usize::from(c)];
                    *score = rule::largest(*score, i64::from(*size), i64::from(k));
                    *size += k;
                },
                |&(score, _), _, _| score <= bound,
            ),
            Strategy::ExpectedSize => self.each_part(
                guess,
                &mut state,
                |(score, parts), c, k| {
                    let size = &mut parts[usize::from(c)];
                    *score = rule::squares(*score, i64::from(*size), i64::from(k));
                    *size += k;
                },
                |&(score, _), left, rest| {
                    !rule::squares_beyond(score, left, bound) && score + rest <= bound
                },
            ),
            Strategy::Entropy => self.each_part(
                guess,
                &mut state,
                |(score, parts), c, k| {
                    let size = &mut parts[usize::from(c)];
                    *score = rule::n_log_n(n_log_n, *score, i64::from(*size), i64::from(k));
                    *size += k;
                },
                |&(score, _), _, rest| score + rest <= bound,
            ),
            // Where the classes fit a 64-bit set, only which occur is kept, in a register.
            Strategy::MostParts if slots <= 64 => {
                let mut seen = 0u64;
                let whole = self.each_part(
                    guess,
                    &mut seen,
                    |seen, c, _| *seen |= 1 << c,
                    |seen, left, _| {
                        !rule::most_parts_beyond(-i64::from(seen.count_ones()), left, bound)
                    },
                );
                state.0 = -i64::from(seen.count_ones());
                whole
            }
            Strategy::MostParts => self.each_part(
                guess,
                &mut state,
                |(score, parts), c, k| {
                    let size = &mut parts[usize::from(c)];
                    *score = rule::minus_classes(*score, i64::from(*size));
                    *size += k;
                },
                |&(score, _), left, _| !rule::most_parts_beyond(score, left, bound),
            ),
            Strategy::FirstConsistent
            | Strategy::RandomConsistent
            | Strategy::LocalSearch
            | Strategy::SampledSplit
            | Strategy::ColourByColour
            | Strategy::Optimal => true,
        };
        let score = state.0;
        whole.then_some(score)
    }

    /// How many secrets there are.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.n
    }
}

/// Lays out the secrets of `by` for multiset `m`'s arrangements ([`ByMultiset`]'s order).
fn lay_out(by: &ByMultiset, m: u32) -> Laid {
    let (secrets, pegs_of, listed) = (by.secrets, &by.pegs_of, by.listed);
    let n = secrets.len();
    let pegs = usize::from(listed.spec.pegs);
    let mut cells = vec![u8::MAX; n.div_ceil(LANES) * pegs * LANES].into_boxed_slice();
    let mut groups = vec![Group::default(); pegs + 1].into_boxed_slice();
    // Each secret's class with no black, `t (t + 1) / 2` for its total `t`: the colours alone, scored.
    let mut own = Vec::with_capacity(n);
    secrets.each_block(&listed.multisets.colours[m as usize], |classes, _| {
        own.extend_from_slice(classes);
        true
    });
    // Secrets per total, and the classes the blacks can split each total into.
    let mut count = [0usize; 17];
    let total_of = |class: u8| usize::from(TOTAL_OF[usize::from(class)]);
    for &c in own.iter() {
        count[total_of(c)] += 1;
    }
    let splits = |t: usize| black_splits(t, pegs);
    let mut order: Vec<usize> = (0..=pegs).filter(|&t| count[t] > 0).collect();
    // Fullest first: `count[t] / splits(t)` descending, compared without division.
    order.sort_by(|&a, &b| {
        (count[b] * splits(a))
            .cmp(&(count[a] * splits(b)))
            .then(a.cmp(&b))
    });
    let mut next = [0usize; 17];
    let mut from = 0;
    for group in groups.iter_mut() {
        group.end = own.len() as u32;
    }
    for (group, &t) in groups.iter_mut().zip(&order) {
        next[t] = from;
        from += count[t];
        *group = Group {
            base: (t * (t + 1) / 2) as u8,
            end: from as u32,
            rest: 0,
        };
    }
    if matches!(by.strategy, Strategy::Entropy | Strategy::ExpectedSize) {
        let mut rest = 0;
        for (group, &t) in groups.iter_mut().zip(&order).rev() {
            group.rest = rest;
            // `t + 1` classes: the consistent arrangements too (all blacks) may be scored here.
            rest += best_possible(by.strategy, count[t], t + 1, by.n_log_n);
        }
    }
    let column_bytes = pegs * LANES;
    for (&c, secret) in own.iter().zip(pegs_of.chunks_exact(pegs)) {
        let slot = &mut next[total_of(c)];
        let column = &mut cells[*slot / LANES * column_bytes..][..column_bytes];
        for (peg, &colour) in secret.iter().enumerate() {
            column[peg * LANES + *slot % LANES] = colour;
        }
        *slot += 1;
    }
    Laid { cells, groups }
}

/// The total of each class with no black (`t (t + 1) / 2` for total `t`), the only classes a multiset's colours
/// alone score: the others are never read.
const TOTAL_OF: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut t = 0;
    while t * (t + 1) / 2 < 256 {
        table[t * (t + 1) / 2] = t as u8;
        t += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::super::split::{Split, n_log_n_table};
    use super::*;
    use crate::Spec;

    /// For every multiset laid out, every arrangement of it gets from the laid-out secrets the classes it gets from
    /// the secrets as they were, and every strategy's score with and without a bound; the secrets come grouped by
    /// total, fullest first; multisets past the limit are not laid out.
    #[test]
    fn laid_out_secrets_give_every_arrangement_its_classes_and_scores() {
        for (pegs, colors, repeats) in [(4, 6, true), (5, 4, true), (4, 7, false), (9, 2, true)] {
            let spec = Spec::new(pegs, colors, repeats).unwrap();
            let listed = Listed::new(&spec).unwrap();
            // Every third code as the secrets, and floors made up so that some multisets are past the limit.
            let set: Vec<u32> = (0..listed.len() as u32).step_by(3).collect();
            let secrets = listed.secrets(&set);
            let floors: Vec<i64> = (0..listed.multisets.colours.len() as i64)
                .map(|m| m % 3)
                .collect();
            // One layout for each strategy (its groups' floors are the strategy's).
            let strategies = [
                Strategy::Knuth,
                Strategy::MostParts,
                Strategy::ExpectedSize,
                Strategy::Entropy,
            ];
            let tables = strategies.map(|s| n_log_n_table(s, set.len()));
            let by: Vec<ByMultiset> = strategies
                .iter()
                .zip(&tables)
                .map(|(&s, table)| ByMultiset::new(&secrets, &set, &listed, &floors, 1, (s, table)))
                .collect();
            let slots = crate::Feedback::index_count(spec.pegs).next_multiple_of(8);
            let mut parts = vec![0u32; slots];
            for guess in 0..listed.len() as u32 {
                let m = listed.multiset[guess as usize];
                let laid = by[0].get(m);
                assert_eq!(laid.is_some(), floors[m as usize] <= 1, "{spec} {m}");
                let Some(laid) = laid else { continue };
                assert_eq!(laid.len(), set.len());
                let bits = &listed.bits(guess);
                let g = listed.pegs(guess);
                let mut state = (vec![0u32; slots], Vec::new());
                laid.each_part(
                    g,
                    &mut state,
                    |(ours, totals), c, k| {
                        ours[usize::from(c)] += k;
                        let f = crate::Feedback::from_index(usize::from(c));
                        totals.extend(std::iter::repeat_n(f.black + f.white, k as usize));
                    },
                    |_, _, _| true,
                );
                let (ours, totals) = state;
                let mut theirs = vec![0u32; slots];
                secrets.each_block(bits, |classes, _| {
                    for &c in classes {
                        theirs[usize::from(c)] += 1;
                    }
                    true
                });
                assert_eq!(ours, theirs, "{spec} guess {guess}");
                // Each total's secrets together, the groups fullest first.
                let mut groups = totals.clone();
                groups.dedup();
                let mut distinct = groups.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(
                    groups.len(),
                    distinct.len(),
                    "{spec}: a total's secrets are not together"
                );
                let count = |t: u8| totals.iter().filter(|&&u| u == t).count();
                let splits = |t: u8| black_splits(usize::from(t), usize::from(spec.pegs));
                for pair in groups.windows(2) {
                    let (a, b) = (pair[0], pair[1]);
                    assert!(
                        count(a) * splits(b) >= count(b) * splits(a),
                        "{spec}: {groups:?}"
                    );
                }
                for ((&strategy, table), by) in strategies.iter().zip(&tables).zip(&by) {
                    let split = Split {
                        secrets: &secrets,
                        n_log_n: table,
                    };
                    let want = split.score(strategy, bits, &mut parts, i64::MAX).unwrap();
                    let laid = by.get(m).unwrap();
                    let mut score = |bound| laid.score(strategy, g, &mut parts, bound, table);
                    assert_eq!(score(i64::MAX), Some(want), "{spec} {strategy:?} {guess}");
                    assert_eq!(score(want), Some(want), "{spec} {strategy:?} {guess}");
                    assert_eq!(score(want - 1), None, "{spec} {strategy:?} {guess}");
                }
            }
        }
    }
}
