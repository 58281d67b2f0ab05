//! `puzzle-lab pegs book`: builds a game's winning book (which positions of its first levels can still reach the
//! finish) and writes it where the app ships it (`crates/peg-solitaire/books/<board>-<start>-<finish>.book`).

use peg_solitaire::build_book;
use serde_json::json;

use super::setup::Setup;
use crate::output::Output;
use crate::progress_line::ProgressLine;

pub(crate) fn run(
    s: &Setup,
    (levels, spill): (usize, Option<std::path::PathBuf>),
    file: &std::path::Path,
    out: &Output,
) -> Result<(), String> {
    out.alone("pegs book")?;
    let progress = ProgressLine::new();
    let built = build_book(
        &s.board,
        s.start,
        s.finish,
        levels,
        spill.as_deref(),
        &progress,
    )
    .map_err(|e| e.to_string())?;
    progress.clear();
    std::fs::write(file, &built.bytes).map_err(|e| format!("{}: {e}", file.display()))?;
    let seconds = out.seconds();
    let start = s.board.hole_text(s.start_hole);
    let finish = s.finish.text(&s.board);
    out.emit(
        json!({ "board": s.board.name(), "start": start, "finish": finish, "levels": built.winnable.len(),
            "winnable": built.winnable, "forward": built.forward,
            "backward": built.backward, "bytes": built.bytes.len(), "file": file.display().to_string(),
            "seconds": seconds }),
        || {
            let mut text = format!(
                "{} from {start} to {finish}: a book of {} levels ({} bytes) written to {} in {seconds:.1} s\n",
                s.board.name(),
                built.winnable.len(),
                built.bytes.len(),
                file.display()
            );
            for (k, w) in built.winnable.iter().enumerate() {
                text.push_str(&format!("  level {}: {w} winnable\n", k + 1));
            }
            text.push_str(&format!(
                "  kept forwards {:?}, backwards {:?}",
                built.forward, built.backward
            ));
            text
        },
    );
    Ok(())
}
