//! Your hand, and how many cards each seat holds: drawn from those two lists only, so it is drawn again only when
//! they change.

use cluedo::Card;
use yew::prelude::*;

use super::names::{Seats, kind_class};

/// Props of [`Hand`].
#[derive(Properties, PartialEq)]
pub(super) struct HandProps {
    /// Who sits where.
    pub seats: Seats,
    /// Seat 0's cards (yours, or the first computer's at a table to watch).
    pub cards: Vec<Card>,
    /// Cards in each seat's hand, seat 0 (you) first.
    pub sizes: Vec<usize>,
}

/// Your hand.
#[component]
pub(super) fn Hand(props: &HandProps) -> Html {
    let sizes = props
        .sizes
        .iter()
        .enumerate()
        .map(|(s, n)| format!("{} {n}", props.seats.short(s)))
        .collect::<Vec<_>>()
        .join(", ");
    let title = if props.seats.person {
        "Your hand".to_string()
    } else {
        format!("{}'s hand", props.seats.name(0))
    };
    html! {
        <div class="cluedo-hand" data-live="true">
            <p aria-label={title.clone()}>
                { format!("{title}: ") }
                { for props.cards.iter().map(|&c| html! { <span class={classes!("cl-card", kind_class(c))}>{ c.name() }</span> }) }
            </p>
            <p class="hint">{ format!("Hands: {sizes}.") }</p>
        </div>
    }
}
