//! Local search for huge games (up to 100 pegs x 20 colours), after the TopCoder Marathon Match 2 editorial
//! (../shared/seeds/004_4aa02ce8ad01eedd.txt): find a code whose scores against the past guesses are as close
//! as possible to the scores they got, and play it. An exactly consistent code is found most of the time; when
//! the iteration budget runs out first, the closest code found is played, and its score narrows the search.
//!
//! The error of a code `x` is, summed over past guesses `g` with scores `(b, w)`: `|matches(x, g) - (b + w)|`
//! (colour counts) plus `|blacks(x, g) - b|` (places). Moves are one peg recoloured (changes both terms) and two
//! pegs swapped (changes only places); each is evaluated in O(past guesses) from per-guess tallies kept up to
//! date, and the best move at a randomly chosen peg is taken when it does not make things worse. After a long
//! run without improvement a few pegs are recoloured at random (a kick). The search starts from the last guess,
//! whose only error is against its own score.

use rand::{Rng, RngExt};

use crate::{Code, MAX_COLORS, Row, Spec};

/// One past guess as the search uses it.
struct Target {
    pegs: Vec<u8>,
    counts: [u16; MAX_COLORS as usize],
    black: i32,
    total: i32,
}

/// A code being improved, with its tallies against every target.
struct State<'a> {
    targets: &'a [Target],
    code: Vec<u8>,
    counts: [u16; MAX_COLORS as usize],
    blacks: Vec<i32>,
    totals: Vec<i32>,
    error: i32,
}

impl<'a> State<'a> {
    fn new(spec: Spec, targets: &'a [Target], code: Vec<u8>) -> State<'a> {
        let mut counts = [0u16; MAX_COLORS as usize];
        for &c in &code {
            counts[usize::from(c)] += 1;
        }
        let blacks: Vec<i32> = targets
            .iter()
            .map(|t| t.pegs.iter().zip(&code).filter(|(a, b)| a == b).count() as i32)
            .collect();
        let totals: Vec<i32> = targets
            .iter()
            .map(|t| {
                (0..usize::from(spec.colors))
                    .map(|c| i32::from(t.counts[c].min(counts[c])))
                    .sum()
            })
            .collect();
        let mut s = State {
            targets,
            code,
            counts,
            blacks,
            totals,
            error: 0,
        };
        s.error = s.full_error();
        s
    }

    fn full_error(&self) -> i32 {
        self.targets
            .iter()
            .enumerate()
            .map(|(j, t)| (self.totals[j] - t.total).abs() + (self.blacks[j] - t.black).abs())
            .sum()
    }

    /// Change of error if peg `i` became colour `c`.
    fn recolor_delta(&self, i: usize, c: u8) -> i32 {
        let a = self.code[i];
        if a == c {
            return 0;
        }
        let (ai, ci) = (usize::from(a), usize::from(c));
        self.targets
            .iter()
            .enumerate()
            .map(|(j, t)| {
                let db = i32::from(t.pegs[i] == c) - i32::from(t.pegs[i] == a);
                let dt = i32::from(self.counts[ci] < t.counts[ci])
                    - i32::from(self.counts[ai] <= t.counts[ai]);
                let (b, tot) = (self.blacks[j] - t.black, self.totals[j] - t.total);
                (b + db).abs() - b.abs() + (tot + dt).abs() - tot.abs()
            })
            .sum()
    }

    fn recolor(&mut self, i: usize, c: u8) {
        let a = self.code[i];
        if a == c {
            return;
        }
        let (ai, ci) = (usize::from(a), usize::from(c));
        for (j, t) in self.targets.iter().enumerate() {
            self.blacks[j] += i32::from(t.pegs[i] == c) - i32::from(t.pegs[i] == a);
            self.totals[j] += i32::from(self.counts[ci] < t.counts[ci])
                - i32::from(self.counts[ai] <= t.counts[ai]);
        }
        self.counts[ai] -= 1;
        self.counts[ci] += 1;
        self.code[i] = c;
        self.error = self.full_error();
    }

    /// Change of error if pegs `i` and `k` swapped colours.
    fn swap_delta(&self, i: usize, k: usize) -> i32 {
        let (x, y) = (self.code[i], self.code[k]);
        self.targets
            .iter()
            .enumerate()
            .map(|(j, t)| {
                let db = i32::from(t.pegs[i] == y) + i32::from(t.pegs[k] == x)
                    - i32::from(t.pegs[i] == x)
                    - i32::from(t.pegs[k] == y);
                let b = self.blacks[j] - t.black;
                (b + db).abs() - b.abs()
            })
            .sum()
    }

    fn swap(&mut self, i: usize, k: usize) {
        let (x, y) = (self.code[i], self.code[k]);
        for (j, t) in self.targets.iter().enumerate() {
            self.blacks[j] += i32::from(t.pegs[i] == y) + i32::from(t.pegs[k] == x)
                - i32::from(t.pegs[i] == x)
                - i32::from(t.pegs[k] == y);
        }
        self.code.swap(i, k);
        self.error = self.full_error();
    }
}

/// Moves tried per guess, per peg: the budget is `pegs * MOVES_PER_PEG` moves (a move looks at every colour
/// or every other peg for one randomly chosen peg).
pub const MOVES_PER_PEG: usize = 40;
/// Moves without improvement before a kick.
const PATIENCE: usize = 200;

/// The result of one local search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The code to play.
    pub code: Code,
    /// Its error (0: consistent with every past score).
    pub error: u32,
}

