//! A beam search: from a position, keep only the most promising positions after each jump (pegs close to where the
//! game ends, few pegs with no neighbour), looking for one game to the finish. It proves nothing (a position it drops
//! may have been the only way), but on boards too big for the game's table, where the depth-first search may need
//! hours, it often finds a game in seconds: the diamond board's d2 to one peg in about 2 s, where the depth-first
//! search had none after 20 minutes.

use std::collections::HashMap;

use progress::{Flow, Observer, Progress};

use crate::board::{Board, Jump, Position};
use crate::count::CountError;
use crate::finish::{Finish, finished};
use crate::search::{POSITIONS, from_finishes};

/// Positions kept after each jump: about 2 s for the 40 jumps of the diamond board natively, 20 MB.
pub(crate) const WIDTH: usize = 20_000;

/// One kept position: where it came from (an index in the level before) and by which jump.
struct Kept {
    parent: u32,
    jump: Jump,
}

/// A game from `pos` to `finish` (one of `finals`), if the beam of `width` finds one; fails only when `observer`
/// stops it.
pub(crate) fn beam(
    board: &Board,
    pos: Position,
    finish: Finish,
    finals: &[Position],
    width: usize,
    observer: &dyn Observer,
) -> Result<Option<Vec<Jump>>, CountError> {
    let score = scorer(board, finals);
    let mut levels: Vec<Vec<Kept>> = Vec::new();
    let mut current = vec![pos];
    let mut seen = 0u64;
    while !current.is_empty() {
        let mut children: HashMap<Position, (u32, Jump)> = HashMap::new();
        for (i, &p) in current.iter().enumerate() {
            board.for_each_legal(p, |j| {
                children.entry(p ^ j.mask()).or_insert((i as u32, j));
            });
        }
        seen += children.len() as u64;
        if let Some(&(parent, jump)) = children
            .iter()
            .find(|(c, _)| finished(board, **c, finish))
            .map(|(_, k)| k)
        {
            levels.push(vec![Kept { parent, jump }]);
            return Ok(Some(path(&levels)));
        }
        let mut ranked: Vec<(u32, Position, u32, Jump)> = children
            .into_iter()
            .filter(|(c, _)| c.count_ones() > 1)
            .map(|(c, (parent, jump))| (score(c), c, parent, jump))
            .collect();
        if ranked.len() > width {
            ranked.select_nth_unstable_by_key(width, |r| r.0);
            ranked.truncate(width);
        }
        current = ranked.iter().map(|r| r.1).collect();
        levels.push(
            ranked
                .into_iter()
                .map(|(_, _, parent, jump)| Kept { parent, jump })
                .collect(),
        );
        let flow = observer.report(Progress::Tally {
            done: seen,
            total: 0,
            unit: POSITIONS,
        });
        if flow == Flow::Stop || !observer.keep_going() {
            return Err(CountError::Cancelled);
        }
    }
    Ok(None)
}

/// The jumps to the last level's only position, walked back through the parents.
fn path(levels: &[Vec<Kept>]) -> Vec<Jump> {
    let mut jumps = Vec::with_capacity(levels.len());
    let mut at = 0usize;
    for level in levels.iter().rev() {
        let k = &level[at];
        jumps.push(k.jump);
        at = k.parent as usize;
    }
    jumps.reverse();
    jumps
}

/// How unpromising a position is (lower is better): each peg's distance (in jumps' steps, row plus column) from the
/// finishes' centre, and a penalty for each peg no jump can take or move (no peg next to it).
fn scorer(board: &Board, finals: &[Position]) -> impl Fn(Position) -> u32 {
    let holes = board.holes();
    let (offsets, n) = from_finishes(board, finals);
    // Twice the distance, in whole numbers (the centre of several finishes may fall between holes).
    let far: Vec<u32> = offsets
        .iter()
        .map(|&(dr, dc)| ((2 * dr).abs() + (2 * dc).abs()) as u32 / n as u32)
        .collect();
    let neighbours: Vec<Position> = (0..holes.len())
        .map(|h| {
            board
                .jumps()
                .iter()
                .filter(|j| usize::from(j.from) == h)
                .map(|j| 1u64 << j.over)
                .fold(0, |a, b| a | b)
        })
        .collect();
    move |p: Position| {
        let mut total = 0;
        let mut rest = p;
        while rest != 0 {
            let h = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            total += far[h];
            if p & neighbours[h] == 0 {
                total += 12;
            }
        }
        total
    }
}
