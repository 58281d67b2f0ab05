//! The optimal search's lower bounds: a set's floor (what a perfect split would cost), the separating secret, and
//! the rough pass over every candidate guess that bounds each by its perfect tree before any is searched.

use super::{Candidate, Optimal};
use crate::kernel::bits::{Bits, Secrets, fast};
use crate::partition::candidates::Candidates;
use crate::search::Stopped;

impl<'a> Optimal<'a> {
    /// A lower bound on the cost of `set`, at least its floor: a set small enough to be split into single
    /// codes by one guess costs `2n - 1` if one of its own codes does it, else at least `2n`.
    pub(crate) fn class_floor(&mut self, set: &[u32]) -> u64 {
        self.floor_of(set).0
    }

    /// [`Optimal::class_floor`], and whether it is the cost itself (a set solved already, of one or two codes,
    /// or split into single codes by one of its own).
    pub(super) fn floor_of(&mut self, set: &[u32]) -> (u64, bool) {
        let n = set.len();
        if n <= 2 {
            return (self.floor[n], true);
        }
        if let Some(&(cost, _)) = self.solved.get(set) {
            return (cost, true);
        }
        if n > self.listed.spec.feedback_count() {
            return (self.floor[n], false);
        }
        match self.separating_secret(set) {
            Some(_) => (2 * n as u64 - 1, true),
            None => (2 * n as u64, false),
        }
    }

    /// The first code of `set` that splits it into single codes, if `set` is small enough for one to exist.
    pub(super) fn separating_secret(&mut self, set: &[u32]) -> Option<u32> {
        if set.len() > self.listed.spec.feedback_count() {
            return None;
        }
        self.work += (set.len() * set.len()) as u64;
        let (listed, seen) = (self.listed, &mut self.sizes);
        let secrets = listed.secrets(set);
        set.iter().copied().find(|&g| {
            seen.fill(0);
            secrets.each_block(&listed.bits(g), |classes, _| {
                classes.iter().all(|&c| {
                    let class = &mut seen[usize::from(c)];
                    *class += 1;
                    *class == 1
                })
            })
        })
    }

    /// The candidate guesses for `set` whose lower bound is below `cutoff`, in no order: the search takes them
    /// in [`Candidate`]'s order (best bound first, then consistent ones, then the lowest code). With `rough`,
    /// a candidate stops being scored once its bound passes the lowest exact one found so far: those are
    /// returned apart (the second list), each with the bound it had reached, a lower bound of its own. A
    /// candidate reaching `settled`, a bound no candidate can beat, ends the scan and is returned alone (the scan
    /// goes in the search's order, so it is the one the search would take). `secrets` is `set` laid out for
    /// scoring ([`Listed::secrets`]).
    pub(crate) fn candidates(
        &mut self,
        set: &[u32],
        secrets: &Secrets,
        past: &[&'a [u8]],
        cutoff: u64,
        rough: bool,
        settled: Option<u64>,
    ) -> Result<(Vec<Candidate>, Vec<Candidate>), Stopped> {
        let listed = self.listed;
        let n = set.len() as u64;
        let win = self.win();
        let candidates = Candidates::new(listed, set, past);
        let (mut exact, mut rough_out) = (Vec::new(), Vec::new());
        // The lowest exact bound so far (a candidate reaching past it is only bounded roughly).
        let mut lowest = cutoff;
        for consistent in [true, false] {
            // The inconsistent candidates are built only when the consistent ones did not settle the set.
            let rest;
            let indices = if consistent {
                &candidates.first
            } else {
                rest = candidates.rest();
                &rest
            };
            let (step, sizes) = (&self.step, &mut self.sizes);
            // The loop over candidates, compiled for the CPU's vector features.
            let (scored, done) = fast(
                #[inline(always)]
                || {
                    for (k, &index) in indices.iter().enumerate() {
                        let stop = if rough {
                            lowest.saturating_add(1).min(cutoff)
                        } else {
                            cutoff
                        };
                        let bound =
                            class_bound(secrets, &listed.bits(index), step, sizes, win, n, stop);
                        let candidate = Candidate {
                            bound,
                            inconsistent: !consistent,
                            index,
                        };
                        if Some(bound) == settled && bound < cutoff {
                            exact.clear();
                            rough_out.clear();
                            exact.push(candidate);
                            return (k + 1, true);
                        }
                        if bound < stop {
                            lowest = lowest.min(bound);
                            exact.push(candidate);
                        } else if bound < cutoff {
                            rough_out.push(candidate);
                        }
                    }
                    (indices.len(), false)
                },
            );
            self.work += n * scored as u64;
            if self.work > self.limit {
                return Err(Stopped::Budget);
            }
            if done {
                break;
            }
        }
        Ok((exact, rough_out))
    }

    /// The exact lower bound of guessing `index` on the set laid out as `secrets` (the perfect-tree floors of
    /// its classes), if below `cutoff`.
    pub(super) fn bound(&mut self, secrets: &Secrets, index: u32, cutoff: u64) -> Option<u64> {
        let (listed, n, win) = (self.listed, secrets.len() as u64, self.win());
        self.work += n;
        let (step, sizes) = (&self.step, &mut self.sizes);
        let bound = fast(
            #[inline(always)]
            || class_bound(secrets, &listed.bits(index), step, sizes, win, n, cutoff),
        );
        (bound < cutoff).then_some(bound)
    }
}

/// The perfect-tree bound of a guess whose codes are `guess` against `secrets` (`n` of them): `n`, plus for each
/// class but the win its floor (the sum of `step` below its size). Scoring stops once the bound reaches `stop`,
/// and returns the bound reached then (at least `stop`). `sizes` is scratch, one per feedback.
#[inline(always)]
fn class_bound(
    secrets: &Secrets,
    guess: &Bits,
    step: &[u64],
    sizes: &mut [u32],
    win: usize,
    n: u64,
    stop: u64,
) -> u64 {
    sizes.fill(0);
    let mut bound = n;
    secrets.each_block(guess, |classes, _| {
        for &c in classes {
            let class = usize::from(c);
            if class != win {
                let size = &mut sizes[class];
                bound += step[*size as usize];
                *size += 1;
                if bound >= stop {
                    return false;
                }
            }
        }
        true
    });
    bound
}
