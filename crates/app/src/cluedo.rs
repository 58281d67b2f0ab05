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

pub(crate) use embed::page as embed_page;

use yew::prelude::*;

use crate::route::Query;
use params::{embedded, setup};

pub(crate) fn game_page(query: &Query) -> Html {
    let (setup, errors) = setup(query);
    html! { <table_view::TablePage key={format!("{query:?}")} {setup} {errors} embed={embedded(query)} /> }
}

pub(crate) fn simulate_page(query: &Query) -> Html {
    html! { <simulate::SimulatePage key={format!("{query:?}")} query={query.clone()} /> }
}
