//! The one protocol between the page and the solver worker.
//!
//! The page sends [`ToWorker`]; the worker answers with [`FromWorker`]. Messages travel as JSON text
//! ([`ToWorker::to_json`] and friends), so neither side needs the other's memory layout and a message can be
//! read in the browser's devtools.
//!
//! - [`envelope`](crate::ToWorker) (game-neutral): jobs and answers, progress ([`ProgressDto`]), the end of a
//!   job, what it cost ([`RunStats`]);
//! - [`Trace`] (game-neutral): which pool thread ran which unit of work, for the live thread lanes;
//! - [`JobObserver`] (game-neutral): the [`progress::Observer`] a job runs under, read and cancelled from
//!   another thread, and the [`Watch`] that notices a pool thread gone quiet in the middle of its work;
//! - one module per game ([`mastermind`], [`pegs`], [`cluedo`]): its jobs, answers and serialisable counterparts of its core types
//!   (the cores carry no serde), and its one arm of [`execute`].
//!
//! Adding a game adds a variant to [`Job`] and [`Answer`] (with its cargo feature), a module, and one arm to
//! [`execute`].
//! Everything here is pure Rust, tested natively, and runs unchanged in the worker.
//!
//! ```
//! # #[cfg(feature = "mastermind")] {
//! use protocol::{ToWorker, Job, mastermind::{MastermindJob, SpecDto}};
//!
//! let msg = ToWorker::Run { id: 7, job: Job::Mastermind(MastermindJob::Count {
//!     spec: SpecDto { pegs: 4, colors: 6, repeats: true }, history: vec![], thorough: false, schedule: None }),
//!     trace: false };
//! assert_eq!(ToWorker::from_json(&msg.to_json()).unwrap(), msg);
//! # }
//! ```

pub mod cluedo;
mod envelope;
mod exec;
mod liveness;
pub mod mastermind;
mod observer;
pub mod pegs;
mod trace;

pub use envelope::{
    Answer, FromWorker, Job, JobId, Outcome, ProgressDto, Reply, RunStats, ToWorker, unreadable,
};
pub use exec::{Memory, execute, execute_with, fetched, wanted};
pub use liveness::{Pulse, SILENT_JOB_MS, SILENT_THREAD_MS, Silence, Watch};
pub use observer::{Clock, JobObserver, SILENT_WORKER_MS, exhaust_memory};
pub use progress::group_digits;
pub use trace::{SearchBegun, Trace, UnitDto, UnitRun};
