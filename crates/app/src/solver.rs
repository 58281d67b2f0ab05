//! The page's side of the solver worker: starts `solver.js` as a module worker, sends typed jobs, and routes
//! progress and results back to whoever asked. Knows no game: jobs are [`protocol::Job`]s, progress is counted in
//! the units each game names. Components reach it through `crate::hooks`; the status line draws its status.
//!
//! Each game has its own solver (`solver.js?game=pegs`; the game list names it): none starts before a game's page is
//! shown, and leaving a game for another replaces the worker with the other game's (its memory goes back to the
//! device). The home page keeps the worker that runs, so coming back to its game finds it ready, unless it holds more
//! than 128 MiB: then it is stopped.
//!
//! The worker answers `Ready` once its wasm and thread pool are up; jobs sent before that wait here. If the
//! worker runs jobs on its own thread (no cross-origin isolation), cancelling a running job terminates the
//! worker and starts a new one, re-sending the jobs that were still waiting.
//!
//! A watchdog looks every second: a worker whose module has not loaded after 45 s, or whose thread pool has not started
//! 15 s after it said `Starting`, is started once more; if that one stalls in its pool as well, it is started on one
//! thread (a thread pool that cannot start hangs silently). A worker running a job on its pool that has said nothing
//! for 8 s (it posts a heartbeat every second), or that reports a pool thread `Lost` (a trap) or `Silent` (quiet in the
//! middle of its work: `protocol::Watch`), is replaced, failing its jobs with a message; a running job that has not
//! stopped 1.5 s after its cancel is stopped the same way; a worker left big by its jobs is replaced to give its
//! memory back. A worker that never started is not started again: the page names the file that
//! did not load (`diagnose.rs`). A worker running a job on its own thread cannot post while it works, so it is not
//! watched then.
//!
//! Longer than 500 lines: one concern, the worker's life cycle, from start through watchdog, restart and cancel,
//! which share the handle's state; the hooks, the status line and the lanes live in their own files.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use protocol::{FromWorker, Job, JobId, Outcome, ProgressDto, RunStats, ToWorker, Trace};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::prelude::*;

mod diagnose;
mod search_view;

pub use search_view::{Lane, SearchView};

/// What the page knows about the worker.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolverStatus {
    /// The worker has answered `Ready`.
    pub ready: bool,
    /// Threads in its pool.
    pub threads: u32,
    /// The pool being started, before `Ready`: its threads.
    pub pool_starting: Option<u32>,
    /// Starts of the worker given up for taking too long (0, 1 when the second try succeeded).
    pub start_retries: u32,
    /// Whether the page is cross-origin isolated.
    pub isolated: bool,
    /// Why there is only one thread, if so.
    pub note: Option<String>,
    /// The last job's cost, for the status line.
    pub last: Option<RunStats>,
    /// Whether the last job ended cancelled (stopped inside the worker, or by restarting it).
    pub last_cancelled: bool,
    /// How far the running job is.
    pub progress: Option<ProgressDto>,
    /// The last failure of the worker itself.
    pub error: Option<String>,
    /// The worker could not start and is not started again (its failure is in `error`).
    pub stopped: bool,
    /// The latest piece of work the pool ran, unit by unit (the live thread view).
    pub search: Option<Rc<SearchView>>,
}

/// Events of one job, delivered to the callback given to [`Solver::run`].
#[derive(Clone, Debug, PartialEq)]
pub enum JobEvent {
    /// How far its current piece of work is, and what the pool did since the last event.
    Progress(ProgressDto, Rc<Trace>),
    /// It ended.
    Done(Outcome, RunStats),
}

struct Pending {
    json: String,
    on_event: Callback<JobEvent>,
}

