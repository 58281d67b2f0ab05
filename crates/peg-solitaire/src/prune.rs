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

/// The most functions a count learns: each costs a few table lookups per position stored.
const MAX_FUNCTIONS: usize = 12;

/// Positions tried by the linear programme while learning (each a small simplex, about a millisecond).
const MAX_TRIES: usize = 400;

/// Random games played from the sources while learning.
const GAMES: usize = 200;

/// Slack for rounding, as in [`Pagoda::proves_lost`].
const EPS: f64 = 1e-7;

/// One function as lookup tables: the total of each byte of a position, for each byte.
#[derive(Clone, Debug)]
struct Totals {
    bytes: Vec<[f64; 256]>,
    /// The least total of a target: a position below it reaches none.
    floor: f64,
}

impl Totals {
    fn new(p: &Pagoda, holes: usize, targets: &[Position]) -> Totals {
        let w = p.weights();
        let bytes = (0..holes.div_ceil(8))
            .map(|b| {
                let mut t = [0.0; 256];
                for (v, slot) in t.iter_mut().enumerate() {
                    *slot = (0..8)
                        .filter(|i| v >> i & 1 == 1)
                        .filter_map(|i| w.get(8 * b + i))
                        .sum();
                }
                t
            })
            .collect();
        let floor = targets
            .iter()
            .map(|&t| p.total(t))
            .fold(f64::INFINITY, f64::min);
        Totals { bytes, floor }
    }

    #[inline]
    fn total(&self, pos: Position) -> f64 {
        self.bytes
            .iter()
            .enumerate()
            .map(|(b, t)| t[(pos >> (8 * b)) as usize & 0xff])
            .sum()
    }
}

/// The pagoda functions a count prunes with, for one set of targets.
#[derive(Clone, Debug, Default)]
pub struct Prune {
    functions: Vec<Totals>,
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
            loop {
                let mut legal = Vec::new();
                board.for_each_legal(pos, |j| legal.push(j));
                if legal.is_empty() || pos.count_ones() <= 2 {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                pos ^= legal[(rng % legal.len() as u64) as usize].mask();
                if prune.lost(pos) {
                    continue;
                }
                if tries == MAX_TRIES || prune.functions.len() == MAX_FUNCTIONS {
                    break 'games;
                }
                tries += 1;
                if let Some(p) = pagoda::find(board, pos, targets) {
                    prune.functions.push(Totals::new(&p, holes, targets));
                }
            }
        }
        prune
    }

    /// Whether one of the functions proves that no game from `pos` reaches a target.
    #[inline]
    pub fn lost(&self, pos: Position) -> bool {
        self.functions.iter().any(|f| f.total(pos) + EPS < f.floor)
    }
}
