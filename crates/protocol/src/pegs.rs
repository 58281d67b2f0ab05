//! Peg solitaire's messages: its jobs and answers (positions as hexadecimal text: a 64-bit word does not fit a
//! JSON number exactly), and its arm of [`crate::execute`].

use serde::{Deserialize, Serialize};

use peg_solitaire::{Analyst, Board, Finish, Game, Limits, Lost, Position, Source, Verdict, count};
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
    /// Whether a game from `position` still reaches `finish`, why not, and (with `solution`) one that does. Answered
    /// from the game's table or opening where they hold it, else by proof or search (never given up on).
    Assess {
        /// The board.
        board: BoardDto,
        /// The game's start.
        start: String,
        /// The position.
        position: String,
        /// Where games end.
        finish: FinishDto,
        /// Whether to send one game to the finish.
        solution: bool,
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Whether the finish can still be reached, and why not.
    Assessed(VerdictDto),
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

/// Why no game reaches the finish, as it travels (see [`peg_solitaire::Lost`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum LostDto {
    /// No jump is left.
    NoJumpLeft,
    /// The rule of three: the parity of the pegs on the `marked` holes never changes.
    Class {
        /// The holes counted.
        marked: Vec<u8>,
        /// Pegs on them now.
        pegs: u32,
        /// Pegs on them at the finish.
        finish_pegs: u32,
    },
    /// A pagoda function whose total here is below the finish's.
    Pagoda {
        /// Each hole's weight.
        weights: Vec<f64>,
        /// The position's total.
        total: f64,
        /// The finish's total.
        finish_total: f64,
    },
    /// Every game from here was looked at.
    NoGame,
}

/// Whether the finish can still be reached, as it travels.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VerdictDto {
    /// Whether a game from here reaches the finish.
    pub solvable: bool,
    /// How many do (decimal text), where known.
    pub games: Option<String>,
    /// One game to the finish, when asked for.
    pub solution: Option<Vec<JumpDto>>,
    /// Why not.
    pub lost: Option<LostDto>,
    /// Where the answer came from: `rules`, `proof`, `table`, `opening`, `search`.
    pub source: String,
}

impl From<Verdict> for VerdictDto {
    fn from(v: Verdict) -> VerdictDto {
        VerdictDto {
            solvable: v.solvable,
            games: v.games.map(|g| g.to_string()),
            solution: v
                .solution
                .map(|s| s.into_iter().map(JumpDto::from).collect()),
            lost: v.lost.map(|l| match l {
                Lost::NoJumpLeft => LostDto::NoJumpLeft,
                Lost::Class {
                    marked,
                    pegs,
                    finish_pegs,
                } => LostDto::Class {
                    marked,
                    pegs,
                    finish_pegs,
                },
                Lost::Pagoda {
                    weights,
                    total,
                    finish_total,
                } => LostDto::Pagoda {
                    weights,
                    total,
                    finish_total,
                },
                Lost::NoGame => LostDto::NoGame,
            }),
            source: match v.source {
                Source::Rules => "rules",
                Source::Proof => "proof",
                Source::Table => "table",
                Source::Opening => "opening",
                Source::Search => "search",
            }
            .into(),
        }
    }
}

/// What peg solitaire keeps between jobs: the core's [`Analyst`] for the game being played (one at a time).
#[derive(Default)]
pub struct Kept {
    analyst: Analyst,
}

