//! Mastermind as a pure library: codes, feedback, the search for codes consistent with a history,
//! and the strategies that choose the next guess.
//!
//! This crate knows nothing about the browser: no wasm-bindgen, web-sys or JS types. It uses rayon for
//! the consistent-code search, which runs on the browser's worker pool, on native threads, or — when no
//! pool exists — on the calling thread, unchanged.
//!
//! # Layers
//!
//! Each folder uses only the ones above it in this list; `scripts/invariants.mjs` checks that no two modules or
//! folders use each other.
//!
//! | folder | what it holds |
//! |---|---|
//! | [`kernel`] | sizes, codes, rows, feedback; codes as bit sets, vector lanes, secrets in columns, tallies |
//! | [`search`] | the consistent-code walk over prefix ranges, on rayon, with its budget and cuts |
//! | [`strategy`], `stats` | the strategy menu and its limits; what playing every secret measured |
//! | `listing` | every code of a small game, packed once, with its colour multisets |
//! | [`partition`] | a guess's split of the codes; the partition strategies' candidates, scoring and opening books |
//! | [`optimal`] | the optimal strategy: branch and bound over the strategy tree, with its shipped books |
//! | [`local`], [`sampled`], [`knowledge`], [`by_colour`] | local search for huge games; a sample of its codes, split most evenly; what the scores tell, for people; one colour at a time |
//! | `play` | [`choose`] (the one place that dispatches on [`Strategy`]), a game, every game at once, advice |
//!
//! # A guess, strategy by strategy
//!
//! Every guess starts in [`choose`]; a strategy that cannot run at a size hands over, and the choice says why.
//!
//! | strategy | the modules a guess passes through, in order |
//! |---|---|
//! | first-consistent | `play::choose` → [`search::first`] (the walk, in order) |
//! | random-consistent | `play::choose` → [`search::random`] (a uniform draw from the walk); the sampled split ([`strategy::FOR_HUGE`]) past 10^12 codes or its budget |
//! | knuth, most-parts, entropy, expected-size | `play::choose` → [`opening`] (a shipped first guess) → `listing::listed` (every code, and those consistent) → `partition::candidates` (one per symmetry class; `within`, `atoms` bound the walk) → `partition::scoring` (`split`, `floors`, `arranged`, on `kernel::bits`, `columns`, `tally`) |
//! | optimal | `play::choose` → `listing::listed` → [`optimal`] (`bounds`, `books`); expected-size past its budget |
//! | local-search | `play::choose` → [`local`] |
//! | sampled-split | `play::choose` → [`sampled`] (a sample of codes, each from [`local`], on rayon) |
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

pub mod by_colour;
pub mod handover;
mod kernel;
pub mod knowledge;
mod listing;
pub mod local;
pub mod optimal;
pub mod partition;
mod play;
pub mod sampled;
pub mod search;
mod stats;
pub mod strategy;

pub use handover::Handover;
pub use kernel::code::{Code, CodeError};
pub use kernel::feedback::{Feedback, score, score_reference};
pub use kernel::row::{Row, RowError};
pub use kernel::spec::{MAX_COLORS, MAX_PEGS, Spec, SpecError};
pub use kernel::workload::{feedback_workload, score_all};
pub use listing::listed::Listing;
pub use partition::opening;
pub use partition::scoring::CHUNKS;
pub use play::book_search::BookSearch;
pub use play::choose::{Choice, choose};
pub use play::game::{GamePlay, MAX_GUESSES, first_contradiction, play_game, play_game_watched};
pub use play::play_all::{
    Branch, GAMES, optimal_book, play_all, play_all_from, play_all_observed, play_all_top,
    play_branch, play_sampled, play_sampled_part,
};
pub use play::{advise, test_bed, wait};
pub use stats::PlayAllStats;
pub use strategy::{Strategy, StrategyError};
