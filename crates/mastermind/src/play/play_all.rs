//! Playing every secret at once as a strategy tree (one guess per distinct history, not per secret), on rayon, with
//! progress in games; sampled games; the tree split into branches for a cluster; the optimal strategy's book.

use std::sync::atomic::{AtomicUsize, Ordering};

use progress::{Flow, Label, NoObserver, Observer, Progress, StopOnly, Unit};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

use crate::listing::listed::Listed;
use crate::optimal::Optimal;
use crate::play::choose::pick;
use crate::play::game::{GamePlay, play_game};
use crate::search::{Budget, Stopped};
use crate::stats::PlayAllStats;
use crate::strategy::{Strategy, StrategyError};
use crate::{Code, Spec};

mod branches;
pub use branches::{Branch, play_all_top, play_branch};

impl PlayAllStats {
    /// Counts one game [`crate::play_game`] played: solved in its number of rows, or failed (an error, or no win
    /// within [`crate::MAX_GUESSES`]).
    pub fn record_game(&mut self, spec: &Spec, played: &Result<GamePlay, StrategyError>) {
        if let Ok(p) = played {
            for note in &p.fallbacks {
                *self.fallbacks.entry(note.clone()).or_insert(0) += 1;
            }
        }
        match played {
            Ok(p) if p.rows.last().is_some_and(|r| r.feedback.is_win(spec.pegs)) => {
                self.record(p.rows.len() as u32)
            }
            Ok(p) => self.record_failure(format!("no win within {} guesses", p.rows.len())),
            Err(e) => self.record_failure(e.to_string()),
        }
    }
}

/// Most guesses a tree may go down before it is declared broken (no strategy here needs more).
const MAX_DEPTH: u32 = 64;

/// Plays every secret of `spec` with `strategy` as one tree: at each distinct history one guess is chosen for
/// all secrets still consistent with it, and they are split by their feedback. Only for games whose codes
/// can all be listed ([`crate::strategy::listable`]). `local-search`, whose guess depends on the scores and
/// not only on the codes they leave, plays each secret as a game of its own instead.
///
/// Branches of the tree are independent, so big ones are played on the thread pool; each node's random
/// choices (random-consistent) come from a generator seeded by `seed` and the node's path, so the result
/// does not depend on which thread played what.
pub fn play_all(spec: &Spec, strategy: Strategy, seed: u64) -> Result<PlayAllStats, StrategyError> {
    play_all_observed(spec, strategy, seed, &Budget::THOROUGH, &NoObserver)
}

/// The unit in which playing many games reports its progress.
pub const GAMES: Unit = Unit::new("game", "games", Label::Ordinal);

/// `done` of `total` games are finished.
fn games_done(done: usize, total: usize) -> Progress {
    Progress::Tally {
        done: done as u64,
        total: total as u64,
        unit: GAMES,
    }
}

