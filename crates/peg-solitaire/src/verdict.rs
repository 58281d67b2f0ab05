//! What the analyst answers about a position: whether a game from it reaches the finish, how many do where known,
//! one such game, and why not ([`Lost`]: the rules, a proof a player can check on the board, or every game looked
//! at), with where the answer came from.

use crate::board::Jump;

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The rules alone (finished, or no jump left, or the finish is "until no jump is left").
    Rules,
    /// A proof: the rule-of-three class or a pagoda function.
    Proof,
    /// The game's table of games.
    Table,
    /// The shipped opening book.
    Opening,
    /// The shipped winning book: which positions of the game's first jumps can still reach the finish.
    Book,
    /// The board's shipped table of games from each start (`tables/`), counted ahead of time.
    Count,
    /// A depth-first search.
    Search,
}

impl Source {
    /// The source as messages and the CLI name it: `rules`, `proof`, `table`, `opening`, `book`, `count`, `search`.
    pub fn name(self) -> &'static str {
        match self {
            Source::Rules => "rules",
            Source::Proof => "proof",
            Source::Table => "table",
            Source::Opening => "opening",
            Source::Book => "book",
            Source::Count => "count",
            Source::Search => "search",
        }
    }
}

/// Why no game from a position reaches the finish.
#[derive(Clone, Debug, PartialEq)]
pub enum Lost {
    /// No jump is left, and this is not the finish.
    NoJumpLeft,
    /// The rule of three: every jump changes the number of pegs on the `marked` holes by 0 or 2, so its parity
    /// never changes; here it is `pegs`, at the finish `finish_pegs` (the other parity).
    Class {
        /// The holes counted.
        marked: Vec<u8>,
        /// Pegs on them now.
        pegs: u32,
        /// Pegs on them at the finish (for "one peg anywhere": at any finish this parity allows).
        finish_pegs: u32,
    },
    /// The rule of three with two counts, where no one count rules out every finish (as from the diamond board's
    /// centre to one peg anywhere): each count's parity never changes; an odd one says the last peg must be on its
    /// holes, an even one that it cannot be, and no finish satisfies both.
    ClassPair {
        /// The first count.
        first: ParityCount,
        /// The second.
        second: ParityCount,
    },
    /// A pagoda function: no jump raises the total of these weights, and the position's total is below the
    /// finish's.
    Pagoda {
        /// The weight of each hole.
        weights: Vec<f64>,
        /// The position's total.
        total: f64,
        /// The finish's total (the least over the possible finishes).
        finish_total: f64,
    },
    /// Every game from here was looked at (by the table, a book or the search), and none ends well.
    NoGame,
}

/// Pegs on a set of holes whose count's parity no jump changes (see [`Lost::ClassPair`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParityCount {
    /// The holes counted.
    pub marked: Vec<u8>,
    /// Pegs on them now.
    pub pegs: u32,
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Whether a game from here reaches the finish.
    pub solvable: bool,
    /// How many games do, where that is known (from the table or the opening).
    pub games: Option<u128>,
    /// One game from here to the finish, when asked for and solvable.
    pub solution: Option<Vec<Jump>>,
    /// Why not, when not.
    pub lost: Option<Lost>,
    /// Where the answer came from.
    pub source: Source,
}

impl Verdict {
    pub(crate) fn won(source: Source, games: Option<u128>, solution: Option<Vec<Jump>>) -> Verdict {
        Verdict {
            solvable: true,
            games,
            solution,
            lost: None,
            source,
        }
    }

    pub(crate) fn lost(source: Source, lost: Lost) -> Verdict {
        Verdict {
            solvable: false,
            games: Some(0),
            solution: None,
            lost: Some(lost),
            source,
        }
    }
}
