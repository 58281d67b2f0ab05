//! A `setTimeout` that is cancelled when dropped: for pages that play moves at a pace (a shown solution, computer
//! players' turns). Knows no game.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

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
