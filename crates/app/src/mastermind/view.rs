//! Drawing the Mastermind page: settings, board rows with pegs and feedback, the palette, score entry and the
//! game's own status. Components take the game as a value and a callback for actions; they own no game state.

use mastermind::Feedback;
use yew::prelude::*;

use super::state::{Action, Game, Held, Phase};

mod board;
mod code_strip;
mod controls;
mod game_status;
mod outcome;
mod played_row;
mod rules;
mod settings_form;
mod wait_note;

pub use board::Board;
pub use code_strip::LONG_CODE;
pub use controls::Controls;
pub use game_status::GameStatus;
pub use outcome::Outcome;
pub use played_row::PlayedRow;
pub use rules::Rules;
pub use settings_form::SettingsForm;
pub use wait_note::WaitNote;

/// A short name of the phase, for styling and for tests (`data-phase`).
pub fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::Thinking => "thinking",
        Phase::Guessing => "guessing",
        Phase::EnteringSecret => "entering-secret",
        Phase::Scoring => "scoring",
        Phase::Contradiction(_) => "contradiction",
        Phase::Won(_) => "won",
        Phase::Lost => "lost",
        Phase::Paused => "paused",
        Phase::Failed(_) => "failed",
    }
}

/// One peg: its colour, and its number (1-based) so colours never have to be told apart by hue alone.
pub(super) fn peg(color: Option<u8>, class: &'static str) -> Html {
    match color {
        Some(c) => html! {
            <span class={classes!("peg", format!("c{c}"), class)} role="img" aria-label={format!("colour {}", c + 1)}>{ c + 1 }</span>
        },
        None => {
            html! { <span class={classes!("peg", "empty", class)} role="img" aria-label="empty"></span> }
        }
    }
}

/// Black and white feedback pegs, drawn in a small grid, with the numbers for projectors.
pub(super) fn keys(fb: Option<Feedback>, pegs: u8) -> Html {
    let Some(fb) = fb else {
        return html! { <span class="keys pending" aria-label="not scored yet">{ "?" }</span> };
    };
    let label = format!("{} black, {} white", fb.black, fb.white);
    // Long codes show the score as numbers only (a hundred dots say less; the board's `long` style shows the
    // numbers).
    let dots = (pegs <= LONG_CODE).then(|| {
        let dots = (0..pegs).map(|i| {
            let class = if i < fb.black {
                "k black"
            } else if i < fb.black + fb.white {
                "k white"
            } else {
                "k none"
            };
            html! { <span class={class}></span> }
        });
        let cols = format!("--cols:{}", (usize::from(pegs)).div_ceil(2));
        html! { <span class="dots" style={cols}>{ for dots }</span> }
    });
    html! {
        <span class="keys" role="img" aria-label={label} data-black={fb.black.to_string()} data-white={fb.white.to_string()}>
            { for dots }
            <span class="nums">{ fb.black }<span class="sym black">{ "●" }</span>{ fb.white }<span class="sym white">{ "○" }</span></span>
        </span>
    }
}

/// Props of the components that draw the game.
#[derive(Properties, PartialEq)]
pub struct GameProps {
    /// The game.
    pub game: Held,
    /// Where actions go.
    pub on_action: Callback<Action>,
}

/// The code being composed, one button per peg; the cursor's peg is outlined and a click moves the cursor.
pub(super) fn draft_slots(g: &Game, on_action: &Callback<Action>) -> Html {
    let slots = g.draft.iter().enumerate().map(|(i, &c)| {
        let d = on_action.clone();
        let onclick = Callback::from(move |_| d.emit(Action::Focus(i)));
        let class = classes!("slot", (i == g.cursor).then_some("cursor"));
        html! { <button type="button" {class} aria-label={format!("peg {}", i + 1)} {onclick}>{ peg(c, "") }</button> }
    });
    html! { <span class="code">{ for slots }</span> }
}
