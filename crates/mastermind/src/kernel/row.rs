//! One row of the board: a guess and the score it got, checked where it enters the core.

use std::fmt;

use crate::{Code, CodeError, Feedback, Spec};

/// One row of the board: a guess and the score it got.
///
/// Rows that come from outside the core (a message, a link, a command line, a person's hand-entered score) are
/// built with [`Row::new`], which refuses a score no guess can get; the core's own rows come from
/// [`crate::score`] and are valid by construction.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// The guess.
    pub guess: Code,
    /// Its score.
    pub feedback: Feedback,
}

/// Why a row from outside the core was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowError {
    /// The guess is not a code of the game.
    Guess(CodeError),
    /// More pegs scored than the code has.
    TooManyPegs {
        /// Black pegs given.
        black: u8,
        /// White pegs given.
        white: u8,
        /// Pegs in a code.
        pegs: u8,
    },
    /// `pegs - 1` black and 1 white: the last peg cannot be the right colour in the wrong place.
    Impossible {
        /// Pegs in a code.
        pegs: u8,
    },
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::Guess(e) => write!(f, "{e}"),
            RowError::TooManyPegs { black, white, pegs } => write!(
                f,
                "{black} black and {white} white is more scoring pegs than the {pegs} a code has"
            ),
            RowError::Impossible { pegs } => write!(
                f,
                "{} black and 1 white cannot happen: with {} pegs right, the last one cannot be right in another place",
                pegs - 1,
                pegs - 1
            ),
        }
    }
}

impl std::error::Error for RowError {}

impl Row {
    /// A row of `spec` from a guess's colours and its score, refused with a message when the guess is not a code
    /// of the game or no guess can get that score.
    pub fn new(spec: &Spec, guess: Vec<u8>, black: u8, white: u8) -> Result<Row, RowError> {
        let guess = Code::new(spec, guess).map_err(RowError::Guess)?;
        let feedback = Feedback { black, white };
        if u16::from(black) + u16::from(white) > u16::from(spec.pegs) {
            return Err(RowError::TooManyPegs {
                black,
                white,
                pegs: spec.pegs,
            });
        }
        if !feedback.is_possible(spec.pegs) {
            return Err(RowError::Impossible { pegs: spec.pegs });
        }
        Ok(Row { guess, feedback })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(guess: &[u8], black: u8, white: u8, expected: Result<(), &str>) {
        let spec = Spec::new(4, 6, true).unwrap();
        let got = Row::new(&spec, guess.to_vec(), black, white)
            .map(|_| ())
            .map_err(|e| e.to_string());
        assert_eq!(
            got,
            expected.map_err(str::to_string),
            "{guess:?} {black},{white}"
        );
    }

    #[test]
    fn rows_from_outside_are_checked() {
        check(&[0, 1, 2, 3], 1, 2, Ok(()));
        check(&[0, 1, 2, 3], 4, 0, Ok(()));
        check(&[0, 1, 2, 3], 0, 0, Ok(()));
        // A message with black + white over 255 once reached a u8 addition in the search.
        check(
            &[0, 1, 2, 3],
            200,
            100,
            Err("200 black and 100 white is more scoring pegs than the 4 a code has"),
        );
        check(
            &[0, 1, 2, 3],
            255,
            255,
            Err("255 black and 255 white is more scoring pegs than the 4 a code has"),
        );
        check(
            &[0, 1, 2, 3],
            3,
            2,
            Err("3 black and 2 white is more scoring pegs than the 4 a code has"),
        );
        check(
            &[0, 1, 2, 3],
            3,
            1,
            Err(
                "3 black and 1 white cannot happen: with 3 pegs right, the last one cannot be right in another place",
            ),
        );
        check(
            &[0, 1, 2, 9],
            0,
            0,
            Err("peg 4 has colour 9, but colours go from 0 to 5"),
        );
        check(&[0, 1, 2], 0, 0, Err("a code needs 4 pegs, this one has 3"));
    }
}
