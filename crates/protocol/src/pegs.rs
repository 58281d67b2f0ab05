//! Peg solitaire's messages: its jobs and answers (positions as hexadecimal text: a 64-bit word does not fit a
//! JSON number exactly), and its arm of [`crate::execute`].

use serde::{Deserialize, Serialize};

use std::sync::{Arc, Mutex};

use peg_solitaire::{
    Board, Finish, Limits, Opening, Position, Table, TableBuild, count, jump_counts, solve,
};
use progress::Observer;

use crate::Answer;

/// A board as it travels: a name, or a text layout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardDto {
    /// `english`, `french`, `triangle`, `diamond`.
    Named(String),
    /// A layout (`o` a hole, `.` none).
    Layout(String),
}

impl BoardDto {
    /// The board, or why not.
    pub fn board(&self) -> Result<Board, String> {
        match self {
            BoardDto::Named(n) => Board::named(n),
            BoardDto::Layout(text) => Board::parse(text),
        }
        .map_err(|e| e.to_string())
    }
}

/// Where a game ends, as it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum FinishDto {
    /// One peg, in this hole (bit index).
    Hole {
        /// The hole.
        hole: u8,
    },
    /// One peg anywhere.
    AnyOne,
    /// Until no jump is left.
    DeadEnd,
}

impl From<FinishDto> for Finish {
    fn from(f: FinishDto) -> Finish {
        match f {
            FinishDto::Hole { hole } => Finish::Hole(hole),
            FinishDto::AnyOne => Finish::AnyOne,
            FinishDto::DeadEnd => Finish::DeadEnd,
        }
    }
}

impl From<Finish> for FinishDto {
    fn from(f: Finish) -> FinishDto {
        match f {
            Finish::Hole(hole) => FinishDto::Hole { hole },
            Finish::AnyOne => FinishDto::AnyOne,
            Finish::DeadEnd => FinishDto::DeadEnd,
        }
    }
}

/// A position as hexadecimal text (bit `i`: a peg in hole `i`).
pub fn position_text(pos: Position) -> String {
    format!("{pos:x}")
}

/// The position in `text`, checked against `board`.
pub fn parse_position(board: &Board, text: &str) -> Result<Position, String> {
    let pos = u64::from_str_radix(text, 16).map_err(|_| format!("'{text}' is not a position"))?;
    if pos & !board.full() != 0 {
        return Err("the position has pegs outside the board".into());
    }
    Ok(pos)
}

/// Peg solitaire work the worker does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum PegsJob {
    /// Count every game from `position` to `finish`.
    Count {
        /// The board.
        board: BoardDto,
        /// The start.
        position: String,
        /// Where games end.
        finish: FinishDto,
    },
    /// Find one game from `position` to `finish`.
    Solve {
        /// The board.
        board: BoardDto,
        /// Where to start.
        position: String,
        /// Where games end.
        finish: FinishDto,
    },
    /// For every legal jump from `position`, how many games through it reach `finish`. For a one-peg finish the
    /// worker builds, once per game, a table of the games from every position reachable from `start` (it keeps
    /// the latest), so that every later position is a lookup.
    JumpCounts {
        /// The board.
        board: BoardDto,
        /// The game's start.
        start: String,
        /// The position.
        position: String,
        /// Where games end.
        finish: FinishDto,
    },
    /// Build (or go on building) the table [`PegsJob::JumpCounts`] uses, without asking about a position: the page
    /// sends it after counts that came from a shipped opening book, so that the table is there when the game
    /// leaves the book. Stopped by the next job, it keeps the levels it made.
    BuildTable {
        /// The board.
        board: BoardDto,
        /// The game's start.
        start: String,
        /// Where games end.
        finish: FinishDto,
    },
    /// Let go of the table kept for [`PegsJob::JumpCounts`] (hundreds of MB for the English board): the page
    /// sends it when it leaves the game.
    Release,
}

