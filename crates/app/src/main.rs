//! Puzzle Lab's page: a Yew app. It holds state in reducers and draws it; every solver step runs in the
//! solver worker (see `solver.rs`), never on this thread.

mod home;
mod mastermind;
mod route;
mod solver;

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
        Route::NotFound(path) => html! {
            <section class="card">
                <h2>{ "Page not found" }</h2>
                <p>{ format!("There is no page at '{path}'. ") }<a href="#/">{ "Back to the puzzles" }</a></p>
            </section>
        },
    };
    html! {
        <SolverProvider>
            <header class="top">
                <a class="brand" href="#/">{ "Puzzle Lab" }</a>
                <nav>
                    <a href="#/mastermind" aria-current={(matches!(route, Route::Mastermind(_))).then_some("page")}>{ "Mastermind" }</a>
                </nav>
            </header>
            <main>{ page }</main>
            <StatusLine />
        </SolverProvider>
    }
}

fn main() {
    yew::Renderer::<App>::new().render();
}
