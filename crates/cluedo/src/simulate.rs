//! Many games of computer players, on every thread: each game is seeded from the run's seed and its own number,
//! so the same seed gives the same games, whatever the thread count.

use progress::{Flow, Label, Observer, Progress, Unit};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;

use crate::game::{Game, Phase};
use crate::players::{Kind, act};
use crate::view::PLAYERS;

/// Games, as a simulation's tally.
pub const GAMES: Unit = Unit::new("game", "games", Label::Ordinal);

/// Batches of 16 games, as the units threads take.
pub const BATCHES: Unit = Unit::new("batch of 16 games", "batches of 16 games", Label::Ordinal);

/// A game still running after this many rounds is stopped and counted as unfinished (the seed's kinds always
/// finish far sooner; the limit only guards against a player that never accuses).
pub const MAX_ROUNDS: u32 = 1000;

/// The most games one simulation plays.
pub const MAX_GAMES: u64 = 10_000_000;

/// One game's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The round it ended in.
    pub rounds: u32,
    /// The seat that accused correctly, if any.
    pub winner: Option<usize>,
}

/// Plays one whole game of computer players of `kinds` (one per seat) from the deal `seed` draws.
pub fn play(kinds: &[Kind], seed: u64) -> Ending {
    let mut rng = StdRng::seed_from_u64(seed);
    let Ok(mut game) = Game::new(kinds.len(), &mut rng) else {
        return Ending {
            rounds: 0,
            winner: None,
        };
    };
    loop {
        let Some((seat, ask)) = game.to_move() else {
            let winner = match game.phase() {
                Phase::Over { winner } => winner,
                _ => None,
            };
            return Ending {
                rounds: game.round(),
                winner,
            };
        };
        if game.round() > MAX_ROUNDS {
            return Ending {
                rounds: game.round(),
                winner: None,
            };
        }
        let action = act(kinds[seat], game.view(seat), ask, &mut rng);
        if game.play(seat, action).is_err() {
            // A player asked for a move the rules refuse: end its turn rather than loop.
            let _ = game.end_turn();
        }
    }
}

/// What a simulation found.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulation {
    /// The kind at each seat.
    pub kinds: Vec<Kind>,
    /// Games played.
    pub games: u64,
    /// Mean rounds to the end of a game.
    pub mean_rounds: f64,
    /// Standard deviation of the rounds (of the games played, not an estimate of a wider population's).
    pub std_rounds: f64,
    /// Games won by each seat.
    pub wins: Vec<u64>,
    /// Games nobody won (every player out, or stopped at [`MAX_ROUNDS`]).
    pub no_winner: u64,
    /// `histogram[r]`: games that ended in round `r`.
    pub histogram: Vec<u64>,
}

/// Checks a simulation request: 2 to 6 players, 1 to [`MAX_GAMES`] games.
pub fn check(kinds: &[Kind], games: u64) -> Result<(), String> {
    if !PLAYERS.contains(&kinds.len()) {
        return Err(format!("{} players: a game has 2 to 6", kinds.len()));
    }
    if games == 0 || games > MAX_GAMES {
        return Err(format!("{games} games: ask for 1 to {MAX_GAMES}"));
    }
    Ok(())
}

/// The seed of game `index` of a run seeded `seed` (SplitMix64 of both, so neighbouring games share nothing).
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays `games` games of `kinds` in parallel, reporting a tally of games; `None` if the observer stopped it.
pub fn simulate(
    kinds: &[Kind],
    games: u64,
    seed: u64,
    observer: &dyn Observer,
) -> Result<Option<Simulation>, String> {
    check(kinds, games)?;
    Ok(play_range(kinds, seed, 0..games, observer).map(|endings| summarise(kinds, &endings)))
}

/// Games per unit of work a thread takes.
const BATCH: u64 = 16;