/// One level of a count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelDto {
    /// Pegs on its positions.
    pub pegs: u32,
    /// Distinct positions.
    pub positions: u64,
    /// Classes stored (up to symmetry).
    pub classes: u64,
    /// Paths into it (decimal text).
    pub paths: String,
    /// Reached backwards from the finish.
    pub backward: bool,
}

/// A jump as it travels: three holes (bit indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JumpDto {
    /// The jumping peg's hole.
    pub from: u8,
    /// The hole jumped over.
    pub over: u8,
    /// The hole landed in.
    pub to: u8,
}

impl From<peg_solitaire::Jump> for JumpDto {
    fn from(j: peg_solitaire::Jump) -> Self {
        JumpDto {
            from: j.from,
            over: j.over,
            to: j.to,
        }
    }
}

/// Peg solitaire answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum PegsAnswer {
    /// Every game counted.
    Counted {
        /// Games (decimal text: they pass 2^64).
        solutions: String,
        /// Distinct positions searched.
        positions: u64,
        /// The levels searched, forward first.
        levels: Vec<LevelDto>,
        /// The most bytes the count held at once.
        peak_bytes: u64,
        /// Symmetries used.
        symmetries: u32,
        /// Pegs of the level where the two halves met, if they did.
        met_at: Option<u32>,
    },
    /// One game, or none.
    Solved {
        /// Its jumps; `None` when no game reaches the finish.
        jumps: Option<Vec<JumpDto>>,
    },
    /// Games through each legal jump.
    JumpCounts {
        /// `(jump, games as decimal text)`.
        counts: Vec<(JumpDto, String)>,
    },
    /// The game's table is built; how many bytes it holds.
    TableBuilt {
        /// Bytes of the table.
        bytes: u64,
    },
    /// The kept table is gone; how many bytes it held.
    Released {
        /// Bytes let go (0 when none was kept).
        bytes: u64,
    },
}

impl TryFrom<Answer> for PegsAnswer {
    type Error = Answer;
    fn try_from(answer: Answer) -> Result<Self, Answer> {
        match answer {
            Answer::Pegs(a) => Ok(a),
            other => Err(other),
        }
    }
}

/// The table of games from every position for the game being played, kept between jobs (one game is played at a
/// time): built, or being built. A build stopped by a newer job (the person jumped before it was done) keeps the
/// levels it made, and the next request for the same game goes on from there instead of starting over.
enum Kept {
    Built(Arc<Table>),
    Building(Box<TableBuild>),
}

static TABLE: Mutex<Option<Kept>> = Mutex::new(None);

/// The table for games on `board` from `start` to `finish`: the one kept, the one being built finished, or a new
/// one (which replaces it).
fn table(
    board: &Board,
    start: Position,
    finish: Finish,
    observer: &dyn Observer,
) -> Result<Arc<Table>, peg_solitaire::CountError> {
    let kept = TABLE.lock().ok().and_then(|mut k| k.take());
    let mut build = match kept {
        Some(Kept::Built(t)) if t.answers(board, start, finish) => {
            if let Ok(mut k) = TABLE.lock() {
                *k = Some(Kept::Built(t.clone()));
            }
            return Ok(t);
        }
        Some(Kept::Building(b)) if b.answers(board, start, finish) => *b,
        // Any other game's table is let go before this one is built: both at once may not fit.
        other => {
            drop(other);
            TableBuild::new(board, start, finish, &Limits::BROWSER)?
        }
    };
    let ran = build.run(observer);
    let (kept, answer) = match ran {
        // Finished (even if the stop came with the last level).
        _ if build.is_finished() => match build.into_table() {
            Some(t) => {
                let t = Arc::new(t);
                (Some(Kept::Built(t.clone())), Ok(t))
            }
            None => (None, Err(peg_solitaire::CountError::Cancelled)),
        },
        Err(e @ peg_solitaire::CountError::Cancelled) => {
            (Some(Kept::Building(Box::new(build))), Err(e))
        }
        // Too big for the tab: nothing worth keeping.
        Err(e) => (None, Err(e)),
        Ok(()) => (None, Err(peg_solitaire::CountError::Cancelled)),
    };
    if let Ok(mut k) = TABLE.lock() {
        *k = kept;
    }
    answer
}

