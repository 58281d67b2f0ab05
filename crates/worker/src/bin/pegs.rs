//! The peg solitaire solver: the worker library (its exports are this module's) built with the `pegs` feature only.
#![no_main]
#[cfg(target_arch = "wasm32")]
use worker as _;
