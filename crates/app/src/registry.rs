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

/// `view` where this build draws the game (`here`), else a view never drawn: only the game's own build links its
/// pages' code.
pub const fn drawn(here: bool, view: fn(&Query) -> Html) -> fn(&Query) -> Html {
    if here { view } else { elsewhere }
}

fn elsewhere(_: &Query) -> Html {
    Html::default()
}

/// Props of [`Elsewhere`].
#[derive(Properties, PartialEq)]
pub struct ElsewhereProps {
    /// The game's name.
    pub name: &'static str,
}

/// The address a page was last reloaded at to reach its game's build (this tab's session storage).
pub const RELOADED_FOR: &str = "puzzle-lab:reloaded-for";

/// A page of a game another build draws: the page loads again, and `web/boot.js` loads the build the address names.
/// Once per address: where that build is missing (a site with part of its build), it says so instead of reloading
/// forever.
#[component]
pub fn Elsewhere(props: &ElsewhereProps) -> Html {
    let missing = use_state(|| false);
    {
        let missing = missing.clone();
        use_effect_with((), move |_| {
            let Some(w) = web_sys::window() else { return };
            let here = w.location().href().unwrap_or_default();
            let storage = w.session_storage().ok().flatten();
            let tried = storage
                .as_ref()
                .and_then(|s| s.get_item(RELOADED_FOR).ok().flatten());
            if tried.as_deref() == Some(here.as_str()) {
                missing.set(true);
                return;
            }
            if let Some(s) = storage {
                let _ = s.set_item(RELOADED_FOR, &here);
            }
            let _ = w.location().reload();
        });
    }
    if *missing {
        html! {
            <section class="card" role="alert">
                <h1>{ format!("{} did not load", props.name) }</h1>
                <p>{ format!("This site's build has no page for {}: it is missing part of its build. Reload the page later, or ", props.name) }
                    <a href={crate::route::href("#/")}>{ "go back to the puzzles" }</a>{ "." }</p>
            </section>
        }
    } else {
        html! { <p class="shell-note">{ format!("Opening {}…", props.name) }</p> }
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
