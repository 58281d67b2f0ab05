//! The message loop: a queue of jobs, the running one, and the poller that reports its progress.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use js_sys::Function;
use protocol::{
    FromWorker, Job, JobId, JobObserver, Memory, Outcome, ProgressDto, Silence, ToWorker, Watch,
    execute_with,
};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// How often the poller looks at a running job's progress, in milliseconds. Its end does not wait for the poller:
/// the pool thread that ran it wakes this thread at once (each guess of a long computer-played game is a job, so a
/// poll there would add its period to every guess).
const POLL_MS: i32 = 50;
/// The most often a running job's progress is posted to the page, in milliseconds: each post redraws the page
/// (status line, progress bars, thread lanes) on its main thread and compositor, which on a 2-core machine compete
/// with the pool's threads: the more often it posts, the less CPU the pool gets.
const PROGRESS_MS: f64 = 250.0;
/// A job's first progress comes this soon, in milliseconds, so that a short job shows its bar at once.
const FIRST_PROGRESS_MS: f64 = 50.0;
/// While a job runs on the pool, its progress is posted at least this often even when unchanged: a heartbeat
/// that tells the page the worker is alive (the page restarts a worker it has not heard from for
/// [`protocol::SILENT_WORKER_MS`]; the job, looked at on every poll, stops by itself after as long without one).
pub const HEARTBEAT_MS: f64 = 1000.0;

/// A job's result, written by the pool thread that ran it.
type Slot = Arc<Mutex<Option<(Outcome, f64)>>>;

struct Running {
    id: JobId,
    observer: Arc<JobObserver>,
    slot: Slot,
    interval: i32,
    last_progress: ProgressDto,
    /// When progress was last posted.
    last_post: f64,
    /// The pool threads' signs of life, as last seen.
    watch: Watch,
    _tick: Closure<dyn FnMut()>,
}

struct State {
    scope: DedicatedWorkerGlobalScope,
    pooled: bool,
    /// Jobs waiting, each with whether to trace it.
    queue: VecDeque<(JobId, Job, bool)>,
    running: Option<Running>,
    /// What the games keep between jobs (one job runs at a time, so the lock is never contended).
    memory: Arc<Mutex<Memory>>,
    /// A file the next job needs is being fetched ([`protocol::wanted`]): no job starts meanwhile.
    fetching: bool,
}

/// How long a file a job needs may take to come, in milliseconds, before the job runs without it: well inside
/// [`protocol::SILENT_WORKER_MS`], after which the page gives up on a silent worker.
const FETCH_MS: i32 = 5_000;

/// The bytes of `file` (at the root of the page's build, beside this worker's script), or why not.
async fn fetch_bytes(scope: &DedicatedWorkerGlobalScope, file: &str) -> Result<Vec<u8>, String> {
    let failed = |e: JsValue| {
        e.as_string()
            .or_else(|| js_sys::Error::from(e).message().as_string())
            .unwrap_or_else(|| "the network failed".into())
    };
    let fetch = scope.fetch_with_str(&format!("./{file}"));
    let timer = js_sys::Promise::new(&mut |resolve, _| {
        let _ = scope.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, FETCH_MS);
    });
    let first = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::race(&js_sys::Array::of2(
        &fetch, &timer,
    )))
    .await
    .map_err(|_| "the network failed".to_string())?;
    if first.is_undefined() {
        return Err(format!("it took longer than {} s to come", FETCH_MS / 1000));
    }
    let response: web_sys::Response = first.dyn_into().map_err(failed)?;
    if !response.ok() {
        return Err(format!(
            "the host answered {} {}",
            response.status(),
            response.status_text()
        ));
    }
    let buffer = wasm_bindgen_futures::JsFuture::from(response.array_buffer().map_err(failed)?)
        .await
        .map_err(failed)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

type Shared = Rc<RefCell<State>>;

