//! Pruning a count without changing it: a position from which no game reaches any of the count's targets adds
//! nothing to the count, and neither does anything reached from it, so a level may drop it. Which positions are
//! provably lost is shown by pagoda functions ([`crate::pagoda`]); the ones a count uses are learnt before it
//! starts, from positions met on random games from its sources, each function one that proves some of them lost.
//!
//! Every ancestor of a position that can reach a target can reach it too, so no path into such a position is
//! dropped: the count is exact, only the levels are smaller. Forwards the targets are the finishes; backwards
//! (forwards on complements, see `count.rs`) the target is the start's complement, a single peg.

use crate::board::{Board, Position};
use crate::pagoda::{self, Pagoda};

/// The most functions a count learns: as many as a [`Row`] holds side by side, so they cost no more than one.
const MAX_FUNCTIONS: usize = LANES;

/// Positions tried by the linear programme while learning (each a small simplex, about a millisecond).
const MAX_TRIES: usize = 400;

/// Random games played from the sources while learning.
const GAMES: usize = 200;

/// Functions a [`Row`] holds side by side: one 64-byte line, four SSE2 or simd128 vectors, added in a few instructions.
const LANES: usize = 16;

/// Each function's total of the pegs of one byte value of a position, as integers: the weights times
/// [`SCALE`], each rounded up.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Row([i32; LANES]);

/// Every function as integer lookup tables, all functions side by side: a position's totals under all of them are
/// one row per byte of the position, added lane by lane, so checking sixteen functions costs about what one did.
///
/// Exact and safe: weights are rounded up and each target's least total down, so a position is called lost only
/// if `Σ w < floor` holds for the real weights (`S Σ w <= Σ ceil(S w) < floor(S floor) <= S floor`); the margin,
/// a few millionths, is wider than the slack [`Pagoda::new`] allows a jump.
#[derive(Clone, Debug, Default)]
struct Tables {
    /// Per byte of a position, the row for each of its 256 values.
    bytes: Vec<Vec<Row>>,
    /// Per function, the least target total, rounded down (unused lanes: `i32::MIN`, never below).
    floors: [i32; LANES],
    /// The functions, in their lanes' order, each with its least target total.
    functions: Vec<(Pagoda, f64)>,
}

/// Weights run from -1 to [`crate::pagoda::MAX_WEIGHT`] on at most 64 holes: at this scale a total stays well
/// inside 32 bits (8 x 64 x 2^20 = 2^29) and a weight is kept to a millionth.
const SCALE: f64 = (1u32 << 20) as f64;

impl Tables {
    fn push(&mut self, p: &Pagoda, holes: usize, targets: &[Position]) {
        let lane = self.functions.len();
        let w = p.weights();
        if self.bytes.is_empty() {
            self.bytes = vec![vec![Row([0; LANES]); 256]; holes.div_ceil(8)];
            self.floors = [i32::MIN; LANES];
        }
        let up = |x: f64| (x * SCALE).ceil() as i32;
        for (b, rows) in self.bytes.iter_mut().enumerate() {
            for (v, row) in rows.iter_mut().enumerate() {
                row.0[lane] = (0..8)
                    .filter(|i| v >> i & 1 == 1)
                    .filter_map(|i| w.get(8 * b + i))
                    .map(|&x| up(x))
                    .sum();
            }
        }
        let floor = targets
            .iter()
            .map(|&t| p.total(t))
            .fold(f64::INFINITY, f64::min);
        self.floors[lane] = (floor * SCALE)
            .floor()
            .clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
        self.functions.push((p.clone(), floor));
    }

    #[inline]
    fn lost(&self, pos: Position) -> bool {
        if self.functions.is_empty() {
            return false;
        }
        let mut totals = [0i32; LANES];
        for (b, rows) in self.bytes.iter().enumerate() {
            let row = &rows[(pos >> (8 * b)) as usize & 0xff].0;
            for (t, r) in totals.iter_mut().zip(row) {
                *t += r;
            }
        }
        // Every lane compared, no early exit: the compiler keeps it to vector compares and one mask.
        totals
            .iter()
            .zip(&self.floors)
            .fold(false, |lost, (t, f)| lost | (t < f))
    }
}

/// The pagoda functions a count prunes with, for one set of targets.
#[derive(Clone, Debug, Default)]
pub struct Prune {
    tables: Tables,
}

impl Prune {
    /// No pruning.
    pub fn none() -> Prune {
        Prune::default()
    }

    /// Functions that prove lost some of the positions met on random games from `sources` that cannot reach any
    /// of `targets` (single pegs), learnt in a fixed order (the same functions on every run and every rank).
    pub fn learn(board: &Board, sources: &[Position], targets: &[Position]) -> Prune {
        let mut prune = Prune::none();
        if targets.is_empty() || sources.is_empty() {
            return prune;
        }
        let holes = board.holes().len();
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut tries = 0;
        'games: for game in 0..GAMES {
            let mut pos = sources[game % sources.len()];
            while pos.count_ones() > 2 {
                let Some((next, _)) = board.random_jump(pos, &mut rng) else {
                    break;
                };
                pos = next;
                if prune.lost(pos) {
                    continue;
                }
                if tries == MAX_TRIES || prune.tables.functions.len() == MAX_FUNCTIONS {
                    break 'games;
                }
                tries += 1;
                if let Some(p) = pagoda::find(board, pos, targets) {
                    prune.tables.push(&p, holes, targets);
                }
            }
        }
        prune
    }

    /// Whether one of the functions proves that no game from `pos` reaches a target.
    #[inline]
    pub fn lost(&self, pos: Position) -> bool {
        self.tables.lost(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integer tables call a position lost only where a function's real total is below its floor, and
    /// wherever one is below it by more than the rounding margin: checked on positions of random games.
    #[test]
    fn tables_agree_with_the_functions() {
        let board = Board::named("english").unwrap();
        let centre = board.hole(3, 3).unwrap();
        let start = board.full() & !(1 << centre);
        let prune = Prune::learn(&board, &[start], &[1 << centre]);
        let functions = &prune.tables.functions;
        assert!(functions.len() >= 2, "learnt {}", functions.len());
        let (mut rng, mut lost, mut seen) = (0x2545_f491_4f6c_dd1du64, 0, 0);
        for _ in 0..300 {
            let mut pos = start;
            while let Some((next, _)) = board.random_jump(pos, &mut rng) {
                pos = next;
                let below = |margin: f64| functions.iter().any(|(p, f)| p.total(pos) + margin < *f);
                let called = prune.lost(pos);
                assert!(
                    !called || below(0.0),
                    "{pos:#x} called lost, no function proves it"
                );
                assert!(
                    called || !below(1e-4),
                    "{pos:#x} proved lost, not called lost"
                );
                lost += usize::from(called);
                seen += 1;
            }
        }
        assert!(lost > seen / 20, "{lost} of {seen} called lost");
    }
}
