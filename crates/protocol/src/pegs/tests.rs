//! Peg solitaire's jobs run as the worker runs them: one `Memory` across jobs, the table kept, resumed and let go;
//! bad requests answered with messages.
#![cfg(feature = "pegs")]

use super::*;
use crate::{Job, JobObserver, Memory, Reply, execute, execute_with};
use peg_solitaire::{Game, Limits};

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
    let Reply::Answer(PegsAnswer::Counted(CountedDto {
        solutions, levels, ..
    })) = worker.run(PegsJob::Count {
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
        let Reply::Answer(PegsAnswer::JumpCounts { counts }) = worker.run(PegsJob::JumpCounts {
            board: board.clone(),
            start: start.clone(),
            position: start.clone(),
            finish,
        }) else {
            panic!("jump counts")
        };
        let total: u128 = counts.iter().map(|c| c.1.parse::<u128>().unwrap()).sum();
        let Reply::Answer(PegsAnswer::Counted(CountedDto { solutions, .. })) =
            worker.run(PegsJob::Count {
                board: board.clone(),
                position: start.clone(),
                finish,
            })
        else {
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
    let Reply::Answer(PegsAnswer::Counted(CountedDto { levels, .. })) = execute(&job, &obs).reply()
    else {
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

/// An `Assess` on the diamond's game from `d2` to `c5`, at `moves` (hole names, as a link has them).
fn diamond_assess(moves: &[&str]) -> Job {
    let board = Board::named("diamond").unwrap();
    let hole = |n: &str| board.parse_hole(n).unwrap();
    let start = board.full() & !(1 << hole("d2"));
    let pos = moves.iter().fold(start, |p, m| {
        let (a, b) = m.split_once('-').unwrap();
        let j = board
            .jumps()
            .iter()
            .find(|j| j.from == hole(a) && j.to == hole(b))
            .unwrap();
        p ^ j.mask()
    });
    Job::Pegs(PegsJob::Assess {
        board: BoardDto::Named("diamond".into()),
        start: position_text(start),
        position: position_text(pos),
        finish: FinishDto::Hole { hole: hole("c5") },
        solution: false,
    })
}

#[test]
fn the_diamond_game_wants_its_book_once_and_a_book_that_did_not_come_is_said() {
    let mut memory = Memory::default();
    let job = diamond_assess(&["d4-d2"]);
    assert_eq!(
        crate::wanted(&job, &memory).as_deref(),
        Some("diamond-d2-c5.book")
    );
    // Other games want nothing.
    let english = Job::Pegs(PegsJob::Release);
    assert_eq!(crate::wanted(&english, &memory), None);
    // Bytes that are no book: kept as the reason, not asked for again.
    crate::fetched(&job, &mut memory, Ok(b"<html>not found</html>".to_vec()));
    assert_eq!(crate::wanted(&job, &memory), None);
    let (board, start, finish) = super::run::assessed(match &job {
        Job::Pegs(j) => j,
        #[allow(unreachable_patterns)]
        _ => unreachable!(),
    })
    .unwrap();
    let game = Game {
        board: &board,
        start,
        finish,
    };
    let note = memory.pegs.books.missing(game).unwrap();
    assert!(
        note.starts_with(
            "The book of this game's early positions could not be loaded (not a winning book"
        ),
        "{note}"
    );
    // Letting go of the game tries again next time.
    let _ = execute_with(&english, &JobObserver::new(), &mut memory);
    assert!(crate::wanted(&job, &memory).is_some());
    // A fetch that failed, then the book itself: kept, and the early position answered from it.
    crate::fetched(
        &job,
        &mut memory,
        Err("the host answered 404 Not Found".into()),
    );
    assert!(crate::wanted(&job, &memory).is_none());
    let _ = execute_with(&english, &JobObserver::new(), &mut memory);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../peg-solitaire/books/diamond-d2-c5.book"
    );
    crate::fetched(&job, &mut memory, Ok(std::fs::read(path).unwrap()));
    assert_eq!(crate::wanted(&job, &memory), None);
    let Reply::Answer(PegsAnswer::Assessed(v)) =
        execute_with(&job, &JobObserver::new(), &mut memory).reply()
    else {
        panic!("assessed")
    };
    assert_eq!(
        (v.solvable, v.source.as_str(), v.note),
        (false, "book", None)
    );
}
