//! Why a solver worker that never became ready could not start, in words a person can act on: the page asks the
//! host for each of the worker's files, and names the first that does not come, or else the browser.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// `game`'s solver's files, in the order it loads them.
fn files(game: &str) -> [String; 3] {
    [
        "solver.js".to_string(),
        format!("solver-{game}.js"),
        format!("solver-{game}_bg.wasm"),
    ]
}

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

/// The helper scripts `script` (a solver's glue) imports (`./snippets/...`: the thread pool's `workerHelpers`), as
/// paths from the build's root; none when it does not load.
async fn snippets(script: &str) -> Vec<String> {
    let Some(w) = web_sys::window() else {
        return Vec::new();
    };
    let text = async {
        let response = JsFuture::from(w.fetch_with_str(&format!("./{script}")))
            .await
            .ok()?;
        let response: web_sys::Response = response.dyn_into().ok()?;
        JsFuture::from(response.text().ok()?)
            .await
            .ok()?
            .as_string()
    };
    text.await.map_or_else(Vec::new, |t| snippet_paths(&t))
}

/// The `./snippets/...` paths quoted in a script's text, once each, in order.
fn snippet_paths(script: &str) -> Vec<String> {
    let mut paths: Vec<String> = Vec::new();
    for (at, _) in script.match_indices("./snippets/") {
        let rest = &script[at + 2..];
        let end = rest.find(['\'', '"', '`']).unwrap_or(rest.len());
        let path = rest[..end].to_string();
        if path.ends_with(".js") && !paths.contains(&path) {
            paths.push(path);
        }
    }
    paths
}

/// A file's name for people: the last part of its path.
fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The sentence for `game`'s solver that failed to start with `error` (what the browser said, often nothing useful).
pub(super) async fn why_not_started(game: &str, error: &str) -> String {
    let mut files: Vec<String> = files(game).into();
    files.extend(snippets(&files[1]).await);
    for file in &files {
        if let Some(why) = missing(file).await {
            return format!(
                "The solver could not start: its file {} did not load ({why}). Reload the page; if this \
                 happens again, the site is missing part of its build, the connection is down, or a setting or \
                 extension of this browser blocks it.",
                file_name(file)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_helpers_a_worker_script_imports_are_found_once_each() {
        let script = "import { startWorkers } from './snippets/wasm-bindgen-rayon-38edf6e439f6d70d/src/workerHelpers.no-bundler.js';\n\
                      const again = \"./snippets/wasm-bindgen-rayon-38edf6e439f6d70d/src/workerHelpers.no-bundler.js\";\n\
                      const not = './snippets/data.bin';";
        let paths = snippet_paths(script);
        assert_eq!(
            paths,
            vec!["snippets/wasm-bindgen-rayon-38edf6e439f6d70d/src/workerHelpers.no-bundler.js"]
        );
        assert_eq!(file_name(&paths[0]), "workerHelpers.no-bundler.js");
        assert!(snippet_paths("no imports").is_empty());
    }
}