/// Positions a solution search may visit: a few seconds in a browser at most (on the English board it finishes in
/// milliseconds; on the French and diamond boards a hard start can take far longer, and the page then says it could
/// not tell rather than keep the worker busy).
const SOLVE_BUDGET: u64 = 2_000_000;

/// Runs one peg solitaire job on the core.
pub(crate) fn run(job: &PegsJob, observer: &dyn Observer) -> Result<PegsAnswer, String> {
    let (board, position, finish) = match job {
        PegsJob::Release => {
            let kept = TABLE.lock().ok().and_then(|mut t| t.take());
            return Ok(PegsAnswer::Released {
                bytes: match kept {
                    Some(Kept::Built(t)) => t.bytes(),
                    Some(Kept::Building(b)) => b.bytes(),
                    None => 0,
                },
            });
        }
        PegsJob::Count {
            board,
            position,
            finish,
        }
        | PegsJob::Solve {
            board,
            position,
            finish,
        }
        | PegsJob::JumpCounts {
            board,
            position,
            finish,
            ..
        }
        | PegsJob::BuildTable {
            board,
            start: position,
            finish,
        } => (board.board()?, position, Finish::from(*finish)),
    };
    let pos = parse_position(&board, position)?;
    if let Finish::Hole(h) = finish
        && usize::from(h) >= board.holes().len()
    {
        return Err(format!("hole {h} is not on this board"));
    }
    match job {
        PegsJob::Count { .. } => {
            let c = count(&board, pos, finish, &Limits::BROWSER, observer)
                .map_err(|e| e.to_string())?;
            Ok(PegsAnswer::Counted {
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
            })
        }
        PegsJob::Solve { .. } => {
            let jumps =
                solve(&board, pos, finish, SOLVE_BUDGET, observer).map_err(|e| e.to_string())?;
            Ok(PegsAnswer::Solved {
                jumps: jumps.map(|js| js.into_iter().map(JumpDto::from).collect()),
            })
        }
        PegsJob::JumpCounts { start, .. } => {
            let start = parse_position(&board, start)?;
            let counts = match finish {
                Finish::DeadEnd => jump_counts(&board, pos, finish, &Limits::BROWSER, observer),
                // The shipped opening first: the table takes seconds to build.
                _ => match Opening::find(&board, start, finish)
                    .and_then(|book| book.jump_counts(&board, pos))
                {
                    Some(counts) => Ok(counts),
                    None => table(&board, start, finish, observer).map(|t| t.jump_counts(pos)),
                },
            }
            .map_err(|e| e.to_string())?;
            Ok(PegsAnswer::JumpCounts {
                counts: counts
                    .into_iter()
                    .map(|(j, n)| (j.into(), n.to_string()))
                    .collect(),
            })
        }
        PegsJob::BuildTable { .. } => table(&board, pos, finish, observer)
            .map(|t| PegsAnswer::TableBuilt { bytes: t.bytes() })
            .map_err(|e| e.to_string()),
        PegsJob::Release => Ok(PegsAnswer::Released { bytes: 0 }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Job, JobObserver, Reply, execute};

    fn run_job(job: PegsJob) -> Reply<PegsAnswer> {
        execute(&Job::Pegs(job), &JobObserver::new()).reply()
    }

    /// Tests that build or drop the worker's kept table take turns (the test harness runs them on threads).
    static KEPT_TABLE: std::sync::Mutex<()> = std::sync::Mutex::new(());

    #[test]
    fn the_kept_table_is_let_go_on_request() {
        let board = BoardDto::Named("triangle".into());
        let b = board.board().expect("triangle");
        let _one_at_a_time = KEPT_TABLE.lock();
        let start = position_text(b.full() & !1);
        let Reply::Answer(PegsAnswer::JumpCounts { .. }) = run_job(PegsJob::JumpCounts {
            board,
            start: start.clone(),
            position: start,
            finish: FinishDto::AnyOne,
        }) else {
            panic!("counts")
        };
        let Reply::Answer(PegsAnswer::Released { bytes }) = run_job(PegsJob::Release) else {
            panic!("released")
        };
        assert!(bytes > 0);
        let Reply::Answer(PegsAnswer::Released { bytes }) = run_job(PegsJob::Release) else {
            panic!("released")
        };
        assert_eq!(bytes, 0, "nothing left to let go");
    }

    #[test]
    fn a_table_build_cancelled_by_a_jump_goes_on_where_it_stopped() {
        use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
        /// The first tally the second job reported: how many levels it found made.
        static RESUMED_AT: AtomicU64 = AtomicU64::new(u64::MAX);
        let _one_at_a_time = KEPT_TABLE.lock();
        let board = BoardDto::Named("triangle".into());
        let start = position_text(0x7ffe);
        let ask = |position: &str| {
            Job::Pegs(PegsJob::JumpCounts {
                board: board.clone(),
                start: start.clone(),
                position: position.to_string(),
                finish: FinishDto::AnyOne,
            })
        };
        run_job(PegsJob::Release);
        // The person jumps once three levels are made: the page cancels the job.
        let stop_at_three = JobObserver::new().with_listener(|o| {
            if o.progress().tally.is_some_and(|(done, _, _)| done >= 3) {
                o.cancel();
            }
        });
        assert_eq!(
            execute(&ask(&start), &stop_at_three).reply::<PegsAnswer>(),
            Reply::Cancelled
        );
        let after_jump = position_text(0x7ffe ^ 0b1011);
        let watch = JobObserver::new().with_listener(|o| {
            if let Some((done, _, _)) = o.progress().tally {
                let _ = RESUMED_AT.compare_exchange(u64::MAX, done, Relaxed, Relaxed);
            }
        });
        let Reply::Answer(PegsAnswer::JumpCounts { counts }) =
            execute(&ask(&after_jump), &watch).reply()
        else {
            panic!("counts")
        };
        assert_eq!(
            RESUMED_AT.load(Relaxed),
            3,
            "the levels made before the jump are kept"
        );
        let b = Board::named("triangle").unwrap();
        let here = parse_position(&b, &after_jump).unwrap();
        let direct = jump_counts(
            &b,
            here,
            Finish::AnyOne,
            &Limits::NATIVE,
            &progress::NoObserver,
        )
        .unwrap();
        let got: Vec<(JumpDto, String)> = counts;
        let want: Vec<(JumpDto, String)> = direct
            .into_iter()
            .map(|(j, n)| (j.into(), n.to_string()))
            .collect();
        assert_eq!(got, want);
        run_job(PegsJob::Release);
    }

    #[test]
    fn the_english_opening_answers_at_once_and_the_table_is_built_on_request() {
        let _one_at_a_time = KEPT_TABLE.lock();
        run_job(PegsJob::Release);
        let english = BoardDto::Named("english".into());
        let b = english.board().unwrap();
        let centre = b.hole(3, 3).unwrap();
        let start = position_text(b.full() & !(1 << centre));
        // From the book: nothing built, nothing kept.
        let Reply::Answer(PegsAnswer::JumpCounts { counts }) = run_job(PegsJob::JumpCounts {
            board: english,
            start: start.clone(),
            position: start,
            finish: FinishDto::Hole { hole: centre },
        }) else {
            panic!("counts")
        };
        let games: Vec<&str> = counts.iter().map(|c| c.1.as_str()).collect();
        assert_eq!(games, ["10215411760019992"; 4]);
        assert_eq!(
            run_job(PegsJob::Release),
            Reply::Answer(PegsAnswer::Released { bytes: 0 })
        );
        // A table asked for is built and kept.
        let triangle = BoardDto::Named("triangle".into());
        let Reply::Answer(PegsAnswer::TableBuilt { bytes }) = run_job(PegsJob::BuildTable {
            board: triangle,
            start: position_text(0x7ffe),
            finish: FinishDto::AnyOne,
        }) else {
            panic!("table")
        };
        assert!(bytes > 0);
        assert_eq!(
            run_job(PegsJob::Release),
            Reply::Answer(PegsAnswer::Released { bytes })
        );
    }

    #[test]
    fn a_triangle_is_counted_solved_and_its_jumps_weighed() {
        let _one_at_a_time = KEPT_TABLE.lock();
        let board = BoardDto::Named("triangle".into());
        let start = position_text(0x7ffe);
        let finish = FinishDto::AnyOne;
        let Reply::Answer(PegsAnswer::Counted {
            solutions, levels, ..
        }) = run_job(PegsJob::Count {
            board: board.clone(),
            position: start.clone(),
            finish,
        })
        else {
            panic!("count")
        };
        assert_eq!(solutions, "29760");
        assert_eq!(levels[0].pegs, 14);
        for finish in [finish, FinishDto::DeadEnd, FinishDto::Hole { hole: 12 }] {
            let Reply::Answer(PegsAnswer::JumpCounts { counts }) = run_job(PegsJob::JumpCounts {
                board: board.clone(),
                start: start.clone(),
                position: start.clone(),
                finish,
            }) else {
                panic!("jump counts")
            };
            let total: u128 = counts.iter().map(|c| c.1.parse::<u128>().unwrap()).sum();
            let Reply::Answer(PegsAnswer::Counted { solutions, .. }) = run_job(PegsJob::Count {
                board: board.clone(),
                position: start.clone(),
                finish,
            }) else {
                panic!("count")
            };
            assert_eq!(total.to_string(), solutions, "{finish:?}");
        }
        let Reply::Answer(PegsAnswer::Solved { jumps: Some(jumps) }) = run_job(PegsJob::Solve {
            board,
            position: start,
            finish,
        }) else {
            panic!("solve")
        };
        assert_eq!(jumps.len(), 13);
    }

    #[test]
    fn a_traced_count_reports_the_positions_of_each_level_as_it_goes() {
        fn clock() -> f64 {
            0.0
        }
        let obs = JobObserver::new().traced(clock);
        let job = Job::Pegs(PegsJob::Count {
            board: BoardDto::Named("triangle".into()),
            position: position_text(0x7ffe),
            finish: FinishDto::AnyOne,
        });
        let Reply::Answer(PegsAnswer::Counted { levels, .. }) = execute(&job, &obs).reply() else {
            panic!("count")
        };
        let figures = obs.take_trace().figures;
        let forward: Vec<(u64, u64)> = levels
            .iter()
            .filter(|l| !l.backward)
            .enumerate()
            .map(|(jumps, l)| (jumps as u64, l.positions))
            .collect();
        assert_eq!(figures, forward);
        assert_eq!(figures[..3], [(0, 1), (1, 2), (2, 8)]);
    }

    #[test]
    fn bad_requests_get_messages() {
        let fail = |job| match run_job(job) {
            Reply::Failed(m) => m,
            other => panic!("{other:?}"),
        };
        let finish = FinishDto::AnyOne;
        assert!(
            fail(PegsJob::Count {
                board: BoardDto::Named("hexagon".into()),
                position: "1".into(),
                finish
            })
            .contains("no board called 'hexagon'")
        );
        assert_eq!(
            fail(PegsJob::Count {
                board: BoardDto::Named("triangle".into()),
                position: "zz".into(),
                finish
            }),
            "'zz' is not a position"
        );
        assert_eq!(
            fail(PegsJob::Count {
                board: BoardDto::Named("triangle".into()),
                position: "ffff0".into(),
                finish
            }),
            "the position has pegs outside the board"
        );
        assert_eq!(
            fail(PegsJob::Solve {
                board: BoardDto::Named("triangle".into()),
                position: "7ffe".into(),
                finish: FinishDto::Hole { hole: 99 }
            }),
            "hole 99 is not on this board"
        );
        assert!(
            fail(PegsJob::Count {
                board: BoardDto::Layout("o.o".into()),
                position: "1".into(),
                finish
            })
            .contains("no jump is possible")
        );
    }
}
