//! The envelope every game's messages travel in: jobs and their answers, progress, the end of a job, and
//! their JSON forms. Adding a game adds one variant to [`Job`] and one to [`Answer`], and names its answer type in
//! `game_answers!` (the page's `reply::<GameAnswer>()`); nothing else here changes. The game modules do not import
//! this one: the envelope depends on them, not the other way round.

use serde::{Deserialize, Serialize};

use crate::Trace;
#[cfg(feature = "mastermind")]
use crate::mastermind::{MastermindAnswer, MastermindJob};

/// Identifies one job; replies and progress carry it.
pub type JobId = u32;

/// A job for one of the games. Each variant is there with its game's cargo feature only: a page or a solver built
/// for one game carries no other game's messages (their JSON code was about 15 KB gzip in each module), and a job
/// of a game left out does not decode (the solver answers it with [`unreadable`]'s message).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    /// A Mastermind job.
    #[cfg(feature = "mastermind")]
    Mastermind(MastermindJob),
    /// A peg solitaire job.
    #[cfg(feature = "pegs")]
    Pegs(crate::pegs::PegsJob),
    /// A Cluedo job.
    #[cfg(feature = "cluedo")]
    Cluedo(crate::cluedo::CluedoJob),
}

/// An answer from one of the games (each with its game's feature, as [`Job`]'s).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// A Mastermind answer.
    #[cfg(feature = "mastermind")]
    Mastermind(MastermindAnswer),
    /// A peg solitaire answer.
    #[cfg(feature = "pegs")]
    Pegs(crate::pegs::PegsAnswer),
    /// A Cluedo answer.
    #[cfg(feature = "cluedo")]
    Cluedo(crate::cluedo::CluedoAnswer),
}

/// `Answer` into one game's answer (the others come back as they were), for each game.
macro_rules! game_answers {
    ($($feature:literal: $variant:ident => $ty:ty),* $(,)?) => {$(
        #[cfg(feature = $feature)]
        impl TryFrom<Answer> for $ty {
            type Error = Answer;
            fn try_from(answer: Answer) -> Result<Self, Answer> {
                #[allow(unreachable_patterns)]
                match answer {
                    Answer::$variant(a) => Ok(a),
                    other => Err(other),
                }
            }
        }
    )*};
}

game_answers! {
    "mastermind": Mastermind => MastermindAnswer,
    "pegs": Pegs => crate::pegs::PegsAnswer,
    "cluedo": Cluedo => crate::cluedo::CluedoAnswer,
}

/// Page to worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Start a job. The worker runs one job at a time; a new job waits for the running one.
    Run {
        /// The page's id for this job.
        id: JobId,
        /// What to do.
        job: Job,
        /// Record which thread ran which unit of work, and when, and send it with the progress ([`Trace`]):
        /// asked for while the page shows the threads (it costs the job a little, and the page more).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        trace: bool,
    },
    /// Stop a running or queued job; it answers [`Outcome::Cancelled`].
    Cancel {
        /// The job to stop.
        id: JobId,
    },
}

/// Worker to page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker's module has loaded and its thread pool is starting (sent only when it starts one): the page
    /// times the pool's start from here, apart from the download, which may take long on a slow network.
    Starting {
        /// Threads the pool is starting.
        threads: u32,
    },
    /// The worker has loaded and is ready for jobs.
    Ready {
        /// Threads in the solver pool (1 when the page is not cross-origin isolated).
        threads: u32,
        /// Whether the page is cross-origin isolated (shared memory, so a thread pool, is possible).
        isolated: bool,
        /// Why the pool has one thread, when it does.
        note: Option<String>,
        /// Jobs run on the worker's own thread, so a running job is cancelled by terminating the worker
        /// and starting a new one (queued jobs are still cancelled with [`ToWorker::Cancel`]).
        cancel_by_restart: bool,
    },
    /// A running job's progress.
    Progress {
        /// The job.
        id: JobId,
        /// The progress of its current piece of work.
        progress: ProgressDto,
        /// What the pool did since the last report (only from jobs asked to be traced).
        #[serde(default, skip_serializing_if = "Trace::is_empty")]
        trace: Trace,
    },
    /// A pool thread failed (a trap: memory that could not grow, a panic): the pool cannot finish its jobs, so the
    /// page fails them with this message and starts a fresh worker.
    Lost {
        /// What the thread said, for people.
        message: String,
    },
    /// A pool thread went quiet in the middle of the running job (its script was ended without an error, which
    /// no thread hears of), or the whole job did ([`crate::Watch`]): the pool cannot finish it, so the page fails
    /// it and starts a fresh worker, as for [`FromWorker::Lost`].
    Silent {
        /// The quiet thread, from 0, where one holds a unit; none when the whole job went quiet.
        thread: Option<u32>,
        /// For how long, in milliseconds.
        ms: f64,
    },
    /// A job has ended.
    Done {
        /// The job.
        id: JobId,
        /// Its result.
        outcome: Outcome,
        /// What the run cost.
        stats: RunStats,
    },
}

