//! Time on a page: a `setTimeout` that is cancelled when dropped, for pages that play moves at a pace (a shown
//! solution, computer players' turns); [`on_next_frame`], for effects that measure or draw; and
//! [`use_throttled`], for what changes faster than it is worth drawing. Knows no game.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

/// A pending `setTimeout`.
pub struct Timeout {
    id: i32,
    _closure: Closure<dyn FnMut()>,
}

impl Timeout {
    /// Calls `f` after `ms` milliseconds.
    pub fn new(ms: i32, f: impl FnOnce() + 'static) -> Option<Timeout> {
        let mut f = Some(f);
        let closure = Closure::<dyn FnMut()>::new(move || {
            if let Some(f) = f.take() {
                f();
            }
        });
        let id = web_sys::window()?
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                closure.as_ref().unchecked_ref(),
                ms,
            )
            .ok()?;
        Some(Timeout {
            id,
            _closure: closure,
        })
    }
}

impl Drop for Timeout {
    fn drop(&mut self) {
        if let Some(w) = web_sys::window() {
            w.clear_timeout_with_handle(self.id);
        }
    }
}

/// Calls `f` once, just before the browser's next paint (`requestAnimationFrame`): for effects that measure the
/// page or draw, so that the rest of the update that ran them (the effect that sends the solver its next job,
/// which runs after its children's) does not wait behind them, and a measure does not force a layout of its own.
pub fn on_next_frame(f: impl FnOnce() + 'static) {
    let f = Closure::once_into_js(f);
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(f.unchecked_ref());
    }
}

/// `value`, shown at most once every `every_ms`: a value that changes again sooner is held back, and the newest
/// one is shown when the interval is over (a re-render then), so the last value always shows. `at_once` passes a
/// change straight through (the page waits for the person, the game is over). For what a fast loop changes many
/// times a second (a computer playing a hundred guesses a second): each change the page shows is a frame of
/// style, layout and paint on the main thread, which on a small machine takes the cores the solver runs on.
#[hook]
pub fn use_throttled<T: Clone + PartialEq + 'static>(value: T, every_ms: f64, at_once: bool) -> T {
    // The value shown and when it was first shown; whether a re-render is due to show a held-back one.
    let shown = use_mut_ref(|| None::<(T, f64)>);
    let due = use_mut_ref(|| false);
    let update = use_force_update();
    let now = js_sys::Date::now();
    let mut shown = shown.borrow_mut();
    match &*shown {
        Some((v, _)) if *v == value => value,
        Some((v, at)) if !at_once && now - at < every_ms => {
            if !*due.borrow() {
                *due.borrow_mut() = true;
                let wait = (every_ms - (now - at)).ceil() as i32;
                // A one-off closure the browser owns: the re-render it asks for may run inside it, and a
                // [`Timeout`] dropped by that render would be freed while it runs. (A re-render of a component
                // that is gone is ignored.)
                let (due, update) = (due.clone(), update.clone());
                let f = Closure::once_into_js(move || {
                    *due.borrow_mut() = false;
                    update.force_update();
                });
                if let Some(w) = web_sys::window() {
                    let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                        f.unchecked_ref(),
                        wait,
                    );
                }
            }
            v.clone()
        }
        _ => {
            *shown = Some((value.clone(), now));
            value
        }
    }
}
