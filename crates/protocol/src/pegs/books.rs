//! The winning books a peg solitaire game needs from the page's server (the diamond's early positions: see
//! [`peg_solitaire::WinningBook`]): which file a job wants before it runs, and what its fetch gave. The worker
//! fetches; a book that did not come is not asked for again, and the answers that could have used it say so.

use peg_solitaire::{Board, Finish, Game, Position, WinningBook};

use super::{Kept, PegsJob, parse_position};

/// The game an `Assess` job is about: board, start, finish.
fn assessed(job: &PegsJob) -> Option<(Board, Position, Finish)> {
    let PegsJob::Assess {
        board,
        start,
        finish,
        ..
    } = job
    else {
        return None;
    };
    let board = board.board().ok()?;
    let start = parse_position(&board, start).ok()?;
    Some((board, start, Finish::from(*finish)))
}

/// The file (at the root of the page's build) `job` wants before it runs, where its game ships a book not yet kept
/// and not already failed.
pub(crate) fn wanted(job: &PegsJob, kept: &Kept) -> Option<String> {
    let (board, start, finish) = assessed(job)?;
    let file = WinningBook::file_for(&board, start, finish)?;
    let game = Game {
        board: &board,
        start,
        finish,
    };
    let failed = kept.books_failed.iter().any(|(f, _)| f == file);
    (!kept.analyst.has_book(game) && !failed).then(|| file.to_string())
}

/// What fetching the file `job` wanted gave: the book kept for its game, or why not (kept too, for the answers).
pub(crate) fn fetched(job: &PegsJob, kept: &mut Kept, bytes: Result<Vec<u8>, String>) {
    let Some((board, start, finish)) = assessed(job) else {
        return;
    };
    let Some(file) = WinningBook::file_for(&board, start, finish) else {
        return;
    };
    match bytes.and_then(|b| WinningBook::read(&board, start, finish, &b)) {
        Ok(book) => kept.analyst.give_book(book),
        Err(why) => kept.books_failed.push((file.to_string(), why)),
    }
}

/// For an answer about `job`'s game: why the book it could have used did not come, if it did not.
pub(crate) fn missing(job: &PegsJob, kept: &Kept) -> Option<String> {
    let (board, start, finish) = assessed(job)?;
    let file = WinningBook::file_for(&board, start, finish)?;
    kept.books_failed
        .iter()
        .find(|(f, _)| f == file)
        .map(|(_, why)| {
            format!(
                "The book of this game's early positions could not be loaded ({why}), so this was searched for instead."
            )
        })
}
