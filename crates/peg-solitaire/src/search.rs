//! The depth-first search behind [`crate::Analyst`]: from a position, a game to one of the finishes or the proof
//! that none exists, visiting positions in runs of a budget. It remembers lost positions (one per class under the
//! symmetries that keep the finishes), tries jumps towards the finish first (equally good ones shuffled anew in
//! each run after the first), and learns pagoda functions from big lost subtrees; what it found is a [`Memo`] that
//! its caller keeps for the next question about the same game.
//!
//! Two searches run side by side on the thread pool from the same position, sharing the lost positions
//! ([`lost::LostSet`]): the first tries the jumps towards the finish first, the second the same jumps in the
//! reverse order. Each skips what the other proved lost, so a proof that must visit a whole tree is split between
//! them as they go, from its two ends; a game is found by whichever reaches one first, and the other then stops.
//! On a pool of one thread the second starts after the first has settled the question, and stops at once. Two
//! sides in the same order would mostly walk the same path: the reverse order is what makes the second side pay
//! (BENCHMARKS.md, the 300 French positions).

mod lost;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use progress::{Flow, Label, Observer, Progress, Unit};

use crate::board::{Board, Jump, Position};
use crate::count::CountError;
use crate::finish::{Finish, finished};
use crate::pagoda::{self, Pagoda};
use crate::symmetry::Symmetry;

/// The unit a search's progress is counted in.
pub const POSITIONS: Unit = Unit::new("position", "positions searched", Label::Ordinal);

/// What searches for one board and finish found: lost positions, and pagoda functions that prove others lost.
pub(crate) struct Memo {
    board: Board,
    finish: Finish,
    lost: lost::LostSet,
    learnt: Learnt,
}

/// One run of the search: how many new positions it may visit, the shuffle of equally good jumps (0: none), and
/// the positions the runs before it visited (for progress).
#[derive(Clone, Copy)]
pub(crate) struct Run {
    pub(crate) budget: u64,
    pub(crate) seed: u64,
    pub(crate) spent: u64,
}

/// Depth-first search from `pos` for a game to one of `finals`, visiting at most `run.budget` new positions:
/// `Some(Some(jumps))` found, `Some(None)` none exists, `None` out of budget.
pub(crate) fn search(
    memo: &mut Option<Memo>,
    board: &Board,
    pos: Position,
    finish: Finish,
    finals: &[Position],
    run: Run,
    observer: &dyn Observer,
) -> Result<Option<Option<Vec<Jump>>>, CountError> {
    let kept = match memo.take() {
        Some(m) if m.board == *board && m.finish == finish => m,
        _ => Memo {
            board: board.clone(),
            finish,
            lost: lost::LostSet::for_positions(run.budget),
            learnt: Learnt::default(),
        },
    };
    let kept = Memo {
        lost: kept.lost.room_for(run.budget),
        ..kept
    };
    // A symmetry that maps the finishes onto themselves keeps a lost position lost.
    let symmetry = Symmetry::keeping_set(board, finals);
    let reach = reach(board, finals);
    let shared = Shared {
        lost: &kept.lost,
        visited: AtomicU64::new(0),
        over: AtomicBool::new(false),
    };
    observer.report(Progress::Tally {
        done: run.spent,
        total: 0,
        unit: POSITIONS,
    });
    let side = |reversed: bool| {
        let mut dfs = Dfs {
            learnt: kept.learnt.clone(),
            board,
            finish,
            finals,
            symmetry: &symmetry,
            shared: &shared,
            visited: 0,
            run,
            reversed,
            observer,
            path: Vec::new(),
            reach: &reach,
        };
        let result = if shared.over.load(Relaxed) {
            Err(Stop::Over)
        } else {
            dfs.walk(pos)
        };
        shared.over.store(true, Relaxed);
        (result, dfs.path, dfs.learnt)
    };
    let ((first, path_a, mut learnt), (second, path_b, learnt_b)) =
        rayon::join(|| side(false), || side(true));
    let learnt_before = kept.learnt.tables.len();
    for t in learnt_b.tables.into_iter().skip(learnt_before) {
        if learnt.tables.len() < LEARN_CAP {
            learnt.tables.push(t);
        }
    }
    *memo = Some(Memo {
        board: board.clone(),
        finish,
        lost: kept.lost,
        learnt,
    });
    match (first, second) {
        (Ok(true), _) => Ok(Some(Some(path_a))),
        (_, Ok(true)) => Ok(Some(Some(path_b))),
        (Ok(false), _) | (_, Ok(false)) => Ok(Some(None)),
        (Err(Stop::Cancelled), _) | (_, Err(Stop::Cancelled)) => Err(CountError::Cancelled),
        _ => Ok(None),
    }
}

