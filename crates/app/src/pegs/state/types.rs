//! The peg solitaire game's vocabulary: the settings a game starts from, what it asks the worker, what it knows of
//! the games from here, and everything that can happen to it.

use peg_solitaire::{Finish, Jump};
use protocol::pegs::LostDto;
use protocol::{Job, Outcome};

/// The settings a game starts from (and its link).
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The board's name (`english`, ..., or `custom`).
    pub board: String,
    /// A board of your own: its layout, one line per row.
    pub layout: Option<String>,
    /// The empty hole at the start.
    pub start: u8,
    /// Where games end.
    pub finish: Finish,
    /// Jumps played (replayed from a link).
    pub moves: Vec<Jump>,
    /// The compact layout for embedding.
    pub embed: bool,
    /// Whether the board shows how many games go through each jump (the heat map; `heat=0` in a link hides it, for
    /// a puzzle with no hints).
    pub heat: bool,
    /// A board of one's own opened with no start, finish or jump named: the game opens on a start that can be won
    /// (looked for on the worker) where its own start cannot be.
    pub seek_start: bool,
}

/// What looking for a start that can be won found, on a board of one's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartFound {
    /// Being looked for.
    Seeking,
    /// The board's own start could not be won; the game opened on another, moved from this hole.
    MovedFrom(u8),
    /// No start of the board can be won.
    None,
}

/// What the worker is asked for now.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// Sequence number: answers to older ones are dropped.
    pub seq: u32,
    /// The job.
    pub job: Job,
}

/// What the game knows about the games from here.
#[derive(Clone, Debug, PartialEq)]
pub enum Outlook {
    /// Being worked out.
    Asking,
    /// A game from here reaches the finish.
    Solvable,
    /// None does, and this is why (no jump left, a proof drawn on the board, or every game looked at).
    Lost(LostDto),
    /// The worker could not say.
    Unknown(String),
}

/// Everything that can happen.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A hole was clicked (or activated by keyboard): pick a peg up, put it down, or jump.
    Hole(u8),
    /// Put the picked-up peg down (Escape).
    Drop,
    /// Take back the last jump.
    Undo,
    /// Play the last undone jump again.
    Redo,
    /// Back to the start.
    Restart,
    /// Find a solution from here and show it.
    ShowSolution,
    /// Play the next jump of the solution being shown.
    StepSolution,
    /// An answer to request `seq`.
    Done(u32, Outcome),
    /// A count of every game started (`true`) or ended: the table's build waits for it.
    CountRunning(bool),
    /// The worker reports progress on request `seq`: the levels of the game's table made so far, out of all, while
    /// it builds one.
    Working(u32, Option<(u64, u64)>),
}
