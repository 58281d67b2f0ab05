//! Cluedo's pages: a game against 2 to 5 computer players with a detective notebook that fills itself
//! (`#/cluedo`), and simulations of many games (`#/cluedo/simulate`). As in the seed report there is no board
//! and no movement: any room may be suggested at any turn. State lives in [`state::Table`] and
//! `simulate::Bench`; every computer decision and every count runs on the worker.

mod embed;
mod hand_view;
mod log_view;
mod move_view;
mod moves;
mod names;
mod notebook_view;
mod params;
mod revealed_view;
mod settings_view;
mod simulate;
mod state;
mod table_view;

use yew::prelude::*;

use crate::registry::{GameEntry, PageEntry, drawn};
use crate::route::Query;
use params::{embedded, setup};

/// Cluedo in the game list.
/// Whether this build of the page draws Cluedo (its cargo feature).
const HERE: bool = cfg!(feature = "cluedo");

pub const GAME: GameEntry = GameEntry {
    name: "Cluedo",
    blurb: "Play against 2 to 5 computer detectives of four strengths with a notebook that deduces exactly what is certain; simulate thousands of games on all threads.",
    pages: &[
        PageEntry {
            path: "/cluedo",
            nav: "Cluedo",
            in_menu: true,
            view: drawn(HERE, game_page),
        },
        PageEntry {
            path: "/cluedo/embed",
            nav: "Embed Cluedo",
            in_menu: false,
            view: drawn(HERE, embed::page),
        },
        PageEntry {
            path: "/cluedo/simulate",
            nav: "Cluedo simulations",
            in_menu: true,
            view: drawn(HERE, simulate_page),
        },
    ],
    id: "cluedo",
    here: HERE,
};

fn game_page(query: &Query) -> Html {
    let (setup, errors) = setup(query);
    html! { <table_view::TablePage key={format!("{query:?}")} {setup} {errors} embed={embedded(query)} /> }
}

fn simulate_page(query: &Query) -> Html {
    html! { <simulate::SimulatePage key={format!("{query:?}")} query={query.clone()} /> }
}