/// Finds a code as consistent as possible with `history` within `moves` moves. Never returns a code already
/// played (that would tell nothing new) unless the game has a single code.
pub fn search(spec: &Spec, history: &[Row], moves: usize, rng: &mut impl Rng) -> Found {
    let targets: Vec<Target> = history
        .iter()
        .map(|r| {
            let mut counts = [0u16; MAX_COLORS as usize];
            for &c in r.guess.pegs() {
                counts[usize::from(c)] += 1;
            }
            Target {
                pegs: r.guess.pegs().to_vec(),
                counts,
                black: i32::from(r.feedback.black),
                total: i32::from(r.feedback.black) + i32::from(r.feedback.white),
            }
        })
        .collect();
    let start = match history.last() {
        Some(r) => r.guess.pegs().to_vec(),
        None => Code::random(spec, rng).pegs().to_vec(),
    };
    let p = usize::from(spec.pegs);
    let mut state = State::new(*spec, &targets, start);
    let mut best = (state.error, state.code.clone());
    let mut stale = 0;
    for _ in 0..moves {
        // A past guess never fits its own score (it would have won), so error 0 means a new code.
        if best.0 == 0 {
            break;
        }
        let i = rng.random_range(0..p);
        // The best move at peg i: a recolour, or (half the time) a swap with another peg.
        let (delta, apply): (i32, Move) = if spec.repeats && rng.random_bool(0.5) {
            (0..spec.colors)
                .filter(|&c| c != state.code[i])
                .map(|c| (state.recolor_delta(i, c), Move::Recolor(i, c)))
                .min_by_key(|(d, _)| *d)
                .unwrap_or((i32::MAX, Move::None))
        } else if !spec.repeats && rng.random_bool(0.3) {
            (0..spec.colors)
                .filter(|&c| state.counts[usize::from(c)] == 0)
                .map(|c| (state.recolor_delta(i, c), Move::Recolor(i, c)))
                .min_by_key(|(d, _)| *d)
                .unwrap_or((i32::MAX, Move::None))
        } else {
            (0..p)
                .filter(|&k| state.code[k] != state.code[i])
                .map(|k| (state.swap_delta(i, k), Move::Swap(i, k)))
                .min_by_key(|(d, _)| *d)
                .unwrap_or((i32::MAX, Move::None))
        };
        if delta <= 0 {
            match apply {
                Move::Recolor(i, c) => state.recolor(i, c),
                Move::Swap(i, k) => state.swap(i, k),
                Move::None => {}
            }
        }
        if state.error < best.0 {
            best = (state.error, state.code.clone());
            stale = 0;
        } else {
            stale += 1;
        }
        if stale > PATIENCE {
            // A kick: recolour (or, without repeats, swap) a few pegs at random.
            for _ in 0..(p / 10).max(2) {
                let i = rng.random_range(0..p);
                if spec.repeats {
                    let c = rng.random_range(0..spec.colors);
                    state.recolor(i, c);
                } else {
                    let k = rng.random_range(0..p);
                    state.swap(i, k);
                }
            }
            stale = 0;
        }
    }
    if history.iter().any(|r| r.guess.pegs() == best.1.as_slice()) {
        // Everything tried was played before: play the current code, which is at least new.
        best = (state.error, state.code.clone());
    }
    Found {
        code: Code::from_valid(best.1),
        error: best.0.unsigned_abs(),
    }
}

