//! Why a solver worker that never became ready could not start, in words a person can act on: the page asks the
//! host for each of the worker's files, and names the first that does not come, or else the browser.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The worker's files, in the order it loads them.
const FILES: [&str; 3] = ["solver.js", "worker.js", "worker_bg.wasm"];

/// How `file` answers a fresh request: `None` when it came, else why not.
async fn missing(file: &str) -> Option<String> {
    let w = web_sys::window()?;
    let init = web_sys::RequestInit::new();
    init.set_method("HEAD");
    init.set_cache(web_sys::RequestCache::NoStore);
    let response =
        match JsFuture::from(w.fetch_with_str_and_init(&format!("./{file}"), &init)).await {
            Ok(r) => r,
            Err(_) => return Some("the network failed".into()),
        };
    let response: web_sys::Response = response.dyn_into().ok()?;
    (!response.ok()).then(|| {
        format!(
            "the host answered {} {}",
            response.status(),
            response.status_text()
        )
    })
}

/// The sentence for a worker that failed to start with `error` (what the browser said, often nothing useful).
pub(super) async fn why_not_started(error: &str) -> String {
    for file in FILES {
        if let Some(why) = missing(file).await {
            return format!(
                "The solver could not start: its file {file} did not load ({why}). Reload the page; if this \
                 happens again, the site is missing part of its build or the connection is down."
            );
        }
    }
    let said = if error.trim().is_empty() || error == "unknown error" {
        String::new()
    } else {
        format!(" ({error})")
    };
    format!(
        "The solver could not start in this browser{said}. Reload the page; if this happens again, update the \
         browser or open the page in another one."
    )
}
