//! The feedback benchmark's workload: every guess scored against every secret, with a checksum of the answers.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;

use crate::kernel::bits::{self, Bits, Secrets, fast};
use crate::kernel::feedback::{color_counts, score_counts};
use crate::{Code, Feedback, Spec};

/// Random guesses and secrets (seeded) for timing the feedback kernel with [`score_all`]; the CLI and the
/// worker time the same workload.
pub fn feedback_workload(
    spec: &Spec,
    guesses: usize,
    secrets: usize,
    seed: u64,
) -> (Vec<Code>, Vec<Code>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut codes = |n: usize| (0..n).map(|_| Code::random(spec, &mut rng)).collect();
    (codes(guesses), codes(secrets))
}

/// Scores every guess against every secret the way the strategies do (codes as bit sets, a block of secrets'
/// classes at a time, classes counted per guess; guesses shared out over the thread pool) and returns a
/// checksum of the class counts, so a caller can time the feedback kernel: `guesses.len() * secrets.len()`
/// feedbacks. Codes over 128 bits (pegs x colours) are scored with their colour counts, as local search does.
pub fn score_all(spec: &Spec, guesses: &[Code], secrets: &[Code]) -> u64 {
    if bits::fits(spec, u128::BITS) && spec.pegs <= 16 {
        let bits = |c: &Code| Bits::new(c.pegs(), spec.colors);
        let secrets: Vec<Bits> = secrets.iter().map(bits).collect();
        let lanes = Secrets::new(spec, secrets.iter().copied());
        guesses
            .par_iter()
            .map(|guess| {
                let mut parts = vec![0u32; Feedback::index_count(spec.pegs)];
                fast(
                    #[inline(always)]
                    || {
                        lanes.each_block(&bits(guess), |classes, _| {
                            for &c in classes {
                                parts[usize::from(c)] += 1;
                            }
                            true
                        })
                    },
                );
                class_checksum(&parts)
            })
            .sum()
    } else {
        let counts: Vec<_> = secrets.iter().map(|s| color_counts(s.pegs())).collect();
        guesses
            .par_iter()
            .map(|guess| {
                let gc = color_counts(guess.pegs());
                let mut parts = vec![0u32; Feedback::index_count(spec.pegs)];
                for (s, sc) in secrets.iter().zip(&counts) {
                    parts[score_counts(guess.pegs(), s.pegs(), &gc, sc, spec.colors).index()] += 1;
                }
                class_checksum(&parts)
            })
            .sum()
    }
}

/// A checksum of class counts, for [`score_all`].
fn class_checksum(parts: &[u32]) -> u64 {
    parts
        .iter()
        .enumerate()
        .map(|(i, &n)| (i as u64 + 1) * u64::from(n))
        .sum()
}
