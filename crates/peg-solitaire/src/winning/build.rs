//! Building a [`WinningBook`](super::WinningBook) natively: which positions of a game's first levels can still
//! reach the finish, for games too big for a [`crate::Table`] (the diamond board's). Every level is a sorted list
//! of canonical positions, 8 bytes each, and every step a sort or a merge of such lists:
//!
//! 1. forwards from the start to the level before the middle, keeping each level (pruned: a position a pagoda
//!    function proves lost cannot be winnable);
//! 2. backwards from the finishes (forwards on complements) to the middle, keeping only the last level;
//! 3. the middle level's winnable positions: the children of the last forward level that the backward half reached;
//! 4. back towards the start, level by level: a position is winnable when one of its children is, so the winnable
//!    positions of a level are those of its positions that are a parent of a winnable one.
//!
//! A level's children are made in passes, each keeping the children of one share of hash values, so that the
//! children of a wide level (several times its size before they are sorted and merged) fit in memory.

use progress::{Flow, Observer, Progress};
use rayon::prelude::*;

use crate::board::{Board, Position};
use crate::count::{CountError, LEVELS, checked, group_for};
use crate::finish::Finish;
use crate::prune::Prune;
use crate::symmetry::Symmetry;

/// Bytes the unsorted children of one pass may take.
const PASS_BYTES: u64 = 3 << 29;

/// A forward level bigger than this goes to disk (where the build may write) until it is read back.
const SPILL_FROM: usize = 1 << 23;

/// A kept forward level: in memory, or in a file of its own (removed when dropped).
enum Kept {
    Memory(Vec<Position>),
    File(std::path::PathBuf),
}

impl Kept {
    fn new(
        level: Vec<Position>,
        dir: Option<&std::path::Path>,
        k: usize,
    ) -> Result<Kept, CountError> {
        let Some(dir) = dir.filter(|_| level.len() >= SPILL_FROM) else {
            return Ok(Kept::Memory(level));
        };
        let path = dir.join(format!("puzzle-lab-book-{}-{k}", std::process::id()));
        let bytes: Vec<u8> = level.iter().flat_map(|p| p.to_le_bytes()).collect();
        std::fs::write(&path, bytes)
            .map_err(|e| CountError::Disk(format!("{}: {e}", path.display())))?;
        Ok(Kept::File(path))
    }