/// How long a worker may take to load its module (to answer `Starting`, or `Ready` where it starts no pool).
const LOAD_TIMEOUT_MS: f64 = 45_000.0;
/// How long a worker's thread pool may take to start (from `Starting` to `Ready`). A pool that never starts
/// hangs silently (a build without the shared-memory link flags; once, in Firefox on a busy machine, one that
/// started at once in every other run): the page starts the worker once more, then on one thread.
const POOL_TIMEOUT_MS: f64 = 15_000.0;
/// How long a worker running a job on its pool may stay silent (it posts a heartbeat every second) before the
/// page fails the job and restarts it: a worker that died (closed, crashed, killed for memory) says nothing. Its
/// pool's job stops by itself after as long without its worker (a browser may leave the pool running).
const STALL_TIMEOUT_MS: f64 = protocol::SILENT_WORKER_MS;
/// A worker whose memory grew past this (WebAssembly memory never shrinks) is restarted once a job of it was
/// cancelled and none waits: the memory goes back to the device, and the next job starts a fresh pool (about a
/// second). What the games kept between jobs (a listing, a peg table) is made again when asked.
const BIG_AFTER_CANCEL_BYTES: u64 = 512 << 20;
/// A worker this big is restarted after [`IDLE_RESTART_MS`] without a job, even when its last job finished.
const BIG_WHEN_IDLE_BYTES: u64 = 768 << 20;
/// A worker this big when the person leaves its game for a page of no game (the home page) is stopped: what the game
/// kept (a peg table, a listing of codes) would hold the device's memory while nothing plays.
const LEFT_GAME_BYTES: u64 = 128 << 20;
/// How long a big worker may sit idle before it is restarted to give its memory back.
const IDLE_RESTART_MS: f64 = 30_000.0;
/// The least time between two redraws of the status for progress alone.
const PROGRESS_REDRAW_MS: f64 = 200.0;
/// How long a running job may take to stop after its cancel before the page stops it by restarting the worker.
const CANCEL_GRACE_MS: f64 = 1_500.0;
/// How often the page's watchdog looks.
const WATCHDOG_MS: i32 = 1_000;

struct Inner {
    worker: Option<Worker>,
    ready: bool,
    /// When the current worker was started, and when the page last heard from it (or sent it a job).
    started_at: f64,
    /// When the current worker said its pool was starting.
    pool_since: Option<f64>,
    last_heard: f64,
    /// The worker's memory after its last job, and when that job ended.
    memory_bytes: u64,
    /// The running job a cancel was sent to, and when.
    cancelling: Option<(JobId, f64)>,
    last_done: f64,
    /// When the status was last handed to the page (progress redraws are limited to a few a second).
    last_emit: f64,
    /// Components showing the threads (jobs are traced while there is one).
    watchers: u32,
    /// The pool did not start in time once: the worker now runs on one thread.
    one_thread: bool,
    watchdog: Option<Closure<dyn FnMut()>>,
    /// A worker that never started is being diagnosed: jobs wait for the sentence that says why.
    diagnosing: bool,
    /// The game whose solver runs (or is to run): its solver's name in the game list; empty before a game is shown.
    game: String,
    cancel_by_restart: bool,
    next_id: JobId,
    /// Jobs sent (or to send once ready) and not yet done, by id, in order.
    pending: BTreeMap<JobId, Pending>,
    status: SolverStatus,
    on_status: Callback<SolverStatus>,
    closures: Vec<Closure<dyn FnMut(JsValue)>>,
}

/// A handle on the solver worker, shared through the context.
#[derive(Clone)]
pub struct Solver(Rc<RefCell<Inner>>);

impl PartialEq for Solver {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// `game`'s solver, on one thread if `one_thread`.
fn worker_url(game: &str, one_thread: bool) -> String {
    // `?threads=N` on the page caps the pool (for comparing one thread with all of them).
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let threads = search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("threads="))
        .and_then(|n| n.parse::<u32>().ok());
    match (one_thread, threads) {
        (true, _) => format!("./solver.js?game={game}&threads=1"),
        (false, Some(n)) => format!("./solver.js?game={game}&threads={n}"),
        (false, None) => format!("./solver.js?game={game}"),
    }
}

