//! `mastermind stats`: what a run over every secret plays (all of them, or the part below one answer to the first
//! guess) and how the stats of many games are printed.

use mastermind::search::Budget;
use mastermind::{Code, Feedback, Spec, Strategy, play_all_from, play_all_top, play_branch};
use serde_json::json;

use crate::output::Output;
use crate::progress_line::ProgressLine;

/// What `stats --all` plays: every secret, or the part below one answer to the first guess, with a strategy.
pub(crate) struct Tree<'a> {
    pub(crate) strategy: Strategy,
    pub(crate) seed: u64,
    /// The first guess, where it is given rather than the strategy's own.
    pub(crate) first: Option<&'a Code>,
    /// Only the secrets that answer the first guess so.
    pub(crate) answer: Option<Feedback>,
}

impl Tree<'_> {
    /// Plays it in this process, with progress in games.
    pub(crate) fn play(
        &self,
        spec: &Spec,
        budget: &Budget,
        progress: &ProgressLine,
    ) -> Result<mastermind::PlayAllStats, String> {
        let (strategy, seed, first) = (self.strategy, self.seed, self.first);
        let Some(answer) = self.answer else {
            return play_all_from(spec, strategy, seed, first, budget, progress)
                .map_err(|e| e.to_string());
        };
        let (mut stats, branches) =
            play_all_top(spec, strategy, seed, first, Some(answer), budget, 1)
                .map_err(|e| e.to_string())?;
        for branch in branches {
            let played = play_branch(spec, strategy, first, branch, budget, progress)
                .map_err(|e| e.to_string())?;
            stats.merge(&played);
        }
        Ok(stats)
    }
}

/// Prints the stats of many games, naming every fallback.
pub(crate) fn emit_stats(out: &Output, spec: &Spec, tree: &Tree, stats: &mastermind::PlayAllStats) {
    let (strategy, seconds) = (tree.strategy, out.seconds());
    let first = tree.first.map(|c| {
        let pegs: Vec<String> = c.pegs().iter().map(u8::to_string).collect();
        pegs.join(",")
    });
    let answer = tree.answer.map(|a| a.to_string());
    let played = stats.games + stats.failed;
    let fallbacks: Vec<_> = stats
        .fallbacks
        .iter()
        .map(|(reason, games)| json!({ "reason": reason, "games": games }))
        .collect();
    let failures: Vec<_> = stats
        .failures
        .iter()
        .map(|(reason, games)| json!({ "reason": reason, "games": games }))
        .collect();
    out.emit(
        json!({ "pegs": spec.pegs, "colors": spec.colors, "strategy": strategy.name(), "games": stats.games,
            "mean": stats.mean(), "worst": stats.worst, "histogram": stats.histogram, "failed": stats.failed,
            "fallbacks": fallbacks, "failures": failures, "first": first, "answer": answer, "seconds": seconds, "ranks": out.ranks() }),
        || {
            let part = answer.as_ref().map_or(String::new(), |a| format!(" (those answering the first guess {a})"));
            let mut text = if stats.games == 0 {
                format!("{spec}, {strategy}{part}: no game solved, {seconds:.3} s")
            } else {
                format!(
                    "{spec}, {strategy}{part}: {} games, mean {:.4} ({}/{}), worst {}, {seconds:.3} s",
                    stats.games,
                    stats.mean(),
                    stats.total_guesses,
                    stats.games,
                    stats.worst
                )
            };
            for (reason, games) in &stats.failures {
                text += &format!("\n  failed: {games} of {played} games, {reason}");
            }
            for (reason, games) in &stats.fallbacks {
                text += &format!("\n  not all {strategy}: in {games} of {played} games, {reason}");
            }
            text
        },
    );
}
