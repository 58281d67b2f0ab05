//! `mastermind count | stats | book --mpi`: the work dealt to the ranks, results merged exactly on rank 0.
//!
//! - `count`: the code space cut into prefix ranges (as on one machine, but more of them: 2048 per rank), dealt
//!   in pieces; each rank counts its pieces on its threads. No node budget: a cluster count always finishes.
//! - `stats --games N`: the seeded games dealt in numbered ranges (game `g` plays the `g`-th secret drawn).
//! - `stats --all`: the top of the strategy tree played on every rank alike, cut until no branch holds more than
//!   half a rank's share of the secrets (each cut is a guess every rank makes, minutes at 8x8), then its branches
//!   dealt, biggest first.
//! - `book`: the optimal search's first guesses dealt in the search's order, each measured against the best
//!   total found so far (sent with it, so every rank prunes with the cluster's best); then the classes of the
//!   chosen guess dealt for their books. Rank 0 keeps the search's rule (the lowest total, the earliest
//!   candidate among equals), so the book is the one-process book.

use mastermind::search::{self, Budget, Count};
use mastermind::{
    BookSearch, Branch, PlayAllStats, Row, Spec, Strategy, play_all_top, play_branch,
    play_sampled_part,
};
use progress::NoObserver;
use serde_json::{Value, json};

use super::stats::Tree;
use crate::cluster::{Cluster, Deal, Dealer, Ranges, units};

/// Prefix ranges per rank a count is cut into.
const RANGES_PER_RANK: u128 = 2048;

/// The top of the tree of every secret (`stats --all`) is cut until no branch holds more than 1 / (this x ranks) of
/// the secrets: 2 measured better than 8 at 8x8 (docs/notebook.md, "8x8: ... the cluster job").
const PIECES_PER_RANK: usize = 2;

/// The count on rank 0, `None` on the others.
pub(crate) fn count(
    cluster: &Cluster,
    deal: Deal,
    spec: &Spec,
    history: &[Row],
) -> Result<Option<Count>, String> {
    let at_least = RANGES_PER_RANK * cluster.size() as u128;
    let ranges = search::ranges(spec, at_least) as u64;
    let signals = cluster.signals();
    let dealt = cluster.share(
        || Ranges::new(ranges, cluster.size(), 16, 1, deal),
        |piece| {
            let part = units(piece);
            let watch = signals.watch(&NoObserver);
            let part = part.start as usize..part.end as usize;
            match search::count_part(spec, history, &Budget::UNLIMITED, &watch, at_least, part) {
                Ok(Count::Exact(n)) => Ok(n.to_le_bytes().to_vec()),
                Ok(Count::AtLeast(_)) => Err("a part ran out of its budget".into()),
                Err(e) => Err(e.to_string()),
            }
        },
    )?;
    let Some(dealt) = dealt else {
        return Ok(None);
    };
    let counts = dealt
        .results()
        .iter()
        .map(|b| <[u8; 16]>::try_from(b.as_slice()).map(u128::from_le_bytes))
        .collect::<Result<Vec<u128>, _>>()
        .map_err(|_| "a rank's count is not 16 bytes".to_string())?;
    Ok(Some(Count::Exact(counts.iter().sum())))
}

/// `stats --games`: the stats on rank 0, `None` on the others.
pub(crate) fn sampled(
    cluster: &Cluster,
    deal: Deal,
    spec: &Spec,
    strategy: Strategy,
    games: u64,
    seed: u64,
    budget: &Budget,
) -> Result<Option<PlayAllStats>, String> {
    let signals = cluster.signals();
    let dealt = cluster.share(
        || Ranges::new(games, cluster.size(), 16, 1, deal),
        |piece| {
            let watch = signals.watch(&NoObserver);
            play_sampled_part(spec, strategy, seed, units(piece), budget, &watch)
                .map(|stats| encode(&stats))
                .map_err(|e| e.to_string())
        },
    )?;
    dealt
        .map(|d| merge(&PlayAllStats::default(), &d.results()))
        .transpose()
}

