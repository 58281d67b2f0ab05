//! The size of a game: pegs, colours, and whether a colour may repeat in a code.

use std::fmt;

/// The most colours a game may have.
pub const MAX_COLORS: u8 = 20;
/// The most pegs a code may have.
pub const MAX_PEGS: u8 = 100;

/// A game's size. Build it with [`Spec::new`], which rejects impossible sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// Pegs per code (2..=100).
    pub pegs: u8,
    /// Colours to choose from (2..=20).
    pub colors: u8,
    /// Whether a colour may appear more than once in a code.
    pub repeats: bool,
}

/// Why a size is impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// Pegs outside 2..=100.
    Pegs(u32),
    /// Colours outside 2..=20.
    Colors(u32),
    /// Without repeats every peg needs its own colour.
    TooFewColorsForNoRepeats {
        /// Pegs asked for.
        pegs: u8,
        /// Colours asked for.
        colors: u8,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Pegs(p) => write!(f, "{p} pegs is not possible: choose 2 to {MAX_PEGS}"),
            SpecError::Colors(c) => {
                write!(f, "{c} colours is not possible: choose 2 to {MAX_COLORS}")
            }
            SpecError::TooFewColorsForNoRepeats { pegs, colors } => write!(
                f,
                "{pegs} pegs need at least {pegs} colours when colours may not repeat (you chose {colors})"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

impl Spec {
    /// The classic game: 4 pegs, 6 colours, repeats allowed.
    pub const CLASSIC: Spec = Spec {
        pegs: 4,
        colors: 6,
        repeats: true,
    };

    /// Checks a size. Takes `u32` so that values parsed from people (links, forms) are checked, not truncated.
    pub fn new(pegs: u32, colors: u32, repeats: bool) -> Result<Spec, SpecError> {
        if !(2..=u32::from(MAX_PEGS)).contains(&pegs) {
            return Err(SpecError::Pegs(pegs));
        }
        if !(2..=u32::from(MAX_COLORS)).contains(&colors) {
            return Err(SpecError::Colors(colors));
        }
        let (pegs, colors) = (pegs as u8, colors as u8);
        if !repeats && pegs > colors {
            return Err(SpecError::TooFewColorsForNoRepeats { pegs, colors });
        }
        Ok(Spec {
            pegs,
            colors,
            repeats,
        })
    }

    /// How many codes exist, or `None` when the number does not fit in a `u128` (e.g. 20^100).
    pub fn code_count(&self) -> Option<u128> {
        let (p, c) = (u128::from(self.pegs), u128::from(self.colors));
        if self.repeats {
            c.checked_pow(u32::from(self.pegs))
        } else {
            (0..p).try_fold(1u128, |acc, i| acc.checked_mul(c - i))
        }
    }

    /// The number of distinct feedbacks `(black, white)` with `black + white <= pegs`, less the
    /// impossible `(pegs - 1, 1)`: `pegs * (pegs + 3) / 2`.
    pub fn feedback_count(&self) -> usize {
        let p = usize::from(self.pegs);
        p * (p + 3) / 2
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} pegs x {} colours", self.pegs, self.colors)?;
        if !self.repeats {
            write!(f, ", no repeats")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(pegs: u32, colors: u32, repeats: bool, expected: Result<Option<u128>, SpecError>) {
        assert_eq!(
            Spec::new(pegs, colors, repeats).map(|s| s.code_count()),
            expected
        );
    }

    #[test]
    fn sizes() {
        check(4, 6, true, Ok(Some(1296)));
        check(4, 6, false, Ok(Some(360)));
        check(2, 2, true, Ok(Some(4)));
        check(10, 10, true, Ok(Some(10_000_000_000)));
        check(100, 20, true, Ok(None));
        check(1, 6, true, Err(SpecError::Pegs(1)));
        check(101, 6, true, Err(SpecError::Pegs(101)));
        check(4, 21, true, Err(SpecError::Colors(21)));
        check(
            7,
            6,
            false,
            Err(SpecError::TooFewColorsForNoRepeats { pegs: 7, colors: 6 }),
        );
    }

    #[test]
    fn feedback_count_matches_formula() {
        assert_eq!(Spec::CLASSIC.feedback_count(), 14);
    }
}
