//! Mastermind as a pure library: codes, feedback, the search for codes consistent with a history,
//! and the strategies that choose the next guess.
//!
//! This crate knows nothing about the browser: no wasm-bindgen, web-sys or JS types. It uses rayon for
//! the consistent-code search, which runs on the browser's worker pool, on native threads, or — when no
//! pool exists — on the calling thread, unchanged.
//!
//! ```
//! use mastermind::{Code, Feedback, Row, Spec, search};
//!
//! let spec = Spec::new(4, 6, true).unwrap();
//! let secret = Code::parse(&spec, "3,1,4,1").unwrap();
//! let guess = Code::parse(&spec, "1,1,2,2").unwrap();
//! let fb = mastermind::score(&guess, &secret, spec.colors);
//! assert_eq!(fb, Feedback { black: 1, white: 1 });
//!
//! let history = [Row { guess, feedback: fb }];
//! let count = search::count(&spec, &history, &search::Budget::UNLIMITED, &progress::NoObserver).unwrap();
//! // Knuth (1977), table for the opening 1122: one black and one white leave 208 codes.
//! assert_eq!(count.exact(), Some(208));
//! ```

pub mod advise;
mod atoms;
mod bits;
mod candidates;
mod choose;
mod code;
mod columns;
mod feedback;
mod game;
mod listed;
pub mod local;
mod multisets;
pub mod opening;
pub mod optimal;
pub mod partition;
mod play_all;
mod row;
mod scoring;
pub mod search;
mod spec;
mod stats;
pub mod strategy;
mod tally;
mod vector;
pub mod wait;
mod within;
mod workload;

pub use choose::{Choice, choose};
pub use code::{Code, CodeError};
pub use feedback::{Feedback, score, score_reference};
pub use game::{GamePlay, MAX_GUESSES, first_contradiction, play_game, play_game_watched};
pub use listed::Listing;
pub use optimal::BookSearch;
pub use play_all::{
    Branch, GAMES, optimal_book, play_all, play_all_from, play_all_observed, play_all_top,
    play_branch, play_sampled, play_sampled_part,
};
pub use row::{Row, RowError};
pub use scoring::CHUNKS;
pub use spec::{MAX_COLORS, MAX_PEGS, Spec, SpecError};
pub use stats::PlayAllStats;
pub use strategy::{Strategy, StrategyError};
pub use workload::{feedback_workload, score_all};

/// Puts `xs` in a uniformly random order (Fisher-Yates, from the end). One loop for every shuffle in the crate,
/// so seeded games draw the same numbers wherever they shuffle.
pub(crate) fn shuffle<T>(xs: &mut [T], rng: &mut impl rand::Rng) {
    use rand::RngExt;
    for i in (1..xs.len()).rev() {
        xs.swap(i, rng.random_range(0..=i));
    }
}
