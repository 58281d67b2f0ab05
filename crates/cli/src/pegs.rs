//! `puzzle-lab pegs ...`: count every game of peg solitaire from a start to a finish, or find one.

use clap::{Args, Subcommand};
use peg_solitaire::{Limits, Table, count, human_bytes, solve};
use serde_json::json;

use crate::output::Output;
use crate::progress_line::{ProgressLine, interrupted};

mod assess;
mod book;
#[cfg(feature = "mpi")]
mod cluster;
mod estimate;
mod setup;
mod starts;

pub(crate) use setup::Game;

/// Where a count's levels go when they do not fit in memory.
#[derive(Args, Clone)]
pub(crate) struct Disk {
    /// Where levels that do not fit in --max-mb are written (a directory of the count's own is made there, at most
    /// a few times the widest level's size, and removed when the count ends, on Ctrl-C too). Default: the system's
    /// temporary directory ($TMPDIR, else /tmp).
    #[arg(long, value_name = "DIR")]
    temp_dir: Option<std::path::PathBuf>,
    /// Keep every level in memory: a count that does not fit stops and says how much it would need.
    #[arg(long, conflicts_with = "temp_dir")]
    no_disk: bool,
}

impl Disk {
    /// The directory levels may go to, if they may.
    pub(crate) fn dir(&self) -> Option<std::path::PathBuf> {
        (!self.no_disk).then(|| self.temp_dir.clone().unwrap_or_else(std::env::temp_dir))
    }
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Count every game from the start to the finish, exactly.
    Count {
        #[command(flatten)]
        game: Game,
        /// Do not use the board's symmetries (for checking: the count is the same, only slower).
        #[arg(long)]
        no_symmetry: bool,
        /// Do not meet in the middle (for checking).
        #[arg(long)]
        no_meet: bool,
        /// Do not drop the positions pagoda functions prove cannot reach the finish (for checking).
        #[arg(long)]
        no_prune: bool,
        /// Memory the count may use, in MB (default 12288).
        #[arg(long, value_name = "MB")]
        max_mb: Option<u64>,
        #[command(flatten)]
        disk: Disk,
    },
    /// Count the games from one start hole of each class of holes alike under the board's symmetries, and print
    /// them as the table the app ships (`crates/peg-solitaire/tables/<board>.txt`).
    Starts {
        /// A named board: english, french, triangle, diamond.
        #[arg(long, default_value = "english")]
        board: String,
        /// Which finishes, comma-separated: any-one, start (one peg in the start hole), dead-end, holes (one peg
        /// in each other hole, where any game gets there).
        #[arg(long, default_value = "any-one,start", value_delimiter = ',')]
        finishes: Vec<String>,
        /// Only these start holes (default: the first hole of each class).
        #[arg(long, value_delimiter = ',')]
        starts: Vec<String>,
        /// Memory each count may use, in MB (default 12288).
        #[arg(long, value_name = "MB")]
        max_mb: Option<u64>,
        #[command(flatten)]
        disk: Disk,
    },
    /// Build the table of games from every reachable position (what the page uses to show how many games go through
    /// each jump), and print the games through each first jump.
    Table {
        #[command(flatten)]
        game: Game,
        /// Also print the games from every position of the first N levels after the start (an opening book, as
        /// `crates/peg-solitaire/src/opening/` ships).
        #[arg(long, value_name = "N")]
        opening: Option<usize>,
    },
    /// Build the game's winning book (which positions of its first levels can still reach the finish: each level's
    /// winnable positions, or its lost ones where fewer) and write it to a file: what the app ships for games too
    /// big for a table (`crates/peg-solitaire/books/<board>-<start>-<finish>.book`).
    Book {
        #[command(flatten)]
        game: Game,
        /// Levels after the start the book holds.
        #[arg(long, default_value_t = 10)]
        levels: usize,
        /// Where the book is written.
        #[arg(long, value_name = "FILE")]
        out: std::path::PathBuf,
        #[command(flatten)]
        disk: Disk,
    },
    /// Estimate how many games there are from the start to the finish, where an exact count needs more memory than
    /// there is (every game to its end on the diamond board: over 100 GB at its widest levels). It counts level by
    /// level as `pegs count` does, but a level over --keep classes is thinned first: a class with fewer paths than a
    /// threshold stays with a chance in proportion to them and then carries the threshold's paths (unbiased).
    /// Repeats give the standard error. Where the shipped table holds the exact count, it says how far off it is.
    Estimate {
        #[command(flatten)]
        game: Game,
        /// About the most classes of positions a level keeps (memory grows with it: about half a kilobyte a class kept,
        /// with the next level built from them).
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
        keep: u64,
        /// Independent repeats (at least 2; the repeats' spread is wide, so their standard error wants many).
        #[arg(long, default_value_t = 16)]
        repeats: u32,
        /// The seed of the draws (the same seed draws the same classes on any number of threads).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Find one game from the start to the finish and print its jumps.
    Solve {
        #[command(flatten)]
        game: Game,
    },
    /// Measure how quickly "can the finish still be reached?" is answered from random positions of the game (random
    /// jumps from the start), each asked of a fresh analyst, as the page asks it after every jump.
    Assess {
        #[command(flatten)]
        game: Game,
        /// How many random positions.
        #[arg(long, default_value_t = 300)]
        positions: usize,
        /// The seed of the random jumps.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Check every answer against the game's table (built first) and replay every solution.
        #[arg(long)]
        check: bool,
        /// Positions the search visits before the game's table is built where it fits (default: as the page).
        #[arg(long, value_name = "N", default_value_t = peg_solitaire::SEARCH_FIRST)]
        search_first: u64,
        /// Count a position as not settled after this many seconds (default: no limit).
        #[arg(long, value_name = "SECONDS")]
        give_up_after: Option<f64>,
    },
}

pub(crate) fn run(cmd: Command, out: &Output) -> Result<(), String> {
    match cmd {
        Command::Count {
            game,
            no_symmetry,
            no_meet,
            no_prune,
            max_mb,
            disk,
        } => {
            let s = game.setup()?;
            let limits = Limits {
                max_bytes: max_mb.map_or(Limits::NATIVE.max_bytes, |mb| mb << 20),
                spill_dir: disk.dir(),
                symmetry: !no_symmetry,
                meet_in_the_middle: !no_meet,
                prune: !no_prune,
            };
            let progress = ProgressLine::logged();
            #[cfg(feature = "mpi")]
            let progress = match out.cluster() {
                Some(_) => progress,
                None => progress.stopped_by(interrupted()),
            };
            #[cfg(not(feature = "mpi"))]
            let progress = progress.stopped_by(interrupted());
            #[cfg(feature = "mpi")]
            let counted = match out.cluster() {
                Some((c, _)) => cluster::count(c, &s, &limits),
                None => count(&s.board, s.start, s.finish, &limits, &progress)
                    .map_err(|e| e.to_string()),
            };
            #[cfg(not(feature = "mpi"))]
            let counted =
                count(&s.board, s.start, s.finish, &limits, &progress).map_err(|e| e.to_string());
            let counted = counted?;
            progress.clear();
            let seconds = out.seconds();
            let levels: Vec<_> = counted
                .levels
                .iter()
                .map(|l| {
                    json!({ "pegs": l.pegs, "positions": l.positions, "classes": l.classes,
                        "paths": l.paths.to_string(), "direction": if l.backward { "backward" } else { "forward" } })
                })
                .collect();
            let start = s.board.hole_text(s.start_hole);
            let finish = s.finish.text(&s.board);
            out.emit(
                json!({
                    "board": s.board.name(), "start": start, "finish": finish,
                    "solutions": counted.solutions.to_string(), "positions": counted.positions, "levels": levels,
                    "symmetries": counted.symmetries, "met_at_pegs": counted.met_at,
                    "seconds": seconds, "peak_bytes": counted.peak_bytes, "disk_bytes": counted.disk_bytes, "rereads": counted.rereads, "ranks": out.ranks(),
                }),
                || {
                    format!(
                        "{} from {start} to {finish}: {} games ({} positions searched, {} symmetries, peak {}{}{}), {seconds:.2} s",
                        s.board.name(),
                        counted.solutions,
                        counted.positions,
                        counted.symmetries,
                        human_bytes(counted.peak_bytes),
                        if counted.disk_bytes > 0 { format!(" in memory and {} on disk, levels gone through {} more times", human_bytes(counted.disk_bytes), counted.rereads) } else { String::new() },
                        if out.ranks() > 1 { format!(" on the fullest of {} ranks", out.ranks()) } else { String::new() }
                    )
                },
            );
        }
        Command::Starts {
            board,
            finishes,
            starts,
            max_mb,
            disk,
        } => starts::run(&board, &finishes, &starts, (max_mb, disk.dir()), out)?,
        Command::Table { game, opening } => {
            out.alone("pegs table")?;
            let s = game.setup()?;
            let progress = ProgressLine::new();
            let table = Table::build(&s.board, s.start, s.finish, &Limits::NATIVE, &progress)
                .map_err(|e| e.to_string())?;
            progress.clear();
            let seconds = out.seconds();
            let at = |h: u8| s.board.hole_text(h);
            let jumps: Vec<_> = table
                .jump_counts(s.start)
                .into_iter()
                .map(|(j, n)| json!({ "from": at(j.from), "to": at(j.to), "games": n.to_string() }))
                .collect();
            let mut report = json!({ "board": s.board.name(), "solutions": table.solutions().to_string(),
                "first_jumps": jumps, "bytes": table.bytes(), "seconds": seconds });
            if let Some(levels) = opening {
                report["opening"] = table
                    .opening(levels)
                    .into_iter()
                    .map(|(p, n)| json!([format!("{p:#x}"), n.to_string()]))
                    .collect();
            }
            out.emit(report, || {
                format!(
                    "{}: {} games; table of {} built in {seconds:.2} s",
                    s.board.name(),
                    table.solutions(),
                    human_bytes(table.bytes())
                )
            });
        }
        Command::Book {
            game,
            levels,
            out: file,
            disk,
        } => book::run(&game.setup()?, (levels, disk.dir()), &file, out)?,
        Command::Estimate {
            game,
            keep,
            repeats,
            seed,
        } => {
            let plan = peg_solitaire::EstimatePlan {
                keep,
                repeats,
                seed,
            };
            estimate::run(&game.setup()?, &plan, out)?;
        }
        Command::Solve { game } => {
            out.alone("pegs solve")?;
            let s = game.setup()?;
            let progress = ProgressLine::new();
            let found = solve(&s.board, s.start, s.finish, &progress).map_err(|e| e.to_string())?;
            progress.clear();
            let seconds = out.seconds();
            let start = s.board.hole_text(s.start_hole);
            let finish = s.finish.text(&s.board);
            let Some(jumps) = found else {
                out.emit(
                    json!({ "board": s.board.name(), "start": start, "finish": finish, "solution": null, "seconds": seconds }),
                    || format!("no game from {start} reaches {finish}"),
                );
                return Ok(());
            };
            let at = |h: u8| s.board.hole_text(h);
            let list: Vec<_> = jumps
                .iter()
                .map(|j| json!({ "from": at(j.from), "over": at(j.over), "to": at(j.to) }))
                .collect();
            out.emit(
                json!({ "board": s.board.name(), "start": start, "finish": finish, "solution": list, "seconds": seconds }),
                || {
                    jumps
                        .iter()
                        .enumerate()
                        .map(|(i, j)| format!("{:>2}. {}", i + 1, assess::jump_text(&s.board, j)))
                        .collect::<Vec<_>>()
                        .join("\n")
                },
            );
        }
        Command::Assess {
            game,
            positions,
            seed,
            check,
            search_first,
            give_up_after,
        } => {
            out.alone("pegs assess")?;
            let s = game.setup()?;
            let request = assess::Request {
                positions,
                seed,
                check,
                search_first,
                give_up_after,
            };
            assess::run(&s, &request, out)?;
        }
    }
    Ok(())
}
