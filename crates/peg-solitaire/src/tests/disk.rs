//! Counts whose levels go to disk: the same figures as in memory, within the memory allowed, and no file left
//! behind, whether the count finishes or is cancelled.

use std::path::PathBuf;

use progress::{Flow, NoObserver, Observer, Progress};

use super::*;

/// An empty directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("peg-disk-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn empty(dir: &PathBuf) -> bool {
    std::fs::read_dir(dir).unwrap().next().is_none()
}

#[test]
fn a_count_on_disk_is_the_count_in_memory_and_leaves_no_file() {
    let (board, centre, pos) = english_centre_after(9);
    let dir = scratch("same");
    for finish in [Finish::Hole(centre), Finish::AnyOne, Finish::DeadEnd] {
        let memory = count(&board, pos, finish, &Limits::NATIVE, &NoObserver).unwrap();
        assert_eq!(memory.disk_bytes, 0);
        let small = Limits {
            max_bytes: 1 << 20,
            spill_dir: Some(dir.clone()),
            ..Limits::NATIVE
        };
        let disk = count(&board, pos, finish, &small, &NoObserver).unwrap();
        assert_eq!(disk.solutions, memory.solutions, "{finish}");
        assert!(disk.disk_bytes > 0, "{finish}: nothing went to disk");
        assert!(disk.peak_bytes < memory.peak_bytes, "{finish}");
        assert!(empty(&dir), "{finish}: files were left behind");
        // Without a directory, the same limit says how much it would need.
        let no_disk = Limits {
            spill_dir: None,
            ..small
        };
        assert!(matches!(
            count(&board, pos, finish, &no_disk, &NoObserver),
            Err(CountError::TooBig { .. })
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// From every level built in ranges to all in memory, through limits where only the idle half waits on disk (the
/// other grows in memory and the meet reads it back): every limit gives the same count and leaves no file, and the
/// more memory, the fewer passes over levels.
#[test]
fn every_limit_gives_the_same_count_with_fewer_passes_as_memory_grows() {
    let (board, _, pos) = english_centre_after(9);
    let memory = count(&board, pos, Finish::AnyOne, &Limits::NATIVE, &NoObserver).unwrap();
    let dir = scratch("limits");
    let mut rereads = Vec::new();
    for kb in [256u64, 768, 1280, 1792, 2304, 2816, 3328, 8192] {
        let limits = Limits {
            max_bytes: kb << 10,
            spill_dir: Some(dir.clone()),
            ..Limits::NATIVE
        };
        let c = count(&board, pos, Finish::AnyOne, &limits, &NoObserver).unwrap();
        assert_eq!(c.solutions, memory.solutions, "{kb} KB");
        assert!(empty(&dir), "{kb} KB: files were left behind");
        assert!(
            c.peak_bytes <= limits.max_bytes,
            "{kb} KB: {} bytes held",
            c.peak_bytes
        );
        rereads.push((c.rereads, c.disk_bytes > 0));
    }
    assert!(rereads.is_sorted_by(|a, b| a.0 >= b.0), "{rereads:?}");
    assert!(
        rereads[0].0 > 0 && rereads[0].1,
        "the tightest limit builds levels in ranges: {rereads:?}"
    );
    assert!(
        rereads.contains(&(0, true)),
        "no limit kept only the idle half on disk: {rereads:?}"
    );
    assert_eq!(
        rereads.last(),
        Some(&(0, false)),
        "the loosest keeps every level in memory"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_count_cancelled_on_disk_removes_its_files() {
    struct StopAfter(std::sync::atomic::AtomicU64);
    impl Observer for StopAfter {
        fn report(&self, p: Progress) -> Flow {
            let finished = matches!(p, Progress::Finished { .. });
            if finished && self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed) > 1500 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        }
    }
    let board = Board::named("english").unwrap();
    let start = board.full() & !(1 << board.hole(3, 3).unwrap());
    let dir = scratch("cancel");
    let small = Limits {
        max_bytes: 4 << 20,
        spill_dir: Some(dir.clone()),
        ..Limits::NATIVE
    };
    let stop = StopAfter(Default::default());
    assert_eq!(
        count(&board, start, Finish::AnyOne, &small, &stop),
        Err(CountError::Cancelled)
    );
    assert!(empty(&dir), "files were left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A level built on disk from an estimate of its size far short of the truth, or far over it: ranges are cut short
/// where the tables outgrow the cap and the next pass takes up where the last one stopped, so the level is the one
/// built in memory, every pass held within the cap, and the passes as few as the cap allows.
#[test]
fn a_level_built_on_disk_is_whole_whatever_its_size_was_guessed() {
    use crate::levels::{Level, Room, SHARD_COUNT};
    use crate::prune::Prune;
    use crate::shard::Shard;
    use rayon::iter::ParallelIterator;
    let board = Board::named("english").unwrap();
    let symmetry = Symmetry::none(&board);
    let start = board.full() & !(1 << board.hole(3, 3).unwrap());
    let moves = (&board, &symmetry, &Prune::none());
    let mut level = Level::new(32, [(start, 1)]);
    for _ in 0..7 {
        level = level
            .expand(&board, &symmetry, moves.2, &NoObserver, &|_, _| {})
            .unwrap();
    }
    let whole = level
        .expand(&board, &symmetry, moves.2, &NoObserver, &|_, _| {})
        .unwrap();
    let mut expected: Vec<(Position, u128)> = whole.par_entries().collect();
    expected.sort_unstable();
    let classes = expected.len();
    // Room for a third of the level's classes at once (a shard's table made ready for its share, and a little).
    let cap = Shard::bytes_for(classes / 3 / SHARD_COUNT) * SHARD_COUNT as u64;
    let dir = scratch("guess");
    for guess in [1, classes as u64 / 4, classes as u64, classes as u64 * 8] {
        let (built, most, passes) = level
            .expand_to_disk(moves, &NoObserver, &|_, _| {}, (cap, Room(guess)), &dir)
            .unwrap();
        let mut got: Vec<(Position, u128)> = built.par_entries().collect();
        got.sort_unstable();
        assert!(got == expected, "guess {guess}: another level");
        assert!(most <= cap, "guess {guess}: {most} bytes held, cap {cap}");
        assert!((3..=5).contains(&passes), "guess {guess}: {passes} passes");
        drop(built);
        assert!(empty(&dir), "guess {guess}: files were left behind");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
