//! `puzzle-lab pegs estimate`: about how many games there are, where an exact count needs more memory than there
//! is (every game to its end on the diamond board): level by level, each level over a size thinned at random without bias
//! (`peg_solitaire::estimate`).

use peg_solitaire::{EstimatePlan, estimate, shipped_games};
use serde_json::json;

use super::setup::Setup;
use crate::output::Output;
use crate::progress_line::ProgressLine;

pub(crate) fn run(s: &Setup, plan: &EstimatePlan, out: &Output) -> Result<(), String> {
    out.alone("pegs estimate")?;
    let progress = ProgressLine::new();
    let got = estimate(&s.board, s.start, s.finish, plan, &progress).map_err(|e| e.to_string())?;
    progress.clear();
    let seconds = out.seconds();
    let start = s.board.hole_text(s.start_hole);
    let finish = s.finish.text(&s.board);
    // Where the shipped table holds the exact count, how far the estimate is from it, in standard errors.
    let exact = shipped_games(&s.board, s.start, s.finish);
    let off = exact.map(|e| (got.games - e as f64) / got.standard_error.max(f64::MIN_POSITIVE));
    out.emit(
        json!({ "board": s.board.name(), "start": start, "finish": finish, "games": got.games,
            "standard_error": got.standard_error, "relative_error": got.relative_error(),
            "repeats": got.repeats, "exact_levels": got.exact_levels, "thinned": got.thinned,
            "classes": got.classes, "keep": plan.keep, "seed": plan.seed,
            "shipped": exact.map(|e| e.to_string()), "standard_errors_off": off, "seconds": seconds }),
        || {
            let mut text = format!(
                "{} from {start} to {finish}: about {:.4e} games (standard error {:.3} % over {} repeats), {} \
                 levels exact, {} thinned to about {} classes, {} classes expanded in all, in {seconds:.1} s",
                s.board.name(),
                got.games,
                100.0 * got.relative_error(),
                got.repeats.len(),
                got.exact_levels,
                got.thinned,
                plan.keep,
                got.classes
            );
            if let (Some(e), Some(off)) = (exact, off) {
                text.push_str(&format!(
                    "\n  the shipped exact count is {e}: the estimate is {:+.3} % from it, {off:+.2} standard errors",
                    100.0 * (got.games / e as f64 - 1.0)
                ));
            }
            text
        },
    );
    Ok(())
}
