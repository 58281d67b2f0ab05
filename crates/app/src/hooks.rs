//! The hooks every page uses to reach the solver: [`use_solver`] (the handle and its status), [`use_job`] (run a job
//! when a key changes), [`use_request`] (run a reducer's request) and [`use_watch_threads`]. Knows no game.

use std::cell::Cell;
use std::rc::Rc;

use protocol::{Job, Outcome, RunStats};
use yew::prelude::*;

use crate::solver::{JobEvent, SolverContext};

/// The solver context; `None` only outside [`SolverProvider`] (which wraps the whole app).
#[hook]
pub fn use_solver() -> Option<SolverContext> {
    use_context::<SolverContext>()
}

/// Runs `job` on the solver each time `key` changes, cancelling the previous one if it is still running (and
/// the last one when the component goes away); its events go to `on_event`. With no solver on the page, a job
/// fails at once with a message.
#[hook]
pub fn use_job<K: PartialEq + Clone + 'static>(
    key: K,
    job: Option<Job>,
    on_event: Callback<JobEvent>,
) {
    let solver = use_solver().map(|ctx| ctx.solver);
    use_effect_with(key, move |_| {
        let mut running = None;
        // Events of a superseded job (or of one whose component went away) are dropped here: whoever asked has
        // moved on, even if the worker still answers.
        let live = Rc::new(Cell::new(true));
        if let Some(job) = job {
            match &solver {
                Some(solver) => {
                    let done = Rc::new(Cell::new(false));
                    let on = {
                        let (done, live) = (done.clone(), live.clone());
                        Callback::from(move |e: JobEvent| {
                            done.set(done.get() || matches!(e, JobEvent::Done(..)));
                            if live.get() {
                                on_event.emit(e);
                            }
                        })
                    };
                    running = Some((solver.clone(), solver.run(job, on), done));
                }
                None => on_event.emit(JobEvent::Done(
                    Outcome::Failed {
                        message: "the solver is not available on this page".into(),
                    },
                    RunStats::default(),
                )),
            }
        }
        move || {
            live.set(false);
            if let Some((solver, id, done)) = running
                && !done.get()
            {
                solver.cancel(id);
            }
        }
    });
}

/// Asks for traced jobs while the calling component is shown (the thread lanes).
#[hook]
pub fn use_watch_threads() {
    let solver = use_solver().map(|ctx| ctx.solver);
    use_effect_with((), move |_| {
        if let Some(s) = &solver {
            s.watch_threads(true);
        }
        move || {
            if let Some(s) = solver {
                s.watch_threads(false);
            }
        }
    });
}

/// Runs a reducer's request on the solver: `request` is the reducer's current `(seq, job)`, and each event of
/// that job reaches the reducer as `action(seq, event)`. A new `seq` cancels the superseded job if it still runs
/// (and the last one when the component goes away); its late events are dropped. The reducer can still check
/// `seq` for a request it dropped itself.
#[hook]
pub fn use_request<R>(
    request: Option<(u32, Job)>,
    dispatcher: UseReducerDispatcher<R>,
    action: fn(u32, JobEvent) -> R::Action,
) where
    R: Reducible + 'static,
{
    let seq = request.as_ref().map(|r| r.0);
    let on_event = Callback::from(move |e: JobEvent| {
        if let Some(seq) = seq {
            dispatcher.dispatch(action(seq, e));
        }
    });
    use_job(seq, request.map(|r| r.1), on_event);
}

/// Calls `on_key` for every key pressed anywhere on the page while the calling component is shown, except while a
/// person types in a field (an input, a select, a text area): a game's keys work wherever the focus is.
#[hook]
pub fn use_page_keys(on_key: Callback<KeyboardEvent>) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    use_effect_with((), move |_| {
        let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            let typing = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                        || el.has_attribute("contenteditable")
                });
            if !typing {
                on_key.emit(e);
            }
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(d) = &document {
            let _ =
                d.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(d) = document {
                let _ = d.remove_event_listener_with_callback(
                    "keydown",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    });
}

/// Whether the screen is a phone's (under 600 px wide) when the calling component is first shown: there the board
/// comes first, and settings and help are folded a tap away. Read once: a page keeps its layout while it is shown.
#[hook]
pub fn use_narrow() -> bool {
    *use_state(|| {
        web_sys::window()
            .and_then(|w| w.inner_width().ok())
            .and_then(|w| w.as_f64())
            .is_some_and(|w| w < 600.0)
    })
}
