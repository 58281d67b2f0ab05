//! One played row of the board.

use mastermind::Feedback;
use yew::prelude::*;

use super::code_strip::{CodeStrip, LONG_CODE};
use super::{keys, peg};
use crate::mastermind::params::Palette;
use crate::mastermind::state::Action;

/// Props of [`PlayedRow`].
#[derive(Properties, PartialEq)]
pub struct PlayedRowProps {
    /// Row index, from 0.
    pub index: usize,
    /// The guess.
    pub guess: Vec<u8>,
    /// Its score, once known.
    pub score: Option<Feedback>,
    /// Pegs per code.
    pub pegs: u8,
    /// Whether this row is the first that contradicts the ones above it.
    pub contradicts: bool,
    /// Whether its score is being fixed.
    pub editing: bool,
    /// Whether its score can be fixed (scored by hand).
    pub fixable: bool,
    /// Why the computer chose it, when shown.
    #[prop_or_default]
    pub why: Option<String>,
    /// The page's palette (a long code is drawn in it, so a change redraws the row).
    pub palette: Palette,
    /// Where actions go.
    pub on_action: Callback<Action>,
}

/// One played row: number, pegs (one canvas for a long code), score, and the pencil that fixes a hand-entered
/// score.
#[component]
pub fn PlayedRow(props: &PlayedRowProps) -> Html {
    let i = props.index;
    let edit = (props.fixable && props.score.is_some()).then(|| {
        let d = props.on_action.clone();
        let onclick = Callback::from(move |_| d.emit(Action::Edit(i)));
        html! { <button type="button" class="fix" aria-label={format!("fix the score of row {}", i + 1)} {onclick}>{ "✎" }</button> }
    });
    let class = classes!(
        "row",
        props.contradicts.then_some("contradicts"),
        props.editing.then_some("editing"),
        props.score.is_none().then_some("latest")
    );
    let (enter, leave) = {
        let (d, e) = (props.on_action.clone(), props.on_action.clone());
        (
            Callback::from(move |_: MouseEvent| d.emit(Action::Inspect(Some(i)))),
            Callback::from(move |_: MouseEvent| e.emit(Action::Inspect(None))),
        )
    };
    html! {
        <li {class} data-row={(i + 1).to_string()} onmouseenter={enter} onmouseleave={leave}>
            <span class="n">{ i + 1 }</span>
            if props.pegs > LONG_CODE {
                <CodeStrip code={props.guess.clone()} palette={props.palette} />
            } else {
                <span class="code">{ for props.guess.iter().map(|&c| peg(Some(c), "")) }</span>
            }
            { keys(props.score, props.pegs) }
            { for edit }
            if let Some(why) = &props.why { <span class="why">{ format!("Why: {why}.") }</span> }
        </li>
    }
}
