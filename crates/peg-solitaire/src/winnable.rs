//! Which start of a board of one's own can be won: the start a page opens such a board on.

use progress::Observer;

use crate::analysis::finals;
use crate::board::{Board, Position};
use crate::count::CountError;
use crate::finish::Finish;
use crate::pagoda;
use crate::rule_of_three::class_proof;
use crate::search::{Run, search};

/// A start to open a board of one's own on, and its finish: the first start hole (the board's own start first, then
/// one hole of each class alike under its symmetries, in reading order) from which a game ends with one peg back in
/// that hole; else the first from which one peg anywhere can be left; `None` where no start can be won. Each
/// candidate is searched in rounds of twice the positions each time, so that one hard start does not hold up the
/// others (the most preferred of those a round finds is taken), but the board's own game is settled first: another
/// start is taken only once no game from the board's own start ends back in it. Fails only when `observer` stops it.
pub fn winnable_start(
    board: &Board,
    observer: &dyn Observer,
) -> Result<Option<(u8, Finish)>, CountError> {
    let first = board.default_start();
    let mut starts = vec![first];
    starts.extend(crate::starts::start_holes(board).into_iter().filter(|&h| {
        crate::starts::class_hole(board, h) != crate::starts::class_hole(board, first)
    }));
    // Every game worth searching, most preferred first, with the finishes it may end on.
    let mut open: Vec<(u8, Finish, Vec<Position>)> = [true, false]
        .iter()
        .flat_map(|&back| starts.iter().map(move |&h| (h, back)))
        .map(|(h, back)| {
            let finish = if back {
                Finish::Hole(h)
            } else {
                Finish::AnyOne
            };
            (h, finish, finals(board, finish))
        })
        .filter(|(h, _, ends)| {
            let pos = board.full() & !(1u64 << h);
            class_proof(board, pos, ends).is_none() && pagoda::find(board, pos, ends).is_none()
        })
        .collect();
    // The board's own game is settled before another start is taken (the page then says it cannot be won).
    let own = (first, Finish::Hole(first));
    let (mut budget, mut spent) = (1u64 << 16, 0u64);
    let mut found = None;
    while !open.is_empty() {
        let mut settled = Vec::new();
        for (i, (h, finish, ends)) in open.iter().enumerate() {
            if found.is_some() && (*h, *finish) != own {
                continue;
            }
            let pos = board.full() & !(1u64 << h);
            let run = Run {
                budget,
                seed: 0,
                spent,
            };
            match search(&mut None, board, pos, *finish, ends, run, observer)? {
                Some(Some(_)) if (*h, *finish) == own => return Ok(Some(own)),
                Some(Some(_)) => found = found.or(Some((*h, *finish))),
                Some(None) => settled.push(i),
                None => spent = spent.saturating_add(budget),
            }
        }
        for i in settled.into_iter().rev() {
            open.remove(i);
        }
        if found.is_some() && !open.iter().any(|(h, f, _)| (*h, *f) == own) {
            return Ok(found);
        }
        budget = budget.saturating_mul(2);
    }
    Ok(found)
}
