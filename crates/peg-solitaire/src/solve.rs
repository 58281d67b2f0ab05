//! From any position: one game to the finish, whether it is finished, and how many games go through each legal jump.

use progress::Observer;

use crate::analysis::{Analyst, Game};
use crate::board::{Board, Jump, Position};
use crate::count::{CountError, Finish, Limits, count};

/// Whether `pos` is a finished game for `finish`.
pub fn finished(board: &Board, pos: Position, finish: Finish) -> bool {
    match finish {
        Finish::Hole(h) => pos == 1 << h,
        Finish::AnyOne => pos.count_ones() == 1,
        Finish::DeadEnd => board.jumps().iter().all(|j| !j.legal(pos)),
    }
}

/// One game from `pos` to `finish` as its jumps (empty when `pos` is already finished), `None` when there is none
/// ([`Analyst::assess`] on a game that starts here). Fails only when `observer` stops it.
pub fn solve(
    board: &Board,
    pos: Position,
    finish: Finish,
    observer: &dyn Observer,
) -> Result<Option<Vec<Jump>>, CountError> {
    let game = Game {
        board,
        start: pos,
        finish,
    };
    let verdict = Analyst::new().assess(game, pos, true, observer)?;
    Ok(verdict.solution.filter(|_| verdict.solvable))
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
