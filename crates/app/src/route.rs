//! Hash routing: `#/` lists the puzzles, `#/mastermind?pegs=5&colors=8` is a puzzle's page with its settings.
//! The hash keeps every route working on static hosts and inside iframes, with no server rewrite rules.

use std::collections::BTreeMap;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

/// A page of the app: the path after `#` and its query parameters. Which page a path is, the game list says
/// (`crate::games`); this module knows no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The path, without a trailing `/`: `""` (the puzzles), `/mastermind`, `/mastermind/stats`.
    pub path: String,
    /// The query parameters.
    pub query: Query,
}

/// Query parameters of a route, in order of their names.
pub type Query = BTreeMap<String, String>;

impl Route {
    /// Reads a route from a location hash such as `#/mastermind?pegs=5`.
    pub fn parse(hash: &str) -> Route {
        let hash = hash.trim_start_matches('#');
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        Route {
            path: path.trim_end_matches('/').to_string(),
            query: parse_query(query),
        }
    }

    /// Whether the page is shown in the compact layout for embedding (`embed=1`): no site header.
    pub fn embedded(&self) -> bool {
        self.query
            .get("embed")
            .is_some_and(|v| v == "1" || v == "true")
    }
}

/// Reads query parameters such as `pegs=5&colors=8` (percent-decoded; `+` is a space).
pub fn parse_query(query: &str) -> Query {
    query
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            (decode(k), decode(v))
        })
        .collect()
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

/// A link to the page `hash` (`#/pegs?board=english`) that keeps this document's own path and query, such as
/// `?threads=1`. A bare `#/pegs` would not: the page has a `<base href>` (Trunk's public URL), and links and
/// `history.replaceState` resolve against it, dropping the query.
pub fn href(hash: &str) -> String {
    let (path, search) = web_sys::window()
        .map(|w| {
            let l = w.location();
            (
                l.pathname().unwrap_or_default(),
                l.search().unwrap_or_default(),
            )
        })
        .unwrap_or_default();
    format!("{path}{search}{hash}")
}

/// The address a page keeps in step with its state (`history.replaceState`: no new history entry, no
/// `hashchange`), made by [`use_address`].
#[derive(Clone)]
pub struct Address {
    /// The route the page opened at, then the one it last wrote.
    owned: std::rc::Rc<std::cell::RefCell<(Route, Route)>>,
}

impl Address {
    /// Makes `hash` (`#/pegs?board=english`) the address, unless the address is no longer the page's: neither the
    /// route it opened at nor what it last wrote, but a link followed or a hash typed whose `hashchange` has not
    /// been handled yet. A solver's answer or a timer can redraw the page in between, and writing the old page's
    /// link then would take the person back to it (the route reads the address when the `hashchange` comes).
    /// Routes are compared as read, as pages are keyed: the same settings in another order are the same page.
    pub fn replace(&self, hash: &str) {
        let Some(w) = web_sys::window() else { return };
        let now = current();
        let mut owned = self.owned.borrow_mut();
        if now != owned.0 && now != owned.1 {
            return;
        }
        if let Ok(history) = w.history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&href(hash)));
        }
        // Read back, as the route will read it.
        owned.1 = current();
    }
}

/// The page's address, from the page's first draw: see [`Address::replace`].
#[hook]
pub fn use_address() -> Address {
    let owned = use_mut_ref(|| {
        let route = current();
        (route.clone(), route)
    });
    Address { owned }
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
        let route = |path: &str, query: Query| Route {
            path: path.into(),
            query,
        };
        check("", route("", Query::new()));
        check("#/", route("", Query::new()));
        check("#/mastermind", route("/mastermind", Query::new()));
        check(
            "#/mastermind/stats/",
            route("/mastermind/stats", Query::new()),
        );
        check("#/nowhere", route("/nowhere", Query::new()));
        let q = Route::parse("#/mastermind?secret=3%2C1%2C4%2C1&x=a+b&bad=%zz&embed=1").query;
        assert_eq!(q.get("secret").map(String::as_str), Some("3,1,4,1"));
        assert_eq!(q.get("x").map(String::as_str), Some("a b"));
        assert_eq!(q.get("bad").map(String::as_str), Some("%zz"));
        // One page, however its link is written ([`Address::replace`] and the pages' keys rely on it).
        assert_eq!(
            Route::parse("#/mastermind?pegs=5&colors=8"),
            Route::parse("#/mastermind/?colors=8&pegs=%35")
        );
        assert_ne!(
            Route::parse("#/mastermind?pegs=5"),
            Route::parse("#/mastermind?pegs=5&colors=8")
        );
        assert!(Route::parse("#/anything?embed=1").embedded());
        assert!(!Route::parse("#/anything?embed=0").embedded());
    }
}
