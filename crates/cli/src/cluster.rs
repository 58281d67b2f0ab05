//! The CLI's heavy jobs across the processes ("ranks") of an MPI launch (`mpirun`, or Slurm's `srun`), as the
//! seeds ran them on clusters; built only with the `mpi` feature. Every game's cluster jobs use this module and
//! nothing else of MPI:
//!
//! - [`Cluster::share`]: rank 0 deals pieces of work on request (dynamic, so a slow node or a heavy piece does
//!   not hold the rest back) and does pieces itself on a thread of its own; every rank runs its piece on its own
//!   rayon pool; results come back to rank 0 as bytes, which the job's [`Dealer`] decodes and merges exactly.
//! - [`Cluster`] as [`peg_solitaire::Ranks`]: the collective steps of a count whose positions are owned by rank
//!   (all-to-all exchange of the positions each level makes, and gathers for sums).
//!
//! Only rank 0 prints. SIGINT and SIGTERM (mpirun passes Ctrl-C on as SIGTERM) stop every rank's piece at its
//! next check; rank 0 stops dealing, says how far it got and every rank leaves with an error.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mpi::Tag;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::{Threading, Universe};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use progress::{Flow, Label, Observer, Progress, Unit};

use crate::progress_line::ProgressLine;

/// What rank 0 deals, as the progress line counts it.
pub const PIECES: Unit = Unit::new("piece", "pieces dealt", Label::Ordinal);

/// A rank asks for work, carrying the result of its last piece.
const ASK: Tag = 1;
/// Rank 0 answers with a piece, or with nothing: no more work.
const PIECE: Tag = 2;

/// Environment variables a launcher sets in every process it starts (OpenMPI's mpirun, MPICH's Hydra and Slurm's
/// PMI, PMIx).
const LAUNCHER_VARS: [&str; 4] = [
    "OMPI_COMM_WORLD_SIZE",
    "PMI_SIZE",
    "PMIX_RANK",
    "MPI_LOCALNRANKS",
];

/// How rank 0 hands out pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Deal {
    /// Small pieces, one at a time to whichever rank asks: what every job uses.
    #[default]
    Dynamic,
    /// One equal block per rank, fixed up front (the seeds' split; only for comparing).
    Static,
}

/// The processes of this launch.
pub struct Cluster {
    world: SimpleCommunicator,
    signals: Signals,
    /// Finalizes MPI when the cluster is dropped (after `world`).
    _universe: Universe,
}

/// A job's side of dealing, on rank 0: what the next piece is and what to do with a piece's result.
pub trait Dealer: Send {
    /// The next piece for `rank`, as words the job's work understands (never none: an empty message tells a rank
    /// to stop), or `None` when all is dealt (that rank gets no more).
    fn next(&mut self, rank: usize) -> Option<Vec<u64>>;
    /// The result of `piece`, whichever rank did it.
    fn take(&mut self, piece: &[u64], result: &[u8]) -> Result<(), String>;
    /// Pieces finished and pieces in all, for the progress line.
    fn tally(&self) -> (u64, u64);
}

impl Cluster {
    /// Joins the launch. Fails, saying what to do, when not started by a launcher or started as one rank.
    pub fn start() -> Result<Cluster, String> {
        let launched = LAUNCHER_VARS.iter().any(|v| std::env::var_os(v).is_some());
        let (universe, threading) = mpi::initialize_with_threading(Threading::Funneled)
            .ok_or("--mpi: MPI could not be initialised")?;
        if threading < Threading::Funneled {
            return Err(
                "--mpi: this MPI library gives no thread support (MPI_THREAD_FUNNELED is needed)"
                    .into(),
            );
        }
        let world = universe.world();
        if world.size() < 2 {
            return Err(if launched {
                "--mpi: this launch has one rank; start two or more (`mpirun -np 4 puzzle-lab --mpi ...`). Under \
                 srun, one rank per process means Slurm could not hand this MPI its ranks (no PMI/PMIx support \
                 in it): run `mpirun` inside the allocation instead"
                    .into()
            } else {
                "--mpi: not started by an MPI launcher; run it as `mpirun -np 4 puzzle-lab --mpi ...` (or `srun` \
                 in a Slurm allocation), or leave out --mpi to use this machine's threads alone"
                    .into()
            });
        }
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
            .map_err(|e| format!("--mpi: cannot catch Ctrl-C: {e}"))?;
        Ok(Cluster {
            world,
            signals: Signals {
                stop,
                t0: Instant::now(),
            },
            _universe: universe,
        })
    }

    /// This process's rank.
    pub fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    /// Ranks in the launch.
    pub fn size(&self) -> usize {
        self.world.size() as usize
    }

    /// Whether this is rank 0, the one that deals and prints.
    pub fn is_root(&self) -> bool {
        self.rank() == 0
    }

    /// Whether a signal asked everything to stop.
    pub fn stopping(&self) -> bool {
        self.signals.stopping()
    }

    /// What the work on this rank's threads may share: the signals, and the clock.
    pub fn signals(&self) -> &Signals {
        &self.signals
    }