/// [`play_all`] within `budget` (per guess: [`Budget::THOROUGH`] is what [`play_all`] uses), telling `observer`
/// how many games are finished ([`Progress::Tally`] of [`GAMES`]) and stopping when it says so (checked at every node of
/// the tree).
pub fn play_all_observed(
    spec: &Spec,
    strategy: Strategy,
    seed: u64,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<PlayAllStats, StrategyError> {
    play_all_from(spec, strategy, seed, None, budget, observer)
}

/// [`play_all_observed`] opening with `first` where it is given (as published figures do: each strategy's own
/// choice of a first guess is not always the best one), instead of the strategy's own first guess. Only for the
/// strategies that play one tree (not `optimal` nor `local-search`).
pub fn play_all_from(
    spec: &Spec,
    strategy: Strategy,
    seed: u64,
    first: Option<&Code>,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<PlayAllStats, StrategyError> {
    let listed = Listed::new(spec)?;
    let first = opening(&listed, strategy, first)?;
    let total = listed.len();
    if strategy == Strategy::Optimal {
        // One search finds the whole tree (or a shipped book has it); reading it back reuses what it solved.
        let stats = Optimal::new(&listed, budget, observer)
            .play_all()
            .map_err(|stop| optimal_stopped(spec, stop))?;
        observer.report(games_done(total, total));
        return Ok(stats);
    }
    if strategy.for_huge_games() {
        // Its guess depends on the scores themselves, not only on which codes they leave: no tree to share.
        return play_each(spec, strategy, &listed, seed, budget, observer);
    }
    let tree = Tree::new(&listed, strategy, first, budget, observer);
    tree.walk(Branch::root(total, seed))
}

/// The index of the first guess asked for, or why it cannot open this game with this strategy.
fn opening(
    listed: &Listed,
    strategy: Strategy,
    first: Option<&Code>,
) -> Result<Option<u32>, StrategyError> {
    let Some(code) = first else {
        return Ok(None);
    };
    if strategy == Strategy::Optimal || strategy.for_huge_games() {
        return Err(StrategyError::TooBig(format!(
            "{strategy} chooses its own first guess: a first guess is given only to the strategies that play \
             one tree"
        )));
    }
    Code::new(&listed.spec, code.pegs().to_vec())
        .map_err(|e| StrategyError::TooBig(format!("the first guess: {e}")))?;
    Ok(Some(listed.index_of(code)))
}

/// Plays every listed secret as a game of its own (for strategies whose guess depends on more than the codes
/// still consistent), secrets shared out over the thread pool; secret `i`'s random choices come from
/// `child_seed(seed, i)`, so the result does not depend on the threads. A game that errs or runs out of guesses
/// counts as failed.
fn play_each(
    spec: &Spec,
    strategy: Strategy,
    listed: &Listed,
    seed: u64,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<PlayAllStats, StrategyError> {
    let total = listed.len();
    let done = AtomicUsize::new(0);
    let play = |i: u32| -> Result<PlayAllStats, StrategyError> {
        let mut rng = StdRng::seed_from_u64(child_seed(seed, i as usize));
        let played = play_game(
            spec,
            strategy,
            &listed.code(i),
            budget,
            &StopOnly(observer),
            &mut rng,
        );
        if !observer.keep_going() {
            return Err(StrategyError::Stopped(Stopped::Cancelled));
        }
        let mut stats = PlayAllStats::default();
        stats.record_game(spec, &played);
        let done = done.fetch_add(1, Ordering::Relaxed) + 1;
        if observer.report(games_done(done, total)) == Flow::Stop {
            return Err(StrategyError::Stopped(Stopped::Cancelled));
        }
        Ok(stats)
    };
    (0..total as u32)
        .into_par_iter()
        .map(play)
        .try_reduce(PlayAllStats::default, |mut a, b| {
            a.merge(&b);
            Ok(a)
        })
}

/// Plays `games` games on secrets drawn from `seed` (each game's own random choices from a second stream) within
/// `budget` and gathers mean, worst and histogram; a game that errs or runs out of guesses counts as failed.
/// Tells `observer` how many games are done ([`Progress::Tally`] of [`GAMES`]) and stops, even inside a game, when it says so.
pub fn play_sampled(
    spec: &Spec,
    strategy: Strategy,
    games: u64,
    seed: u64,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<PlayAllStats, Stopped> {
    play_sampled_part(spec, strategy, seed, 0..games, budget, observer)
}

/// The games `part` of [`play_sampled`]'s (game `g` plays the `g`-th secret drawn from `seed`), several at once on
/// the thread pool: the parts of a run add up ([`PlayAllStats::merge`]) to the whole run, on any number of
/// threads or machines.
pub fn play_sampled_part(
    spec: &Spec,
    strategy: Strategy,
    seed: u64,
    part: std::ops::Range<u64>,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<PlayAllStats, Stopped> {
    let mut secrets = StdRng::seed_from_u64(seed);
    let mut drawn = Vec::with_capacity(usize::try_from(part.end - part.start).unwrap_or(0));
    for g in 0..part.end {
        let secret = Code::random(spec, &mut secrets);
        // The game's own randomness is a separate stream: seeding it like the secrets would replay them.
        let game_seed: u64 = secrets.random();
        if g >= part.start {
            drawn.push((secret, game_seed));
        }
    }
    let total = drawn.len() as u64;
    let done = AtomicUsize::new(0);
    drawn
        .into_par_iter()
        .map(|(secret, game_seed)| {
            let played = play_counted(
                spec,
                strategy,
                &secret,
                game_seed,
                budget,
                observer,
                (&done, total),
            )?;
            let mut stats = PlayAllStats::default();
            stats.record_game(spec, &played);
            Ok(stats)
        })
        .try_reduce(PlayAllStats::default, |mut a, b| {
            a.merge(&b);
            Ok(a)
        })
}

/// One game of many played at once: `secret` broken by `strategy` with its own choices seeded `game_seed`, then
/// counted as one more of `total` games done (`done` counts them across threads). Stopped by `observer`.
pub(crate) fn play_counted(
    spec: &Spec,
    strategy: Strategy,
    secret: &Code,
    game_seed: u64,
    budget: &Budget,
    observer: &dyn Observer,
    (done, total): (&AtomicUsize, u64),
) -> Result<Result<GamePlay, StrategyError>, Stopped> {
    let mut rng = StdRng::seed_from_u64(game_seed);
    let played = play_game(
        spec,
        strategy,
        secret,
        budget,
        &StopOnly(observer),
        &mut rng,
    );
    if !observer.keep_going() {
        return Err(Stopped::Cancelled);
    }
    let progress = Progress::Tally {
        done: done.fetch_add(1, Ordering::Relaxed) as u64 + 1,
        total,
        unit: GAMES,
    };
    if observer.report(progress) == Flow::Stop {
        return Err(Stopped::Cancelled);
    }
    Ok(played)
}

/// The error for an optimal search that stopped.
fn optimal_stopped(spec: &Spec, stop: Stopped) -> StrategyError {
    match stop {
        Stopped::Budget => StrategyError::TooBig(format!(
            "the optimal strategy for {spec} needs more than {} feedbacks to find; it is found exactly for small \
             games such as 4x5 (and shipped for 4x6, 4x7 and 5x5)",
            Budget::THOROUGH.nodes
        )),
        Stopped::Cancelled => StrategyError::Stopped(stop),
    }
}

/// The optimal tree for every code of `spec` as a book (see [`crate::optimal`]): the guess of every node of
/// at least three codes in pre-order, as its index among all codes in lexicographic order, found by search
/// (shipped books are not consulted).
pub fn optimal_book(spec: &Spec) -> Result<Vec<u32>, StrategyError> {
    let listed = Listed::new(spec)?;
    Optimal::searching(&listed, &Budget::THOROUGH, &NoObserver)
        .book()
        .map_err(|stop| optimal_stopped(spec, stop))
}

/// Nodes holding at least this many secrets play their branches in parallel; below it the work per branch
/// is too small to be worth handing to another thread.
const PARALLEL_BRANCHES_FROM: usize = 64;

/// What [`play_all`]'s walk down the strategy tree needs at every node.
struct Tree<'a> {
    listed: &'a Listed,
    strategy: Strategy,
    /// The first guess, where it is given rather than chosen.
    first: Option<u32>,
    budget: &'a Budget,
    observer: &'a dyn Observer,
    /// Games finished so far, of `total` (every code, or the branch played).
    done: AtomicUsize,
    total: usize,
}

impl<'a> Tree<'a> {
    fn new(
        listed: &'a Listed,
        strategy: Strategy,
        first: Option<u32>,
        budget: &'a Budget,
        observer: &'a dyn Observer,
    ) -> Tree<'a> {
        Tree {
            listed,
            strategy,
            first,
            budget,
            observer,
            done: AtomicUsize::new(0),
            total: listed.len(),
        }
    }

    /// The same walk over a branch of `total` secrets: its progress counts the branch's games.
    fn of(self, total: usize) -> Tree<'a> {
        Tree { total, ..self }
    }

    /// One node of the tree: the guess for the secrets `branch` holds, whether it wins for one of them (at
    /// `branch.depth` guesses), and the branches below it by feedback.
    fn node(&self, branch: Branch) -> Result<(bool, Vec<Branch>), StrategyError> {
        let Branch {
            consistent,
            depth,
            guesses,
            seed,
        } = branch;
        if depth > MAX_DEPTH {
            return Err(StrategyError::Stopped(Stopped::Budget));
        }
        if !self.observer.keep_going() {
            return Err(StrategyError::Stopped(Stopped::Cancelled));
        }
        let listed = self.listed;
        let mut rng = StdRng::seed_from_u64(seed);
        let past: Vec<&[u8]> = guesses.iter().map(|&g| listed.pegs(g)).collect();
        let guess = match self.first {
            Some(first) if guesses.is_empty() => first,
            _ => pick(
                self.strategy,
                listed,
                &consistent,
                &past,
                self.budget,
                &mut rng,
                &NoObserver,
            )?,
        };
        let guesses = [guesses.as_slice(), &[guess]].concat();
        let wins = consistent.binary_search(&guess).is_ok();
        let below = listed
            .split(&consistent, guess)
            .into_iter()
            .map(|(fb, part)| Branch {
                consistent: part,
                depth: depth + 1,
                guesses: guesses.clone(),
                seed: child_seed(seed, fb),
            })
            .collect();
        Ok((wins, below))
    }

    /// Counts a game won at `depth` guesses: its stats, and the progress tally.
    fn won(&self, depth: u32) -> Result<PlayAllStats, StrategyError> {
        let mut stats = PlayAllStats::default();
        stats.record(depth);
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if self.observer.report(games_done(done, self.total)) == Flow::Stop {
            return Err(StrategyError::Stopped(Stopped::Cancelled));
        }
        Ok(stats)
    }

    /// Plays the node where the secrets of `branch` remain, and everything below it.
    fn walk(&self, branch: Branch) -> Result<PlayAllStats, StrategyError> {
        let (depth, parallel) = (branch.depth, branch.len() >= PARALLEL_BRANCHES_FROM);
        let (wins, branches) = self.node(branch)?;
        let stats = if wins {
            self.won(depth)?
        } else {
            PlayAllStats::default()
        };
        let merge = |mut a: PlayAllStats, b: PlayAllStats| {
            a.merge(&b);
            a
        };
        let below = if parallel {
            branches
                .into_par_iter()
                .map(|b| self.walk(b))
                .try_reduce(PlayAllStats::default, |a, b| Ok(merge(a, b)))?
        } else {
            branches
                .into_iter()
                .map(|b| self.walk(b))
                .try_fold(PlayAllStats::default(), |a, b| b.map(|b| merge(a, b)))?
        };
        Ok(merge(stats, below))
    }
}

/// The seed of the branch for feedback slot `fb` below a node seeded with `seed` (SplitMix64 of both).
fn child_seed(seed: u64, fb: usize) -> u64 {
    let mut z = seed ^ (fb as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
