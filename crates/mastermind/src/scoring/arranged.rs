//! The secrets of a position laid out once for each colour multiset whose arrangements the scan still scores
//! ([`ByMultiset`]): a guess's classes then take one population count a secret instead of two, and the secrets come
//! in the order that lets a bound stop a guess soonest.

use rayon::prelude::*;

use super::floors::black_splits;
use crate::bits::{Arranged, ArrangedSecrets, Lanes, Secrets, Word};
use crate::listed::Listed;

/// At most this many bytes of secrets laid out per position (three a secret and multiset: a 16-bit index and its
/// class with no black): where every multiset's would take more, only the first ones that fit are laid out, and the
/// others' arrangements are scored as before (bit sets of both kinds). At 7x7 knuth (2 threads) this cap held the
/// resident memory at 106 MB; 512 MiB of place words laid out whole took 603 MB for about 5 % less time.
const MOST_BYTES: usize = 32 << 20;

/// The secrets of a position laid out for the arrangements of each of some colour multisets ([`Arranged`]), as the
/// order to score them in (indices into the position's place words) and each one's class with no black. Within
/// each, the secrets are grouped by their total against those colours, the group whose classes must be fullest
/// first (its secrets over the classes its blacks can split it into, as the multiset's floor counts them): a guess
/// that overfills a class mostly does so there, so a bound stops it after a part of the secrets instead of most.
/// Any order gives the same scores; this one only makes rejecting a guess cheaper (BENCHMARKS.md).
pub(super) enum ByMultiset {
    Narrow(Arena<u64>),
    Wide(Arena<u128>),
}

/// [`ByMultiset`] in word `W`.
pub(super) struct Arena<W> {
    /// The position's secrets' place words, padded to a power of two ([`Arranged::place`]).
    place: Vec<W>,
    /// The laid-out multisets' orders and classes with no black, `n` of each a multiset, one after another.
    order: Vec<u16>,
    base: Vec<u8>,
    /// Where each multiset's secrets are, in units of `n`, or `u32::MAX` where not laid out.
    at: Vec<u32>,
    n: usize,
}

impl ByMultiset {
    /// Lays out `secrets` for every multiset whose floor (`floors`, numbered as
    /// [`crate::multisets::Multisets::colours`]) is at most `limit`, as far as [`MOST_BYTES`] allows.
    pub(super) fn new(
        secrets: &Secrets,
        listed: &Listed,
        floors: &[i64],
        limit: i64,
    ) -> ByMultiset {
        match secrets {
            Secrets::Narrow(lanes) => ByMultiset::Narrow(Arena::new(lanes, listed, floors, limit)),
            Secrets::Wide(lanes) => ByMultiset::Wide(Arena::new(lanes, listed, floors, limit)),
        }
    }

    /// The secrets laid out for multiset `m`'s arrangements, where they were.
    #[inline(always)]
    pub(super) fn get(&self, m: u32) -> Option<ArrangedSecrets<'_>> {
        match self {
            ByMultiset::Narrow(arena) => arena.get(m).map(ArrangedSecrets::Narrow),
            ByMultiset::Wide(arena) => arena.get(m).map(ArrangedSecrets::Wide),
        }
    }
}

impl<W: Word> Arena<W> {
    fn new(lanes: &Lanes<W>, listed: &Listed, floors: &[i64], limit: i64) -> Arena<W> {
        let n = lanes.len();
        // Positions of more secrets than a 16-bit index names are not laid out (a few at the top of a tree).
        let most = if n > 1 << 16 {
            0
        } else {
            MOST_BYTES / (3 * n).max(1)
        };
        let chosen: Vec<u32> = (0..floors.len() as u32)
            .filter(|&m| floors[m as usize] <= limit)
            .take(most)
            .collect();
        let mut at = vec![u32::MAX; floors.len()];
        for (k, &m) in chosen.iter().enumerate() {
            at[m as usize] = k as u32;
        }
        let place: Vec<W> = (0..n.next_power_of_two())
            .map(|j| lanes.place(j.min(n.saturating_sub(1))))
            .collect();
        let mut order = vec![0u16; chosen.len() * n];
        let mut base = vec![0u8; chosen.len() * n];
        // Positions of a few secrets lay out many multisets cheaply each: in pieces of some thousands of secrets,
        // not one task per multiset.
        if let Some(min_len) = (1usize << 12).checked_div(n) {
            order
                .par_chunks_mut(n)
                .zip(base.par_chunks_mut(n))
                .zip(&chosen)
                .with_min_len(min_len.max(1))
                .for_each_init(
                    || vec![0u8; n],
                    |own, ((order, base), &m)| {
                        lay_out(lanes, listed, m, own, order, base);
                    },
                );
        }
        Arena {
            place,
            order,
            base,
            at,
            n,
        }
    }

