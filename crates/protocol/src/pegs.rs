//! Peg solitaire's messages: its jobs and answers (positions as hexadecimal text: a 64-bit word does not fit a
//! JSON number exactly), and its arm of [`crate::execute`].

use serde::{Deserialize, Serialize};

use peg_solitaire::{Board, Finish, Position, Verdict};

/// A board as it travels: a name, or a text layout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardDto {
    /// `english`, `french`, `triangle`, `diamond`.
    Named(String),
    /// A layout (`o` a hole, `.` none).
    Layout(String),
}

impl BoardDto {
    /// The board, or why not.
    pub fn board(&self) -> Result<Board, String> {
        match self {
            BoardDto::Named(n) => Board::named(n),
            BoardDto::Layout(text) => Board::parse(text),
        }
        .map_err(|e| e.to_string())
    }
}

/// Where a game ends, as it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinishDto {
    /// One peg, in this hole (bit index).
    Hole {
        /// The hole.
        hole: u8,
    },
    /// One peg anywhere.
    AnyOne,
    /// Until no jump is left.
    DeadEnd,
}

impl From<FinishDto> for Finish {
    fn from(f: FinishDto) -> Finish {
        match f {
            FinishDto::Hole { hole } => Finish::Hole(hole),
            FinishDto::AnyOne => Finish::AnyOne,
            FinishDto::DeadEnd => Finish::DeadEnd,
        }
    }
}

impl From<Finish> for FinishDto {
    fn from(f: Finish) -> FinishDto {
        match f {
            Finish::Hole(hole) => FinishDto::Hole { hole },
            Finish::AnyOne => FinishDto::AnyOne,
            Finish::DeadEnd => FinishDto::DeadEnd,
        }
    }
}

/// A position as hexadecimal text (bit `i`: a peg in hole `i`).
pub fn position_text(pos: Position) -> String {
    format!("{pos:x}")
}

/// The position in `text`, checked against `board`.
pub fn parse_position(board: &Board, text: &str) -> Result<Position, String> {
    let pos = u64::from_str_radix(text, 16).map_err(|_| format!("'{text}' is not a position"))?;
    if pos & !board.full() != 0 {
        return Err("the position has pegs outside the board".into());
    }
    Ok(pos)
}

/// Peg solitaire work the worker does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PegsJob {
    /// Count every game from `position` to `finish`.
    Count {
        /// The board.
        board: BoardDto,
        /// The start.
        position: String,
        /// Where games end.
        finish: FinishDto,
    },
    /// Whether a game from `position` still reaches `finish`, why not, and (with `solution`) one that does. Answered
    /// from the game's table or opening where they hold it, else by proof or search (never given up on).
    Assess {
        /// The board.
        board: BoardDto,
        /// The game's start.
        start: String,
        /// The position.
        position: String,
        /// Where games end.
        finish: FinishDto,
        /// Whether to send one game to the finish.
        solution: bool,
    },
    /// For every legal jump from `position`, how many games through it reach `finish`. For a one-peg finish the
    /// worker builds, once per game, a table of the games from every position reachable from `start` (it keeps
    /// the latest), so that every later position is a lookup.
    JumpCounts {
        /// The board.
        board: BoardDto,
        /// The game's start.
        start: String,
        /// The position.
        position: String,
        /// Where games end.
        finish: FinishDto,
    },
    /// Build (or go on building) the table [`PegsJob::JumpCounts`] uses, without asking about a position: the page
    /// sends it after counts that came from a shipped opening book, so that the table is there when the game
    /// leaves the book. Stopped by the next job, it keeps the levels it made.
    BuildTable {
        /// The board.
        board: BoardDto,
        /// The game's start.
        start: String,
        /// Where games end.
        finish: FinishDto,
    },
    /// A start to open a board of one's own on: the first hole (the board's own start first) from which a game ends
    /// with one peg back in it, else one peg anywhere ([`peg_solitaire::winnable_start`]).
    WinnableStart {
        /// The board.
        board: BoardDto,
    },
    /// Let go of the table kept for [`PegsJob::JumpCounts`] (hundreds of MB for the English board): the page
    /// sends it when it leaves the game.
    Release,
}

/// One level of a count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelDto {
    /// Pegs on its positions.
    pub pegs: u32,
    /// Distinct positions.
    pub positions: u64,
    /// Classes stored (up to symmetry).
    pub classes: u64,
    /// Paths into it (decimal text).
    pub paths: String,
    /// Reached backwards from the finish.
    pub backward: bool,
}

/// A jump as it travels: three holes (bit indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JumpDto {
    /// The jumping peg's hole.
    pub from: u8,
    /// The hole jumped over.
    pub over: u8,
    /// The hole landed in.
    pub to: u8,
}

impl From<peg_solitaire::Jump> for JumpDto {
    fn from(j: peg_solitaire::Jump) -> Self {
        JumpDto {
            from: j.from,
            over: j.over,
            to: j.to,
        }
    }
}

/// Every game counted, as it travels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountedDto {
    /// Games (decimal text: they pass 2^64).
    pub solutions: String,
    /// Distinct positions searched.
    pub positions: u64,
    /// The levels searched, forward first.
    pub levels: Vec<LevelDto>,
    /// The most bytes the count held at once.
    pub peak_bytes: u64,
    /// Symmetries used.
    pub symmetries: u32,
    /// Pegs of the level where the two halves met, if they did.
    pub met_at: Option<u32>,
}

/// Peg solitaire answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PegsAnswer {
    /// Every game counted.
    Counted(CountedDto),
    /// Whether the finish can still be reached, and why not.
    Assessed(VerdictDto),
    /// Games through each legal jump.
    JumpCounts {
        /// `(jump, games as decimal text)`.
        counts: Vec<(JumpDto, String)>,
    },
    /// The game's table is built; how many bytes it holds.
    TableBuilt {
        /// Bytes of the table.
        bytes: u64,
    },
    /// A start that can be won and its finish (`None`: no start of the board can be won).
    WinnableStart {
        /// The start hole and the finish.
        found: Option<(u8, FinishDto)>,
    },
    /// The kept table is gone; how many bytes it held.
    Released {
        /// Bytes let go (0 when none was kept).
        bytes: u64,
    },
}

/// Whether the finish can still be reached, as it travels.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VerdictDto {
    /// Whether a game from here reaches the finish.
    pub solvable: bool,
    /// How many do (decimal text), where known.
    pub games: Option<String>,
    /// One game to the finish, when asked for.
    pub solution: Option<Vec<JumpDto>>,
    /// Why not.
    pub lost: Option<LostDto>,
    /// Where the answer came from: `rules`, `proof`, `table`, `opening`, `book`, `count`, `search`.
    pub source: String,
    /// Something a person should know about how it was answered (a book that could not be loaded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl From<Verdict> for VerdictDto {
    fn from(v: Verdict) -> VerdictDto {
        VerdictDto {
            solvable: v.solvable,
            games: v.games.map(|g| g.to_string()),
            solution: v
                .solution
                .map(|s| s.into_iter().map(JumpDto::from).collect()),
            lost: v.lost.map(LostDto::from),
            source: v.source.name().into(),
            note: None,
        }
    }
}

#[cfg(feature = "pegs")]
mod books;
mod lost;
#[cfg(feature = "pegs")]
mod run;

pub use lost::{LostDto, ParityDto};
#[cfg(feature = "pegs")]
pub(crate) use run::{Kept, fetched, run, wanted};

#[cfg(test)]
mod tests;
