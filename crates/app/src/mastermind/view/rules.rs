//! "How to play": the rules in a few lines, for the game being played; open on a first visit, one click away
//! after.

use yew::prelude::*;

use crate::mastermind::params::{Mode, Settings};

/// Remembers that this browser has seen the rules once.
const SEEN: &str = "puzzle-lab:rules-seen";

/// Props of [`Rules`].
#[derive(Properties, PartialEq)]
pub struct RulesProps {
    /// The game's settings (size, who breaks the code, scoring).
    pub settings: Settings,
}

/// The rules, open the first time this browser shows a game.
#[component]
pub fn Rules(props: &RulesProps) -> Html {
    let first_visit = use_state(|| {
        let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
        let seen = storage
            .as_ref()
            .and_then(|s| s.get_item(SEEN).ok().flatten())
            .is_some();
        if let Some(s) = storage {
            let _ = s.set_item(SEEN, "1");
        }
        !seen
    });
    let s = &props.settings;
    let (pegs, colors) = (s.spec.pegs, s.spec.colors);
    let repeats = if s.spec.repeats {
        "colours may repeat"
    } else {
        "each colour at most once"
    };
    let score = html! {
        <li>{ "Each guess is scored: " }<span class="sym black">{ "●" }</span>{ " a black peg for every peg of the right colour in the right place, " }
            <span class="sym white">{ "○" }</span>{ " a white peg for every other peg of a right colour in a wrong place. The order of the score pegs says nothing." }</li>
    };
    html! {
        <details class="rules card" open={*first_visit} id="rules">
            <summary>{ "How to play" }</summary>
            <ul>
                if s.mode == Mode::Break {
                    <li>{ format!("The computer hides a code of {pegs} pegs in {colors} colours ({repeats}). Find it in at most {} guesses.", s.rows) }</li>
                    <li>{ "Pick a colour for each peg with the buttons below (or keys 1-9 and 0), then press Guess (or Enter)." }</li>
                    { score }
                    <li>{ "\"Suggest a guess\" shows what a strategy would play; \"Give up\" shows the code." }</li>
                } else {
                    <li>{ format!("You choose a secret code of {pegs} pegs in {colors} colours ({repeats}); the computer guesses it.") }</li>
                    <li>{ "Enter your secret (or let the page draw one) and it scores for you, or keep it in your head and score each guess yourself." }</li>
                    { score }
                    <li>{ "A score that contradicts the earlier ones is caught, and the first row it cannot agree with is named." }</li>
                }
            </ul>
        </details>
    }
}