/// Milliseconds from this thread's clock (each worker has its own; only differences on one thread are used).
fn now_ms() -> f64 {
    js_sys::global()
        .dyn_into::<web_sys::WorkerGlobalScope>()
        .ok()
        .and_then(|g| g.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Milliseconds on one clock for every thread of the pool (`timeOrigin` differs from worker to worker), for the
/// trace of which thread ran which range when.
pub fn shared_ms() -> f64 {
    js_sys::global()
        .dyn_into::<web_sys::WorkerGlobalScope>()
        .ok()
        .and_then(|g| g.performance())
        .map_or_else(js_sys::Date::now, |p| p.time_origin() + p.now())
}

fn post(scope: &DedicatedWorkerGlobalScope, msg: &FromWorker) {
    // Posting a string to our own page cannot fail; if it somehow does, the page's job timeout reports it.
    let _ = scope.post_message(&JsValue::from_str(&msg.to_json()));
}

/// Tells the page that the module has loaded and a pool of `threads` is starting (`web/solver.js` calls it just
/// before `initThreadPool`, whose start the page times from here).
#[wasm_bindgen]
pub fn starting(threads: u32) -> Result<(), JsValue> {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    post(&scope, &FromWorker::Starting { threads });
    Ok(())
}

/// Tells the page that a pool thread failed (`web/solver.js` calls it when the patched rayon helper reports a thread
/// that stopped with an error): the pool cannot finish the running job, so the page fails it and starts a fresh
/// worker, which also gives back the memory this one grew.
#[wasm_bindgen(js_name = poolLost)]
pub fn pool_lost(message: String) -> Result<(), JsValue> {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    post(&scope, &FromWorker::Lost { message });
    Ok(())
}

/// Makes a pool thread fail as a phone's does when its memory cannot grow: the thread asks for more memory than a
/// tab may have, and the allocator's failure aborts it. The running job's next check does it, so the thread is lost
/// in the middle of the job; with no job, any pool thread. For the tests of what the page does then
/// (`tests/e2e/supervise.test.mjs`); harmless otherwise (the page restarts the worker).
#[wasm_bindgen(js_name = exhaustAThread)]
pub fn exhaust_a_thread() {
    let running = RUNNING.with(|r| r.borrow().clone());
    match running {
        Some(observer) => observer.fail_a_thread(),
        None => rayon::spawn(protocol::exhaust_memory),
    }
}

/// Bytes of this worker's WebAssembly memory (shared by its pool; it only grows).
fn memory_bytes() -> u64 {
    // Read as a property: the buffer of a shared memory is a SharedArrayBuffer, which a checked cast may not see
    // as one (wasm-bindgen's `instanceof` check fails on it in some engines and builds), and a 0 here would keep
    // the page from ever giving a big worker's memory back.
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .ok()
        .and_then(|m| js_sys::Reflect::get(&m.buffer(), &JsValue::from_str("byteLength")).ok())
        .and_then(|n| n.as_f64())
        .map_or(0, |n| n as u64)
}

/// Starts the message loop. `threads` is the pool size `web/solver.js` started (1 means no pool).
#[wasm_bindgen]
pub fn start(threads: u32, isolated: bool, note: Option<String>) -> Result<(), JsValue> {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    let pooled = threads > 1;
    let state: Shared = Rc::new(RefCell::new(State {
        scope: scope.clone(),
        pooled,
        queue: VecDeque::new(),
        running: None,
        memory: Arc::default(),
        fetching: false,
    }));
    let on_message = {
        let state = state.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            match ToWorker::from_json(&text) {
                Ok(msg) => handle(&state, msg),
                Err(message) => {
                    let scope = state.borrow().scope.clone();
                    post(&scope, &protocol::unreadable(&text, message));
                }
            }
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget(); // lives as long as the worker
    post(
        &scope,
        &FromWorker::Ready {
            threads,
            isolated,
            note,
            cancel_by_restart: !pooled,
        },
    );
    Ok(())
}

fn handle(state: &Shared, msg: ToWorker) {
    match msg {
        ToWorker::Run { id, job, trace } => {
            state.borrow_mut().queue.push_back((id, job, trace));
            pump(state);
        }
        ToWorker::Cancel { id } => {
            let mut st = state.borrow_mut();
            if let Some(running) = st.running.as_ref().filter(|r| r.id == id) {
                running.observer.cancel();
            } else if let Some(pos) = st.queue.iter().position(|(qid, _, _)| *qid == id) {
                st.queue.remove(pos);
                let scope = st.scope.clone();
                drop(st);
                post(
                    &scope,
                    &FromWorker::Done {
                        id,
                        outcome: Outcome::Cancelled,
                        stats: Default::default(),
                    },
                );
            }
        }
    }
}

/// Starts the next queued job if none is running.
fn pump(state: &Shared) {
    let (scope, pooled, next) = {
        let mut st = state.borrow_mut();
        if st.running.is_some() || st.fetching {
            return;
        }
        let Some(next) = st.queue.pop_front() else {
            return;
        };
        (st.scope.clone(), st.pooled, next)
    };
    let memory = state.borrow().memory.clone();
    // A file the job needs first: fetched while the job waits at the head of the queue (a Cancel still finds it).
    let wanted = protocol::wanted(&next.1, &memory.lock().unwrap_or_else(|e| e.into_inner()));
    if let Some(file) = wanted {
        let job = next.1.clone();
        let mut st = state.borrow_mut();
        st.queue.push_front(next);
        st.fetching = true;
        drop(st);
        let state = state.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let bytes = fetch_bytes(&scope, &file).await;
            protocol::fetched(
                &job,
                &mut memory.lock().unwrap_or_else(|e| e.into_inner()),
                bytes,
            );
            state.borrow_mut().fetching = false;
            pump(&state);
        });
        return;
    }
    // A job that panicked left the memory as it was: go on with it.
    let run = move |job: &Job, observer: &JobObserver| {
        let mut kept = memory.lock().unwrap_or_else(|e| e.into_inner());
        execute_with(job, observer, &mut kept)
    };
    let (id, job, trace) = next;
    let observer = |o: JobObserver| {
        let o = o.timed(shared_ms);
        if trace { o.traced(shared_ms) } else { o }
    };
    if !pooled {
        // No pool: the job runs right here, so it posts its own progress (nobody else can poll).
        PROGRESS.with(|p| *p.borrow_mut() = Some((scope.clone(), id, 0.0)));
        let observer = observer(JobObserver::new()).with_listener(post_progress);
        let t0 = now_ms();
        let outcome = run(&job, &observer);
        PROGRESS.with(|p| *p.borrow_mut() = None);
        let stats = protocol::RunStats {
            memory_bytes: memory_bytes(),
            ..observer.stats(now_ms() - t0)
        };
        post_rest_of_trace(&scope, id, &observer);
        post(&scope, &FromWorker::Done { id, outcome, stats });
        // Let queued messages (a Cancel, a newer job) in before the next job.
        let state = state.clone();
        let later = Closure::once_into_js(move || pump(&state));
        let _ =
            scope.set_timeout_with_callback_and_timeout_and_arguments_0(later.unchecked_ref(), 0);
        return;
    }
    // On the pool, the job outlives this thread if the browser stops it: it stops by itself then.
    let observer = Arc::new(observer(JobObserver::new().supervised(shared_ms)));
    RUNNING.with(|r| *r.borrow_mut() = Some(observer.clone()));
    let slot: Slot = Arc::new(Mutex::new(None));
    let (finished, on_finish) = futures_channel::oneshot::channel::<()>();
    {
        let (observer, slot) = (observer.clone(), slot.clone());
        rayon::spawn(move || {
            let t0 = now_ms();
            let outcome = run(&job, &observer);
            let millis = now_ms() - t0;
            if let Ok(mut s) = slot.lock() {
                *s = Some((outcome, millis));
            }
            // Wakes this worker's own thread (an atomic notify the waiting future is parked on).
            let _ = finished.send(());
        });
    }
    {
        let state = state.clone();
        wasm_bindgen_futures::spawn_local(async move {
            // Either the job finished or its sender was dropped with a panicking job: poll either way (the
            // poller also reads the slot, so whichever comes first posts the result, once).
            let _ = on_finish.await;
            poll(&state);
        });
    }
    let tick = {
        let state = state.clone();
        Closure::<dyn FnMut()>::new(move || poll(&state))
    };
    let interval = scope
        .set_interval_with_callback_and_timeout_and_arguments_0(
            tick.as_ref().unchecked_ref::<Function>(),
            POLL_MS,
        )
        .unwrap_or(0);
    state.borrow_mut().running = Some(Running {
        id,
        observer,
        slot,
        interval,
        last_progress: ProgressDto::default(),
        // As if posted just before the start, so that the first post comes after FIRST_PROGRESS_MS.
        last_post: now_ms() - (PROGRESS_MS - FIRST_PROGRESS_MS),
        watch: Watch::new(now_ms()),
        _tick: tick,
    });
}

thread_local! {
    /// The observer of the job running on the pool, for [`exhaust_a_thread`].
    static RUNNING: RefCell<Option<Arc<JobObserver>>> = const { RefCell::new(None) };
    /// Where a job running on this thread posts its progress: the scope, the job, when it last posted.
    static PROGRESS: RefCell<Option<(DedicatedWorkerGlobalScope, JobId, f64)>> = const { RefCell::new(None) };
}

/// Posts progress (and trace) of the job running on this thread, at most every [`PROGRESS_MS`] and always on the
/// last unit.
fn post_progress(observer: &JobObserver) {
    PROGRESS.with(|p| {
        if let Some((scope, id, last)) = p.borrow_mut().as_mut() {
            let now = now_ms();
            let progress = observer.progress();
            if now - *last >= PROGRESS_MS || progress.done == progress.total {
                *last = now;
                post(
                    scope,
                    &FromWorker::Progress {
                        id: *id,
                        progress,
                        trace: observer.take_trace(),
                    },
                );
            }
        }
    });
}

/// Posts what is left of a finished job's trace, before its `Done`.
fn post_rest_of_trace(scope: &DedicatedWorkerGlobalScope, id: JobId, observer: &JobObserver) {
    let trace = observer.take_trace();
    if !trace.is_empty() {
        post(
            scope,
            &FromWorker::Progress {
                id,
                progress: observer.progress(),
                trace,
            },
        );
    }
}

/// Posts the running job's progress if it changed, and its result when it is there.
fn poll(state: &Shared) {
    let mut st = state.borrow_mut();
    let scope = st.scope.clone();
    let Some(running) = st.running.as_mut() else {
        return;
    };
    running.observer.looked_at();
    let done = running.slot.lock().ok().and_then(|mut s| s.take());
    match done {
        None => {
            let now = now_ms();
            if let Some(silence) = running.watch.look(running.observer.pulse(), now) {
                // The job cannot end: stop what still runs of it and let the page start a fresh pool. The
                // worker stays as it is (the page terminates it), so nothing here runs again for this job.
                running.observer.cancel();
                scope.clear_interval_with_handle(running.interval);
                let (thread, ms) = match silence {
                    Silence::Thread { thread, ms } => (Some(thread), ms),
                    Silence::Job { ms } => (None, ms),
                };
                post(&scope, &FromWorker::Silent { thread, ms });
                return;
            }
            if now - running.last_post < PROGRESS_MS {
                return;
            }
            let progress = running.observer.progress();
            let trace = running.observer.take_trace();
            if progress != running.last_progress
                || !trace.is_empty()
                || now - running.last_post >= HEARTBEAT_MS
            {
                running.last_progress = progress.clone();
                running.last_post = now;
                post(
                    &scope,
                    &FromWorker::Progress {
                        id: running.id,
                        progress,
                        trace,
                    },
                );
            }
        }
        Some((outcome, millis)) => {
            scope.clear_interval_with_handle(running.interval);
            RUNNING.with(|r| *r.borrow_mut() = None);
            let stats = protocol::RunStats {
                memory_bytes: memory_bytes(),
                ..running.observer.stats(millis)
            };
            let id = running.id;
            let observer = running.observer.clone();
            st.running = None;
            drop(st);
            post_rest_of_trace(&scope, id, &observer);
            post(&scope, &FromWorker::Done { id, outcome, stats });
            pump(state);
        }
    }
}
