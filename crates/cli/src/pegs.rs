//! `puzzle-lab pegs ...`: count every game of peg solitaire from a start to a finish, or find one.

use clap::{Args, Subcommand};
use peg_solitaire::{Board, Finish, Limits, Position, Table, count, human_bytes, solve};
use serde_json::json;

use crate::output::Output;
use crate::progress_line::ProgressLine;

#[cfg(feature = "mpi")]
mod cluster;

/// Which board, where it starts and where it ends.
#[derive(Args, Clone)]
pub(crate) struct Game {
    /// A named board: english, french, triangle, diamond.
    #[arg(long, default_value = "english")]
    board: String,
    /// A custom board from a text layout file ('o' a hole, '.' or ' ' none; a first line 'triangle' for a
    /// triangular grid); instead of --board.
    #[arg(long, value_name = "FILE")]
    board_file: Option<std::path::PathBuf>,
    /// The empty hole at the start, as row,column from 0 (default: the centre, or the top of a triangle).
    #[arg(long)]
    start: Option<String>,
    /// Where the game ends: a hole row,column (the last peg there), any-one (one peg anywhere), or dead-end (until
    /// no jump is left). Default: the start hole.
    #[arg(long)]
    finish: Option<String>,
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
        /// Memory the count may use, in MB (default 12288).
        #[arg(long, value_name = "MB")]
        max_mb: Option<u64>,
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
    /// Find one game from the start to the finish and print its jumps.
    Solve {
        #[command(flatten)]
        game: Game,
    },
}

pub(crate) struct Setup {
    board: Board,
    start: Position,
    start_hole: (u8, u8),
    finish: Finish,
}

impl Game {
    fn setup(&self) -> Result<Setup, String> {
        let board = match &self.board_file {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("--board-file {}: {e}", path.display()))?;
                Board::parse(&text).map_err(|e| format!("--board-file {}: {e}", path.display()))?
            }
            None => Board::named(&self.board).map_err(|e| e.to_string())?,
        };
        let s = match &self.start {
            Some(text) => board
                .parse_hole(text)
                .map_err(|e| format!("--start: {e}"))?,
            None => board.default_start(),
        };
        let start_hole = board.holes()[usize::from(s)];
        let finish = match self.finish.as_deref() {
            None => Finish::Hole(s),
            Some(text) => Finish::parse(&board, text).map_err(|e| format!("--finish: {e}"))?,
        };
        let start = board.full() & !(1 << s);
        Ok(Setup {
            board,
            start,
            start_hole,
            finish,
        })
    }
}

pub(crate) fn run(cmd: Command, out: &Output) -> Result<(), String> {
    match cmd {
        Command::Count {
            game,
            no_symmetry,
            no_meet,
            max_mb,
        } => {
            let s = game.setup()?;
            let limits = Limits {
                max_bytes: max_mb.map_or(Limits::NATIVE.max_bytes, |mb| mb << 20),
                symmetry: !no_symmetry,
                meet_in_the_middle: !no_meet,
            };
            let progress = ProgressLine::new();
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
            let (r, c) = s.start_hole;
            let finish = s.finish.text(&s.board);
            out.emit(
                json!({
                    "board": s.board.name(), "start": format!("{r},{c}"), "finish": finish,
                    "solutions": counted.solutions.to_string(), "positions": counted.positions, "levels": levels,
                    "symmetries": counted.symmetries, "met_at_pegs": counted.met_at,
                    "seconds": seconds, "peak_bytes": counted.peak_bytes, "ranks": out.ranks(),
                }),
                || {
                    format!(
                        "{} from {r},{c} to {finish}: {} games ({} positions searched, {} symmetries, peak {}{}), {seconds:.2} s",
                        s.board.name(),
                        counted.solutions,
                        counted.positions,
                        counted.symmetries,
                        human_bytes(counted.peak_bytes),
                        if out.ranks() > 1 { format!(" on the fullest of {} ranks", out.ranks()) } else { String::new() }
                    )
                },
            );
        }
        Command::Table { game, opening } => {
            out.alone("pegs table")?;
            let s = game.setup()?;
            let progress = ProgressLine::new();
            let table = Table::build(&s.board, s.start, s.finish, &Limits::NATIVE, &progress)
                .map_err(|e| e.to_string())?;
            progress.clear();
            let seconds = out.seconds();
            let at = |h: u8| {
                let (r, c) = s.board.holes()[usize::from(h)];
                format!("{r},{c}")
            };
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
        Command::Solve { game } => {
            out.alone("pegs solve")?;
            let s = game.setup()?;
            let progress = ProgressLine::new();
            let found = solve(&s.board, s.start, s.finish, 50_000_000, &progress)
                .map_err(|e| e.to_string())?;
            progress.clear();
            let seconds = out.seconds();
            let (r, c) = s.start_hole;
            let finish = s.finish.text(&s.board);
            let Some(jumps) = found else {
                out.emit(
                    json!({ "board": s.board.name(), "start": format!("{r},{c}"), "finish": finish, "solution": null, "seconds": seconds }),
                    || format!("no game from {r},{c} reaches {finish}"),
                );
                return Ok(());
            };
            let at = |h: u8| {
                let (r, c) = s.board.holes()[usize::from(h)];
                json!([r, c])
            };
            let list: Vec<_> = jumps
                .iter()
                .map(|j| json!({ "from": at(j.from), "over": at(j.over), "to": at(j.to) }))
                .collect();
            out.emit(
                json!({ "board": s.board.name(), "start": format!("{r},{c}"), "finish": finish, "solution": list, "seconds": seconds }),
                || {
                    jumps
                        .iter()
                        .enumerate()
                        .map(|(i, j)| {
                            let (a, b) = s.board.holes()[usize::from(j.from)];
                            let (x, y) = s.board.holes()[usize::from(j.to)];
                            format!("{:>2}. {a},{b} -> {x},{y}", i + 1)
                        })
                        .collect::<Vec<_>>()
                        .join("\n")
                },
            );
        }
    }
    Ok(())
}
