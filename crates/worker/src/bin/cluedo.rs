//! The Cluedo solver: the worker library (its exports are this module's) built with the `cluedo` feature only.
#![cfg_attr(target_arch = "wasm32", no_main)]
#[cfg(target_arch = "wasm32")]
use worker as _;

/// Natively the worker is empty (`cargo test --workspace` builds this bin too).
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
