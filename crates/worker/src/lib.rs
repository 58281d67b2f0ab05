//! The solver Web Worker. The only crate that touches JS and the thread pool.
//!
//! `web/solver.js` (a module worker) loads this crate's wasm-bindgen output, starts the pool with
//! `initThreadPool(n)` when the page is cross-origin isolated, then calls [`start`]. From then on the worker
//! answers [`protocol::ToWorker`] messages with [`protocol::FromWorker`] ones, one job at a time:
//!
//! - with a pool, a job runs on a pool thread (`rayon::spawn`) and this worker's own event loop stays free:
//!   it polls the job's [`protocol::JobObserver`] every 8 ms for its end and posts its progress at most 20 times a
//!   second (each post re-renders the page, whose main thread shares the cores with the pool), and handles
//!   `Cancel` by setting the observer's flag, which the cores check between units of work and every few
//!   thousand steps;
//! - without a pool (no cross-origin isolation) a job runs right here on one thread; the page cancels it by
//!   terminating this worker and starting a new one (`Ready.cancel_by_restart`).
#![cfg(target_arch = "wasm32")]

mod worker;

pub use wasm_bindgen_rayon::init_thread_pool;
pub use worker::{shared_ms, start};