impl Solver {
    fn new(on_status: Callback<SolverStatus>) -> Solver {
        let solver = Solver(Rc::new(RefCell::new(Inner {
            worker: None,
            ready: false,
            cancel_by_restart: false,
            next_id: 1,
            pending: BTreeMap::new(),
            status: SolverStatus::default(),
            on_status,
            closures: Vec::new(),
            started_at: now(),
            pool_since: None,
            last_heard: now(),
            memory_bytes: 0,
            cancelling: None,
            diagnosing: false,
            game: String::new(),
            last_done: now(),
            last_emit: 0.0,
            watchers: 0,
            one_thread: false,
            watchdog: None,
        })));
        solver.start_watchdog();
        solver
    }

    /// Looks every second for a worker that never became ready or a running job that went silent.
    fn start_watchdog(&self) {
        let this = self.clone();
        let tick = Closure::<dyn FnMut()>::new(move || this.watch());
        if let Some(w) = web_sys::window() {
            let _ = w.set_interval_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                WATCHDOG_MS,
            );
        }
        self.0.borrow_mut().watchdog = Some(tick);
    }

    fn watch(&self) {
        let t = now();
        let (late, in_pool, retries, one_thread, stalled, oversized, slow_cancel) = {
            let inner = self.0.borrow();
            let alive = inner.worker.is_some();
            let slow_cancel = inner
                .cancelling
                .filter(|(id, at)| inner.pending.contains_key(id) && t - at > CANCEL_GRACE_MS)
                .map(|(id, _)| id);
            let idle = alive && inner.ready && inner.pending.is_empty();
            let oversized = idle
                && inner.memory_bytes > BIG_WHEN_IDLE_BYTES
                && t - inner.last_done > IDLE_RESTART_MS;
            let late = alive
                && !inner.ready
                && match inner.pool_since {
                    Some(since) => t - since > POOL_TIMEOUT_MS,
                    None => t - inner.started_at > LOAD_TIMEOUT_MS,
                };
            (
                late,
                inner.pool_since.is_some(),
                inner.status.start_retries,
                inner.one_thread,
                alive
                    && inner.ready
                    && !inner.cancel_by_restart
                    && !inner.pending.is_empty()
                    && t - inner.last_heard > STALL_TIMEOUT_MS,
                oversized,
                slow_cancel,
            )
        };
        if late && retries == 0 {
            // Once more as it was: jobs waiting are sent once it is up.
            self.0.borrow_mut().status.start_retries = 1;
            self.restart(false);
        } else if late && in_pool && !one_thread {
            // The pool is the usual suspect: start again without one.
            self.restart(true);
        } else if late {
            self.crashed(format!(
                "it did not load within {} s, twice",
                LOAD_TIMEOUT_MS / 1000.0
            ));
        } else if stalled {
            self.crashed(format!(
                "it said nothing for {} s: it stopped, or the browser stopped it",
                STALL_TIMEOUT_MS / 1000.0
            ));
        } else if let Some(id) = slow_cancel {
            self.cancel_by_restart(id, true);
        } else if oversized {
            self.give_memory_back();
        }
    }

    /// The page shows `game` (its solver's name; empty for a page of no game): its solver is started, in place of
    /// another game's. The jobs of the game left end with the worker: its pages are gone.
    pub fn show_game(&self, game: &str) {
        let big = {
            let inner = self.0.borrow();
            game.is_empty() && inner.worker.is_some() && inner.memory_bytes > LEFT_GAME_BYTES
        };
        if big {
            self.stop_for_home();
            return;
        }
        {
            let mut inner = self.0.borrow_mut();
            if game.is_empty() || inner.game == game {
                return;
            }

            inner.game = game.to_string();
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
            inner.pending.clear();
            inner.diagnosing = false;
        }
        // What the status line said of the other game's solver is not this one's (a pool that failed to start
        // stays off: it would fail for every game).
        self.set_status(|s| *s = SolverStatus::default());
        self.spawn();
    }

    /// Stops the worker, which holds much, as the person left its game for a page of no game; its game's next page
    /// starts a fresh one.
    fn stop_for_home(&self) {
        {
            let mut inner = self.0.borrow_mut();
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
            inner.pending.clear();
            inner.game.clear();
            inner.memory_bytes = 0;
            inner.ready = false;
        }
        self.set_status(|s| *s = SolverStatus::default());
    }

    /// Restarts an idle worker to give back the memory its jobs grew (WebAssembly memory never shrinks).
    fn give_memory_back(&self) {
        self.0.borrow_mut().memory_bytes = 0;
        self.restart(false);
        self.set_status(|s| s.ready = false);
    }

    /// Stops the worker that is starting and starts another, on one thread if `one_thread`.
    fn restart(&self, one_thread: bool) {
        {
            let mut inner = self.0.borrow_mut();
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
            inner.one_thread |= one_thread;
        }
        self.spawn();
    }

    fn spawn(&self) {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let (game, one_thread) = {
            let inner = self.0.borrow();
            (inner.game.clone(), inner.one_thread)
        };
        if game.is_empty() {
            return;
        }
        let url = worker_url(&game, one_thread);
        let worker = match Worker::new_with_options(&url, &options) {
            Ok(w) => w,
            Err(e) => {
                self.set_status(|s| s.error = Some(format!("the solver could not start: {e:?}")));
                return;
            }
        };
        let on_message = {
            let this = self.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                let text = e
                    .dyn_ref::<MessageEvent>()
                    .and_then(|m| m.data().as_string())
                    .unwrap_or_default();
                match FromWorker::from_json(&text) {
                    Ok(msg) => this.receive(msg),
                    Err(message) => this.set_status(|s| s.error = Some(message)),
                }
            })
        };
        let on_error = {
            let this = self.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                let message = e
                    .dyn_ref::<ErrorEvent>()
                    .map(|e| e.message())
                    .unwrap_or_else(|| "unknown error".into());
                this.crashed(message);
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let mut inner = self.0.borrow_mut();
        inner.closures = vec![on_message, on_error];
        inner.worker = Some(worker);
        inner.ready = false;
        inner.started_at = now();
        inner.pool_since = None;
        inner.status.pool_starting = None;
        inner.last_heard = now();
        inner.memory_bytes = 0;
        inner.cancelling = None;
    }

    fn set_status(&self, f: impl FnOnce(&mut SolverStatus)) {
        let (cb, status) = {
            let mut inner = self.0.borrow_mut();
            f(&mut inner.status);
            inner.last_emit = now();
            (inner.on_status.clone(), inner.status.clone())
        };
        cb.emit(status);
    }

    /// Like [`Solver::set_status`] for progress, but hands the status to the page at most every
    /// [`PROGRESS_REDRAW_MS`]: redrawing the status and the thread lanes for every report (every few
    /// milliseconds) would take the main thread's share of the cores from the pool it is watching.
    fn set_progress(&self, f: impl FnOnce(&mut SolverStatus)) {
        let due = {
            let mut inner = self.0.borrow_mut();
            f(&mut inner.status);
            now() - inner.last_emit >= PROGRESS_REDRAW_MS
        };
        if due {
            self.set_status(|_| {});
        }
    }

    fn post(inner: &Inner, json: &str) {
        if let Some(w) = &inner.worker {
            let _ = w.post_message(&JsValue::from_str(json));
        }
    }

    fn receive(&self, msg: FromWorker) {
        self.0.borrow_mut().last_heard = now();
        match msg {
            FromWorker::Starting { threads } => {
                self.0.borrow_mut().pool_since = Some(now());
                self.set_status(|s| s.pool_starting = Some(threads));
            }
            FromWorker::Ready {
                threads,
                isolated,
                note,
                cancel_by_restart,
            } => {
                {
                    let mut inner = self.0.borrow_mut();
                    inner.ready = true;
                    inner.cancel_by_restart = cancel_by_restart;
                    for p in inner.pending.values() {
                        Self::post(&inner, &p.json);
                    }
                }
                let one_thread = self.0.borrow().one_thread;
                self.set_status(|s| {
                    s.ready = true;
                    s.pool_starting = None;
                    s.threads = threads;
                    s.isolated = isolated;
                    s.note = if one_thread {
                        Some(format!(
                            "The solver's thread pool did not start within {} s, twice, so it runs on one \
                             thread (reload the page to try again).",
                            POOL_TIMEOUT_MS / 1000.0
                        ))
                    } else {
                        note
                    };
                });
                if !isolated && !one_thread {
                    // The worker cannot tell a frame from a page, or who lacks the headers: the page can.
                    let this = self.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        if let Some(why) = crate::isolation::why_one_thread().await {
                            this.set_status(|s| s.note = Some(why));
                        }
                    });
                }
            }
            FromWorker::Progress {
                id,
                progress,
                trace,
            } => {
                let trace = Rc::new(trace);
                let cb = {
                    let inner = self.0.borrow();
                    let stopping = inner.cancelling.is_some_and(|(c, _)| c == id);
                    inner
                        .pending
                        .get(&id)
                        .filter(|_| !stopping)
                        .map(|p| p.on_event.clone())
                };
                // A job ended or being cancelled shows no more progress in the status line.
                let Some(cb) = cb else { return };
                cb.emit(JobEvent::Progress(progress.clone(), trace.clone()));
                self.set_progress(|s| {
                    s.progress = Some(progress);
                    let mut view = s.search.take().map(Rc::unwrap_or_clone);
                    SearchView::absorb(&mut view, &trace, s.threads);
                    s.search = view.map(Rc::new);
                });
            }
            FromWorker::Lost { message } => {
                self.crashed(lost_thread(&message));
            }
            FromWorker::Silent { thread, ms } => {
                self.crashed(silent_thread(thread, ms));
            }
            FromWorker::Done { id, outcome, stats } => {
                let cancelled = matches!(outcome, Outcome::Cancelled);
                let (job, give_back) = {
                    let mut inner = self.0.borrow_mut();
                    let job = inner.pending.remove(&id);
                    // WebAssembly memory only grows: a job that never ran (cancelled in the queue) reports 0.
                    inner.memory_bytes = inner.memory_bytes.max(stats.memory_bytes);
                    inner.last_done = now();
                    let give_back = cancelled
                        && inner.pending.is_empty()
                        && inner.memory_bytes > BIG_AFTER_CANCEL_BYTES;
                    (job, give_back)
                };
                if let Some(p) = job {
                    p.on_event.emit(JobEvent::Done(outcome, stats.clone()));
                }
                self.set_status(|s| {
                    s.last = Some(stats);
                    s.last_cancelled = cancelled;
                    s.progress = None;
                });
                if give_back {
                    self.give_memory_back();
                }
            }
        }
    }

    /// Fails every pending job and starts a fresh worker.
    fn crashed(&self, error: String) {
        let (failed, was_ready) = {
            let mut inner = self.0.borrow_mut();
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
            (
                std::mem::take(&mut inner.pending)
                    .into_values()
                    .collect::<Vec<Pending>>(),
                inner.ready,
            )
        };
        if was_ready {
            let message = format!(
                "The solver stopped: {error}. It was restarted, and your game is kept: go on from where it was."
            );
            self.fail(failed, message, false);
            self.spawn();
            return;
        }
        // A worker that never became ready cannot load (a missing file, a browser without WebAssembly
        // threads): starting it again would fail again, forever. Say why, in words, and stop.
        self.0.borrow_mut().diagnosing = true;
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let game = this.0.borrow().game.clone();
            let message = diagnose::why_not_started(&game, &error).await;
            // Jobs asked for meanwhile fail with the same sentence, not a vaguer one.
            let mut failed = failed;
            {
                let mut inner = this.0.borrow_mut();
                inner.diagnosing = false;
                failed.extend(std::mem::take(&mut inner.pending).into_values());
            }
            this.fail(failed, message, true);
        });
    }

    /// Ends `failed` with `message`, which the status line shows too; `stopped` when no worker is started again.
    fn fail(&self, failed: Vec<Pending>, message: String, stopped: bool) {
        for p in failed {
            let outcome = Outcome::Failed {
                message: message.clone(),
            };
            p.on_event
                .emit(JobEvent::Done(outcome, RunStats::default()));
        }
        self.set_status(|s| {
            s.error = Some(message);
            s.stopped = stopped;
            s.ready = false;
            s.progress = None;
        });
    }

    /// Sends `job`; `on_event` gets its progress and its end. Returns the job's id, for [`Solver::cancel`].
    pub fn run(&self, job: Job, on_event: Callback<JobEvent>) -> JobId {
        let trace = self.0.borrow().watchers > 0;
        self.run_with(job, trace, on_event)
    }

    /// Shows the threads: while at least one caller watches, jobs are traced ([`protocol::Trace`]). Returns
    /// the number watching.
    pub fn watch_threads(&self, on: bool) -> u32 {
        let mut inner = self.0.borrow_mut();
        inner.watchers = if on {
            inner.watchers + 1
        } else {
            inner.watchers.saturating_sub(1)
        };
        inner.watchers
    }

    /// Runs `job`, traced or not.
    pub fn run_with(&self, job: Job, trace: bool, on_event: Callback<JobEvent>) -> JobId {
        let (id, dead) = {
            let mut inner = self.0.borrow_mut();
            let id = inner.next_id;
            inner.next_id += 1;
            if inner.worker.is_none() && !inner.diagnosing {
                // The worker could not start: fail at once rather than wait for it forever.
                let message = inner
                    .status
                    .error
                    .clone()
                    .unwrap_or_else(|| "the solver is not running".into());
                (id, Some(message))
            } else {
                let json = ToWorker::Run { id, job, trace }.to_json();
                if inner.ready {
                    Self::post(&inner, &json);
                }
                if inner.pending.is_empty() {
                    // The silence that counts starts now, not at the last message of an idle worker.
                    inner.last_heard = now();
                }
                inner.pending.insert(
                    id,
                    Pending {
                        json,
                        on_event: on_event.clone(),
                    },
                );
                (id, None)
            }
        };
        match dead {
            Some(message) => on_event.emit(JobEvent::Done(
                Outcome::Failed { message },
                RunStats::default(),
            )),
            None => self.set_status(|s| s.error = None),
        }
        id
    }

    /// Cancels job `id` if it has not ended; it ends with [`Outcome::Cancelled`].
    pub fn cancel(&self, id: JobId) {
        let (ready, by_restart, running) = {
            let inner = self.0.borrow();
            if !inner.pending.contains_key(&id) {
                return; // already ended
            }
            // Jobs run in id order, so the lowest pending one is the one running.
            (
                inner.ready,
                inner.cancel_by_restart,
                inner.pending.keys().next() == Some(&id),
            )
        };
        if ready && !(by_restart && running) {
            // The worker reads messages while a job runs (or the job still waits in its queue). A running job
            // stops at its next check; one that does not within CANCEL_GRACE_MS (a step that checks seldom, such as
            // listing 8x8's codes) is stopped by restarting the worker (the watchdog).
            {
                let mut inner = self.0.borrow_mut();
                if running {
                    inner.cancelling = Some((id, now()));
                }
                Self::post(&inner, &ToWorker::Cancel { id }.to_json());
            }
            if running {
                // Cancelled is no longer working, whatever the job's last report said.
                self.set_status(|s| s.progress = None);
            }
            return;
        }
        // Either the worker has not started (the job was never sent: drop it here), or it runs the job on its
        // own thread and cannot read messages: restart it; the jobs still waiting are sent again once it is up.
        self.cancel_by_restart(id, ready);
    }

    /// Ends job `id` cancelled at once, restarting the worker if `restart` (it is running the job); the jobs still
    /// waiting are sent again once the new worker is up.
    fn cancel_by_restart(&self, id: JobId, restart: bool) {
        let cancelled = {
            let mut inner = self.0.borrow_mut();
            if restart && let Some(w) = inner.worker.take() {
                w.terminate();
            }
            inner.pending.remove(&id)
        };
        if let Some(p) = cancelled {
            p.on_event
                .emit(JobEvent::Done(Outcome::Cancelled, RunStats::default()));
        }
        self.set_status(|s| {
            s.progress = None;
            s.last = None;
            s.last_cancelled = true;
            s.ready &= !restart;
        });
        if restart {
            self.spawn();
        }
    }
}