/// How far a job's current piece of work is: `done` of `total` units called `unit`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgressDto {
    /// Units finished.
    pub done: u64,
    /// Units in all.
    pub total: u64,
    /// What they are, for people ("prefix ranges", "games").
    pub unit: String,
    /// The latest tally of the job as a whole (levels of a count, games played), when the job keeps one beside
    /// its units of work: `done` of `total` `unit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tally: Option<(u64, u64, String)>,
}

/// How a job ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    /// It finished.
    Ok {
        /// The answer.
        answer: Answer,
    },
    /// It was cancelled.
    Cancelled,
    /// It could not be done; the message is for people.
    Failed {
        /// Why.
        message: String,
    },
}

/// A finished job read as one game's: what a page matches on (see [`Outcome::reply`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Reply<A> {
    /// The game's answer.
    Answer(A),
    /// The job was cancelled.
    Cancelled,
    /// It could not be done; the message is for people.
    Failed(String),
}

impl Outcome {
    /// This outcome as game `A`'s reply. An answer from another game (which the worker never sends to a job of
    /// `A`) is a failure with a message, so a page matches on its own game's answers only.
    pub fn reply<A: TryFrom<Answer, Error = Answer>>(self) -> Reply<A> {
        match self {
            Outcome::Ok { answer } => match A::try_from(answer) {
                Ok(a) => Reply::Answer(a),
                Err(_) => Reply::Failed("the solver answered for another game".into()),
            },
            Outcome::Cancelled => Reply::Cancelled,
            Outcome::Failed { message } => Reply::Failed(message),
        }
    }
}

/// What a job cost, measured in the worker.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunStats {
    /// Wall time of the job in milliseconds.
    pub millis: f64,
    /// Units of work run on the pool's threads (0 when the job cut its work into none).
    pub units: u32,
    /// What they were ("prefix ranges"), or "units of work" when the job ran units of several kinds.
    #[serde(default)]
    pub unit: String,
    /// Distinct pool threads that ran at least one unit.
    pub threads_used: u32,
    /// The work done, in the games' own steps (search nodes, positions, feedbacks).
    pub work: u64,
    /// The worker's memory when the job ended, in bytes (WebAssembly memory only grows: the page restarts a worker
    /// left big to give it back).
    #[serde(default)]
    pub memory_bytes: u64,
}

macro_rules! json_io {
    ($t:ty) => {
        impl $t {
            /// This message as JSON text.
            pub fn to_json(&self) -> String {
                // Serialising these plain enums cannot fail: no maps with non-string keys, no foreign types.
                serde_json::to_string(self).unwrap_or_default()
            }
            /// Reads a message from JSON text.
            pub fn from_json(text: &str) -> Result<Self, String> {
                serde_json::from_str(text).map_err(|e| format!("malformed message: {e}"))
            }
        }
    };
}

json_io!(ToWorker);
json_io!(FromWorker);

/// What a solver says of a job of a game it was built without.
pub(crate) const ANOTHER_GAME: &str =
    "This solver was built for another game and cannot run this job: reload the page.";

/// The worker's answer to a message it could not read (`text`, which failed with `error`): the end of the job it
/// names, where its id can be read, so that the page is not left waiting; a job of a game this solver was built
/// without is told so in words.
pub fn unreadable(text: &str, error: String) -> FromWorker {
    // Read from the text as `to_json` writes a `Run` (its id first, then the job's game), not through a JSON value:
    // the solvers' download keeps no general JSON reader for this.
    let after = |key: &str| text.find(key).map(|at| &text[at + key.len()..]);
    let id = after("{\"Run\":{\"id\":")
        .map(|rest| {
            rest.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .and_then(|digits| digits.parse::<JobId>().ok())
        .unwrap_or(0);
    let game = after("\"job\":{\"")
        .and_then(|rest| rest.split('"').next())
        .filter(|g| ["Mastermind", "Pegs", "Cluedo"].contains(g))
        .filter(|g| error.contains(&format!("unknown variant `{g}`")));
    let message = match game {
        Some(_) => ANOTHER_GAME.to_string(),
        None => error,
    };
    FromWorker::Done {
        id,
        outcome: Outcome::Failed { message },
        stats: RunStats::default(),
    }
}
