//! `puzzle-lab pegs starts`: every board's table of games by start, as the app ships it.

use std::time::Instant;

use peg_solitaire::{
    Board, CountError, Finish, Limits, StartCount, count, human_bytes, start_holes, table_text,
};
use serde_json::json;

use crate::output::Output;
use crate::progress_line::{ProgressLine, interrupted};

/// What to count from each start.
fn finishes_from(board: &Board, start: u8, kinds: &[String]) -> Result<Vec<Finish>, String> {
    let mut out = Vec::new();
    for kind in kinds {
        match kind.as_str() {
            "any-one" => out.push(Finish::AnyOne),
            "start" => out.push(Finish::Hole(start)),
            "dead-end" => out.push(Finish::DeadEnd),
            "holes" => out.extend(
                (0..board.holes().len() as u8)
                    .filter(|&h| h != start)
                    .map(Finish::Hole),
            ),
            other => {
                return Err(format!(
                    "--finishes: '{other}' is none of any-one, start, dead-end, holes"
                ));
            }
        }
    }
    Ok(out)
}

pub(crate) fn run(
    name: &str,
    kinds: &[String],
    only: &[String],
    (max_mb, spill_dir): (Option<u64>, Option<std::path::PathBuf>),
    out: &Output,
) -> Result<(), String> {
    out.alone("pegs starts")?;
    let board = Board::named(name).map_err(|e| e.to_string())?;
    let starts = if only.is_empty() {
        start_holes(&board)
    } else {
        only.iter()
            .map(|t| board.parse_hole(t).map_err(|e| format!("--starts: {e}")))
            .collect::<Result<_, _>>()?
    };
    let limits = Limits {
        max_bytes: max_mb.map_or(Limits::NATIVE.max_bytes, |mb| mb << 20),
        spill_dir,
        ..Limits::NATIVE
    };
    let stop = interrupted();
    let mut header = vec![format!(
        "puzzle-lab pegs starts --board {name} --finishes {}{}",
        kinds.join(","),
        if only.is_empty() {
            String::new()
        } else {
            format!(" --starts {}", only.join(","))
        }
    )];
    let mut counts = Vec::new();
    let mut report = Vec::new();
    for &start in &starts {
        let position = board.full() & !(1 << start);
        for finish in finishes_from(&board, start, kinds)? {
            let t0 = Instant::now();
            let progress = ProgressLine::logged().stopped_by(stop.clone());
            let label = format!("{} {}", board.hole_text(start), finish.text(&board));
            eprintln!("counting {label}");
            match count(&board, position, finish, &limits, &progress) {
                // A finish hole no game reaches is left out of the table's rows for other holes.
                Ok(c) if c.solutions == 0 && matches!(finish, Finish::Hole(h) if h != start) => {}
                Ok(c) => {
                    let seconds = t0.elapsed().as_secs_f64();
                    header.push(format!(
                        "{label}: {seconds:.1} s, {} positions, peak {} in memory{}",
                        c.positions,
                        human_bytes(c.peak_bytes),
                        if c.disk_bytes > 0 {
                            format!(", {} on disk", human_bytes(c.disk_bytes))
                        } else {
                            String::new()
                        }
                    ));
                    report.push(json!({ "start": board.hole_text(start), "finish": finish.text(&board),
                        "games": c.solutions.to_string(), "seconds": seconds, "positions": c.positions,
                        "peak_bytes": c.peak_bytes, "disk_bytes": c.disk_bytes, "rereads": c.rereads }));
                    counts.push(StartCount {
                        start,
                        finish,
                        games: c.solutions,
                    });
                }
                Err(CountError::Cancelled) => return Err("cancelled".into()),
                Err(e) => {
                    header.push(format!("{label}: not counted: {e}"));
                    report.push(
                        json!({ "start": board.hole_text(start), "finish": finish.text(&board),
                        "error": e.to_string() }),
                    );
                }
            }
            progress.clear();
        }
    }
    out.emit(
        json!({ "board": name, "counts": report, "seconds": out.seconds() }),
        || table_text(&board, &header, &counts),
    );
    Ok(())
}
