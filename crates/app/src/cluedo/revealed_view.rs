//! The end of a game: each computer's hand and its notebook, what its view allowed it to deduce.

use std::rc::Rc;

use cluedo::{Card, CardSet, Notebook};
use protocol::group_digits;
use yew::prelude::*;

use super::names::Seats;
use super::notebook_view::notebook_table;

/// Props of [`Revealed`].
#[derive(Properties, PartialEq)]
pub(super) struct RevealedProps {
    /// Who sits where.
    pub(super) seats: Seats,
    /// Every seat's hand.
    pub(super) hands: Vec<CardSet>,
    /// Each computer's notebook, once counted.
    pub(super) notebooks: Vec<Option<Rc<Notebook>>>,
}

/// The computers' notebooks.
#[component]
pub(super) fn Revealed(props: &RevealedProps) -> Html {
    let rows = (1..props.hands.len()).map(|seat| {
        let hand: Vec<&str> = props.hands[seat].iter().map(|c| c.name()).collect();
        let nb = props.notebooks.get(seat).cloned().flatten();
        let summary = nb.as_deref().map_or("counting…".to_string(), summary);
        html! {
            <details class="revealed-seat">
                <summary><strong>{ props.seats.name(seat) }</strong>{ format!(" held {}. What its view allowed it to deduce: {summary}", hand.join(", ")) }</summary>
                if let Some(nb) = nb { <div class="notebook">{ notebook_table(&props.seats, &nb, None) }</div> }
            </details>
        }
    });
    html! {
        <section class="cluedo-revealed" aria-label="The computers' notebooks">
            <h2>{ "What each computer knew at the end" }</h2>
            <p class="hint">{ "Open one to see its notebook: what the turns it saw made certain, and the share of the deals it could not yet tell apart." }</p>
            { for rows }
        </section>
    }
}

fn summary(nb: &Notebook) -> String {
    let sure = Card::all().filter(|&c| nb.holder(c).is_some()).count();
    let env: Vec<&str> = nb
        .envelope()
        .iter()
        .map(|c| c.map_or("?", Card::name))
        .collect();
    format!(
        "{} {} left, {sure} of {} cards certain, envelope {}.",
        group_digits(&nb.deals.to_string()),
        if nb.deals == 1 { "deal" } else { "deals" },
        cluedo::CARDS,
        env.join(" / ")
    )
}