/// What the two sides of a search share: the lost positions, the positions both visited, and whether one has
/// settled the question (or run out), which stops the other.
struct Shared<'a> {
    lost: &'a lost::LostSet,
    visited: AtomicU64,
    over: AtomicBool,
}

enum Stop {
    Budget,
    Cancelled,
    /// The other side settled it first.
    Over,
}

/// Positions a side visits between looks at what they share (the budget, whether the other side is done).
const BATCH: u64 = 256;

/// Pagoda functions a search learnt, as tables of the total of each byte of a position, with the least total of
/// the finishes: a position is lost when some function's total is below its finishes'.
#[derive(Default, Clone)]
struct Learnt {
    /// Per function: 8 tables of 256 totals, then the finishes' least total.
    tables: Vec<(Box<[[f64; 256]; 8]>, f64)>,
}

/// Functions a search keeps learning (each costs eight reads per position visited).
const LEARN_CAP: usize = 48;

/// A lost subtree this big has a pagoda proof looked for (a linear programme: about 5 ms).
const LEARN_FROM: u64 = 4096;

impl Learnt {
    fn add(&mut self, p: &Pagoda, finals: &[Position], full: Position) {
        let mut t = Box::new([[0.0; 256]; 8]);
        for (chunk, table) in t.iter_mut().enumerate() {
            for (byte, total) in table.iter_mut().enumerate() {
                *total = p.total(((byte as u64) << (8 * chunk)) & full);
            }
        }
        let least = finals
            .iter()
            .map(|&f| p.total(f))
            .fold(f64::INFINITY, f64::min);
        self.tables.push((t, least));
    }

    fn proves_lost(&self, pos: Position) -> bool {
        // Bytes above the position's highest peg are empty (their totals are 0, adding nothing): they are not read.
        let chunks = (64 - pos.leading_zeros() as usize).div_ceil(8);
        self.tables.iter().any(|(t, least)| {
            let total: f64 = (0..chunks)
                .map(|c| t[c][(pos >> (8 * c)) as usize & 255])
                .sum();
            total + 1e-7 < *least
        })
    }
}

struct Dfs<'a> {
    learnt: Learnt,
    board: &'a Board,
    finish: Finish,
    finals: &'a [Position],
    symmetry: &'a Symmetry,
    shared: &'a Shared<'a>,
    /// Positions this side visited.
    visited: u64,
    run: Run,
    /// Whether this side tries the jumps in the reverse order (worst first).
    reversed: bool,
    observer: &'a dyn Observer,
    path: Vec<Jump>,
    /// Each hole's squared distance to where the game ends (the finishes' centre), doubled: jumps towards it are
    /// tried first.
    reach: &'a [i32],
}