/// `stats --all`: the stats on rank 0, `None` on the others.
pub(crate) fn every_secret(
    cluster: &Cluster,
    deal: Deal,
    spec: &Spec,
    tree: &Tree,
    budget: &Budget,
) -> Result<Option<PlayAllStats>, String> {
    let (strategy, first) = (tree.strategy, tree.first);
    if strategy == Strategy::Optimal || strategy.for_huge_games() {
        return Err(format!(
            "stats --all --strategy {} does not run under --mpi: its games are not one tree of branches (for the \
             optimal tree, `mastermind book --mpi`; for local search, --games N)",
            strategy.name()
        ));
    }
    // Every rank plays the top alike (the same seed, the same guesses), so only branch numbers travel. Its
    // branches hold at most half a rank's share of the secrets: dealt biggest first they end close together, and
    // the top stays small (each cut is one more guess that every rank makes).
    let pieces = PIECES_PER_RANK * cluster.size();
    let (top, branches): (PlayAllStats, Vec<Branch>) = play_all_top(
        spec,
        strategy,
        tree.seed,
        first,
        tree.answer,
        budget,
        pieces,
    )
    .map_err(|e| e.to_string())?;
    let signals = cluster.signals();
    let dealt = cluster.share(
        || Ranges::new(branches.len() as u64, cluster.size(), u64::MAX, 1, deal),
        |piece| {
            let watch = signals.watch(&NoObserver);
            let mut stats = PlayAllStats::default();
            for i in units(piece) {
                let branch = branches[i as usize].clone();
                let played = play_branch(spec, strategy, first, branch, budget, &watch)
                    .map_err(|e| e.to_string())?;
                stats.merge(&played);
            }
            Ok(encode(&stats))
        },
    )?;
    dealt.map(|d| merge(&top, &d.results())).transpose()
}

/// `book`: the optimal book on rank 0, `None` on the others.
/// Always dealt dynamically: a fixed split has no meaning for a search that prunes as it goes.
pub(crate) fn book(cluster: &Cluster, spec: &Spec) -> Result<Option<Vec<u32>>, String> {
    let search = BookSearch::new(spec).map_err(|e| e.to_string())?;
    let signals = cluster.signals();
    // First: which first guess.
    let first = cluster.share(
        || -> FirstGuesses {
            let first = search.upper_bound().and_then(|u| {
                Ok((
                    u,
                    search
                        .root_candidates()
                        .map_err(mastermind::StrategyError::Stopped)?,
                ))
            });
            match first {
                Ok((bound, candidates)) => FirstGuesses::new(candidates, bound.saturating_add(1)),
                Err(e) => FirstGuesses::failed(e.to_string()),
            }
        },
        |piece| {
            let (guess, cutoff) = (piece[1] as u32, piece[2]);
            match search.cost_with(guess, cutoff, &signals.watch(&NoObserver)) {
                Ok(cost) => Ok(cost.map(|c| c.to_le_bytes().to_vec()).unwrap_or_default()),
                Err(e) => Err(e.to_string()),
            }
        },
    );
    // Every rank learns rank 0's choice (or that there is none, u64::MAX), so none waits in a step rank 0 skips.
    let choice = match &first {
        Ok(Some(first)) => first.chosen(),
        Ok(None) => Ok((0, 0)),
        Err(why) => Err(why.clone()),
    };
    let root = cluster.root_value(choice.as_ref().map_or(u64::MAX, |&(r, _)| u64::from(r)));
    let (_, total) = choice?;
    if root == u64::MAX {
        return Err("rank 0 could not choose a first guess".into());
    }
    let root = root as u32;
    // Then: the book below each class of the chosen guess, dealt one class at a time.
    let classes = search.classes(root);
    let dealt = cluster.share(
        || {
            Ranges::new(
                classes.len() as u64,
                cluster.size(),
                u64::MAX,
                1,
                Deal::Dynamic,
            )
        },
        |piece| {
            let i = units(piece).start as usize;
            let (book, cost) = search
                .class_book(root, &classes[i], &signals.watch(&NoObserver))
                .map_err(|e| e.to_string())?;
            let mut bytes = cost.to_le_bytes().to_vec();
            bytes.extend(book.iter().flat_map(|g| g.to_le_bytes()));
            Ok(bytes)
        },
    )?;
    let Some(dealt) = dealt else {
        return Ok(None);
    };
    let mut book = vec![root];
    let mut sum = search.codes();
    for bytes in dealt.results() {
        let (cost, guesses) = bytes
            .split_first_chunk::<8>()
            .ok_or("a rank's book is cut short")?;
        sum += u64::from_le_bytes(*cost);
        book.extend(
            guesses
                .chunks_exact(4)
                .map(|g| u32::from_le_bytes([g[0], g[1], g[2], g[3]])),
        );
    }
    if sum != total {
        return Err(format!(
            "the classes' books add up to {sum} guesses, not the {total} the search found"
        ));
    }
    Ok(Some(book))
}

