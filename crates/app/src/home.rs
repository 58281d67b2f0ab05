//! The home page: every game of the game list, each with a line on what its solver does.

use yew::prelude::*;

use crate::games::GAMES;

/// Lists the puzzles.
#[component]
pub fn Home() -> Html {
    html! {
        <section class="home">
            <h1>{ "Parallel solvers you can play against and watch" }</h1>
            <p class="lead">{ "Every search runs in a Web Worker on a thread pool over all your cores; the page only draws." }</p>
            <div class="puzzles">
                { for GAMES.iter().map(|g| match g.pages.first() {
                    Some(page) => html! {
                        <a class="puzzle card" href={crate::route::href(&format!("#{}", page.path))}>
                            <h2>{ g.name }</h2>
                            <p>{ g.blurb }</p>
                            <span class="go">{ "Play →" }</span>
                        </a>
                    },
                    None => html! {
                        <div class="puzzle card soon" aria-disabled="true">
                            <h2>{ g.name }</h2>
                            <p>{ g.blurb }</p>
                            <span class="go">{ "Coming next" }</span>
                        </div>
                    },
                }) }
            </div>
        </section>
    }
}
