//! Runs a [`Job`] on the game cores: one arm per game, each in its game's module.
//!
//! Each arm is behind its game's cargo feature (all on by default): the browser builds one solver per game, each
//! with its own feature only, so that a visit to one game downloads that game's solver and none of the others'
//! (`crates/worker`, index.html). A job for a game left out is answered with a message, never run.

use progress::Observer;

use crate::{Job, JobObserver, Outcome};

/// What the games keep between jobs, held by whoever runs them (the worker keeps one for its life; nothing is
/// kept anywhere else). A game that keeps nothing has no field.
#[derive(Default)]
pub struct Memory {
    /// The codes of the Mastermind game being played, where its strategy lists them.
    #[cfg(feature = "mastermind")]
    mastermind: ::mastermind::Listing,
    #[cfg(feature = "pegs")]
    pub(crate) pegs: crate::pegs::Kept,
}

/// A file `job` needs from the page's server before it runs (a game's data too big for the first download), given
/// what `memory` holds: the worker fetches it and hands it to [`fetched`], then runs the job. Native runs build
/// such data in and never need this.
pub fn wanted(job: &Job, memory: &Memory) -> Option<String> {
    match job {
        #[cfg(feature = "mastermind")]
        Job::Mastermind(job) => crate::mastermind::wanted(job, &memory.mastermind),
        #[cfg(feature = "pegs")]
        Job::Pegs(job) => crate::pegs::wanted(job, &memory.pegs),
        // A game that needs no file adds no arm.
        #[allow(unreachable_patterns)]
        _ => {
            let _ = memory;
            None
        }
    }
}

/// What fetching the file [`wanted`] named for `job` gave (its bytes, or why not), kept in `memory`.
pub fn fetched(job: &Job, memory: &mut Memory, bytes: Result<Vec<u8>, String>) {
    match job {
        #[cfg(feature = "mastermind")]
        Job::Mastermind(job) => crate::mastermind::fetched(job, &mut memory.mastermind, bytes),
        #[cfg(feature = "pegs")]
        Job::Pegs(job) => crate::pegs::fetched(job, &mut memory.pegs, bytes),
        #[allow(unreachable_patterns)]
        _ => {
            let _ = (memory, bytes);
        }
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
        #[cfg(feature = "mastermind")]
        Job::Mastermind(job) => {
            crate::mastermind::run(job, &mut memory.mastermind, obs).map(crate::Answer::Mastermind)
        }
        #[cfg(feature = "pegs")]
        Job::Pegs(job) => crate::pegs::run(job, &mut memory.pegs, obs).map(crate::Answer::Pegs),
        #[cfg(feature = "cluedo")]
        Job::Cluedo(job) => crate::cluedo::run(job, obs).map(crate::Answer::Cluedo),
        // Only a solver built with no game at all gets here: a job of a game left out does not decode.
        #[allow(unreachable_patterns)]
        _ => {
            let _ = (obs, memory);
            Err(crate::envelope::ANOTHER_GAME.to_string())
        }
    };
    match result {
        Ok(answer) => Outcome::Ok { answer },
        Err(_) if observer.is_cancelled() => Outcome::Cancelled,
        Err(message) => Outcome::Failed { message },
    }
}

/// A solver built without a game cannot read that game's jobs, and answers them with a message naming the job
/// (`cargo test -p protocol --no-default-features --features mastermind`, as scripts/check runs it).
#[cfg(all(test, not(feature = "cluedo")))]
mod tests {
    use crate::{FromWorker, Outcome, ToWorker, unreadable};

    #[test]
    fn a_game_left_out_is_answered_with_a_message() {
        let text = r#"{"Run":{"id":7,"job":{"Cluedo":{"Simulate":{"players":["random","random"],"games":1,"seed":1}}}}}"#;
        let error = ToWorker::from_json(text).expect_err("a Cluedo job in a solver without Cluedo");
        let FromWorker::Done {
            id: 7,
            outcome: Outcome::Failed { message },
            ..
        } = unreadable(text, error)
        else {
            panic!("not the job's end");
        };
        assert!(message.contains("another game"), "{message}");
        // Any other message that cannot be read ends the job it names with what was wrong.
        let text = r#"{"Run":{"id":8,"job":7}}"#;
        let error = ToWorker::from_json(text).expect_err("malformed");
        let FromWorker::Done {
            id: 8,
            outcome: Outcome::Failed { message },
            ..
        } = unreadable(text, error)
        else {
            panic!("not the job's end");
        };
        assert!(message.starts_with("malformed message"), "{message}");
    }
}