/// Plays games `range` of a run seeded `seed` (game `i` from [`game_seed`]`(seed, i)`) in parallel, in batches of
/// 16, and returns their endings in game order; `None` if the observer stopped it. A simulation is this over
/// `0..games`; a cluster plays its parts on many machines and gets the same endings.
pub fn play_range(
    kinds: &[Kind],
    seed: u64,
    range: std::ops::Range<u64>,
    observer: &dyn Observer,
) -> Option<Vec<Ending>> {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let games = range.end.saturating_sub(range.start);
    let batches = games.div_ceil(BATCH);
    observer.report(Progress::Begin {
        units: batches as usize,
        unit: BATCHES,
    });
    observer.report(Progress::Tally {
        done: 0,
        total: games,
        unit: GAMES,
    });
    let endings: Vec<Vec<Ending>> = (0..batches)
        .into_par_iter()
        .map(|b| {
            if stop.load(Relaxed) {
                return Vec::new();
            }
            let thread = rayon::current_thread_index();
            observer.report(Progress::Started {
                index: b as usize,
                thread,
            });
            let first = range.start + b * BATCH;
            let out: Vec<Ending> = (first..(first + BATCH).min(range.end))
                .map(|i| play(kinds, game_seed(seed, i)))
                .collect();
            let rounds: u64 = out.iter().map(|e| u64::from(e.rounds)).sum();
            let found = out.len() as u64;
            let now = done.fetch_add(found, Relaxed) + found;
            let finished = Progress::Finished {
                index: b as usize,
                thread,
                found,
                work: rounds,
            };
            if observer.report(finished) == Flow::Stop
                || observer.report(Progress::Tally {
                    done: now,
                    total: games,
                    unit: GAMES,
                }) == Flow::Stop
                || !observer.keep_going()
            {
                stop.store(true, Relaxed);
            }
            out
        })
        .collect();
    if stop.load(Relaxed) {
        return None;
    }
    Some(endings.into_iter().flatten().collect())
}

/// The mean, spread, wins and histogram of some games' endings.
pub fn summarise(kinds: &[Kind], endings: &[Ending]) -> Simulation {
    let n = endings.len().max(1) as f64;
    let mean = endings.iter().map(|e| f64::from(e.rounds)).sum::<f64>() / n;
    let var = endings
        .iter()
        .map(|e| (f64::from(e.rounds) - mean).powi(2))
        .sum::<f64>()
        / n;
    let mut wins = vec![0; kinds.len()];
    let mut no_winner = 0;
    let mut histogram = Vec::new();
    for e in endings {
        match e.winner {
            Some(s) => wins[s] += 1,
            None => no_winner += 1,
        }
        let r = e.rounds as usize;
        if histogram.len() <= r {
            histogram.resize(r + 1, 0);
        }
        histogram[r] += 1;
    }
    Simulation {
        kinds: kinds.to_vec(),
        games: endings.len() as u64,
        mean_rounds: mean,
        std_rounds: var.sqrt(),
        wins,
        no_winner,
        histogram,
    }
}

/// The seed report's table: mean (standard deviation) of turns over 250 games of computer players only, for 2, 3,
/// 4 and 5 players of one kind (`mix`: `random` on even seats, `listening` on odd ones).
pub const SEED_TABLE: [(Kind, [(f64, f64); 4]); 3] = [
    (
        Kind::Random,
        [(7.27, 2.29), (8.79, 2.93), (9.61, 3.09), (9.40, 3.26)],
    ),
    (
        Kind::Listening,
        [(8.60, 2.12), (8.63, 2.80), (9.12, 3.26), (9.40, 3.32)],
    ),
    (
        Kind::Mix,
        [(7.95, 2.27), (9.95, 2.96), (9.70, 3.41), (10.23, 3.18)],
    ),
];

/// The seed report's figure for a line-up, `(mean, standard deviation)` of turns, where its table has one: 2 to 5
/// players all of one kind it measured.
pub fn seed_figure(kinds: &[Kind]) -> Option<(f64, f64)> {
    let first = *kinds.first()?;
    if !(2..=5).contains(&kinds.len()) || kinds.iter().any(|&k| k != first) {
        return None;
    }
    SEED_TABLE
        .iter()
        .find(|(k, _)| *k == first)
        .map(|(_, row)| row[kinds.len() - 2])
}
