//! Puzzle Lab's page: a Yew app. It holds state in reducers and draws it; every solver step runs in the
//! solver worker (see `solver.rs`), never on this thread.
//!
//! The shell here (header, routing, the status line) knows no game: it reads the game list (`games.rs`).
//!
//! The page is built once per game (`src/bin/`, each with its game's cargo feature; `page-home` with none): a visit
//! to one game downloads that game's page module, and `web/boot.js` loads the one the address names (`#/pegs...`
//! loads `page-pegs.js`, `#/` `page-home.js`). Every build knows every game's name and pages (the menu, the home
//! page); a page of a game drawn by another build loads that build (`Elsewhere`). A game's module is compiled into
//! its own build only (its feature), so a build of one game leaves unused what only the others use.
#![cfg_attr(
    not(all(feature = "mastermind", feature = "pegs", feature = "cluedo")),
    allow(dead_code, unused_imports)
)]

#[cfg(feature = "cluedo")]
mod cluedo;
mod format;
mod games;
mod home;
mod hooks;
mod isolation;
#[cfg(feature = "mastermind")]
mod mastermind;
#[cfg(feature = "pegs")]
mod pegs;
mod present;
mod registry;
mod route;
mod solver;
mod status;
mod timeout;
mod widgets;

use yew::prelude::*;

use route::use_route;
use solver::SolverProvider;
use status::StatusLine;

/// The page shell: a header with every game's pages, the route's page, the solver status line.
#[component]
fn App() -> Html {
    let route = use_route();
    let page = if route.path.is_empty() {
        html! { <home::Home /> }
    } else if let Some((game, page)) = games::find(&route.path) {
        if game.here {
            (page.view)(&route.query)
        } else {
            html! { <registry::Elsewhere key={route.path.clone()} name={game.name} id={game.id} /> }
        }
    } else {
        html! {
            <section class="card">
                <h1>{ "Page not found" }</h1>
                <p>{ format!("There is no page at '{}'. ", route.path) }<a href={crate::route::href("#/")}>{ "Back to the puzzles" }</a></p>
            </section>
        }
    };
    // The compact layout for embedding (`embed=1`): no site header, only the puzzle and its status line.
    let embed = route.embedded();
    // The presentation view: asked for by a link (`present=1`) or the header's button, kept across pages.
    let presenting = use_state(|| false);
    {
        let presenting = presenting.clone();
        let asked = route.query.get("present").is_some_and(|v| v == "1");
        use_effect_with(asked, move |asked| {
            if *asked {
                presenting.set(true);
            }
        });
    }
    use_effect_with(*presenting, |on| present::set(*on));
    let toggle = {
        let presenting = presenting.clone();
        Callback::from(move |_: MouseEvent| presenting.set(!*presenting))
    };
    let narrow = hooks::use_narrow();
    let menu = games::GAMES
        .iter()
        .flat_map(|g| g.pages)
        .filter(|p| p.in_menu);
    let current = menu.clone().find(|p| p.path == route.path).map(|p| p.nav);
    let links = html! {
        { for menu.map(|p| html! {
            <a href={crate::route::href(&format!("#{}", p.path))} aria-current={(route.path == p.path).then_some("page")}>{ p.nav }</a>
        }) }
    };
    let body = html! {
        <>
            if *presenting {
                <button type="button" class="present-toggle" id="present" aria-pressed="true" onclick={toggle.clone()}>{ "Leave the presentation view" }</button>
            }
            if !embed && !*presenting {
            <header class="top">
                <a class="brand" href={crate::route::href("#/")}>{ "Puzzle Lab" }</a>
                if narrow {
                    // A phone's header is one line: the menu opens under the page's name (closed again on the
                    // next page: keyed by it).
                    <details class="menu" key={route.path.clone()}>
                        <summary>{ current.unwrap_or("Puzzles") }</summary>
                        <nav>{ links }</nav>
                    </details>
                } else {
                    <nav>{ links }</nav>
                }
                <button type="button" class="present-toggle" id="present" aria-pressed="false" onclick={toggle}
                    title="Full screen, large type and high contrast, for a projector">{ "Present" }</button>
            </header>
            }
            <main class={classes!(embed.then_some("embedded"))}>{ page }</main>
            <StatusLine />
        </>
    };
    // A build with no game (the home page's) runs no solver: it links none of the solver's handling.
    if ANY_GAME {
        html! { <SolverProvider game={games::solver(&route.path)}>{ body }</SolverProvider> }
    } else {
        body
    }
}

/// Whether this build draws a game (its cargo features).
const ANY_GAME: bool = cfg!(any(
    feature = "mastermind",
    feature = "pegs",
    feature = "cluedo"
));

/// Draws the app in the page (each `src/bin/` page calls this).
pub fn run() {
    // index.html's frame, drawn before the module came: the app takes its place in the same frame.
    if let Some(document) = web_sys::window().and_then(|w| w.document())
        && let Ok(shell) = document.query_selector_all("[data-shell]")
    {
        for i in 0..shell.length() {
            if let Some(node) = shell.item(i)
                && let Some(parent) = node.parent_node()
            {
                let _ = parent.remove_child(&node);
            }
        }
    }
    yew::Renderer::<App>::new().render();
}
