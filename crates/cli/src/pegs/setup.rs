//! Which board, where it starts and where it ends: the options every `pegs` command shares, read and checked.

use clap::Args;
use peg_solitaire::{Board, Finish, Position};

/// Which board, where it starts and where it ends.
#[derive(Args, Clone)]
pub(crate) struct Game {
    /// A named board: english, french, triangle, diamond.
    #[arg(long, default_value = "english")]
    board: String,
    /// A custom board from a text layout file ('o' a hole, '.' or ' ' none; a first line 'triangle' for a
    /// triangular grid); instead of --board.
    #[arg(long, value_name = "FILE")]
    board_file: Option<std::path::PathBuf>,
    /// The empty hole at the start: its column letter and row number, like d4 (default: the centre, the top of
    /// a triangle, d2 on the French board).
    #[arg(long)]
    start: Option<String>,
    /// Where the game ends: a hole like d4 (the last peg there), any-one (one peg anywhere), or dead-end (until no
    /// jump is left). Default: the start hole (d6 from the French board's d2).
    #[arg(long)]
    finish: Option<String>,
}

/// A game read from the command line and checked: the board, its start and finish.
pub(crate) struct Setup {
    pub(super) board: Board,
    pub(super) start: Position,
    pub(super) start_hole: u8,
    pub(super) finish: Finish,
}

impl Game {
    /// The game these options name, or what is wrong with them.
    pub(super) fn setup(&self) -> Result<Setup, String> {
        let board = match &self.board_file {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("--board-file {}: {e}", path.display()))?;
                Board::parse(&text).map_err(|e| format!("--board-file {}: {e}", path.display()))?
            }
            None => Board::named(&self.board).map_err(|e| e.to_string())?,
        };
        let s = match &self.start {
            Some(text) => board
                .parse_hole(text)
                .map_err(|e| format!("--start: {e}"))?,
            None => board.default_start(),
        };
        let finish = match self.finish.as_deref() {
            None if self.start.is_none() => Finish::Hole(board.default_finish(s)),
            None => Finish::Hole(s),
            Some(text) => Finish::parse(&board, text).map_err(|e| format!("--finish: {e}"))?,
        };
        let start = board.full() & !(1 << s);
        Ok(Setup {
            board,
            start,
            start_hole: s,
            finish,
        })
    }
}
