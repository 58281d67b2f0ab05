//! Where a game ends, as links and the command line write it, and whether a position is there.

use std::fmt;

use crate::board::{Board, Position};

/// Where a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// One peg left, in this hole.
    Hole(u8),
    /// One peg left, anywhere.
    AnyOne,
    /// Played until no jump is left, however many pegs remain.
    DeadEnd,
}

impl fmt::Display for Finish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finish::Hole(h) => write!(f, "hole {h}"),
            Finish::AnyOne => f.write_str("any-one"),
            Finish::DeadEnd => f.write_str("dead-end"),
        }
    }
}

impl Finish {
    /// This finish, where it is on `board`; else the hole past the board's last that it names. The one check of a
    /// finish that came from outside (a count's caller, a job).
    pub fn on(self, board: &Board) -> Result<Finish, u8> {
        match self {
            Finish::Hole(h) if usize::from(h) >= board.holes().len() => Err(h),
            finish => Ok(finish),
        }
    }

    /// The finish as links and the command line write it: a hole (`d4`), `any-one` or `dead-end`.
    pub fn text(self, board: &Board) -> String {
        match self {
            Finish::Hole(h) => board.hole_text(h),
            Finish::AnyOne => "any-one".into(),
            Finish::DeadEnd => "dead-end".into(),
        }
    }

    /// The finish written as a hole (`d4`, or the old `3,3`), `any-one` or `dead-end`, or why it is none.
    pub fn parse(board: &Board, text: &str) -> Result<Finish, String> {
        match text {
            "any-one" => Ok(Finish::AnyOne),
            "dead-end" => Ok(Finish::DeadEnd),
            hole => board
                .parse_hole(hole)
                .map(Finish::Hole)
                .map_err(|e| format!("{e}, nor any-one or dead-end")),
        }
    }
}

/// Whether `pos` is a finished game for `finish`.
pub fn finished(board: &Board, pos: Position, finish: Finish) -> bool {
    match finish {
        Finish::Hole(h) => pos == 1 << h,
        Finish::AnyOne => pos.count_ones() == 1,
        Finish::DeadEnd => board.jumps().iter().all(|j| !j.legal(pos)),
    }
}
