//! A count shared across ranks gives the same result as one process: ranks simulated by threads that exchange
//! through shared memory (the CLI's MPI ranks are tested end to end in `crates/cli/tests`).

use std::sync::{Barrier, Mutex};

use progress::NoObserver;

use super::*;

/// `size` ranks in one process: every collective step writes, waits for the others, reads and waits again.
struct Net {
    barrier: Barrier,
    /// `mail[to][from]`.
    mail: Mutex<Vec<Vec<Vec<u64>>>>,
    slots: Mutex<Vec<Vec<u64>>>,
}

struct ThreadRank<'a> {
    net: &'a Net,
    me: usize,
    size: usize,
}

impl Ranks for ThreadRank<'_> {
    fn rank(&self) -> usize {
        self.me
    }
    fn size(&self) -> usize {
        self.size
    }
    fn exchange(&self, outgoing: Vec<Vec<u64>>) -> Vec<u64> {
        {
            let mut mail = self.net.mail.lock().unwrap();
            for (to, words) in outgoing.into_iter().enumerate() {
                mail[to][self.me] = words;
            }
        }
        self.net.barrier.wait();
        let got = std::mem::take(&mut self.net.mail.lock().unwrap()[self.me]).concat();
        self.net.mail.lock().unwrap()[self.me] = vec![Vec::new(); self.size];
        self.net.barrier.wait();
        got
    }
    fn gather(&self, words: &[u64]) -> Vec<Vec<u64>> {
        self.net.slots.lock().unwrap()[self.me] = words.to_vec();
        self.net.barrier.wait();
        let all = self.net.slots.lock().unwrap().clone();
        self.net.barrier.wait();
        all
    }
}

/// The count on `size` ranks (every rank's result).
fn on_ranks(
    size: usize,
    board: &Board,
    start: Position,
    finish: Finish,
    limits: &Limits,
) -> Vec<Counted> {
    tried_on_ranks(size, board, start, finish, limits)
        .into_iter()
        .map(Result::unwrap)
        .collect()
}

/// The count tried on `size` ranks (every rank's outcome).
fn tried_on_ranks(
    size: usize,
    board: &Board,
    start: Position,
    finish: Finish,
    limits: &Limits,
) -> Vec<Result<Counted, CountError>> {
    let net = Net {
        barrier: Barrier::new(size),
        mail: Mutex::new(vec![vec![Vec::new(); size]; size]),
        slots: Mutex::new(vec![Vec::new(); size]),
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..size)
            .map(|me| {
                let rank = ThreadRank {
                    net: &net,
                    me,
                    size,
                };
                s.spawn(move || count_shared(board, start, finish, limits, &NoObserver, &rank))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn same_on_every_rank_count(board: &Board, start: Position, finish: Finish, limits: &Limits) {
    let alone = count(board, start, finish, limits, &NoObserver).unwrap();
    for size in [2, 3, 4] {
        for (rank, shared) in on_ranks(size, board, start, finish, limits)
            .into_iter()
            .enumerate()
        {
            let what = format!("{} {finish} on rank {rank} of {size}", board.name());
            assert_eq!(shared.solutions, alone.solutions, "{what}");
            assert_eq!(shared.levels, alone.levels, "{what}");
            assert_eq!(shared.positions, alone.positions, "{what}");
            assert_eq!(shared.met_at, alone.met_at, "{what}");
            // Each rank holds only its own positions once there are enough of them to split.
            if alone.peak_bytes > 1 << 20 {
                assert!(
                    shared.peak_bytes < alone.peak_bytes,
                    "{what}: {} bytes",
                    shared.peak_bytes
                );
            }
        }
    }
}

#[test]
fn a_count_shared_across_ranks_is_the_count_of_one_process() {
    let triangle = Board::named("triangle").unwrap();
    let top = triangle.full() & !1;
    for finish in [Finish::AnyOne, Finish::Hole(0), Finish::DeadEnd] {
        for symmetry in [false, true] {
            for meet_in_the_middle in [false, true] {
                let limits = Limits {
                    symmetry,
                    meet_in_the_middle,
                    ..Limits::NATIVE
                };
                same_on_every_rank_count(&triangle, top, finish, &limits);
            }
        }
    }
    // An English game from its fourteenth move: levels of thousands of classes, both halves of a meet.
    let english = Board::named("english").unwrap();
    let centre = english.hole(3, 3).unwrap();
    let mut pos = english.full() & !(1 << centre);
    let jumps = solve(&english, pos, Finish::Hole(centre), &NoObserver)
        .unwrap()
        .unwrap();
    for j in &jumps[..14] {
        pos ^= j.mask();
    }
    for finish in [Finish::Hole(centre), Finish::AnyOne, Finish::DeadEnd] {
        same_on_every_rank_count(&english, pos, finish, &Limits::NATIVE);
    }
}

/// Shared, a rank may move the idle half's level to disk while the other half grows (levels are not built in
/// ranges across ranks): at every limit the ranks either give the count of one process or all stop, saying how much
/// they would need, and leave no file; at some limits they finish with a level on disk.
#[test]
fn a_shared_count_may_keep_the_idle_half_on_disk() {
    let (board, _, pos) = super::english_centre_after(9);
    let alone = count(&board, pos, Finish::AnyOne, &Limits::NATIVE, &NoObserver).unwrap();
    let dir = std::env::temp_dir().join(format!("peg-shared-disk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut on_disk = false;
    for kb in [512, 1024, 1536, 2048] {
        let limits = Limits {
            max_bytes: kb << 10,
            spill_dir: Some(dir.clone()),
            ..Limits::NATIVE
        };
        let outcomes = tried_on_ranks(2, &board, pos, Finish::AnyOne, &limits);
        match &outcomes[..] {
            [Ok(a), Ok(b)] => {
                assert_eq!(
                    (a.solutions, b.solutions),
                    (alone.solutions, alone.solutions),
                    "{kb} KB"
                );
                on_disk |= a.disk_bytes > 0 || b.disk_bytes > 0;
            }
            [Err(a @ CountError::TooBig { .. }), Err(b)] => assert_eq!(a, b, "{kb} KB"),
            other => panic!("{kb} KB: {other:?}"),
        }
        assert!(
            std::fs::read_dir(&dir).unwrap().next().is_none(),
            "{kb} KB: files left"
        );
    }
    assert!(on_disk, "no limit put the idle half on disk");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shared_count_that_would_not_fit_stops_on_every_rank() {
    let english = Board::named("english").unwrap();
    let start = english.full() & !(1 << english.hole(3, 3).unwrap());
    let small = Limits {
        max_bytes: 4 << 20,
        ..Limits::NATIVE
    };
    let net = Net {
        barrier: Barrier::new(2),
        mail: Mutex::new(vec![vec![Vec::new(); 2]; 2]),
        slots: Mutex::new(vec![Vec::new(); 2]),
    };
    let errors: Vec<CountError> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|me| {
                let rank = ThreadRank {
                    net: &net,
                    me,
                    size: 2,
                };
                let (board, limits) = (&english, &small);
                s.spawn(move || {
                    count_shared(board, start, Finish::DeadEnd, limits, &NoObserver, &rank)
                        .unwrap_err()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(
        matches!(errors[0], CountError::TooBig { .. }),
        "{:?}",
        errors[0]
    );
    assert_eq!(errors[0], errors[1]);
}
