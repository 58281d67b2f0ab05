//! What the shell knows of a game: its name, a line for the home page, and its pages (a path, a name for the
//! site's menu, and how to draw it from the link's query). Knows no game; `crate::games` lists them.

use yew::Html;

use crate::route::Query;

/// One game as the shell shows it.
pub struct GameEntry {
    /// Its name: "Mastermind".
    pub name: &'static str,
    /// One line for the home page: what you can do and what its solver does.
    pub blurb: &'static str,
    /// Its pages, the first being the one the home page links to; none while it is still to come.
    pub pages: &'static [PageEntry],
    /// Its solver: `pegs` is `solver-pegs.js` (the worker crate's bin of that name, index.html), started when one of
    /// its pages is shown.
    pub solver: &'static str,
}

/// One page of a game.
pub struct PageEntry {
    /// Its path after `#`: `/mastermind/stats`.
    pub path: &'static str,
    /// Its name (in the site's menu, where it is listed there).
    pub nav: &'static str,
    /// Whether the site's menu lists it (a page reached from another, such as a game's embed builder, is not).
    pub in_menu: bool,
    /// Draws it from the link's query parameters (a new query should start the page afresh: key it by them).
    pub view: fn(&Query) -> Html,
}
