//! Why the page runs on one thread, in words a tutorial author can act on. The worker only knows the page is not
//! cross-origin isolated; the page can tell whether it is in a frame and whether its own host sends the headers
//! (it asks for its own address again and reads them), which decides what has to change. Knows no game.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The attribute an iframe needs for the page inside it to be isolated (and so to have threads).
pub const ALLOW: &str = "allow=\"cross-origin-isolated\"";

/// The reason this page is not cross-origin isolated, or `None` when it is (or nothing better can be said).
pub async fn why_one_thread() -> Option<String> {
    let w = web_sys::window()?;
    if js_sys::Reflect::get(&w, &"crossOriginIsolated".into())
        .ok()?
        .as_bool()
        == Some(true)
    {
        return None;
    }
    let framed = match w.top() {
        Ok(Some(top)) => !js_sys::Object::is(&top, &w),
        _ => true,
    };
    let own_headers = sends_isolation_headers(&w).await;
    Some(match (framed, own_headers) {
        (true, Some(true)) => format!(
            "One thread: this app's host sends the isolation headers, but a frame is isolated only when the page \
             around it is too (COOP/COEP headers on that page) and its iframe has {ALLOW} (the embed builder's \
             snippet has it)."
        ),
        (true, _) => format!(
            "One thread: this app's host sends no COOP/COEP headers (and its service worker cannot add them inside \
             a frame); for threads, serve the app with them, serve the page around it with them, and give the iframe \
             {ALLOW}."
        ),
        (false, Some(true)) => "One thread: the host sends the isolation headers but the browser did not isolate \
                                this page (an older browser, or an extension)."
            .into(),
        (false, _) => "One thread: this page's host sends no COOP/COEP headers and the service worker that adds \
                       them could not run here (private browsing, or service workers turned off)."
            .into(),
    })
}

/// Whether this document's own address is served with COOP `same-origin` and a COEP that isolates; `None` if the
/// request failed.
async fn sends_isolation_headers(w: &web_sys::Window) -> Option<bool> {
    let href = w.location().href().ok()?;
    let url = href.split('#').next().unwrap_or(&href).to_string();
    let init = web_sys::RequestInit::new();
    init.set_method("HEAD");
    init.set_cache(web_sys::RequestCache::NoStore);
    let response = JsFuture::from(w.fetch_with_str_and_init(&url, &init))
        .await
        .ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    let headers = response.headers();
    let coop = headers
        .get("cross-origin-opener-policy")
        .ok()
        .flatten()
        .unwrap_or_default();
    let coep = headers
        .get("cross-origin-embedder-policy")
        .ok()
        .flatten()
        .unwrap_or_default();
    Some(
        coop.contains("same-origin")
            && (coep.contains("require-corp") || coep.contains("credentialless")),
    )
}