/// A tie-break among equally good jumps for run `seed` (0: the board's order).
fn shuffle(seed: u64, j: &Jump) -> u64 {
    if seed == 0 {
        return 0;
    }
    let x =
        (seed << 16 | u64::from(j.from) << 8 | u64::from(j.to)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^ x >> 29
}

/// Each hole's offset `(rows, columns)` from the centre of `finals`, times `n` (the number of finals, returned too),
/// so that it stays whole where that centre falls between holes. The search and the beam both steer by it.
pub(crate) fn from_finishes(board: &Board, finals: &[Position]) -> (Vec<(i32, i32)>, i32) {
    let n = finals.len().max(1) as i32;
    let at = |p: Position| board.holes()[p.trailing_zeros() as usize];
    let (sr, sc) = finals.iter().fold((0, 0), |(r, c), &f| {
        let (fr, fc) = at(f);
        (r + i32::from(fr), c + i32::from(fc))
    });
    let offsets = board
        .holes()
        .iter()
        .map(|&(r, c)| (i32::from(r) * n - sr, i32::from(c) * n - sc))
        .collect();
    (offsets, n)
}

/// Each hole's squared distance from the centre of `finals` (times the number of finals, to stay whole).
fn reach(board: &Board, finals: &[Position]) -> Vec<i32> {
    let (offsets, _) = from_finishes(board, finals);
    offsets.iter().map(|&(dr, dc)| dr * dr + dc * dc).collect()
}

impl Dfs<'_> {
    /// Remembers a lost position (a class of them, under the symmetry).
    fn remember(&self, key: Position) {
        self.shared.lost.insert(key);
    }

    fn walk(&mut self, pos: Position) -> Result<bool, Stop> {
        let key = self.symmetry.canonical(pos);
        self.walk_known(pos, key)
    }

    /// [`Dfs::walk`] from `pos`, whose class is `key`.
    fn walk_known(&mut self, pos: Position, key: Position) -> Result<bool, Stop> {
        if finished(self.board, pos, self.finish) {
            return Ok(true);
        }
        if pos.count_ones() <= 1 {
            return Ok(false);
        }
        if self.shared.lost.contains(key) {
            return Ok(false);
        }
        if self.learnt.proves_lost(pos) {
            self.remember(key);
            return Ok(false);
        }
        self.visited += 1;
        let entered = self.visited;
        if self.visited.is_multiple_of(BATCH) {
            let both = self.shared.visited.fetch_add(BATCH, Relaxed) + BATCH;
            if self.shared.over.load(Relaxed) {
                return Err(Stop::Over);
            }
            if both > self.run.budget {
                return Err(Stop::Budget);
            }
            if self.visited.is_multiple_of(8192) {
                let flow = self.observer.report(Progress::Tally {
                    done: self.run.spent.saturating_add(both),
                    total: 0,
                    unit: POSITIONS,
                });
                if flow == Flow::Stop || !self.observer.keep_going() {
                    return Err(Stop::Cancelled);
                }
            }
        }
        // Two pegs: a jump to a finish, or nothing.
        if pos.count_ones() == 2 {
            let won = self
                .board
                .jumps()
                .iter()
                .find(|j| j.legal(pos) && self.finals.contains(&(pos ^ j.mask())));
            if let Some(&j) = won {
                self.path.push(j);
                return Ok(true);
            }
            self.remember(key);
            return Ok(false);
        }
        let mut jumps = [Jump {
            from: 0,
            over: 0,
            to: 0,
        }; 96];
        let mut n = 0;
        self.board.for_each_legal(pos, |j| {
            if n < jumps.len() {
                jumps[n] = j;
                n += 1;
            }
        });
        let (reach, seed) = (self.reach, self.run.seed);
        jumps[..n].sort_unstable_by_key(|j| {
            let towards = reach[usize::from(j.to)] - reach[usize::from(j.from)];
            (towards, shuffle(seed, j))
        });
        if self.reversed {
            jumps[..n].reverse();
        }
        // The children's classes, and which of them the table already holds, looked up together: the lookups are
        // independent, so their cache misses (most of a search's time) overlap instead of coming one by one.
        let mut keys = [0 as Position; 96];
        let mut held = [false; 96];
        for (k, j) in keys[..n].iter_mut().zip(&jumps[..n]) {
            *k = self.symmetry.canonical(pos ^ j.mask());
        }
        for (h, &k) in held[..n].iter_mut().zip(&keys[..n]) {
            *h = self.shared.lost.contains(k);
        }
        for ((&j, &k), &h) in jumps[..n].iter().zip(&keys[..n]).zip(&held[..n]) {
            if h {
                continue;
            }
            self.path.push(j);
            if self.walk_known(pos ^ j.mask(), k)? {
                return Ok(true);
            }
            self.path.pop();
        }
        self.remember(key);
        // A big lost subtree: a pagoda function that proves it lost may cut others like it.
        if self.visited - entered >= LEARN_FROM
            && self.learnt.tables.len() < LEARN_CAP
            && let Some(p) = pagoda::find(self.board, pos, self.finals)
        {
            self.learnt.add(&p, self.finals, self.board.full());
        }
        Ok(false)
    }
}
