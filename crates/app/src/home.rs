//! The home page: the puzzles, each with a line on what its solver does.

use yew::prelude::*;

/// Lists the puzzles.
#[component]
pub fn Home() -> Html {
    html! {
        <section class="home">
            <h1>{ "Parallel solvers you can play against and watch" }</h1>
            <p class="lead">{ "Every search runs in a Web Worker on a thread pool over all your cores; the page only draws." }</p>
            <div class="puzzles">
                <a class="puzzle card" href="#/mastermind">
                    <h2>{ "Mastermind" }</h2>
                    <p>{ "Break the computer's code, or let it break yours. 2 to 100 pegs, 2 to 20 colours; strategies from random-consistent to Knuth's minimax, most parts, entropy, expected size and a local search for huge codes." }</p>
                    <span class="go">{ "Play →" }</span>
                </a>
                <div class="puzzle card soon" aria-disabled="true">
                    <h2>{ "Peg solitaire" }</h2>
                    <p>{ "Play several boards and count every solution from any start on all threads." }</p>
                    <span class="go">{ "Coming next" }</span>
                </div>
                <div class="puzzle card soon" aria-disabled="true">
                    <h2>{ "Cluedo" }</h2>
                    <p>{ "Play against 2 to 5 computer detectives of several strengths, and simulate many games." }</p>
                    <span class="go">{ "Coming next" }</span>
                </div>
            </div>
        </section>
    }
}
