//! Puzzle Lab's page: a Yew app. It holds state in reducers and draws it; every solver step runs in the
//! solver worker (see `solver.rs`), never on this thread.

mod embed;
mod home;
mod mastermind;
mod route;
mod solver;
mod threads;

use yew::prelude::*;

use route::{Route, use_route};
use solver::{SolverProvider, StatusLine};

/// The page shell: a header, the route's page, the solver status line.
#[component]
fn App() -> Html {
    let route = use_route();
    let page = match &route {
        Route::Home => html! { <home::Home /> },
        // Keyed by the link: following another Mastermind link starts that game afresh.
        Route::Mastermind(query) => {
            html! { <mastermind::MastermindPage key={format!("{query:?}")} query={query.clone()} /> }
        }
        Route::MastermindStats(query) => {
            html! { <mastermind::stats::StatsPage key={format!("{query:?}")} query={query.clone()} /> }
        }
        Route::Embed => html! { <embed::EmbedBuilder /> },
        Route::NotFound(path) => html! {
            <section class="card">
                <h2>{ "Page not found" }</h2>
                <p>{ format!("There is no page at '{path}'. ") }<a href="#/">{ "Back to the puzzles" }</a></p>
            </section>
        },
    };
    // The compact layout for embedding (`embed=1`): no site header, only the puzzle and its status line.
    let embed = matches!(&route, Route::Mastermind(q) if q.get("embed").is_some_and(|v| v == "1" || v == "true"));
    html! {
        <SolverProvider>
            if !embed {
            <header class="top">
                <a class="brand" href="#/">{ "Puzzle Lab" }</a>
                <nav>
                    <a href="#/mastermind" aria-current={(matches!(route, Route::Mastermind(_))).then_some("page")}>{ "Mastermind" }</a>
                    <a href="#/mastermind/stats" aria-current={(matches!(route, Route::MastermindStats(_))).then_some("page")}>{ "Compare strategies" }</a>
                    <a href="#/embed" aria-current={(matches!(route, Route::Embed)).then_some("page")}>{ "Embed" }</a>
                </nav>
            </header>
            }
            <main class={classes!(embed.then_some("embedded"))}>{ page }</main>
            <StatusLine />
        </SolverProvider>
    }
}

fn main() {
    yew::Renderer::<App>::new().render();
}
