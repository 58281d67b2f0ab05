//! The winning books a peg solitaire game needs from the page's server (the diamond's early positions: see
//! [`peg_solitaire::WinningBook`]): which file a game wants before a job about it runs, and what its fetch gave.
//! The worker fetches; a book that did not come is not asked for again until the game is let go of, and the
//! answers that could have used it say so.

use peg_solitaire::{Analyst, Game, WinningBook};

/// The books that could not be fetched: file, and why.
#[derive(Default)]
pub(crate) struct Failed(Vec<(String, String)>);

impl Failed {
    /// The file `game` wants, where it ships a book the analyst does not hold yet and that has not failed.
    pub(crate) fn wanted(&self, game: Game, analyst: &Analyst) -> Option<String> {
        let file = WinningBook::file_for(game.board, game.start, game.finish)?;
        let failed = self.0.iter().any(|(f, _)| f == file);
        (!analyst.has_book(game) && !failed).then(|| file.to_string())
    }

    /// What fetching `game`'s book gave: the book, given to the analyst, or why not (kept, for the answers).
    pub(crate) fn fetched(
        &mut self,
        game: Game,
        analyst: &mut Analyst,
        bytes: Result<Vec<u8>, String>,
    ) {
        let Some(file) = WinningBook::file_for(game.board, game.start, game.finish) else {
            return;
        };
        match bytes.and_then(|b| WinningBook::read(game.board, game.start, game.finish, &b)) {
            Ok(book) => analyst.give_book(book),
            Err(why) => self.0.push((file.to_string(), why)),
        }
    }

    /// For an answer about `game`: why the book it could have used did not come, if it did not.
    pub(crate) fn missing(&self, game: Game) -> Option<String> {
        let file = WinningBook::file_for(game.board, game.start, game.finish)?;
        self.0.iter().find(|(f, _)| f == file).map(|(_, why)| {
            format!(
                "The book of this game's early positions could not be loaded ({why}), so this was searched for instead."
            )
        })
    }

    /// Forgets the failures: the books are tried again.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }
}
