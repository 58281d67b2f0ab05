//! One row of the Mastermind board as the page keeps it: the guess, its score, what it leaves, why it was played and
//! how it split the codes.

use mastermind::Feedback;
use protocol::mastermind::{CountDto, SplitDto};

/// One row of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    /// The guess's colours.
    pub guess: Vec<u8>,
    /// Its score, once known.
    pub score: Option<Feedback>,
    /// Codes consistent with this row and every row before it, once counted.
    pub after: Option<CountDto>,
    /// Why the computer chose this guess (its rows only).
    pub why: Option<String>,
    /// How the guess splits the codes possible before it, where the computer's strategy worked that out (and no
    /// earlier score has changed since).
    pub split: Option<SplitDto>,
}

impl BoardRow {
    /// The codes its score leaves, read from its split (exact, and known at once), where it has one.
    pub fn left_by_score(&self) -> Option<CountDto> {
        let fb = self.score?;
        let classes = &self.split.as_ref()?.classes;
        let codes = classes
            .iter()
            .find(|&&(b, w, _)| (b, w) == (fb.black, fb.white))
            .map_or(0, |c| c.2);
        Some(CountDto {
            value: codes.to_string(),
            exact: true,
        })
    }
}
