//! From any position, how many games through each legal jump reach the finish, each counted directly (the
//! per-jump counts of a game without a table: to a dead end).

use progress::Observer;

use crate::board::{Board, Jump, Position};
use crate::count::{CountError, Limits, count};
use crate::finish::{Finish, finished};

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
