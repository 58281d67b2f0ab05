//! Hash routing: `#/` lists the puzzles, `#/mastermind?pegs=5&colors=8` is a puzzle with its settings.
//! The hash keeps every route working on static hosts and inside iframes, with no server rewrite rules.

use std::collections::BTreeMap;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

/// A page of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The list of puzzles.
    Home,
    /// Mastermind, with the query parameters of its link.
    Mastermind(Query),
    /// Mastermind strategies compared (`#/mastermind/stats`).
    MastermindStats(Query),
    /// The embed snippet builder (`#/embed`).
    Embed,
    /// Anything else (the path, for the message).
    NotFound(String),
}

/// Query parameters of a route, in order of their names.
pub type Query = BTreeMap<String, String>;

impl Route {
    /// Reads a route from a location hash such as `#/mastermind?pegs=5`.
    pub fn parse(hash: &str) -> Route {
        let hash = hash.trim_start_matches('#');
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        let query: Query = query
            .split('&')
            .filter(|kv| !kv.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                (decode(k), decode(v))
            })
            .collect();
        match path.trim_end_matches('/') {
            "" => Route::Home,
            "/mastermind" => Route::Mastermind(query),
            "/mastermind/stats" => Route::MastermindStats(query),
            "/embed" => Route::Embed,
            other => Route::NotFound(other.to_string()),
        }
    }
}

#[cfg(test)]
impl Route {
    /// The query of this route (empty for routes without one).
    pub fn query(&self) -> Query {
        match self {
            Route::Mastermind(q) | Route::MastermindStats(q) => q.clone(),
            _ => Query::new(),
        }
    }
}

/// Percent-decoding of a query part (`+` is a space); invalid escapes are kept as they are.
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(hi), Some(lo)) => {
                        out.push((hi * 16 + lo) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn current() -> Route {
    Route::parse(
        &web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default(),
    )
}

/// The current route, updated on every `hashchange`.
#[hook]
pub fn use_route() -> Route {
    let route = use_state(current);
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn Fn()>::new(move || route.set(current()));
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w.add_event_listener_with_callback(
                    "hashchange",
                    listener.as_ref().unchecked_ref(),
                );
            }
            move || {
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback(
                        "hashchange",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    (*route).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(hash: &str, expected: Route) {
        assert_eq!(Route::parse(hash), expected);
    }

    #[test]
    fn routes() {
        check("", Route::Home);
        check("#/", Route::Home);
        check("#/mastermind", Route::Mastermind(Query::new()));
        check("#/nowhere", Route::NotFound("/nowhere".into()));
        check("#/mastermind/stats", Route::MastermindStats(Query::new()));
        check("#/embed", Route::Embed);
        let q = Route::parse("#/mastermind?secret=3%2C1%2C4%2C1&x=a+b&bad=%zz").query();
        assert_eq!(q.get("secret").map(String::as_str), Some("3,1,4,1"));
        assert_eq!(q.get("x").map(String::as_str), Some("a b"));
        assert_eq!(q.get("bad").map(String::as_str), Some("%zz"));
    }
}