/// Rank 0's side of choosing the first guess: candidates in the search's order, each dealt with the best total
/// found so far (plus one, so that an earlier candidate's equal total is seen), none whose bound cannot beat it.
struct FirstGuesses {
    candidates: Vec<(u32, u64)>,
    next: usize,
    cutoff: u64,
    /// The lowest total, and the earliest candidate with it.
    best: Option<(u64, usize)>,
    done: u64,
    failed: Option<String>,
}

impl FirstGuesses {
    fn new(candidates: Vec<(u32, u64)>, cutoff: u64) -> FirstGuesses {
        FirstGuesses {
            candidates,
            next: 0,
            cutoff,
            best: None,
            done: 0,
            failed: None,
        }
    }

    fn failed(why: String) -> FirstGuesses {
        FirstGuesses {
            failed: Some(why),
            ..FirstGuesses::new(Vec::new(), 0)
        }
    }

    /// The chosen first guess and the tree's total.
    fn chosen(&self) -> Result<(u32, u64), String> {
        if let Some(why) = &self.failed {
            return Err(why.clone());
        }
        let (total, at) = self
            .best
            .ok_or("no first guess did as well as the heuristic trees")?;
        Ok((self.candidates[at].0, total))
    }
}

impl Dealer for FirstGuesses {
    fn next(&mut self, _: usize) -> Option<Vec<u64>> {
        let &(guess, bound) = self.candidates.get(self.next)?;
        if bound >= self.cutoff {
            // Sorted by bound: none of the rest can do better.
            self.next = self.candidates.len();
            return None;
        }
        self.next += 1;
        Some(vec![(self.next - 1) as u64, u64::from(guess), self.cutoff])
    }

    fn take(&mut self, piece: &[u64], result: &[u8]) -> Result<(), String> {
        self.done += 1;
        if let Ok(bytes) = <[u8; 8]>::try_from(result) {
            let found = (u64::from_le_bytes(bytes), piece[0] as usize);
            if self.best.is_none_or(|b| found < b) {
                self.best = Some(found);
            }
            self.cutoff = self.cutoff.min(found.0 + 1);
        }
        Ok(())
    }

    fn tally(&self) -> (u64, u64) {
        (self.done, self.candidates.len() as u64)
    }
}

/// Stats as JSON bytes (exact: every figure is an integer).
fn encode(stats: &PlayAllStats) -> Vec<u8> {
    json!({
        "games": stats.games, "total_guesses": stats.total_guesses, "worst": stats.worst,
        "histogram": stats.histogram, "failed": stats.failed, "fallbacks": stats.fallbacks,
        "failures": stats.failures,
    })
    .to_string()
    .into_bytes()
}

fn decode(bytes: &[u8]) -> Result<PlayAllStats, String> {
    let v: Value = serde_json::from_slice(bytes).map_err(|e| format!("a rank's stats: {e}"))?;
    let n = |key: &str| {
        v[key]
            .as_u64()
            .ok_or_else(|| format!("a rank's stats lack {key}"))
    };
    Ok(PlayAllStats {
        games: n("games")?,
        total_guesses: n("total_guesses")?,
        worst: n("worst")? as u32,
        histogram: serde_json::from_value(v["histogram"].clone()).map_err(|e| e.to_string())?,
        failed: n("failed")?,
        fallbacks: serde_json::from_value(v["fallbacks"].clone()).map_err(|e| e.to_string())?,
        failures: serde_json::from_value(v["failures"].clone()).map_err(|e| e.to_string())?,
    })
}

fn merge(top: &PlayAllStats, parts: &[Vec<u8>]) -> Result<PlayAllStats, String> {
    let mut all = top.clone();
    for part in parts {
        all.merge(&decode(part)?);
    }
    Ok(all)
}