    #[inline(always)]
    fn get(&self, m: u32) -> Option<Arranged<'_, W>> {
        let k = *self.at.get(m as usize)?;
        if k == u32::MAX {
            return None;
        }
        let from = k as usize * self.n;
        Some(Arranged {
            place: &self.place,
            order: &self.order[from..][..self.n],
            base: &self.base[from..][..self.n],
        })
    }
}

/// Lays out `lanes`' secrets for multiset `m`'s arrangements into `order` and `base` ([`ByMultiset`]'s order);
/// `own` is scratch for each secret's class with no black.
fn lay_out<W: Word>(
    lanes: &Lanes<W>,
    listed: &Listed,
    m: u32,
    own: &mut [u8],
    order: &mut [u16],
    base: &mut [u8],
) {
    // Each secret's class with no black, `t (t + 1) / 2` for its total `t`: the colours alone, scored.
    let mut j = 0;
    lanes.each_block(
        listed.multisets.colours[m as usize].words(),
        |classes, _| {
            own[j..][..classes.len()].copy_from_slice(classes);
            j += classes.len();
            true
        },
    );
    // Secrets per total, and the classes the blacks can split each total into.
    let pegs = usize::from(listed.spec.pegs);
    let mut count = [0usize; 17];
    let total_of = |class: u8| usize::from(TOTAL_OF[usize::from(class)]);
    for &c in own.iter() {
        count[total_of(c)] += 1;
    }
    let splits = |t: usize| black_splits(t, pegs);
    let mut groups: Vec<usize> = (0..=pegs).filter(|&t| count[t] > 0).collect();
    // Fullest first: `count[t] / splits(t)` descending, compared without division.
    groups.sort_by(|&a, &b| {
        (count[b] * splits(a))
            .cmp(&(count[a] * splits(b)))
            .then(a.cmp(&b))
    });
    let mut next = [0usize; 17];
    let mut from = 0;
    for &t in &groups {
        next[t] = from;
        from += count[t];
    }
    for (j, &c) in own.iter().enumerate() {
        let slot = &mut next[total_of(c)];
        order[*slot] = j as u16;
        base[*slot] = c;
        *slot += 1;
    }
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
    use super::*;
    use crate::Spec;
    use crate::bits::Blocks;

    fn classes_of(secrets: &impl Blocks, guess: &crate::bits::Bits) -> Vec<u8> {
        let mut seen = Vec::new();
        secrets.each_block(guess, |block, _| {
            seen.extend_from_slice(block);
            true
        });
        seen
    }

    /// For every multiset laid out, every arrangement of it gets from the laid-out secrets the classes it gets
    /// from the secrets as they were, as a multiset of classes (the order is the layout's), and the secrets come
    /// grouped by total, fullest first; multisets past the limit are not laid out.
    #[test]
    fn laid_out_secrets_give_every_arrangement_its_classes() {
        for (pegs, colors, repeats) in [(4, 6, true), (5, 4, true), (4, 7, false), (9, 2, true)] {
            let spec = Spec::new(pegs, colors, repeats).unwrap();
            let listed = Listed::new(&spec).unwrap();
            // Every third code as the secrets, and floors made up so that some multisets are past the limit.
            let set: Vec<u32> = (0..listed.len() as u32).step_by(3).collect();
            let secrets = listed.secrets(&set);
            let floors: Vec<i64> = (0..listed.multisets.colours.len() as i64)
                .map(|m| m % 3)
                .collect();
            let by = ByMultiset::new(&secrets, &listed, &floors, 1);
            for guess in 0..listed.len() as u32 {
                let m = listed.multiset[guess as usize];
                let laid = by.get(m);
                assert_eq!(laid.is_some(), floors[m as usize] <= 1, "{spec} {m}");
                let Some(laid) = laid else { continue };
                let bits = &listed.bits[guess as usize];
                let mut ours = classes_of(&laid, bits);
                let mut theirs = classes_of(&secrets, bits);
                // Totals never rise along the layout's groups' fullness, and each group is whole.
                let totals: Vec<u8> = ours
                    .iter()
                    .map(|&c| crate::Feedback::from_index(usize::from(c)))
                    .map(|f| f.black + f.white)
                    .collect();
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
                // Fullest first: secrets over the classes the blacks can split them into.
                let count = |t: u8| totals.iter().filter(|&&u| u == t).count();
                let splits = |t: u8| usize::from(if t == spec.pegs { t - 1 } else { t + 1 });
                for pair in groups.windows(2) {
                    let (a, b) = (pair[0], pair[1]);
                    assert!(
                        count(a) * splits(b) >= count(b) * splits(a),
                        "{spec}: {groups:?}"
                    );
                }
                ours.sort();
                theirs.sort();
                assert_eq!(ours, theirs, "{spec} guess {guess}");
                assert_eq!(laid.len(), set.len());
            }
        }
    }
}
