//! Secrets that hold the same colours ([`Atoms`]): every guess matches as many colours of each, so only blacks can
//! tell them apart, and once a guess's pegs are placed wherever some of them differ, their blacks' differences are
//! settled. A walk building candidate guesses peg by peg drops every code after pegs that leave more of them
//! together than Knuth's limit allows ([`Atoms::admit`]), before placing the rest.

use crate::kernel::bits::{Word, fits};
use crate::listing::listed::Listed;

/// The groups of a position's secrets that share their colour multiset and agree on every peg from some depth on
/// (each group first at the depth from which its members agree: placing the pegs before it settles how their
/// blacks differ), as the place sets ([`crate::kernel::bits::Bits`]) of their members.
pub(crate) struct Atoms {
    /// Groups of depth `d` are `by_depth[d]..by_depth[d + 1]` in `groups`.
    by_depth: Vec<u32>,
    /// Group `g`'s members are `groups[g]..groups[g + 1]` in `members`.
    groups: Vec<u32>,
    members: Members,
}

/// The members' place sets, in the narrowest word their game fits (one population count a member where it fits 64
/// bits, as 8x8 and every smaller square game does).
enum Members {
    Narrow(Vec<u64>),
    Wide(Vec<u128>),
}

impl Atoms {
    /// The groups of the secrets `consistent` (sorted indices of `listed`'s codes).
    pub(crate) fn new(listed: &Listed, consistent: &[u32]) -> Atoms {
        let pegs = usize::from(listed.spec.pegs);
        // The secrets by multiset, each multiset's in order.
        let mut by_multiset: Vec<(u32, u32)> = consistent
            .iter()
            .map(|&s| (listed.multiset[s as usize], s))
            .collect();
        by_multiset.sort_unstable();
        let mut atoms = Atoms {
            by_depth: vec![0],
            groups: vec![0],
            members: if fits(&listed.spec, u64::BITS) {
                Members::Narrow(Vec::new())
            } else {
                Members::Wide(Vec::new())
            },
        };
        let mut suffix = Vec::new();
        let mut found: Vec<Vec<u128>> = Vec::new();
        for d in 0..pegs {
            // At depth d (pegs before d placed), the members of each multiset that agree from peg d on.
            found.clear();
            if d > 0 {
                for atom in by_multiset.chunk_by(|a, b| a.0 == b.0) {
                    if atom.len() < 2 {
                        continue;
                    }
                    suffix.clear();
                    suffix.extend(atom.iter().map(|&(_, s)| (&listed.pegs(s)[d..], s)));
                    suffix.sort_unstable();
                    for group in suffix.chunk_by(|a, b| a.0 == b.0) {
                        // A group whose members also share peg d - 1 was one at the depth before.
                        let first = listed.pegs(group[0].1)[d - 1];
                        if group.len() < 2
                            || group.iter().all(|&(_, s)| listed.pegs(s)[d - 1] == first)
                        {
                            continue;
                        }
                        found.push(group.iter().map(|&(_, s)| listed.bits(s).place()).collect());
                    }
                }
            }
            // Largest first: a check stops at the first group no larger than its limit.
            found.sort_unstable_by_key(|g| std::cmp::Reverse(g.len()));
            for group in &found {
                let len = match &mut atoms.members {
                    Members::Narrow(members) => {
                        members.extend(group.iter().map(|&m| m as u64));
                        members.len()
                    }
                    Members::Wide(members) => {
                        members.extend(group);
                        members.len()
                    }
                };
                atoms.groups.push(len as u32);
            }
            atoms.by_depth.push(atoms.groups.len() as u32 - 1);
        }
        atoms
    }

    /// Whether no two secrets share their colours and agree on any peg on from some depth (nothing to cut by).
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.groups.len() == 1
    }

    /// Whether a code whose first pegs have place set `place` ([`crate::kernel::bits::Bits::place_bit`]) can still keep
    /// every class within `limit` secrets: in no group of depth `depths` (from the first pegs placed) do more than
    /// `limit` members have as many blacks. Any pegs placed beyond a group's depth add the same blacks to all its
    /// members, so a group may be checked at any depth after its own.
    #[inline]
    pub(crate) fn admit(&self, depths: std::ops::Range<usize>, place: u128, limit: i64) -> bool {
        match &self.members {
            Members::Narrow(members) => self.admit_in(members, depths, place as u64, limit),
            Members::Wide(members) => self.admit_in(members, depths, place, limit),
        }
    }

    /// [`Atoms::admit`] in the members' word.
    #[inline(always)]
    fn admit_in<W: Word>(
        &self,
        members: &[W],
        depths: std::ops::Range<usize>,
        place: W,
        limit: i64,
    ) -> bool {
        let last = self.by_depth.len() - 1;
        (depths.start.min(last)..depths.end.min(last)).all(|d| {
            let groups = &self.groups[self.by_depth[d] as usize..=self.by_depth[d + 1] as usize];
            for g in groups.windows(2) {
                let members = &members[g[0] as usize..g[1] as usize];
                if members.len() as i64 <= limit {
                    break; // nor can the rest of this depth's, no larger: none of them can overfill a class
                }
                // Blacks against at most 16 pegs.
                let mut count = [0i64; 17];
                for &m in members {
                    let blacks = &mut count[(m & place).ones() as usize];
                    *blacks += 1;
                    if *blacks > limit {
                        return false;
                    }
                }
            }
            true
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Spec;
    use crate::kernel::bits::Bits;
    use crate::kernel::feedback::score_reference;

    /// A code the groups reject after its first pegs puts more than the limit in one class, whatever its last pegs.
    #[test]
    fn a_rejected_beginning_overfills_a_class_in_every_completion() {
        for (pegs, colors) in [(4u8, 3u8), (5, 3), (4, 4)] {
            let spec = Spec::new(pegs.into(), colors.into(), true).unwrap();
            let listed = Listed::new(&spec).unwrap();
            // Secrets that share colours and differ in few pegs: every arrangement of two multisets.
            let multisets = [[0, 0, 1, 2, 1], [1, 1, 2, 2, 0]]
                .map(|m| listed.multisets.of(&m[..usize::from(pegs)]));
            let consistent: Vec<u32> = (0..listed.len() as u32)
                .filter(|&i| multisets.contains(&listed.multiset[i as usize]))
                .collect();
            let atoms = Atoms::new(&listed, &consistent);
            let (mut rejected, mut kept) = (0, 0);
            for limit in 1..3 {
                for g in 0..listed.len() as u32 {
                    let guess = listed.pegs(g);
                    let largest = {
                        let mut sizes = std::collections::HashMap::new();
                        for &s in &consistent {
                            *sizes
                                .entry(score_reference(guess, listed.pegs(s)))
                                .or_insert(0) += 1;
                        }
                        *sizes.values().max().unwrap()
                    };
                    for d in 1..=usize::from(pegs) {
                        let place = guess[..d]
                            .iter()
                            .enumerate()
                            .fold(0, |p, (k, &c)| p | Bits::place_bit(k, c, colors));
                        if atoms.admit(0..d + 1, place, limit) {
                            kept += 1;
                        } else {
                            rejected += 1;
                            assert!(largest > limit, "{spec}: {guess:?} after {d} pegs");
                        }
                    }
                }
            }
            assert!(rejected > 0 && kept > 0, "{spec}: {rejected} {kept}");
        }
    }
}
