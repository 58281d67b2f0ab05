//! Runs a [`Job`] on the game cores: one arm per game, each in its game's module.

use progress::Observer;

use crate::{Answer, Job, JobObserver, Outcome, mastermind};

/// What the games keep between jobs, held by whoever runs them (the worker keeps one for its life; nothing is
/// kept anywhere else). A game that keeps nothing has no field.
#[derive(Default)]
pub struct Memory {
    /// The codes of the Mastermind game being played, where its strategy lists them.
    mastermind: ::mastermind::Listing,
    pub(crate) pegs: crate::pegs::Kept,
}

/// A file `job` needs from the page's server before it runs (a game's data too big for the first download), given
/// what `memory` holds: the worker fetches it and hands it to [`fetched`], then runs the job. Native runs build
/// such data in and never need this.
pub fn wanted(job: &Job, memory: &Memory) -> Option<String> {
    match job {
        Job::Pegs(job) => crate::pegs::wanted(job, &memory.pegs),
        // A game that needs no file adds no arm.
        _ => None,
    }
}

/// What fetching the file [`wanted`] named for `job` gave (its bytes, or why not), kept in `memory`.
pub fn fetched(job: &Job, memory: &mut Memory, bytes: Result<Vec<u8>, String>) {
    if let Job::Pegs(job) = job {
        crate::pegs::fetched(job, &mut memory.pegs, bytes);
    }
}

/// Runs `job` with nothing kept from earlier jobs (tests, one-off runs): [`execute_with`] and a fresh [`Memory`].
pub fn execute(job: &Job, observer: &JobObserver) -> Outcome {
    execute_with(job, observer, &mut Memory::default())
}

/// Runs `job` to its end (or until `observer` is cancelled), with what earlier jobs kept in `memory`. Never panics
/// on bad input: every problem becomes [`Outcome::Failed`] with a message for people.
pub fn execute_with(job: &Job, observer: &JobObserver, memory: &mut Memory) -> Outcome {
    let obs: &dyn Observer = observer;
    let result = match job {
        Job::Mastermind(job) => {
            mastermind::run(job, &mut memory.mastermind, obs).map(Answer::Mastermind)
        }
        Job::Pegs(job) => crate::pegs::run(job, &mut memory.pegs, obs).map(Answer::Pegs),
        Job::Cluedo(job) => crate::cluedo::run(job, obs).map(Answer::Cluedo),
    };
    match result {
        Ok(answer) => Outcome::Ok { answer },
        Err(_) if observer.is_cancelled() => Outcome::Cancelled,
        Err(message) => Outcome::Failed { message },
    }
}
