//! Pagoda functions: weights on the holes such that no jump raises a position's total (for every jump, the
//! weights of the jumping peg and the peg jumped over add up to at least the weight of the hole landed in). A
//! position whose total is below the finish's can never reach it: a proof of a lost position in one picture.
//!
//! Which weights prove a given position lost is a linear programme (`find`, solved here by a small simplex):
//! the weights are kept between -1 and [`MAX_WEIGHT`] and a finish hole weighs 1, so the proof can be drawn.

use crate::board::{Board, Position};

/// The heaviest weight a found function gives a hole (a bound keeps the programme small and the picture legible).
pub const MAX_WEIGHT: f64 = 8.0;

/// Weights on the holes (indexed by hole) under which no jump raises a position's total.
#[derive(Clone, Debug, PartialEq)]
pub struct Pagoda {
    weights: Vec<f64>,
}

/// Slack for rounding: totals are compared with this margin, so a function only proves what it clearly proves.
const EPS: f64 = 1e-7;

impl Pagoda {
    /// A pagoda function from weights, or `None` when some jump of `board` would raise the total.
    pub fn new(board: &Board, weights: Vec<f64>) -> Option<Pagoda> {
        let ok = weights.len() == board.holes().len()
            && board.jumps().iter().all(|j| {
                weights[usize::from(j.from)] + weights[usize::from(j.over)] + EPS
                    >= weights[usize::from(j.to)]
            });
        ok.then_some(Pagoda { weights })
    }

