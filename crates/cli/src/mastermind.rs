//! `puzzle-lab mastermind ...`: solve a secret, count consistent codes, play many games, write the optimal book,
//! time the feedback kernel.

use std::time::Instant;

use clap::{Args, Subcommand};
use mastermind::search::{self, Budget, Schedule};
use mastermind::{Code, Feedback, Row, Spec, Strategy, play_game_watched, play_sampled};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::json;

use crate::output::Output;
use crate::progress_line::ProgressLine;

#[cfg(feature = "mpi")]
mod cluster;
mod emit;
mod stats;
mod test_bed;

use emit::{emit_book, emit_count, emit_opening};

use stats::{Tree, emit_stats};

#[derive(Args, Clone, Copy)]
pub(crate) struct Size {
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

#[derive(Args, Clone, Copy)]
pub(crate) struct GuessTime {
    /// Wall time one local-search guess may take, in milliseconds (default 250). Its work budget normally
    /// ends a guess far sooner, keeping seeded games reproducible; a small value here trades guesses for time.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(1..))]
    guess_ms: Option<u32>,
}

impl GuessTime {
    /// The budget of one game.
    fn budget(self) -> Budget {
        self.over(Budget::INTERACTIVE)
    }

    /// The budget of every secret played at once (`stats --all`).
    fn budget_for_all(self) -> Budget {
        self.over(Budget::THOROUGH)
    }

