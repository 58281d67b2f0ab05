//! From any position: one game to the finish (a depth-first search that remembers the positions it found
//! hopeless), and how many games go through each legal jump.

use std::collections::HashSet;

use progress::Observer;

use crate::board::{Board, Jump, Position, Symmetry};
use crate::count::{CountError, Finish, Limits, count};

/// Why no solution came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The search visited its budget of positions without an answer.
    Budget,
    /// The observer asked to stop.
    Cancelled,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Budget => f.write_str("the search for a solution ran out of its budget"),
            SolveError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Whether `pos` is a finished game for `finish`.
pub fn finished(board: &Board, pos: Position, finish: Finish) -> bool {
    match finish {
        Finish::Hole(h) => pos == 1 << h,
        Finish::AnyOne => pos.count_ones() == 1,
        Finish::DeadEnd => board.jumps().iter().all(|j| !j.legal(pos)),
    }
}

/// One game from `pos` to `finish` as its jumps (empty when `pos` is already finished), `None` when there is none;
/// at most `budget` positions are visited.
pub fn solve(
    board: &Board,
    pos: Position,
    finish: Finish,
    budget: u64,
    observer: &dyn Observer,
) -> Result<Option<Vec<Jump>>, SolveError> {
    let finals: Vec<Position> = match finish {
        Finish::Hole(h) => vec![1 << h],
        _ => (0..board.holes().len()).map(|h| 1u64 << h).collect(),
    };
    // A symmetry that maps the finishes onto themselves keeps a hopeless position hopeless.
    let symmetry = Symmetry::keeping_set(board, &finals);
    let mut search = Dfs {
        board,
        finish,
        symmetry,
        hopeless: HashSet::new(),
        visited: 0,
        budget,
        observer,
        path: Vec::new(),
    };
    // Only a finish of the start's position class can be reached (every reachable position keeps it).
    if !finals.is_empty()
        && finish != Finish::DeadEnd
        && finals
            .iter()
            .all(|&f| board.class_of(f) != board.class_of(pos))
    {
        return Ok(None);
    }
    match search.walk(pos)? {
        true => Ok(Some(search.path)),
        false => Ok(None),
    }
}

struct Dfs<'a> {
    board: &'a Board,
    finish: Finish,
    symmetry: Symmetry,
    hopeless: HashSet<Position>,
    visited: u64,
    budget: u64,
    observer: &'a dyn Observer,
    path: Vec<Jump>,
}

impl Dfs<'_> {
    fn walk(&mut self, pos: Position) -> Result<bool, SolveError> {
        if finished(self.board, pos, self.finish) {
            return Ok(true);
        }
        if matches!(self.finish, Finish::Hole(_) | Finish::AnyOne) && pos.count_ones() <= 1 {
            return Ok(false);
        }
        let key = self.symmetry.canonical(pos);
        if self.hopeless.contains(&key) {
            return Ok(false);
        }
        self.visited += 1;
        if self.visited > self.budget {
            return Err(SolveError::Budget);
        }
        if self.visited.is_multiple_of(4096) && !self.observer.keep_going() {
            return Err(SolveError::Cancelled);
        }
        for &j in self.board.jumps() {
            if j.legal(pos) {
                self.path.push(j);
                if self.walk(pos ^ j.mask())? {
                    return Ok(true);
                }
                self.path.pop();
            }
        }
        self.hopeless.insert(key);
        Ok(false)
    }
}

/// Every legal jump from `pos` with the number of games through it that reach `finish`.
pub fn jump_counts(
    board: &Board,
    pos: Position,
    finish: Finish,
    limits: &Limits,
    observer: &dyn Observer,
) -> Result<Vec<(Jump, u128)>, CountError> {
    board
        .jumps()
        .iter()
        .filter(|j| j.legal(pos))
        .map(|&j| {
            let next = pos ^ j.mask();
            let n = if finished(board, next, finish) {
                1
            } else {
                count(board, next, finish, limits, observer)?.solutions
            };
            Ok((j, n))
        })
        .collect()
}