/// Runs one peg solitaire job on the core.
pub(crate) fn run(
    job: &PegsJob,
    kept: &mut Kept,
    observer: &dyn Observer,
) -> Result<PegsAnswer, String> {
    let (board, position, finish) = match job {
        PegsJob::Release => {
            return Ok(PegsAnswer::Released {
                bytes: kept.analyst.release(),
            });
        }
        PegsJob::Count {
            board,
            position,
            finish,
        }
        | PegsJob::Assess {
            board,
            position,
            finish,
            ..
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
        PegsJob::Assess {
            start, solution, ..
        } => {
            let game = Game {
                board: &board,
                start: parse_position(&board, start)?,
                finish,
            };
            let verdict = kept
                .analyst
                .assess(game, pos, *solution, observer)
                .map_err(|e| e.to_string())?;
            Ok(PegsAnswer::Assessed(verdict.into()))
        }
        PegsJob::JumpCounts { start, .. } => {
            let game = Game {
                board: &board,
                start: parse_position(&board, start)?,
                finish,
            };
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
        PegsJob::BuildTable { .. } => {
            let game = Game {
                board: &board,
                start: pos,
                finish,
            };
            kept.analyst
                .table(game, observer)
                .map(|t| PegsAnswer::TableBuilt { bytes: t.bytes() })
                .map_err(|e| e.to_string())
        }
        PegsJob::Release => Ok(PegsAnswer::Released { bytes: 0 }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Job, JobObserver, Memory, Reply, execute, execute_with};

    /// A worker as the page sees it: what one job keeps, the next one finds.
    #[derive(Default)]
    struct Worker(Memory);

    impl Worker {
        fn run(&mut self, job: PegsJob) -> Reply<PegsAnswer> {
            self.watched(&Job::Pegs(job), &JobObserver::new())
        }

        fn watched(&mut self, job: &Job, observer: &JobObserver) -> Reply<PegsAnswer> {
            execute_with(job, observer, &mut self.0).reply()
        }
    }

    /// One job on a fresh worker.
    fn run_job(job: PegsJob) -> Reply<PegsAnswer> {
        Worker::default().run(job)
    }

    #[test]
    fn the_kept_table_is_let_go_on_request() {
        let board = BoardDto::Named("triangle".into());
        let b = board.board().expect("triangle");
        let mut worker = Worker::default();
        let start = position_text(b.full() & !1);
        let Reply::Answer(PegsAnswer::JumpCounts { .. }) = worker.run(PegsJob::JumpCounts {
            board,
            start: start.clone(),
            position: start,
            finish: FinishDto::AnyOne,
        }) else {
            panic!("counts")
        };
        let Reply::Answer(PegsAnswer::Released { bytes }) = worker.run(PegsJob::Release) else {
            panic!("released")
        };
        assert!(bytes > 0);
        let Reply::Answer(PegsAnswer::Released { bytes }) = worker.run(PegsJob::Release) else {
            panic!("released")
        };
        assert_eq!(bytes, 0, "nothing left to let go");
    }

    #[test]
    fn a_table_build_cancelled_by_a_jump_goes_on_where_it_stopped() {
        use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
        /// The first tally the second job reported: how many levels it found made.
        static RESUMED_AT: AtomicU64 = AtomicU64::new(u64::MAX);
        let mut worker = Worker::default();
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
        worker.run(PegsJob::Release);
        // The person jumps once three levels are made: the page cancels the job.
        let stop_at_three = JobObserver::new().with_listener(|o| {
            if o.progress().tally.is_some_and(|(done, _, _)| done >= 3) {
                o.cancel();
            }
        });
        assert_eq!(
            worker.watched(&ask(&start), &stop_at_three),
            Reply::Cancelled
        );
        let after_jump = position_text(0x7ffe ^ 0b1011);
        let watch = JobObserver::new().with_listener(|o| {
            if let Some((done, _, _)) = o.progress().tally {
                let _ = RESUMED_AT.compare_exchange(u64::MAX, done, Relaxed, Relaxed);
            }
        });
        let Reply::Answer(PegsAnswer::JumpCounts { counts }) =
            worker.watched(&ask(&after_jump), &watch)
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
        let direct = peg_solitaire::jump_counts(
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
        worker.run(PegsJob::Release);
    }

    #[test]
    fn the_english_opening_answers_at_once_and_the_table_is_built_on_request() {
        let mut worker = Worker::default();
        worker.run(PegsJob::Release);
        let english = BoardDto::Named("english".into());
        let b = english.board().unwrap();
        let centre = b.hole(3, 3).unwrap();
        let start = position_text(b.full() & !(1 << centre));
        // From the book: nothing built, nothing kept.
        let Reply::Answer(PegsAnswer::JumpCounts { counts }) = worker.run(PegsJob::JumpCounts {
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
            worker.run(PegsJob::Release),
            Reply::Answer(PegsAnswer::Released { bytes: 0 })
        );
        // A table asked for is built and kept.
        let triangle = BoardDto::Named("triangle".into());
        let Reply::Answer(PegsAnswer::TableBuilt { bytes }) = worker.run(PegsJob::BuildTable {
            board: triangle,
            start: position_text(0x7ffe),
            finish: FinishDto::AnyOne,
        }) else {
            panic!("table")
        };
        assert!(bytes > 0);
        assert_eq!(
            worker.run(PegsJob::Release),
            Reply::Answer(PegsAnswer::Released { bytes })
        );
    }

    #[test]
    fn a_triangle_is_counted_solved_and_its_jumps_weighed() {
        let mut worker = Worker::default();
        let board = BoardDto::Named("triangle".into());
        let start = position_text(0x7ffe);
        let finish = FinishDto::AnyOne;
        let Reply::Answer(PegsAnswer::Counted {
            solutions, levels, ..
        }) = worker.run(PegsJob::Count {
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
            let Reply::Answer(PegsAnswer::JumpCounts { counts }) =
                worker.run(PegsJob::JumpCounts {
                    board: board.clone(),
                    start: start.clone(),
                    position: start.clone(),
                    finish,
                })
            else {
                panic!("jump counts")
            };
            let total: u128 = counts.iter().map(|c| c.1.parse::<u128>().unwrap()).sum();
            let Reply::Answer(PegsAnswer::Counted { solutions, .. }) = worker.run(PegsJob::Count {
                board: board.clone(),
                position: start.clone(),
                finish,
            }) else {
                panic!("count")
            };
            assert_eq!(total.to_string(), solutions, "{finish:?}");
        }
        let Reply::Answer(PegsAnswer::Assessed(verdict)) = worker.run(PegsJob::Assess {
            board,
            start: start.clone(),
            position: start,
            finish,
            solution: true,
        }) else {
            panic!("assess")
        };
        assert!(verdict.solvable);
        assert_eq!(verdict.solution.map(|s| s.len()), Some(13));
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
            fail(PegsJob::Assess {
                board: BoardDto::Named("triangle".into()),
                start: "7ffe".into(),
                position: "7ffe".into(),
                finish: FinishDto::Hole { hole: 99 },
                solution: false,
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
