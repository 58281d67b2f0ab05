//! `mastermind count | stats --mpi`: the work dealt to the ranks, results merged exactly on rank 0.
//!
//! - `count`: the code space cut into prefix ranges (as on one machine, but more of them: 2048 per rank), dealt
//!   in pieces; each rank counts its pieces on its threads. No node budget: a cluster count always finishes.
//! - `stats --games N`: the seeded games dealt in numbered ranges (game `g` plays the `g`-th secret drawn).
//! - `stats --all`: the top of the strategy tree played on every rank alike, then its branches dealt, biggest
//!   first.

use mastermind::search::{self, Budget, Count};
use mastermind::{
    Branch, PlayAllStats, Row, Spec, Strategy, play_all_top, play_branch, play_sampled_part,
};
use progress::NoObserver;
use serde_json::{Value, json};

use crate::cluster::{Cluster, Deal, Ranges, units};

/// Prefix ranges per rank a count is cut into.
const RANGES_PER_RANK: u128 = 2048;

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
                Err(e) => Err(super::stopped(e)),
            }
        },
    )?;
    Ok(dealt.map(|d| {
        Count::Exact(
            d.results()
                .iter()
                .map(|b| u128::from_le_bytes(b[..16].try_into().unwrap_or([0; 16])))
                .sum(),
        )
    }))
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
                .map_err(super::stopped)
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
    strategy: Strategy,
    seed: u64,
    budget: &Budget,
) -> Result<Option<PlayAllStats>, String> {
    if matches!(strategy, Strategy::Optimal | Strategy::LocalSearch) {
        return Err(format!(
            "stats --all --strategy {} does not run under --mpi: its games are not one tree of branches (for the \
             optimal tree, `mastermind book --mpi`; for local search, --games N)",
            strategy.name()
        ));
    }
    // Every rank plays the top alike (the same seed, the same guesses), so only branch numbers travel.
    let (top, branches): (PlayAllStats, Vec<Branch>) =
        play_all_top(spec, strategy, seed, budget, 32 * cluster.size())
            .map_err(|e| e.to_string())?;
    let signals = cluster.signals();
    let dealt = cluster.share(
        || Ranges::new(branches.len() as u64, cluster.size(), u64::MAX, 1, deal),
        |piece| {
            let watch = signals.watch(&NoObserver);
            let mut stats = PlayAllStats::default();
            for i in units(piece) {
                let branch = branches[i as usize].clone();
                let played = play_branch(spec, strategy, branch, budget, &watch)
                    .map_err(|e| e.to_string())?;
                stats.merge(&played);
            }
            Ok(encode(&stats))
        },
    )?;
    dealt.map(|d| merge(&top, &d.results())).transpose()
}

/// Stats as JSON bytes (exact: every figure is an integer).
fn encode(stats: &PlayAllStats) -> Vec<u8> {
    json!({
        "games": stats.games, "total_guesses": stats.total_guesses, "worst": stats.worst,
        "histogram": stats.histogram, "failed": stats.failed, "fallbacks": stats.fallbacks,
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
    })
}

fn merge(top: &PlayAllStats, parts: &[Vec<u8>]) -> Result<PlayAllStats, String> {
    let mut all = top.clone();
    for part in parts {
        all.merge(&decode(part)?);
    }
    Ok(all)
}