/// What the page says of a pool thread that failed with `message`: a trap (`unreachable`) or a failed grow is
/// nearly always memory the device would not give.
fn lost_thread(message: &str) -> String {
    // Chromium says "unreachable", WebKit "Unreachable code should not be executed", Firefox "unreachable executed".
    let lower = message.to_lowercase();
    let memory = ["unreachable", "memory", "allocation", "out of"]
        .iter()
        .any(|m| lower.contains(m));
    let why = if memory {
        ", most likely because this device would not give it more memory: a smaller size needs less"
    } else {
        ""
    };
    format!("one of its threads failed ({message}){why}")
}

/// Why a job whose pool went quiet was given up, for people.
fn silent_thread(thread: Option<u32>, ms: f64) -> String {
    let seconds = (ms / 1000.0).floor();
    match thread {
        Some(t) => format!(
            "its thread {} stopped in the middle of its work and said nothing for {seconds} s (the browser may \
             have stopped it)",
            t + 1
        ),
        None => {
            format!("its threads said nothing for {seconds} s (the browser may have stopped one)")
        }
    }
}

/// The solver handle and its status, as the context gives them.
#[derive(Clone, PartialEq)]
pub struct SolverContext {
    /// The handle.
    pub solver: Solver,
    /// The status.
    pub status: SolverStatus,
    /// Whether the page shown is a game's (the home page is not: it says nothing of a solver).
    pub in_game: bool,
}

