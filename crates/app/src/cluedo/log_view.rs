//! The game log: every turn as the person saw it (every card once the game is over), newest first, with the
//! turns that force the card asked about highlighted.

use cluedo::{Played, Turn};
use yew::prelude::*;

use super::names::Seats;

/// Props of [`Log`].
#[derive(Properties, PartialEq)]
pub(super) struct LogProps {
    /// Who sits where (for the seats' names).
    pub(super) seats: Seats,
    /// Every turn as it happened (cards included).
    pub(super) played: Vec<Played>,
    /// The same turns as the person saw them.
    pub(super) seen: Vec<Turn>,
    /// Whether the game is over (then every card is shown).
    pub(super) over: bool,
    /// The turns (from 0) to highlight.
    pub(super) highlighted: Vec<usize>,
}

/// A turn in words, with the card shown where `turn` carries it (the person's view, or every card at the end).
fn turn_text(seats: &Seats, turn: &Turn) -> String {
    match *turn {
        Turn::Suggest {
            by,
            triple,
            shown_by,
            card,
        } => {
            let answer = match (shown_by, card) {
                (None, _) => "nobody could refute".to_string(),
                (Some(r), Some(c)) => format!("{} showed {}", seats.name(r), c.name()),
                (Some(r), _) => format!("{} showed a card", seats.name(r)),
            };
            let passed: Vec<String> = turn.passers(seats.len()).map(|s| seats.short(s)).collect();
            let passed = if passed.is_empty() || shown_by.is_none() {
                String::new()
            } else {
                format!(" ({} passed)", passed.join(", "))
            };
            format!("{} suggested {triple}: {answer}{passed}.", seats.name(by))
        }
        Turn::Accuse {
            by,
            triple,
            correct,
        } => {
            format!(
                "{} accused {triple}: {}.",
                seats.name(by),
                if correct {
                    "right, and wins"
                } else {
                    "wrong, and is out"
                }
            )
        }
    }
}

/// The log.
#[component]
pub(super) fn Log(props: &LogProps) -> Html {
    let items = props.played.iter().enumerate().rev().map(|(i, p)| {
        // The person sees a card only where it was shown to or by them; the end reveals all.
        let turn = if props.over { p.turn } else { props.seen.get(i).copied().unwrap_or(p.turn) };
        html! {
            <li class={classes!(props.highlighted.contains(&i).then_some("forced"))} value={(i + 1).to_string()}>
                <span class="round">{ format!("R{} ", p.round) }</span>{ turn_text(&props.seats, &turn) }
            </li>
        }
    });
    html! {
        <section class="cluedo-log" aria-label="Game log">
            <h2>{ "Log" }</h2>
            if props.played.is_empty() { <p class="hint">{ "No turn yet." }</p> }
            <ol reversed=true aria-live="polite">{ for items }</ol>
        </section>
    }
}
