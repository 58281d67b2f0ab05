//! What the shell knows of a game: its name, a line for the home page, and its pages (a path, a name for the
//! site's menu, and how to draw it from the link's query). Knows no game; `crate::games` lists them.

use yew::prelude::*;

use crate::route::Query;

/// One game as the shell shows it.
pub struct GameEntry {
    /// Its name: "Mastermind".
    pub name: &'static str,
    /// One line for the home page: what you can do and what its solver does.
    pub blurb: &'static str,
    /// Its pages, the first being the one the home page links to; none while it is still to come.
    pub pages: &'static [PageEntry],
    /// Its short name: its pages' paths start with `/` and it, its solver is `solver-pegs.js` (the worker crate's
    /// bin, started when one of its pages is shown) and its page module `page-pegs.js` (this crate's bin).
    pub id: &'static str,
    /// Whether this build of the page draws it (its cargo feature): a page of a game drawn elsewhere loads the
    /// build that draws it.
    pub here: bool,
}

/// A page's view: `$view` where this build draws its game (the game's cargo feature, `$game`), else one never drawn.
/// A game's page code is compiled into its own build only (its module, and its messages in `protocol`, are there
/// with its feature alone).
macro_rules! drawn {
    ($game:literal, $view:path) => {{
        #[cfg(feature = $game)]
        let view: fn(&$crate::route::Query) -> ::yew::Html = $view;
        #[cfg(not(feature = $game))]
        let view: fn(&$crate::route::Query) -> ::yew::Html = $crate::registry::elsewhere;
        view
    }};
}
pub(crate) use drawn;

/// The view of a page of a game this build does not draw: never drawn (the shell draws [`Elsewhere`] instead).
#[allow(dead_code)]
pub(crate) fn elsewhere(_: &Query) -> Html {
    Html::default()
}

/// Props of [`Elsewhere`].
#[derive(Properties, PartialEq)]
pub struct ElsewhereProps {
    /// The game's name.
    pub name: &'static str,
    /// Its id (its build's name).
    pub id: &'static str,
}

/// A page of a game another build draws: the page loads again, and `web/boot.js` loads the build the address names.
/// Where the site lacks that build, boot.js loaded this one and named the game (`data-missing` on the document): it
/// says so instead of reloading for ever.
#[component]
pub fn Elsewhere(props: &ElsewhereProps) -> Html {
    let missing = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("data-missing"))
        .is_some_and(|m| m == props.id);
    use_effect_with(missing, |missing| {
        if !*missing && let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    });
    if missing {
        html! {
            <section class="card" role="alert">
                <h1>{ props.name }{ " did not load" }</h1>
                <p>{ "The site is missing part of its build. " }<a href={crate::route::href("#/")}>{ "Back to the puzzles" }</a></p>
            </section>
        }
    } else {
        html! { <p class="shell-note">{ "Opening " }{ props.name }{ "…" }</p> }
    }
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
