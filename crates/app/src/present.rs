//! The presentation view for classrooms (a button in the header, or `present=1` in a link): the page full screen,
//! its type large enough to read from the back of a room, high contrast, the site's header hidden. The shell keeps
//! it across pages; the CSS (`html.present`) does the rest. Knows no game.

use wasm_bindgen::JsCast;

/// Turns the presentation view on or off: the class on the document that the CSS scales everything by, and full
/// screen where the browser allows it (it may refuse, in a frame or without a click: the view works without).
pub fn set(on: bool) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(root) = document.document_element() else {
        return;
    };
    let _ = root.class_list().toggle_with_force("present", on);
    let in_fullscreen = js_sys::Reflect::get(&document, &"fullscreenElement".into())
        .is_ok_and(|e| !e.is_null() && !e.is_undefined());
    let (target, method): (wasm_bindgen::JsValue, &str) = match (on, in_fullscreen) {
        (true, false) => (root.into(), "requestFullscreen"),
        (false, true) => (document.into(), "exitFullscreen"),
        _ => return,
    };
    let promise = js_sys::Reflect::get(&target, &method.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(&target).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    if let Some(p) = promise {
        // A refusal is not an error for the page: the view goes on, in the window.
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(p).await;
        });
    }
}