#[derive(Clone, Copy)]
enum Move {
    Recolor(usize, u8),
    Swap(usize, usize),
    None,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn play(spec: Spec, seed: u64) -> usize {
        let mut rng = StdRng::seed_from_u64(seed);
        let secret = Code::random(&spec, &mut rng);
        let mut history: Vec<Row> = Vec::new();
        for _ in 0..3000 {
            let found = search(
                &spec,
                &history,
                usize::from(spec.pegs) * MOVES_PER_PEG,
                &mut rng,
            );
            let feedback = score(&found.code, &secret, spec.colors);
            history.push(Row {
                guess: found.code,
                feedback,
            });
            if feedback.is_win(spec.pegs) {
                return history.len();
            }
        }
        panic!("{spec}: not solved in 3000 guesses");
    }

    #[test]
    fn solves_medium_games() {
        for (spec, seed) in [
            (Spec::new(10, 10, true).unwrap(), 1),
            (Spec::new(20, 15, true).unwrap(), 2),
            (Spec::new(12, 20, false).unwrap(), 3),
        ] {
            let n = play(spec, seed);
            assert!(n < 200, "{spec}: {n} guesses");
        }
    }

    #[test]
    fn tallies_stay_exact() {
        let spec = Spec::new(30, 8, true).unwrap();
        let mut rng = StdRng::seed_from_u64(5);
        let secret = Code::random(&spec, &mut rng);
        let history: Vec<Row> = (0..5)
            .map(|_| {
                let g = Code::random(&spec, &mut rng);
                Row {
                    feedback: score(&g, &secret, 8),
                    guess: g,
                }
            })
            .collect();
        let targets: Vec<Target> = history
            .iter()
            .map(|r| {
                let mut counts = [0u16; MAX_COLORS as usize];
                r.guess
                    .pegs()
                    .iter()
                    .for_each(|&c| counts[usize::from(c)] += 1);
                Target {
                    pegs: r.guess.pegs().to_vec(),
                    counts,
                    black: i32::from(r.feedback.black),
                    total: i32::from(r.feedback.black + r.feedback.white),
                }
            })
            .collect();
        let mut state = State::new(
            spec,
            &targets,
            Code::random(&spec, &mut rng).pegs().to_vec(),
        );
        for step in 0..500 {
            let i = rng.random_range(0..30);
            if step % 2 == 0 {
                let c = rng.random_range(0..8);
                let predicted = state.error + state.recolor_delta(i, c);
                state.recolor(i, c);
                assert_eq!(state.error, predicted);
            } else {
                let k = rng.random_range(0..30);
                let predicted = state.error + state.swap_delta(i, k);
                state.swap(i, k);
                assert_eq!(state.error, predicted);
            }
            let fresh = State::new(spec, &targets, state.code.clone());
            assert_eq!(
                (fresh.blacks.clone(), fresh.totals.clone()),
                (state.blacks.clone(), state.totals.clone())
            );
        }
    }
}