    /// Runs a dealt job: rank 0 deals the pieces `dealer()` makes to every rank (itself included) as they ask;
    /// every rank does its pieces with `work`. Returns the dealer holding every result on rank 0, `None` on the
    /// others.
    pub fn share<D: Dealer>(
        &self,
        dealer: impl FnOnce() -> D,
        work: impl Fn(&[u64]) -> Result<Vec<u8>, String> + Sync,
    ) -> Result<Option<D>, String> {
        if !self.is_root() {
            self.ask_for_work(&work);
            return Ok(None);
        }
        let dealer = Mutex::new(dealer());
        let failed: Mutex<Option<String>> = Mutex::new(None);
        let fail = |why: String| {
            if let Ok(mut f) = failed.lock() {
                f.get_or_insert(why);
            }
        };
        let signals = self.signals();
        let halted = || signals.stopping() || failed.lock().map_or(true, |f| f.is_some());
        let progress = ProgressLine::logged();
        std::thread::scope(|scope| {
            // Rank 0's own share, on a thread of its own: this thread keeps answering the others.
            scope.spawn(|| {
                while !halted() {
                    let Some(piece) = dealer.lock().ok().and_then(|mut d| d.next(0)) else {
                        break;
                    };
                    match work(&piece) {
                        Ok(result) => {
                            let taken = dealer.lock().map_err(|e| e.to_string());
                            if let Err(why) = taken.and_then(|mut d| d.take(&piece, &result)) {
                                fail(why);
                            }
                        }
                        Err(why) => fail(why),
                    }
                }
            });
            let mut dealt: Vec<Option<Vec<u64>>> = vec![None; self.size()];
            let mut working = self.size() - 1;
            while working > 0 {
                let Some((message, status)) = self
                    .world
                    .any_process()
                    .immediate_matched_probe_with_tag(ASK)
                else {
                    if let Ok(d) = dealer.lock() {
                        let (done, total) = d.tally();
                        progress.report(Progress::Tally {
                            done,
                            total,
                            unit: PIECES,
                        });
                    }
                    std::thread::sleep(Duration::from_micros(200));
                    continue;
                };
                let (answer, _) = (message, status).matched_receive_vec::<u8>();
                let from = status.source_rank() as usize;
                if let Some(piece) = dealt[from].take() {
                    match answer.split_first() {
                        Some((0, result)) => {
                            let taken = dealer.lock().map_err(|e| e.to_string());
                            if let Err(why) = taken.and_then(|mut d| d.take(&piece, result)) {
                                fail(why);
                            }
                        }
                        Some((_, why)) => {
                            fail(format!("rank {from}: {}", String::from_utf8_lossy(why)))
                        }
                        None => fail(format!("rank {from} sent no result")),
                    }
                }
                let next = if halted() {
                    None
                } else {
                    dealer.lock().ok().and_then(|mut d| d.next(from))
                };
                let reply = next.clone().unwrap_or_default();
                self.world
                    .process_at_rank(from as i32)
                    .send_with_tag(&reply[..], PIECE);
                match next {
                    Some(piece) => dealt[from] = Some(piece),
                    None => working -= 1,
                }
            }
        });
        progress.clear();
        let dealer = dealer.into_inner().map_err(|e| e.to_string())?;
        if self.stopping() {
            // Before the ranks' own errors: theirs only say they were stopped.
            let (done, total) = dealer.tally();
            return Err(format!(
                "stopped by a signal after {done} of {total} pieces"
            ));
        }
        if let Some(why) = failed.into_inner().map_err(|e| e.to_string())? {
            return Err(why);
        }
        Ok(Some(dealer))
    }

    /// A worker rank's loop: ask rank 0 for a piece (handing in the last one's result), do it, until told to stop.
    fn ask_for_work(&self, work: &(impl Fn(&[u64]) -> Result<Vec<u8>, String> + Sync)) {
        let root = self.world.process_at_rank(0);
        let mut answer: Vec<u8> = Vec::new();
        loop {
            root.send_with_tag(&answer[..], ASK);
            let (piece, _) = root.receive_vec_with_tag::<u64>(PIECE);
            if piece.is_empty() {
                return;
            }
            answer = match work(&piece) {
                Ok(result) => [&[0u8][..], &result].concat(),
                Err(why) => [&[1u8][..], why.as_bytes()].concat(),
            };
        }
    }

    /// Rank 0's `value`, on every rank. Collective.
    pub fn root_value(&self, value: u64) -> u64 {
        let mut value = value;
        self.world.process_at_rank(0).broadcast_into(&mut value);
        value
    }

    /// Every rank's `words` (the same length on every rank), in rank order. Collective.
    fn all_gather(&self, words: &[u64]) -> Vec<Vec<u64>> {
        let mut all = vec![0u64; words.len() * self.size()];
        self.world.all_gather_into(words, &mut all[..]);
        all.chunks(words.len().max(1))
            .map(<[u64]>::to_vec)
            .collect()
    }
}

impl peg_solitaire::Ranks for Cluster {
    fn rank(&self) -> usize {
        Cluster::rank(self)
    }

    fn size(&self) -> usize {
        Cluster::size(self)
    }