    fn over(self, budget: Budget) -> Budget {
        match self.guess_ms {
            Some(ms) => budget.with_guess_ms(ms),
            None => budget,
        }
    }
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum ScheduleArg {
    Stealing,
    Static,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Let a strategy break a secret; prints every guess.
    Solve {
        #[command(flatten)]
        size: Size,
        /// The secret, as colour indices from 0: 3,1,4,1.
        #[arg(long)]
        secret: String,
        /// Strategy name: random-consistent, first-consistent, knuth, most-parts, entropy, expected-size, optimal,
        /// local-search, sampled-split, colour-by-colour.
        #[arg(long, default_value = "knuth")]
        strategy: String,
        /// Seed for random choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[command(flatten)]
        guess_time: GuessTime,
    },
    /// Count the codes consistent with a history of scored guesses.
    Count {
        #[command(flatten)]
        size: Size,
        /// Scored guesses: `code:black,white` separated by `;`, e.g. "0,0,1,1:1,1;2,3,4,5:0,2".
        #[arg(long, default_value = "")]
        history: String,
        /// How the prefix ranges are shared out over the threads: `stealing` (work stealing, what every search
        /// uses) or `static` (one fixed block of consecutive ranges per thread, as in the seed report; for
        /// comparing). Either way the history is searched, even when empty.
        #[arg(long)]
        schedule: Option<ScheduleArg>,
    },
    /// Write a strategy's book. For `optimal` (the default): search the optimal tree for every secret and print
    /// it (the guess, as a code index in lexicographic order, of every node of three or more codes, in
    /// pre-order), as shipped in the mastermind crate for 4x6, 4x7 and 5x5. For knuth, most-parts, entropy and expected-size:
    /// the opening book of their first --depth guesses (every position of three or more codes they reach, one line
    /// each), as shipped for 6x9 and 7x7, each position worked out alone on every thread and timed (--json lists
    /// the times).
    Book {
        #[command(flatten)]
        size: Size,
        /// Strategy name.
        #[arg(long, default_value = "optimal")]
        strategy: String,
        /// For the opening books: how many guesses deep (1: the first guess alone).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=8))]
        depth: u32,
    },
    /// Time the feedback kernel: score random guesses against random secrets, as the strategies do.
    BenchFeedback {
        #[command(flatten)]
        size: Size,
        /// Secrets each guess is scored against.
        #[arg(long, default_value_t = 4096)]
        secrets: usize,
        /// Guesses (shared out over the threads).
        #[arg(long, default_value_t = 4096)]
        guesses: usize,
        /// Seed for the random codes.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// The seed's test bed: the TopCoder match's range of sizes (5 to 100 pegs, 5 to 20 colours, drawn at random),
    /// one game a test, scored as the match did (pegs x log2(colours) / guesses), summed up by bands of pegs; each
    /// strategy plays the same tests.
    Match {
        /// How many tests.
        #[arg(long, default_value_t = 30)]
        tests: u64,
        /// The strategies, each on every test.
        #[arg(long, value_delimiter = ',', default_value = "sampled-split")]
        strategies: Vec<String>,
        /// Seed of the sizes and the secrets.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        guess_time: GuessTime,
    },
    /// Play every secret (`--all`) with a strategy and report mean and worst guesses.
    Stats {
        #[command(flatten)]
        size: Size,
        /// Strategy name.
        #[arg(long, default_value = "knuth")]
        strategy: String,
        /// Play every secret, as one strategy tree (games whose codes can be listed in 1 GiB: up to 8x8).
        #[arg(long)]
        all: bool,
        /// Play this many secrets drawn at random (seeded by --seed), one game each, at any size.
        #[arg(long)]
        games: Option<u64>,
        /// With --all: open every game with this guess (e.g. 1,1,2,2,3,4: published figures fix the first guess)
        /// instead of the strategy's own choice. Colours from 0, as in every code here.
        #[arg(long)]
        first: Option<String>,
        /// With --all: play only the part of the tree below this answer to the first guess, as black,white
        /// (e.g. 4,0): the secrets that score the first guess so. A part to measure, or to share out by hand.
        #[arg(long)]
        answer: Option<String>,
        /// Seed for random choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[command(flatten)]
        guess_time: GuessTime,
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
            let score = fb
                .parse::<Feedback>()
                .map_err(|e| bad(format!("{e} after ':'")))?;
            Row::new(spec, guess.pegs().to_vec(), score.black, score.white)
                .map_err(|e| bad(e.to_string()))
        })
        .collect()
}

/// Runs one Mastermind subcommand, printing its result to `out`.
pub(crate) fn run(cmd: Command, out: &Output) -> Result<(), String> {
    match cmd {
        Command::Match {
            tests,
            strategies,
            seed,
            guess_time,
        } => {
            out.alone("mastermind match")?;
            test_bed::run_match(out, tests, &strategies, seed, &guess_time.budget())?;
        }
        Command::Solve {
            size,
            secret,
            strategy,
            seed,
            guess_time,
        } => {
            out.alone("mastermind solve")?;
            let spec = size.spec()?;
            let secret = Code::parse(&spec, &secret).map_err(|e| format!("--secret: {e}"))?;
            let strategy: Strategy = strategy.parse()?;
            let mut rng = StdRng::seed_from_u64(seed);
            let progress = ProgressLine::new();
            // Each guess's time: from the previous row (or the start) to its own.
            let (mut times, mut since) = (Vec::new(), Instant::now());
            let played = play_game_watched(
                &spec,
                strategy,
                &secret,
                &guess_time.budget(),
                &progress,
                &mut rng,
                &mut |_| {
                    times.push(since.elapsed().as_secs_f64());
                    since = Instant::now();
                },
            )
            .map_err(|e| e.to_string())?;
            progress.clear();
            let (history, notes) = (played.rows, played.notes);
            let solved = history.last().is_some_and(|r| r.feedback.is_win(spec.pegs));
            let seconds = out.seconds();
            let guesses: Vec<Vec<u8>> = history.iter().map(|r| r.guess.pegs().to_vec()).collect();
            out.emit(
                json!({ "solved": solved, "guesses": guesses, "guess_seconds": times, "count": history.len(), "seconds": seconds, "notes": notes }),
                || {
                    let mut lines: Vec<String> = history
                        .iter()
                        .enumerate()
                        .map(|(i, r)| {
                            let t = times.get(i).copied().unwrap_or_default();
                            format!("{:>3}. {}  {}  ({t:.3} s)", i + 1, r.guess, r.feedback)
                        })
                        .collect();
                    lines.push(format!(
                        "{} in {} guesses, {seconds:.3} s",
                        if solved { "solved" } else { "NOT solved" },
                        history.len()
                    ));
                    lines.extend(notes.iter().map(|n| format!("note: {n}")));
                    lines.join("\n")
                },
            );
        }
        Command::Book {
            size,
            strategy,
            depth,
        } => {
            let spec = size.spec()?;
            let strategy: Strategy = strategy.parse()?;
            if strategy != Strategy::Optimal {
                out.alone("mastermind book --strategy (an opening book)")?;
                let progress = ProgressLine::new();
                let book = mastermind::opening::opening_book(&spec, strategy, depth, &progress)
                    .map_err(|e| e.to_string())?;
                progress.clear();
                emit_opening(out, &spec, strategy, depth, &book);
                return Ok(());
            }
            #[cfg(feature = "mpi")]
            if let Some((c, _)) = out.cluster() {
                if let Some(book) = cluster::book(c, &spec)? {
                    emit_book(out, &book);
                }
                return Ok(());
            }
            let book = mastermind::optimal_book(&spec).map_err(|e| e.to_string())?;
            emit_book(out, &book);
        }
        Command::BenchFeedback {
            size,
            secrets,
            guesses,
            seed,
        } => {
            out.alone("mastermind bench-feedback")?;
            let spec = size.spec()?;
            let (guesses, secrets) = mastermind::feedback_workload(&spec, guesses, secrets, seed);
            let started = Instant::now();
            let checksum = mastermind::score_all(&spec, &guesses, &secrets);
            // The kernel alone, not drawing the random codes.
            let seconds = started.elapsed().as_secs_f64();
            let feedbacks = (secrets.len() * guesses.len()) as f64;
            let threads = rayon::current_num_threads();
            let per_second = feedbacks / seconds;
            out.emit(
                json!({
                    "pegs": spec.pegs, "colors": spec.colors, "feedbacks": feedbacks, "seconds": seconds,
                    "threads": threads, "per_second": per_second,
                    "per_second_per_thread": per_second / threads as f64, "checksum": checksum,
                }),
                || {
                    format!(
                        "{spec}: {feedbacks:.0} feedbacks in {seconds:.3} s on {threads} threads: {:.0} M/s ({:.0} M/s per thread)",
                        per_second / 1e6,
                        per_second / 1e6 / threads as f64
                    )
                },
            );
        }
        Command::Count {
            size,
            history,
            schedule,
        } => {
            let spec = size.spec()?;
            let history = parse_history(&spec, &history)?;
            let progress = ProgressLine::new();
            let budget = &Budget::INTERACTIVE;
            #[cfg(feature = "mpi")]
            if let Some((c, deal)) = out.cluster() {
                if schedule.is_some() {
                    return Err(
                        "--schedule shares ranges between threads; under --mpi say --deal".into(),
                    );
                }
                let counted = match (history.is_empty(), spec.code_count()) {
                    // As on one machine: the size of the code space needs no search.
                    (true, Some(n)) => Some(search::Count::Exact(n)),
                    _ => cluster::count(c, deal, &spec, &history)?,
                };
                if let Some(count) = counted {
                    emit_count(out, count);
                }
                return Ok(());
            }
            let count = match schedule {
                None => search::count(&spec, &history, budget, &progress),
                Some(s) => {
                    let s = match s {
                        ScheduleArg::Stealing => Schedule::Stealing,
                        ScheduleArg::Static => Schedule::Static,
                    };
                    search::count_scheduled(&spec, &history, budget, &progress, s)
                }
            }
            .map_err(|e| e.to_string())?;
            progress.clear();
            emit_count(out, count);
        }
        Command::Stats {
            size,
            strategy,
            all,
            games,
            first,
            answer,
            seed,
            guess_time,
        } => {
            let spec = size.spec()?;
            let strategy: Strategy = strategy.parse()?;
            let first = first
                .map(|f| Code::parse(&spec, &f).map_err(|e| format!("--first: {e}")))
                .transpose()?;
            if first.is_some() && !all {
                return Err("--first opens the games of --all (every secret)".into());
            }
            let answer = answer
                .map(|a| {
                    a.parse::<Feedback>()
                        .map_err(|e| format!("--answer '{a}': {e} (e.g. 4,0)"))
                })
                .transpose()?;
            if answer.is_some() && !all {
                return Err("--answer picks a part of the games of --all (every secret)".into());
            }
            let tree = Tree {
                strategy,
                seed,
                first: first.as_ref(),
                answer,
            };
            // `None`: every secret; `Some(n)`: n seeded secrets.
            let games = match (all, games) {
                (true, None) => None,
                (false, Some(n)) => Some(n),
                _ => {
                    return Err(
                        "say either --all (every secret) or --games N (N seeded random secrets)"
                            .into(),
                    );
                }
            };
            #[cfg(feature = "mpi")]
            if let Some((c, deal)) = out.cluster() {
                let stats = match games {
                    None => {
                        cluster::every_secret(c, deal, &spec, &tree, &guess_time.budget_for_all())?
                    }
                    Some(n) => {
                        cluster::sampled(c, deal, &spec, strategy, n, seed, &guess_time.budget())?
                    }
                };
                if let Some(stats) = stats {
                    emit_stats(out, &spec, &tree, &stats);
                }
                return Ok(());
            }
            let progress = ProgressLine::new();
            let stats = match games {
                None => {
                    let budget = guess_time.budget_for_all();
                    tree.play(&spec, &budget, &progress)
                }
                Some(n) => play_sampled(&spec, strategy, n, seed, &guess_time.budget(), &progress)
                    .map_err(|e| e.to_string()),
            };
            progress.clear();
            let stats = stats?;
            emit_stats(out, &spec, &tree, &stats);
        }
    }
    Ok(())
}
