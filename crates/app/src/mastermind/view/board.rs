//! The board: played rows, the row being composed, the free rows.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{LONG_CODE, PlayedRow, draft_slots, peg};
use crate::mastermind::params::{Mode, Palette, Scoring};
use crate::mastermind::state::{Action, Held, Phase};
use crate::timeout::{on_next_frame, use_throttled};

/// Empty rows drawn below the board: enough to show what is left, never thousands.
const FREE_ROWS_SHOWN: usize = 12;

/// Props of [`Board`].
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The game.
    pub game: Held,
    /// Where actions go.
    pub on_action: Callback<Action>,
    /// The page's palette.
    pub palette: Palette,
}

/// The board: played rows, the row being composed, and the rows still free.
#[component]
pub fn Board(props: &BoardProps) -> Html {
    let g = &*props.game;
    let pegs = g.spec.pegs;
    // While the computer plays on its own (a hundred-peg game plays tens of guesses a second), new rows are drawn
    // at most ten times a second, a few at a time; as soon as the game waits for anyone, every row is there. (Only
    // growth waits: fewer rows, a new game, show at once.)
    let shown = use_throttled(g.rows.len(), 100.0, g.phase != Phase::Thinking).min(g.rows.len());
    // Keep the newest row in view when the board scrolls (long games, small screens): scroll the board itself,
    // only as far as needed (scrolling the page too would repaint all of it on every guess of a long game).
    let board = use_node_ref();
    {
        let board = board.clone();
        use_effect_with(shown, move |_| {
            // At the next frame: measuring here would force a layout before the page's next solver request.
            on_next_frame(move || {
                let Some(b) = board.cast::<web_sys::Element>() else {
                    return;
                };
                // The draft row, else the last played one (the list's children end with free rows).
                let newest = b
                    .query_selector(":scope > .rows > li.row.draft")
                    .ok()
                    .flatten()
                    .or_else(|| {
                        b.query_selector_all(":scope > .rows > li.row:not(.free)")
                            .ok()
                            .and_then(|l| l.item(l.length().checked_sub(1)?))
                            .and_then(|n| n.dyn_into().ok())
                    });
                if let Some(row) = newest {
                    let (r, v) = (row.get_bounding_client_rect(), b.get_bounding_client_rect());
                    let below = r.bottom() + 10.0 - v.bottom();
                    let above = v.top() - r.top();
                    if below > 0.0 {
                        b.set_scroll_top(b.scroll_top() + below.ceil() as i32);
                    } else if above > 0.0 {
                        b.set_scroll_top(b.scroll_top() - above.ceil() as i32);
                    }
                }
            });
        });
    }
    let manual = g.settings.mode == Mode::Make && g.settings.scoring == Scoring::Manual;
    let bad_row = match g.phase {
        Phase::Contradiction(r) => Some(r),
        _ => None,
    };
    // One component per played row: a new guess re-renders one row, not every peg of a 3000-row game. Every
    // child of the list has a key: Yew matches a partly keyed list by position from its end, so one unkeyed
    // child would make every row be destroyed and drawn again each time a row is added.
    let rows = g.rows[..shown].iter().enumerate().map(|(i, row)| {
        html! {
            <PlayedRow
                key={i}
                index={i}
                guess={row.guess.clone()}
                score={row.score}
                pegs={pegs}
                contradicts={bad_row == Some(i)}
                editing={g.editing == Some(i)}
                fixable={manual}
                why={row.why.clone().filter(|_| g.settings.step || i + 1 == shown)}
                palette={props.palette}
                on_action={props.on_action.clone()}
            />
        }
    });
    let composing = g.phase == Phase::Guessing;
    let draft = composing.then(|| {
        let slots = draft_slots(g, &props.on_action);
        html! {
            <li key="draft" class="row draft" data-row={(shown + 1).to_string()}>
                <span class="n">{ shown + 1 }</span>
                { slots }
                <span class="keys pending"></span>
            </li>
        }
    });
    let free = if g.settings.mode == Mode::Break && !g.over() {
        (g.settings.rows as usize).saturating_sub(shown + usize::from(composing))
    } else {
        0
    };
    let hidden_free = free.saturating_sub(FREE_ROWS_SHOWN);
    let empty_rows = (0..free - hidden_free).map(|k| {
        let n = shown + usize::from(composing) + k + 1;
        html! {
            <li key={format!("free{n}")} class="row free" aria-hidden="true">
                <span class="n">{ n }</span>
                <span class="code">{ for (0..pegs).map(|_| peg(None, "")) }</span>
                <span class="keys"></span>
            </li>
        }
    });
    let more = (hidden_free > 0).then(|| {
        html! { <li key="more" class="row more" aria-hidden="true">{ format!("… and {hidden_free} more rows") }</li> }
    });
    let show_secret = g.over() || g.settings.mode == Mode::Make;
    let secret = g.secret.as_ref().map(|s| {
        html! {
            <div class="secret" aria-label="the secret">
                <span class="label">{ if g.settings.mode == Mode::Make { "Your secret" } else { "Secret" } }</span>
                <span class="code">
                    if show_secret { { for s.iter().map(|&c| peg(Some(c), "")) } }
                    else { { for (0..pegs).map(|_| html! { <span class="peg hidden" role="img" aria-label="hidden">{ "?" }</span> }) } }
                </span>
            </div>
        }
    });
    html! {
        <div class={classes!("board", "card", (pegs > LONG_CODE).then_some("long"))} ref={board} style={format!("--pegs:{pegs}")}>
            { for secret }
            <ol class="rows" aria-label="guesses">
                { for rows }
                { for draft }
                { for empty_rows }
                { for more }
            </ol>
        </div>
    }
}