    fn take(mut self) -> Result<Vec<Position>, CountError> {
        match &mut self {
            Kept::Memory(v) => Ok(std::mem::take(v)),
            Kept::File(path) => {
                let bytes = std::fs::read(&*path)
                    .map_err(|e| CountError::Disk(format!("{}: {e}", path.display())))?;
                Ok(bytes
                    .chunks_exact(8)
                    .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
                    .collect())
            }
        }
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        if let Kept::File(path) = self {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The widest level whose children are listed unpruned, to find a level's lost positions.
const LIST_LOST_FROM: usize = 1 << 20;

/// Positions handed to a thread at a time.
const CHUNK: usize = 1 << 14;

/// A book built, with what its build held.
pub struct BookBuilt {
    /// The book's file.
    pub bytes: Vec<u8>,
    /// Winnable classes on each of the book's levels, `1..=K`.
    pub winnable: Vec<u64>,
    /// Classes kept on each forward level of the build (after pruning), from the start to the middle.
    pub forward: Vec<u64>,
    /// Classes on each backward level, from the finishes to the middle.
    pub backward: Vec<u64>,
}

/// Builds the book of the first `levels` levels after `start` of games on `board` to `finish` (a hole or any one
/// peg), reporting each level made as a unit of [`LEVELS`].
pub fn build(
    board: &Board,
    start: Position,
    finish: Finish,
    levels: usize,
    spill: Option<&std::path::Path>,
    observer: &dyn Observer,
) -> Result<BookBuilt, CountError> {
    let jumps = start.count_ones().saturating_sub(1) as usize;
    let levels = levels
        .min(usize::from(u8::MAX))
        .min(jumps.saturating_sub(1))
        .max(1);
    let built = winnable_levels(board, start, finish, levels, spill, observer)?;
    let winnable = &built.winnable[1..];
    // Each level lists the fewer of its winnable and its lost positions (those pruned are lost too): the lost ones
    // are found by listing the level again, unpruned, while it is small enough to list (a wide level's winnable
    // ones are the fewer by far).
    let symmetry = &built.symmetry;
    let mut every = vec![symmetry.canonical(start)];
    let mut listed = Vec::with_capacity(winnable.len());
    for wins in winnable {
        every = if (1..=LIST_LOST_FROM).contains(&every.len()) {
            children(board, symmetry, &Prune::none(), &every, None)
        } else {
            Vec::new()
        };
        let lost: Vec<Position> = every
            .iter()
            .copied()
            .filter(|p| wins.binary_search(p).is_err())
            .collect();
        listed.push(if !every.is_empty() && lost.len() < wins.len() {
            (true, lost)
        } else {
            (false, wins.clone())
        });
    }
    Ok(BookBuilt {
        bytes: super::WinningBook::bytes(&listed),
        winnable: winnable.iter().map(|l| l.len() as u64).collect(),
        forward: built.forward,
        backward: built.backward,
    })
}

/// What the search found, level by level from the start.
struct Built {
    /// The game's symmetry group (the one its counts use): the classes are canonical under it.
    symmetry: Symmetry,
    /// The winnable classes of levels `0..=levels`, sorted.
    winnable: Vec<Vec<Position>>,
    forward: Vec<u64>,
    backward: Vec<u64>,
}

/// The winnable classes (canonical under the game's symmetry group) of the first `levels` levels after `start`,
/// as sorted lists, level `0` (the start) first.
fn winnable_levels(
    board: &Board,
    start: Position,
    finish: Finish,
    levels: usize,
    spill: Option<&std::path::Path>,
    observer: &dyn Observer,
) -> Result<Built, CountError> {
    let (pegs, finals) = checked(board, start, finish)?;
    if finish == Finish::DeadEnd {
        return Err(CountError::NeedsOnePeg);
    }
    let symmetry = group_for(board, start, finish, &finals, true);
    let jumps = pegs.saturating_sub(1) as usize;
    // Forward levels 0..middle are kept; the middle level itself is made once, to meet the backward half.
    let middle = jumps.div_ceil(2).max(levels + 1).min(jumps);
    let back = jumps - middle;
    let total = (back + 2 * middle - 1 - levels) as u64;
    let mut done = 0u64;
    let mut step = || {
        done += 1;
        match observer.report(Progress::Tally {
            done,
            total,
            unit: LEVELS,
        }) {
            Flow::Continue => Ok(()),
            Flow::Stop => Err(CountError::Cancelled),
        }
    };
    // Forwards: every position reached from the start that no pagoda function proves lost; each level kept (the
    // wide ones on disk) for the way back.
    let prune = Prune::learn(board, &[start], &finals);
    let mut forward_levels: Vec<Kept> = Vec::with_capacity(middle);
    let mut forward = Vec::with_capacity(middle);
    let mut level = vec![symmetry.canonical(start)];
    for k in 1..middle {
        let next = children(board, &symmetry, &prune, &level, None);
        forward.push(level.len() as u64);
        forward_levels.push(Kept::new(level, spill, k - 1)?);
        level = next;
        step()?;
    }
    forward.push(level.len() as u64);
    let last = level;
    // Backwards: the positions that can reach a finish, as complements, to the middle.
    let sources: Vec<Position> = finals.iter().map(|&f| board.complement(f)).collect();
    let prune_back = Prune::learn(board, &sources, &[board.complement(start)]);
    let mut level: Vec<Position> = sorted(sources.iter().map(|&s| symmetry.canonical(s)).collect());
    let mut backward = vec![level.len() as u64];
    for _ in 0..back {
        level = children(board, &symmetry, &prune_back, &level, None);
        backward.push(level.len() as u64);
        step()?;
    }
    let met: Vec<Position> = sorted(
        level
            .par_iter()
            .map(|&q| symmetry.canonical(board.complement(q)))
            .collect(),
    );
    drop(level);
    // The middle level's winnable positions, made a share at a time and met with the backward half's.
    let mut winnable = children(board, &symmetry, &prune, &last, Some(&met));
    drop(met);
    step()?;
    // Back to the start: a position is winnable when one of its children is.
    let mut kept: Vec<Vec<Position>> = Vec::new();
    let mut here = last;
    loop {
        let k = forward_levels.len();
        winnable = intersect(&here, &parents(board, &symmetry, &winnable));
        drop(here);
        if k <= levels {
            kept.push(winnable.clone());
        }
        let Some(before) = forward_levels.pop() else {
            break;
        };
        here = before.take()?;
        if k > levels {
            step()?;
        }
    }
    kept.reverse();
    Ok(Built {
        symmetry,
        winnable: kept,
        forward,
        backward,
    })
}

fn sorted(mut v: Vec<Position>) -> Vec<Position> {
    v.par_sort_unstable();
    v.dedup();
    v
}

/// A share of hash values, for making a level's children in passes.
fn share(pos: Position, passes: u64) -> u64 {
    (pos.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) % passes
}

/// How many passes the children of `level` need to fit in [`PASS_BYTES`].
fn passes(board: &Board, level: &[Position]) -> u64 {
    let children: u64 = level
        .par_iter()
        .map(|&p| {
            let mut n = 0u64;
            board.for_each_legal(p, |_| n += 1);
            n
        })
        .sum();
    (children * 8).div_ceil(PASS_BYTES).max(1)
}

/// What `each` gives for every position of `level`, sorted and without repeats, made a chunk at a time on the pool.
fn gathered(
    level: &[Position],
    each: impl Fn(Position, &mut Vec<Position>) + Sync,
) -> Vec<Position> {
    let parts: Vec<Vec<Position>> = level
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut v = Vec::with_capacity(chunk.len() * 4);
            for &p in chunk {
                each(p, &mut v);
            }
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect();
    let mut all = Vec::with_capacity(parts.iter().map(Vec::len).sum());
    for p in parts {
        all.extend_from_slice(&p);
    }
    sorted(all)
}

/// The next level of `level`: the classes of its children that `prune` does not prove lost (only those in `within`,
/// sorted, where given), made in as many passes as the children need, each keeping one share of hash values.
fn children(
    board: &Board,
    symmetry: &Symmetry,
    prune: &Prune,
    level: &[Position],
    within: Option<&[Position]>,
) -> Vec<Position> {
    let n = passes(board, level);
    let mut out = Vec::new();
    for pass in 0..n {
        let share = gathered(level, |p, v| {
            board.for_each_legal(p, |j| {
                let c = symmetry.canonical(p ^ j.mask());
                if share(c, n) == pass && !prune.lost(c) {
                    v.push(c);
                }
            });
        });
        match within {
            Some(met) => out.extend(intersect(&share, met)),
            None => out.extend(share),
        }
    }
    if n > 1 { sorted(out) } else { out }
}

/// The classes of the parents of `level`'s positions (every jump played backwards into each), sorted.
fn parents(board: &Board, symmetry: &Symmetry, level: &[Position]) -> Vec<Position> {
    gathered(level, |p, v| {
        // A class's parents are the classes of its representative's parents (a symmetry maps jumps to jumps), so
        // one member's backward jumps find them all.
        for j in board.jumps() {
            if j.legal_backwards(p) {
                v.push(symmetry.canonical(p ^ j.mask()));
            }
        }
    })
}

/// The positions in both sorted lists.
fn intersect(a: &[Position], b: &[Position]) -> Vec<Position> {
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}
