//! `puzzle-lab`: the game cores from the command line, with `--json` output for scripts and benchmarks.
//! One module per game; [`output`] prints every result and [`progress_line`] draws any core's progress.
//!
//! ```text
//! puzzle-lab mastermind solve --pegs 4 --colors 6 --secret 3,1,4,1 --strategy knuth --json
//! puzzle-lab mastermind count --pegs 4 --colors 6 --history "0,0,1,1:1,1;2,3,4,5:0,2" --json
//! puzzle-lab mastermind stats --pegs 4 --colors 6 --strategy knuth --all --json
//! puzzle-lab cluedo simulate --players deduction,random,listening --games 1000 --seed 1 --json
//! ```

mod cluedo;
#[cfg(feature = "mpi")]
mod cluster;
mod mastermind;
mod output;
mod pegs;
mod progress_line;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use output::{Failure, Output};

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
    /// Share the job across the ranks of an MPI launch (`mpirun -np 4 puzzle-lab --mpi ...`): mastermind
    /// count, stats and book, pegs count, cluedo simulate. Rank 0 prints. Needs a build with the `mpi` feature.
    #[arg(long, global = true)]
    mpi: bool,
    /// With --mpi: how rank 0 deals the work, small pieces to whichever rank asks (dynamic) or one fixed block
    /// per rank (static, for comparing; `mastermind book` always deals dynamically, its search prunes as it goes).
    #[cfg(feature = "mpi")]
    #[arg(
        long,
        global = true,
        value_enum,
        default_value = "dynamic",
        requires = "mpi"
    )]
    deal: cluster::Deal,
    #[command(subcommand)]
    game: Game,
}

/// The games, one subcommand module each.
#[derive(Subcommand)]
enum Game {
    /// Mastermind: solve a secret, count consistent codes, play every secret.
    #[command(subcommand)]
    Mastermind(mastermind::Command),
    /// Peg solitaire: count every game from a start to a finish, or find one.
    #[command(subcommand)]
    Pegs(pegs::Command),
    /// Cluedo: simulate games of computer players, or deduce from a real table's log.
    #[command(subcommand)]
    Cluedo(cluedo::Command),
}

fn run(cli: Cli) -> Result<(), Failure> {
    if let Some(n) = cli.threads {
        if n == 0 {
            return Err("--threads must be at least 1".into());
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| Failure::from(e.to_string()))?;
    }
    #[cfg(feature = "mpi")]
    let out = match cli.mpi {
        true => {
            let cluster = cluster::Cluster::start()?;
            if !cluster.is_root() {
                // Only rank 0 speaks, errors included: every rank checks the same request.
                QUIET.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            Output::new(cli.json).on(cluster, cli.deal)
        }
        false => Output::new(cli.json),
    };
    #[cfg(not(feature = "mpi"))]
    let out = match cli.mpi {
        true => {
            return Err("--mpi: this puzzle-lab was built without MPI; build it with `cargo build --release -p cli \
                        --features mpi` (needs an MPI library and libclang: docs/cluster.md, \"On a cluster\")"
                .into());
        }
        false => Output::new(cli.json),
    };
    match cli.game {
        Game::Mastermind(cmd) => mastermind::run(cmd, &out).map_err(Failure::from),
        Game::Pegs(cmd) => pegs::run(cmd, &out).map_err(Failure::from),
        Game::Cluedo(cmd) => cluedo::run(cmd, &out),
    }
}

/// Set on every MPI rank but 0, which alone prints.
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes glibc's malloc hand every block of 1 MB or more straight back to the system when it is freed. Its default
/// threshold rises as big blocks are freed (up to 32 MB), after which a peg count's shard tables (tens of MB each)
/// come from the heap, and the memory of levels that were freed or moved to disk stayed counted against the
/// process: a French count that kept 8 GB of tables was 13 GB resident.
fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a malloc parameter; it is called once, at the start of `main`, before any other
    // thread exists.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

fn main() -> ExitCode {
    return_freed_memory();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { message, status }) => {
            if !QUIET.load(std::sync::atomic::Ordering::Relaxed) {
                eprintln!("puzzle-lab: {message}");
            }
            ExitCode::from(status)
        }
    }
}
