//! The one protocol between the page and the solver worker.
//!
//! The page sends [`ToWorker`]; the worker answers with [`FromWorker`]. Messages travel as JSON text
//! ([`ToWorker::to_json`] and friends), so neither side needs the other's memory layout and a message can be
//! read in the browser's devtools. Every game adds its own variant to [`Job`] and [`Answer`]; the message
//! loop, progress and cancellation stay the same.
//!
//! The serialisable types here are counterparts of the core types (codes as plain colour lists); the game
//! cores carry no serde. [`execute`] runs a job on the cores; it is pure Rust, so it is tested natively and
//! runs unchanged in the worker.
//!
//! ```
//! use protocol::{ToWorker, Job, MastermindJob, SpecDto};
//!
//! let msg = ToWorker::Run { id: 7, job: Job::Mastermind(MastermindJob::NewSecret {
//!     spec: SpecDto { pegs: 4, colors: 6, repeats: true }, seed: 1 }), trace: false };
//! assert_eq!(ToWorker::from_json(&msg.to_json()).unwrap(), msg);
//! ```

mod exec;
mod messages;

pub use exec::{JobObserver, execute};
pub use messages::*;

/// A decimal count with its thousands grouped for people: `1296` → `1,296` (counts travel as decimal text).
pub fn group_digits(n: &str) -> String {
    let mut out = String::new();
    for (i, ch) in n.chars().enumerate() {
        if i > 0 && (n.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn digits_are_grouped() {
        for (n, expected) in [
            ("0", "0"),
            ("999", "999"),
            ("1296", "1,296"),
            ("10000000000", "10,000,000,000"),
        ] {
            assert_eq!(super::group_digits(n), expected);
        }
    }
}