    /// The weight of each hole.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// The total of the pegs of `pos`.
    pub fn total(&self, pos: Position) -> f64 {
        let mut rest = pos;
        let mut sum = 0.0;
        while rest != 0 {
            sum += self.weights[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        sum
    }

    /// Whether this function shows that no game from `pos` ends on any of `finals` (its total is below each of
    /// theirs).
    pub fn proves_lost(&self, pos: Position, finals: &[Position]) -> bool {
        let t = self.total(pos);
        finals.iter().all(|&f| t + EPS < self.total(f))
    }
}

/// A pagoda function that proves no game from `pos` reaches any of `finals` (single pegs), if one exists with
/// weights in `-1..=MAX_WEIGHT`: the one with the lowest total for `pos` while every final weighs at least 1.
pub fn find(board: &Board, pos: Position, finals: &[Position]) -> Option<Pagoda> {
    let n = board.holes().len();
    // Variables x_h = w_h + 1 in 0..=MAX_WEIGHT + 1. Rows: one per jump (x_from + x_over - x_to >= 1), one per final
    // (x_f >= 2), one per hole (x_h <= MAX_WEIGHT + 1). Minimise the total of `pos`'s holes.
    let mut lp = Simplex::new(n);
    for j in board.jumps() {
        let mut row = vec![0.0; n];
        row[usize::from(j.from)] += 1.0;
        row[usize::from(j.over)] += 1.0;
        row[usize::from(j.to)] -= 1.0;
        lp.at_least(row, 1.0);
    }
    for &f in finals {
        let mut row = vec![0.0; n];
        row[f.trailing_zeros() as usize] = 1.0;
        lp.at_least(row, 2.0);
    }
    for h in 0..n {
        let mut row = vec![0.0; n];
        row[h] = 1.0;
        lp.at_most(row, MAX_WEIGHT + 1.0);
    }
    let cost: Vec<f64> = (0..n).map(|h| (pos >> h & 1) as f64).collect();
    let x = lp.minimise(&cost)?;
    // Back to weights, tidied to the nearest sixteenth where that keeps them a pagoda function (they are
    // vertices of the programme: small fractions), so the picture shows plain numbers.
    let raw: Vec<f64> = x.iter().map(|v| v - 1.0).collect();
    let tidy: Vec<f64> = raw.iter().map(|w| (w * 16.0).round() / 16.0).collect();
    [tidy, raw]
        .into_iter()
        .filter_map(|w| Pagoda::new(board, w))
        .find(|p| p.proves_lost(pos, finals))
}

/// A dense two-phase simplex for `minimise c.x` over `x >= 0` with rows `a.x >= b` or `a.x <= b` (`b >= 0`),
/// entering by Dantzig's rule, then by Bland's (no cycling). Small: a board has at most 64 holes and a few hundred jumps.
struct Simplex {
    vars: usize,
    rows: Vec<(Vec<f64>, f64, bool)>,
}

impl Simplex {
    fn new(vars: usize) -> Simplex {
        Simplex {
            vars,
            rows: Vec::new(),
        }
    }

    fn at_least(&mut self, a: Vec<f64>, b: f64) {
        self.rows.push((a, b, true));
    }

    fn at_most(&mut self, a: Vec<f64>, b: f64) {
        self.rows.push((a, b, false));
    }

    /// The optimal `x`, or `None` when the rows cannot all hold.
    fn minimise(&self, cost: &[f64]) -> Option<Vec<f64>> {
        let m = self.rows.len();
        let n = self.vars;
        // Columns: x (n), one slack per row (m), one artificial per `>=` row, then the right-hand side.
        let greater: Vec<usize> = (0..m).filter(|&i| self.rows[i].2).collect();
        let cols = n + m + greater.len();
        let width = cols + 1;
        let mut t = vec![0.0; (m + 2) * width];
        let mut basis = vec![0usize; m];
        let mut art = 0;
        for (i, (a, b, ge)) in self.rows.iter().enumerate() {
            let row = &mut t[i * width..(i + 1) * width];
            row[..n].copy_from_slice(a);
            row[cols] = *b;
            if *ge {
                row[n + i] = -1.0;
                row[n + m + art] = 1.0;
                basis[i] = n + m + art;
                art += 1;
            } else {
                row[n + i] = 1.0;
                basis[i] = n + i;
            }
        }
        // Row m: the real objective (minimise cost); row m + 1: phase one (minimise the artificials' sum).
        for (j, &c) in cost.iter().enumerate() {
            t[m * width + j] = c;
        }
        for &i in &greater {
            for j in 0..width {
                let v = t[i * width + j];
                if j < n + m || j == cols {
                    t[(m + 1) * width + j] -= v;
                }
            }
        }
        let pivot = |t: &mut [f64], basis: &mut [usize], r: usize, c: usize| {
            let p = t[r * width + c];
            let mut pivot_row = t[r * width..(r + 1) * width].to_vec();
            pivot_row.iter_mut().for_each(|v| *v /= p);
            for (i, row) in t.chunks_exact_mut(width).enumerate() {
                if i == r {
                    row.copy_from_slice(&pivot_row);
                    continue;
                }
                let f = row[c];
                if f != 0.0 {
                    for (x, &y) in row.iter_mut().zip(&pivot_row) {
                        *x -= f * y;
                    }
                }
            }
            basis[r] = c;
        };
        // Runs the simplex on objective row `obj` over columns `0..limit`; false if unbounded.
        // The entering column: the most negative reduced cost (Dantzig's rule: few pivots), and after many pivots
        // the first negative one (Bland's rule, which cannot cycle).
        let run = |t: &mut [f64], basis: &mut [usize], obj: usize, limit: usize| -> bool {
            for step in 0..50_000 {
                let reduced = &t[obj * width..obj * width + limit];
                let entering = if step < 20 * m {
                    reduced
                        .iter()
                        .enumerate()
                        .filter(|&(_, &v)| v < -1e-9)
                        .min_by(|a, b| a.1.total_cmp(b.1))
                        .map(|(j, _)| j)
                } else {
                    reduced.iter().position(|&v| v < -1e-9)
                };
                let Some(c) = entering else {
                    return true;
                };
                let mut best: Option<(f64, usize)> = None;
                for i in 0..m {
                    let a = t[i * width + c];
                    if a > 1e-9 {
                        let ratio = t[i * width + cols] / a;
                        if best.is_none_or(|(r, bi)| {
                            ratio < r - 1e-12 || (ratio <= r + 1e-12 && basis[i] < basis[bi])
                        }) {
                            best = Some((ratio, i));
                        }
                    }
                }
                let Some((_, r)) = best else { return false };
                pivot(t, basis, r, c);
            }
            false
        };
        run(&mut t, &mut basis, m + 1, cols);
        if t[(m + 1) * width + cols] < -1e-7 {
            return None;
        }
        // Drive any artificial left in the basis (at zero) out, then optimise the real cost without them.
        for r in 0..m {
            if basis[r] >= n + m
                && let Some(c) = (0..n + m).find(|&j| t[r * width + j].abs() > 1e-9)
            {
                pivot(&mut t, &mut basis, r, c);
            }
        }
        if !run(&mut t, &mut basis, m, n + m) {
            return None;
        }
        let mut x = vec![0.0; n];
        for (r, &b) in basis.iter().enumerate() {
            if b < n {
                x[b] = t[r * width + cols];
            }
        }
        Some(x)
    }
}
