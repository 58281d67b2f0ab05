//! The game's own status line.

use protocol::group_digits;
use yew::prelude::*;

use super::GameProps;
use crate::mastermind::handover;
use crate::mastermind::state::{Action, Phase};
use crate::timeout::use_throttled;

/// The game's own status: codes still possible and the strategy's remark (the footer has the threads and what
/// the last search cost).
#[component]
pub fn GameStatus(props: &GameProps) -> Html {
    let g = &*props.game;
    let remaining = g.remaining.as_ref().map(|c| {
        // A bound found so far may be 0 early in a search; where the page knows the secret, it fits every row.
        let value = if !c.exact && c.value == "0" && g.secret.is_some() {
            "1"
        } else {
            c.value.as_str()
        };
        let n = group_digits(value);
        let text = match (c.exact, value) {
            (true, "1") => "1 code still possible".to_string(),
            (true, _) => format!("{n} codes still possible"),
            (false, "1") => "at least 1 code still possible".to_string(),
            (false, "0") => "counting the codes still possible".to_string(),
            (false, _) => format!("at least {n} codes still possible"),
        };
        html! { <span class="remaining" data-value={c.value.clone()} data-exact={c.exact.to_string()}>{ text }</span> }
    });
    let by = g
        .played_by
        .as_ref()
        .map(|s| html! { <span class="by">{ format!("guesses by {s}") }</span> });
    // The strategy's remark changes with every guess of a fast computer game: at most ten times a second then.
    let note = use_throttled(g.note.clone(), 100.0, g.phase != Phase::Thinking);
    // Another strategy than the one chosen played: one line says so, the remark's figures are behind "why".
    let handover = g
        .handover
        .as_ref()
        .zip(g.played_by.as_deref())
        .map(|(why, by)| handover::line(g.settings.strategy, by, why));
    let note = match (handover, note) {
        (Some(line), note) => Some(html! {
            <span class="handover" id="handover">{ line }
                if let Some(n) = note {
                    <details class="why"><summary>{ "why" }</summary>{ n }</details>
                }
            </span>
        }),
        (None, note) => note.map(|n| html! { <span class="note">{ n }</span> }),
    };
    // A count that is only a bound can be finished on request: the full parallel search, with progress.
    let count_all = (g.phase == Phase::Guessing && g.remaining.as_ref().is_some_and(|c| !c.exact)).then(|| {
        let d = props.on_action.clone();
        let onclick = Callback::from(move |_| d.emit(Action::CountAll));
        let title = "Runs the full parallel count over every prefix range; at the largest sizes it takes a while (watch the ranges, or cancel)";
        html! { <button type="button" class="secondary small" id="count-all" {title} {onclick}>{ "Count them all (may take a while)" }</button> }
    });
    html! { <div class="game-status" aria-live="polite">{ for remaining }{ for count_all }{ for by }{ for note }</div> }
}
