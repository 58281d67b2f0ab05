//! Peg solitaire's arm of [`crate::execute`]: what the game keeps between jobs, the winning books it fetches, and
//! one job run on the core.

use peg_solitaire::{
    Analyst, Board, CountError, Finish, Game, Limits, Position, count, winnable_start,
};
use progress::Observer;

use super::books;
use super::{CountedDto, LevelDto, PegsAnswer, PegsJob, VerdictDto, parse_position};

/// What peg solitaire keeps between jobs: the core's [`Analyst`] for the game being played (one at a time), and
/// the books that could not be fetched.
#[derive(Default)]
pub struct Kept {
    analyst: Analyst,
    pub(super) books: books::Failed,
}

/// The game an `Assess` job is about (the only job a winning book answers).
pub(super) fn assessed(job: &PegsJob) -> Option<(Board, Position, Finish)> {
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

/// The file `job` wants fetched before it runs ([`crate::wanted`]).
pub(crate) fn wanted(job: &PegsJob, kept: &Kept) -> Option<String> {
    let (board, start, finish) = assessed(job)?;
    let game = Game {
        board: &board,
        start,
        finish,
    };
    kept.books.wanted(game, &kept.analyst)
}

/// What fetching it gave ([`crate::fetched`]).
pub(crate) fn fetched(job: &PegsJob, kept: &mut Kept, bytes: Result<Vec<u8>, String>) {
    if let Some((board, start, finish)) = assessed(job) {
        let game = Game {
            board: &board,
            start,
            finish,
        };
        kept.books.fetched(game, &mut kept.analyst, bytes);
    }
}

/// Runs one peg solitaire job on the core.
pub(crate) fn run(
    job: &PegsJob,
    kept: &mut Kept,
    observer: &dyn Observer,
) -> Result<PegsAnswer, String> {
    // Every job names a game's board, finish and a position; the jobs about a game in play also its start (a count
    // or a table starts at its position).
    let (board, start, position, finish) = match job {
        PegsJob::Release => {
            // A book that did not come is tried again when the game is played again.
            kept.books.clear();
            return Ok(PegsAnswer::Released {
                bytes: kept.analyst.release(),
            });
        }
        PegsJob::WinnableStart { board } => {
            let found = winnable_start(&board.board()?, observer).map_err(|e| e.to_string())?;
            return Ok(PegsAnswer::WinnableStart {
                found: found.map(|(h, f)| (h, f.into())),
            });
        }
        PegsJob::Count {
            board,
            position,
            finish,
        }
        | PegsJob::BuildTable {
            board,
            start: position,
            finish,
        } => (board.board()?, position, position, Finish::from(*finish)),
        PegsJob::Assess {
            board,
            start,
            position,
            finish,
            ..
        }
        | PegsJob::JumpCounts {
            board,
            start,
            position,
            finish,
        } => (board.board()?, start, position, Finish::from(*finish)),
    };
    let pos = parse_position(&board, position)?;
    let game = Game {
        board: &board,
        start: parse_position(&board, start)?,
        finish,
    };
    finish
        .on(&board)
        .map_err(|h| CountError::NoSuchHole(h).to_string())?;
    match job {
        PegsJob::Count { .. } => {
            let c = count(&board, pos, finish, &Limits::BROWSER, observer)
                .map_err(|e| e.to_string())?;
            Ok(PegsAnswer::Counted(CountedDto {
                solutions: c.solutions.to_string(),
                positions: c.positions,
                levels: c
                    .levels
                    .iter()
                    .map(|l| LevelDto {
                        pegs: l.pegs,
                        positions: l.positions,
                        classes: l.classes,
                        paths: l.paths.to_string(),
                        backward: l.backward,
                    })
                    .collect(),
                peak_bytes: c.peak_bytes,
                symmetries: c.symmetries as u32,
                met_at: c.met_at,
            }))
        }
        PegsJob::Assess { solution, .. } => {
            let verdict = kept
                .analyst
                .assess(game, pos, *solution, observer)
                .map_err(|e| e.to_string())?;
            let mut verdict = VerdictDto::from(verdict);
            if verdict.source != "book" {
                verdict.note = kept.books.missing(game);
            }
            Ok(PegsAnswer::Assessed(verdict))
        }
        PegsJob::JumpCounts { .. } => {
            let counts = kept
                .analyst
                .jump_counts(game, pos, observer)
                .map_err(|e| e.to_string())?;
            Ok(PegsAnswer::JumpCounts {
                counts: counts
                    .into_iter()
                    .map(|(j, n)| (j.into(), n.to_string()))
                    .collect(),
            })
        }
        PegsJob::BuildTable { .. } => kept
            .analyst
            .table(game, observer)
            .map(|t| PegsAnswer::TableBuilt { bytes: t.bytes() })
            .map_err(|e| e.to_string()),
        // Answered above, before a game is read.
        PegsJob::Release | PegsJob::WinnableStart { .. } => {
            Err("a job without a game reached the game's arm".into())
        }
    }
}