    fn exchange(&self, outgoing: Vec<Vec<u64>>) -> Vec<u64> {
        let counts: Vec<i32> = outgoing.iter().map(|o| o.len() as i32).collect();
        let mut incoming_counts = vec![0i32; self.size()];
        self.world
            .all_to_all_into(&counts[..], &mut incoming_counts[..]);
        let offsets = |c: &[i32]| -> Vec<i32> {
            c.iter()
                .scan(0, |at, &n| {
                    let here = *at;
                    *at += n;
                    Some(here)
                })
                .collect()
        };
        let send: Vec<u64> = outgoing.concat();
        let mut received = vec![0u64; incoming_counts.iter().map(|&c| c as usize).sum()];
        {
            let send_offsets = offsets(&counts);
            let receive_offsets = offsets(&incoming_counts);
            let send = Partition::new(&send[..], &counts[..], &send_offsets[..]);
            let mut receive = PartitionMut::new(
                &mut received[..],
                &incoming_counts[..],
                &receive_offsets[..],
            );
            self.world.all_to_all_varcount_into(&send, &mut receive);
        }
        received
    }

    fn gather(&self, words: &[u64]) -> Vec<Vec<u64>> {
        self.all_gather(words)
    }

    fn keep_going(&self) -> bool {
        !self.stopping()
    }
}

/// The part of a [`Cluster`] any thread may use: whether a signal came, and a clock.
pub struct Signals {
    /// Set by SIGINT or SIGTERM.
    stop: Arc<AtomicBool>,
    /// The clock lent to the cores' time budgets.
    t0: Instant,
}

impl Signals {
    /// Whether a signal asked everything to stop.
    pub fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// An observer for work on this rank: passes progress to `inner`, stops the work when a signal came, and
    /// lends the cores a clock as the progress line does without MPI.
    pub fn watch<'a>(&'a self, inner: &'a dyn Observer) -> StopWatch<'a> {
        StopWatch {
            signals: self,
            inner,
        }
    }
}

/// An observer that passes progress on and stops work when a signal came (see [`Signals::watch`]).
pub struct StopWatch<'a> {
    signals: &'a Signals,
    inner: &'a dyn Observer,
}

impl Observer for StopWatch<'_> {
    fn report(&self, progress: Progress) -> Flow {
        if self.signals.stopping() {
            Flow::Stop
        } else {
            self.inner.report(progress)
        }
    }

    fn keep_going(&self) -> bool {
        !self.signals.stopping() && self.inner.keep_going()
    }

    fn clock_ms(&self) -> Option<f64> {
        Some(self.signals.t0.elapsed().as_secs_f64() * 1000.0)
    }
}

/// Pieces of consecutive units `0..units`, each result kept in unit order: the dealer of every job whose work is
/// a range of numbered units (prefix ranges, games, secrets).
pub struct Ranges {
    units: u64,
    /// Units per piece (dynamic dealing).
    size: u64,
    next: u64,
    deal: Deal,
    /// Static dealing: whether each rank had its block.
    handed: Vec<bool>,
    /// Each piece's start and result, as they came.
    results: Vec<(u64, Vec<u8>)>,
}

impl Ranges {
    /// `units` dealt in pieces of about `units / (ranks * per_rank)` units, at least `min` each (dynamic), or one
    /// equal block per rank (static).
    pub fn new(units: u64, ranks: usize, per_rank: u64, min: u64, deal: Deal) -> Ranges {
        let size = (units / (ranks as u64).saturating_mul(per_rank).max(1))
            .max(min)
            .max(1);
        Ranges {
            units,
            size,
            next: 0,
            deal,
            handed: vec![false; ranks],
            results: Vec::new(),
        }
    }

    /// Every piece's result, in unit order.
    pub fn results(mut self) -> Vec<Vec<u8>> {
        self.results.sort_by_key(|(start, _)| *start);
        self.results.into_iter().map(|(_, r)| r).collect()
    }
}

impl Dealer for Ranges {
    fn next(&mut self, rank: usize) -> Option<Vec<u64>> {
        match self.deal {
            Deal::Dynamic => {
                if self.next >= self.units {
                    return None;
                }
                let start = self.next;
                self.next = (start + self.size).min(self.units);
                Some(vec![start, self.next])
            }
            Deal::Static => {
                // Rank r's block, once.
                let n = self.handed.len() as u64;
                if std::mem::replace(self.handed.get_mut(rank)?, true) {
                    return None;
                }
                let r = rank as u64;
                Some(vec![r * self.units / n, (r + 1) * self.units / n]).filter(|p| p[0] < p[1])
            }
        }
    }

    fn take(&mut self, piece: &[u64], result: &[u8]) -> Result<(), String> {
        self.results.push((piece[0], result.to_vec()));
        Ok(())
    }

    fn tally(&self) -> (u64, u64) {
        let total = match self.deal {
            Deal::Dynamic => self.units.div_ceil(self.size),
            Deal::Static => self.handed.len() as u64,
        };
        (self.results.len() as u64, total)
    }
}

/// The range of units a [`Ranges`] piece stands for.
pub fn units(piece: &[u64]) -> std::ops::Range<u64> {
    piece[0]..piece[1]
}