/// Props of [`SolverProvider`].
#[derive(Properties, PartialEq)]
pub struct ProviderProps {
    /// The app.
    pub children: Html,
    /// The solver of the game shown (the game list's name for it: `/pegs/embed` is still peg solitaire's); empty
    /// on a page of no game (the home page).
    pub game: AttrValue,
}

/// Holds the solver and gives every page the handle and the status; starts the shown game's solver.
#[component]
pub fn SolverProvider(props: &ProviderProps) -> Html {
    let status = use_state(SolverStatus::default);
    let solver = {
        let status = status.setter();
        use_memo((), move |_| {
            Solver::new(Callback::from(move |s| status.set(s)))
        })
    };
    // Before the pages draw (and ask for jobs): their game's solver is the one that runs. Leaving a game for another
    // replaces the worker, which gives the memory back.
    solver.show_game(&props.game);
    let ctx = SolverContext {
        solver: (*solver).clone(),
        status: (*status).clone(),
        in_game: !props.game.is_empty(),
    };
    html! { <ContextProvider<SolverContext> context={ctx}>{ props.children.clone() }</ContextProvider<SolverContext>> }
}

#[cfg(test)]
mod tests {
    use super::lost_thread;

    /// Each engine's word for a trap reads as memory the device would not give.
    #[test]
    fn a_trap_in_any_engine_is_read_as_memory() {
        for said in [
            "RuntimeError: unreachable",
            "RuntimeError: Unreachable code should not be executed (evaluating 'wasm.wbg_rayon_start_worker(receiver)')",
            "RuntimeError: unreachable executed",
        ] {
            assert!(
                lost_thread(said).contains("would not give it more memory"),
                "{said}"
            );
        }
        assert!(!lost_thread("TypeError: x is undefined").contains("memory"));
    }
}
