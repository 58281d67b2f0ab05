//! Runs a [`Job`] on the game cores: one arm per game, each in its game's module.

use progress::Observer;

use crate::{Answer, Job, JobObserver, Outcome, mastermind};

/// Runs `job` to its end (or until `observer` is cancelled). Never panics on bad input: every problem
/// becomes [`Outcome::Failed`] with a message for people.
pub fn execute(job: &Job, observer: &JobObserver) -> Outcome {
    let obs: &dyn Observer = observer;
    let result = match job {
        Job::Mastermind(job) => mastermind::run(job, obs).map(Answer::Mastermind),
        Job::Pegs(job) => crate::pegs::run(job, obs).map(Answer::Pegs),
        Job::Cluedo(job) => crate::cluedo::run(job, obs).map(Answer::Cluedo),
    };
    match result {
        Ok(answer) => Outcome::Ok { answer },
        Err(_) if observer.is_cancelled() => Outcome::Cancelled,
        Err(message) => Outcome::Failed { message },
    }
}
