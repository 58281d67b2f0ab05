//! Opening books: the games to the finish from every position of a game's first jumps, written by
//! [`crate::Table::opening`] and shipped, so that the games through each jump are there at once while the
//! game's own table (seconds to build) is still being made. One book so far: the English board's classic game,
//! centre to centre.

use crate::board::{Board, Jump, Position};
use crate::count::{checked, group_for};
use crate::finish::Finish;
use crate::symmetry::Symmetry;
use crate::varint;

pub(crate) mod english;

/// The book for one game: positions (canonical under the game's symmetry group) with their games, sorted.
#[derive(Debug)]
pub struct Opening {
    symmetry: Symmetry,
    entries: Vec<(Position, u64)>,
}

/// A book's entries as it ships: the positions, each as its difference from the one before (they are sorted, so the
/// differences are small), then the games, all as LEB128 varints; two runs of like numbers compress better than
/// pairs. Games past 64 bits do not fit: no shipped book has them (the whole English game's
/// 40,861,647,040,079,968 does). The tests write and check the shipped books with it.
#[cfg(test)]
pub(crate) fn encode(entries: &[(Position, u128)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut before = 0;
    for &(pos, _) in entries {
        varint::write(&mut out, pos - before);
        before = pos;
    }
    for &(_, games) in entries {
        varint::write(&mut out, u64::try_from(games).unwrap_or(u64::MAX));
    }
    out
}

/// The entries `encode` wrote.
fn decode(bytes: &[u8]) -> Vec<(Position, u64)> {
    let mut numbers = Vec::new();
    let mut at = 0;
    while let Some((x, used)) = varint::read(&bytes[at..]) {
        numbers.push(x);
        at += used;
    }
    let (steps, games) = numbers.split_at(numbers.len() / 2);
    let mut pos = 0;
    steps
        .iter()
        .zip(games)
        .map(|(step, &games)| {
            pos += step;
            (pos, games)
        })
        .collect()
}

/// The levels after the start each shipped book holds.
pub const OPENING_LEVELS: usize = english::LEVELS;

impl Opening {
    /// Whether a book ships for games on `board` from `start` to `finish`, without reading it: the page asks this
    /// (how the counts through each jump are made), and the books themselves ride in the worker only.
    pub fn ships(board: &Board, start: Position, finish: Finish) -> bool {
        board.hole(3, 3).is_some_and(|centre| {
            Board::named("english").is_ok_and(|english| *board == english)
                && start == board.full() & !(1 << centre)
                && finish == Finish::Hole(centre)
        })
    }

    /// The shipped book for games on `board` from `start` to `finish`, if there is one.
    pub fn find(board: &Board, start: Position, finish: Finish) -> Option<Opening> {
        if !Opening::ships(board, start, finish) {
            return None;
        }
        let (_, finals) = checked(board, start, finish).ok()?;
        Some(Opening {
            symmetry: group_for(board, start, finish, &finals, true),
            entries: decode(english::CENTRE_TO_CENTRE),
        })
    }

    /// Games to the finish from `pos`, if the book holds its class.
    pub fn games_from(&self, pos: Position) -> Option<u128> {
        let c = self.symmetry.canonical(pos);
        self.entries
            .binary_search_by_key(&c, |e| e.0)
            .ok()
            .map(|i| u128::from(self.entries[i].1))
    }

    /// Every legal jump from `pos` with the games through it, if the book holds every position they lead to.
    pub fn jump_counts(&self, board: &Board, pos: Position) -> Option<Vec<(Jump, u128)>> {
        board
            .jumps()
            .iter()
            .filter(|j| j.legal(pos))
            .map(|&j| self.games_from(pos ^ j.mask()).map(|n| (j, n)))
            .collect()
    }
}
