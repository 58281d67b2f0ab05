//! `mastermind match`: the seed's test bed, each strategy on the same tests, printed by bands of pegs.

use mastermind::Strategy;
use serde_json::json;

use crate::output::Output;
use crate::progress_line::ProgressLine;

/// Plays the seed's test bed with each strategy and prints each one's bands.
pub(super) fn run_match(
    out: &Output,
    tests: u64,
    strategies: &[String],
    seed: u64,
    budget: &mastermind::search::Budget,
) -> Result<(), String> {
    use mastermind::test_bed::{bands, play_match};
    let strategies: Vec<Strategy> = strategies
        .iter()
        .map(|s| s.parse())
        .collect::<Result<_, _>>()?;
    let mut rows = Vec::new();
    let mut text = Vec::new();
    for &strategy in &strategies {
        let progress = ProgressLine::new();
        let played = play_match(strategy, tests, seed, budget, &progress);
        progress.clear();
        let played = played.map_err(|e| e.to_string())?;
        let b = bands(&played);
        text.push(format!("{strategy}:"));
        for band in &b {
            text.push(format!(
                "  {:>3}-{:<3} pegs: {:>3} tests, mean score {:.3}, mean guesses {:.1}{}",
                band.pegs.start(),
                band.pegs.end(),
                band.tests,
                band.score,
                band.guesses,
                if band.failed > 0 {
                    format!(", {} failed", band.failed)
                } else {
                    String::new()
                }
            ));
        }
        rows.push(json!({
            "strategy": strategy.name(),
            "bands": b.iter().map(|band| json!({ "pegs": [band.pegs.start(), band.pegs.end()], "tests": band.tests,
                "failed": band.failed, "score": band.score, "guesses": band.guesses })).collect::<Vec<_>>(),
            "tests": played.iter().map(|t| json!({ "pegs": t.spec.pegs, "colors": t.spec.colors,
                "guesses": t.guesses, "score": t.score() })).collect::<Vec<_>>(),
        }));
    }
    let seconds = out.seconds();
    out.emit(
        json!({ "tests": tests, "seed": seed, "strategies": rows, "seconds": seconds }),
        || {
            text.push(format!("{tests} tests, seed {seed}, {seconds:.1} s"));
            text.join("\n")
        },
    );
    Ok(())
}
