//! The solver Web Worker. The only crate that touches JS and the thread pool.
//!
//! `web/solver.js` (a module worker) loads this crate's wasm-bindgen output, starts the pool with
//! `initThreadPool(n)` when the page is cross-origin isolated, then calls [`start`]. From then on the worker
//! answers [`protocol::ToWorker`] messages with [`protocol::FromWorker`] ones, one job at a time:
//!
//! - with a pool, a job runs on a pool thread (`rayon::spawn`) and this worker's own event loop stays free:
//!   the pool thread wakes it when the job ends, a poller posts the job's progress at most every 250 ms (each post
//!   re-renders the page, whose main thread shares the cores with the pool), and `Cancel` sets the observer's flag,
//!   which the cores check between units of work and every few thousand steps;
//! - a pool thread that fails (memory that could not grow, a panic) is reported by `web/solver.js` through
//!   [`pool_lost`]: the page fails the job and starts a fresh worker;
//! - without a pool (no cross-origin isolation) a job runs right here on one thread; the page cancels it by
//!   terminating this worker and starting a new one (`Ready.cancel_by_restart`).
#![cfg(target_arch = "wasm32")]

mod worker;

pub use wasm_bindgen_rayon::init_thread_pool;
pub use worker::{exhaust_a_thread, pool_lost, shared_ms, start};
