//! The palette, the secret entry and score entry.

use mastermind::Feedback;
use yew::prelude::*;

use super::{GameProps, draft_slots};
use crate::mastermind::state::{Action, Phase};

/// The palette, the secret entry, and score entry for the computer's guesses.
#[component]
pub fn Controls(props: &GameProps) -> Html {
    let g = &*props.game;
    let d = &props.on_action;
    let act = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone()))
    };
    if g.composing() {
        let palette = (0..g.spec.colors).map(|c| {
            let disabled = !g.allows(c);
            html! {
                <button type="button" class={classes!("pick", format!("c{c}"))} {disabled}
                    aria-label={format!("colour {} (key {})", c + 1, (c + 1) % 10)} onclick={act(Action::Pick(c))}>{ c + 1 }</button>
            }
        });
        let full = g.draft.iter().all(Option::is_some);
        let entering = g.phase == Phase::EnteringSecret;
        let draft = entering.then(|| {
            html! { <div class="secret-entry"><span class="label">{ "Your secret:" }</span>{ draft_slots(g, d) }</div> }
        });
        return html! {
            <div class="controls card" style={format!("--pegs:{}", g.spec.pegs)}>
                if entering { <p class="prompt">{ "Choose your secret code. The computer will not see it; the page scores its guesses." }</p> }
                { for draft }
                <div class="palette" role="group" aria-label="colours">{ for palette }</div>
                <div class="actions">
                    <button type="button" class="secondary" onclick={act(Action::Backspace)} aria-label="clear peg">{ "⌫ Clear" }</button>
                    if entering { <button type="button" class="secondary" id="random-secret" onclick={act(Action::RandomDraft)}><DieIcon />{ "Random secret" }</button> }
                    <button type="button" class="primary" id="submit" disabled={!full} onclick={act(Action::Submit)}>
                        { if entering { "Start: let the computer guess" } else { "Guess" } }
                    </button>
                </div>
                if !entering {
                    <div class="actions secondary-actions">
                        <button type="button" class="secondary" id="undo" disabled={g.rows.is_empty()} onclick={act(Action::Undo)}>{ "↶ Undo last guess" }</button>
                        <button type="button" class="secondary" id="redo" disabled={g.undone.is_empty()} onclick={act(Action::Redo)}>{ "↷ Redo" }</button>
                        <button type="button" class="secondary" id="give-up" onclick={act(Action::GiveUp)}>{ "Give up: show the code" }</button>
                    </div>
                }
                <p class="keys-help">{ "Keys: 1–9 and 0 pick colours 1–10 (click for more), ← → move, Backspace clears, Enter submits, U undoes, R redoes." }</p>
            </div>
        };
    }
    let scoring = g.phase == Phase::Scoring || g.editing.is_some();
    if !scoring {
        return html! {};
    }
    let fb = g.score_draft;
    let pegs = g.spec.pegs;
    let stepper = |label: &'static str,
                   id: &'static str,
                   value: u8,
                   make: fn(Feedback, u8, u8) -> Feedback| {
        let options = (0..=pegs).filter(|&v| make(fb, v, pegs).is_possible(pegs)).map(|v| {
            html! { <button type="button" class="num" aria-pressed={(v == value).to_string()} onclick={act(Action::SetScore(make(fb, v, pegs)))}>{ v }</button> }
        });
        html! { <div class={classes!("stepper", id)} role="group" aria-label={label}><span class="label">{ label }</span>{ for options }</div> }
    };
    let row = g.editing.map_or(g.rows.len(), |r| r + 1);
    html! {
        <div class="controls card scoring">
            <p class="prompt">{ format!("Score row {row} against the secret you have in mind:") }</p>
            { stepper("Black (right colour, right place)", "black", fb.black, with_black) }
            { stepper("White (right colour, wrong place)", "white", fb.white, |f, v, _| Feedback { black: f.black, white: v }) }
            <div class="actions">
                if g.editing.is_some() { <button type="button" class="secondary" onclick={act(Action::CancelEdit)}>{ "Keep the old score" }</button> }
                <button type="button" class="primary" id="submit-score" onclick={act(Action::SubmitScore)}>{ "Submit score" }</button>
            </div>
        </div>
    }
}

/// The score with `black` blacks, keeping as many of the whites entered before as still fit.
fn with_black(f: Feedback, black: u8, pegs: u8) -> Feedback {
    let fb = Feedback {
        black,
        white: f.white.min(pegs - black),
    };
    if fb.is_possible(pegs) {
        fb
    } else {
        Feedback { black, white: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_keeps_the_whites_that_fit() {
        let f = |black, white| Feedback { black, white };
        assert_eq!(with_black(f(0, 3), 2, 4), f(2, 2));
        assert_eq!(with_black(f(0, 1), 3, 4), f(3, 0)); // (3,1) cannot happen with 4 pegs
        assert_eq!(with_black(f(1, 1), 4, 4), f(4, 0));
    }
}

/// A die, drawn (an emoji shows as a missing glyph where no emoji font is installed).
#[component]
fn DieIcon() -> Html {
    html! {
        <svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <rect x="1.5" y="1.5" width="13" height="13" rx="3" fill="none" stroke="currentColor" stroke-width="1.5" />
            <circle cx="5" cy="5" r="1.3" fill="currentColor" />
            <circle cx="8" cy="8" r="1.3" fill="currentColor" />
            <circle cx="11" cy="11" r="1.3" fill="currentColor" />
        </svg>
    }
}
