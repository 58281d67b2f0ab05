//! `puzzle-lab`: the game cores from the command line, with `--json` output for scripts and benchmarks.
//!
//! ```text
//! puzzle-lab mastermind solve --pegs 4 --colors 6 --secret 3,1,4,1 --strategy knuth --json
//! puzzle-lab mastermind count --pegs 4 --colors 6 --history "0,0,1,1:1,1;2,3,4,5:0,2" --json
//! puzzle-lab mastermind stats --pegs 4 --colors 6 --strategy knuth --all --json
//! ```

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use mastermind::search::{self, Budget, Count, NoObserver};
use mastermind::{Code, Feedback, Row, Spec, Strategy, play_all, score, strategy};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "puzzle-lab",
    version,
    about = "Parallel puzzle solvers: play, measure and batch-run them natively."
)]
struct Cli {
    /// Threads for the solver pool (default: every core).
    #[arg(long, global = true)]
    threads: Option<usize>,
    /// Print one JSON object on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand)]
enum Game {
    /// Mastermind: solve a secret, count consistent codes, play every secret.
    #[command(subcommand)]
    Mastermind(MastermindCmd),
}

#[derive(Args, Clone, Copy)]
struct Size {
    /// Pegs per code (2-100).
    #[arg(long, default_value_t = 4)]
    pegs: u32,
    /// Colours (2-20).
    #[arg(long, default_value_t = 6)]
    colors: u32,
    /// Forbid repeated colours in a code.
    #[arg(long)]
    no_repeats: bool,
}

impl Size {
    fn spec(self) -> Result<Spec, String> {
        Spec::new(self.pegs, self.colors, !self.no_repeats).map_err(|e| e.to_string())
    }
}

#[derive(Subcommand)]
enum MastermindCmd {
    /// Let a strategy break a secret; prints every guess.
    Solve {
        #[command(flatten)]
        size: Size,
        /// The secret, as colour indices from 0: 3,1,4,1.
        #[arg(long)]
        secret: String,
        /// Strategy name: random-consistent, first-consistent, knuth, most-parts, entropy, expected-size.
        #[arg(long, default_value = "knuth")]
        strategy: String,
        /// Seed for random choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Count the codes consistent with a history of scored guesses.
    Count {
        #[command(flatten)]
        size: Size,
        /// Scored guesses: `code:black,white` separated by `;`, e.g. "0,0,1,1:1,1;2,3,4,5:0,2".
        #[arg(long, default_value = "")]
        history: String,
    },
    /// Play every secret (`--all`) with a strategy and report mean and worst guesses.
    Stats {
        #[command(flatten)]
        size: Size,
        /// Strategy name.
        #[arg(long, default_value = "knuth")]
        strategy: String,
        /// Play every secret (the only mode so far; sampled games come with the engine work).
        #[arg(long)]
        all: bool,
        /// Seed for random choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

fn parse_history(spec: &Spec, text: &str) -> Result<Vec<Row>, String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(i, part)| {
            let bad = |why: String| format!("history entry {} ('{part}'): {why}", i + 1);
            let (code, fb) = part
                .split_once(':')
                .ok_or_else(|| bad("expected code:black,white".into()))?;
            let guess = Code::parse(spec, code).map_err(|e| bad(e.to_string()))?;
            let (b, w) = fb
                .split_once(',')
                .ok_or_else(|| bad("expected black,white after ':'".into()))?;
            let num = |s: &str| {
                s.trim()
                    .parse::<u8>()
                    .map_err(|_| bad(format!("'{s}' is not a number")))
            };
            let feedback = Feedback {
                black: num(b)?,
                white: num(w)?,
            };
            if !feedback.is_possible(spec.pegs) {
                return Err(bad(format!(
                    "{feedback} cannot happen with {} pegs",
                    spec.pegs
                )));
            }
            Ok(Row { guess, feedback })
        })
        .collect()
}

fn run(cli: Cli) -> Result<(), String> {
    if let Some(n) = cli.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    let started = Instant::now();
    let Game::Mastermind(cmd) = cli.game;
    match cmd {
        MastermindCmd::Solve {
            size,
            secret,
            strategy,
            seed,
        } => {
            let spec = size.spec()?;
            let secret = Code::parse(&spec, &secret).map_err(|e| format!("--secret: {e}"))?;
            let strategy: Strategy = strategy.parse()?;
            let mut rng = StdRng::seed_from_u64(seed);
            let mut history: Vec<Row> = Vec::new();
            let mut notes = Vec::new();
            let mut first_count = None;
            loop {
                let choice = strategy::choose(
                    strategy,
                    &spec,
                    &history,
                    &Budget::INTERACTIVE,
                    &NoObserver,
                    &mut rng,
                )
                .map_err(|e| e.to_string())?;
                first_count.get_or_insert(choice.remaining);
                notes.extend(choice.note);
                let feedback = score(&choice.guess, &secret, spec.colors);
                history.push(Row {
                    guess: choice.guess,
                    feedback,
                });
                if feedback.is_win(spec.pegs) || history.len() >= 200 {
                    break;
                }
            }
            let solved = history.last().is_some_and(|r| r.feedback.is_win(spec.pegs));
            let seconds = started.elapsed().as_secs_f64();
            if cli.json {
                let guesses: Vec<Vec<u8>> =
                    history.iter().map(|r| r.guess.pegs().to_vec()).collect();
                println!(
                    "{}",
                    json!({ "solved": solved, "guesses": guesses, "count": history.len(), "seconds": seconds, "notes": notes })
                );
            } else {
                for (i, r) in history.iter().enumerate() {
                    println!("{:>3}. {}  {}", i + 1, r.guess, r.feedback);
                }
                println!(
                    "{} in {} guesses, {seconds:.3} s",
                    if solved { "solved" } else { "NOT solved" },
                    history.len()
                );
                notes.iter().for_each(|n| println!("note: {n}"));
            }
        }
        MastermindCmd::Count { size, history } => {
            let spec = size.spec()?;
            let history = parse_history(&spec, &history)?;
            let count = search::count(&spec, &history, &Budget::INTERACTIVE, &NoObserver)
                .map_err(|e| format!("{e:?}"))?;
            let seconds = started.elapsed().as_secs_f64();
            let (value, exact) = match count {
                Count::Exact(n) => (n, true),
                Count::AtLeast(n) => (n, false),
            };
            if cli.json {
                println!(
                    "{}",
                    json!({ "consistent": value.to_string(), "exact": exact, "seconds": seconds })
                );
            } else {
                println!(
                    "{}{value} consistent codes ({seconds:.3} s)",
                    if exact { "" } else { "at least " }
                );
            }
        }
        MastermindCmd::Stats {
            size,
            strategy,
            all,
            seed,
        } => {
            let spec = size.spec()?;
            let strategy: Strategy = strategy.parse()?;
            if !all {
                return Err("only --all is supported so far: sampled games (--games N) come with the engine work".into());
            }
            let stats = play_all(&spec, strategy, seed).map_err(|e| e.to_string())?;
            let seconds = started.elapsed().as_secs_f64();
            if cli.json {
                println!(
                    "{}",
                    json!({ "pegs": spec.pegs, "colors": spec.colors, "strategy": strategy.name(), "games": stats.games,
                        "mean": stats.mean(), "worst": stats.worst, "histogram": stats.histogram, "failed": 0, "seconds": seconds })
                );
            } else {
                println!(
                    "{spec}, {strategy}: {} games, mean {:.4} ({}/{}), worst {}, {seconds:.3} s",
                    stats.games,
                    stats.mean(),
                    stats.total_guesses,
                    stats.games,
                    stats.worst
                );
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("puzzle-lab: {message}");
            ExitCode::FAILURE
        }
    }
}
