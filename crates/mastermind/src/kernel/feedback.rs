//! Feedback: black = right colour in the right place; white = total colour matches minus black,
//! where total = sum over colours of min(count in guess, count in secret).

use std::fmt;

use crate::{Code, MAX_COLORS};

/// [`Feedback::index`] of the feedback with `black` blacks and `total` colour matches (black + white), in the
/// arithmetic the bit-set kernel's SIMD lanes do.
#[inline(always)]
pub(crate) fn index_of(black: u32, total: u32) -> u32 {
    total * (total + 1) / 2 + black
}

/// The score of a guess against a secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Feedback {
    /// Right colour, right place.
    pub black: u8,
    /// Right colour, wrong place.
    pub white: u8,
}

impl Feedback {
    /// A dense index of this feedback for `pegs` pegs: `(black + white)` selects a triangle row and
    /// `black` the place in it, so every `(b, w)` with `b + w <= pegs` maps below `(pegs+1)(pegs+2)/2`.
    pub fn index(self) -> usize {
        let black = u32::from(self.black);
        index_of(black, black + u32::from(self.white)) as usize
    }

    /// The feedback whose [`Feedback::index`] is `index`.
    pub(crate) fn from_index(index: usize) -> Feedback {
        // The triangle row `total` holds indices `total * (total + 1) / 2 ..= that + total`.
        let mut total = 0;
        while (total + 1) * (total + 2) / 2 <= index {
            total += 1;
        }
        let black = index - total * (total + 1) / 2;
        Feedback {
            black: black as u8,
            white: (total - black) as u8,
        }
    }

    /// How many slots [`Feedback::index`] can produce for `pegs` pegs.
    pub fn index_count(pegs: u8) -> usize {
        let p = usize::from(pegs);
        (p + 1) * (p + 2) / 2
    }

    /// Whether this is the winning feedback for `pegs` pegs.
    pub fn is_win(self, pegs: u8) -> bool {
        self.black == pegs
    }

    /// Whether a feedback can occur at all with `pegs` pegs (`(pegs - 1, 1)` never can).
    pub fn is_possible(self, pegs: u8) -> bool {
        let t = u16::from(self.black) + u16::from(self.white);
        t <= u16::from(pegs) && !(u16::from(self.black) + 1 == u16::from(pegs) && self.white == 1)
    }
}

impl fmt::Display for Feedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.black, self.white)
    }
}

/// Reads a score written `black,white` (`3,1`; spaces allowed), as links, books and the command line write it.
impl std::str::FromStr for Feedback {
    type Err = String;

    fn from_str(text: &str) -> Result<Feedback, String> {
        let (b, w) = text.split_once(',').ok_or("expected black,white")?;
        let pegs = |s: &str| {
            let s = s.trim();
            s.parse::<u8>()
                .map_err(|_| format!("'{s}' is not a number of pegs"))
        };
        Ok(Feedback {
            black: pegs(b)?,
            white: pegs(w)?,
        })
    }
}

/// Colour counts of a code, indexed by colour.
pub(crate) type ColorCounts = [u8; MAX_COLORS as usize];

/// Counts each colour in `pegs`.
pub(crate) fn color_counts(pegs: &[u8]) -> ColorCounts {
    let mut counts = [0u8; MAX_COLORS as usize];
    for &c in pegs {
        counts[usize::from(c)] += 1;
    }
    counts
}

/// Scores `guess` against `secret` with precomputed colour counts. No allocation.
pub(crate) fn score_counts(
    guess: &[u8],
    secret: &[u8],
    gc: &ColorCounts,
    sc: &ColorCounts,
    colors: u8,
) -> Feedback {
    let black = guess.iter().zip(secret).filter(|(a, b)| a == b).count() as u8;
    let total: u8 = (0..usize::from(colors)).map(|c| gc[c].min(sc[c])).sum();
    Feedback {
        black,
        white: total - black,
    }
}

/// Scores `guess` against `secret`. Both must belong to a game with `colors` colours.
pub fn score(guess: &Code, secret: &Code, colors: u8) -> Feedback {
    let (g, s) = (guess.pegs(), secret.pegs());
    score_counts(g, s, &color_counts(g), &color_counts(s), colors)
}

/// The slow, obvious scoring a person does at the table: mark exact matches, then for every unmarked guess
/// peg find an unmarked secret peg of the same colour. Kept as the reference the fast scoring is tested
/// against.
pub fn score_reference(guess: &[u8], secret: &[u8]) -> Feedback {
    let mut used_guess = vec![false; guess.len()];
    let mut used_secret = vec![false; secret.len()];
    let mut black = 0;
    for i in 0..guess.len() {
        if guess[i] == secret[i] {
            black += 1;
            used_guess[i] = true;
            used_secret[i] = true;
        }
    }
    let mut white = 0;
    for i in 0..guess.len() {
        if used_guess[i] {
            continue;
        }
        if let Some(j) = (0..secret.len()).find(|&j| !used_secret[j] && secret[j] == guess[i]) {
            used_secret[j] = true;
            white += 1;
        }
    }
    Feedback { black, white }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Spec;
    use proptest::prelude::*;

    fn check(spec: Spec, guess: &str, secret: &str, black: u8, white: u8) {
        let g = Code::parse(&spec, guess).unwrap();
        let s = Code::parse(&spec, secret).unwrap();
        assert_eq!(
            score(&g, &s, spec.colors),
            Feedback { black, white },
            "{guess} vs {secret}"
        );
    }

    #[test]
    fn known_scores() {
        let s = Spec::CLASSIC;
        check(s, "0,0,1,1", "0,0,1,1", 4, 0);
        check(s, "0,0,1,1", "1,1,0,0", 0, 4);
        check(s, "0,0,1,1", "3,1,4,1", 1, 1);
        check(s, "1,1,1,1", "1,2,3,4", 1, 0);
        check(s, "5,4,3,2", "0,1,0,1", 0, 0);
        check(s, "2,2,1,1", "1,2,2,0", 1, 2);
    }

    #[test]
    fn feedback_indices_are_dense_and_distinct() {
        for pegs in 2..=12u8 {
            let mut seen = vec![false; Feedback::index_count(pegs)];
            for black in 0..=pegs {
                for white in 0..=pegs - black {
                    let i = Feedback { black, white }.index();
                    assert!(!seen[i]);
                    seen[i] = true;
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    fn pegs_and_pair() -> impl Strategy<Value = (u8, Vec<u8>, Vec<u8>)> {
        (1usize..=12, 2u8..=20).prop_flat_map(|(p, c)| {
            (
                Just(c),
                prop::collection::vec(0..c, p),
                prop::collection::vec(0..c, p),
            )
        })
    }

    proptest! {
        #[test]
        fn fast_score_equals_reference((colors, g, s) in pegs_and_pair()) {
            let fast = score_counts(&g, &s, &color_counts(&g), &color_counts(&s), colors);
            prop_assert_eq!(fast, score_reference(&g, &s));
        }

        #[test]
        fn score_is_symmetric_and_possible((colors, g, s) in pegs_and_pair()) {
            let ab = score_counts(&g, &s, &color_counts(&g), &color_counts(&s), colors);
            let ba = score_counts(&s, &g, &color_counts(&s), &color_counts(&g), colors);
            prop_assert_eq!(ab, ba);
            prop_assert!(ab.is_possible(g.len() as u8));
        }
    }
}
