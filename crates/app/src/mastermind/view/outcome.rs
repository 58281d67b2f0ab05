//! The banner that says what just happened.

use yew::prelude::*;

use super::GameProps;
use mastermind::Strategy;

use crate::mastermind::params::Mode;
use crate::mastermind::state::{Action, Phase};
use crate::widgets::progress_bar::ProgressBar;

/// What just happened: thinking (with progress and cancel), won, lost, a contradiction, a failure.
#[component]
pub fn Outcome(props: &GameProps) -> Html {
    let g = &*props.game;
    let on_cancel = {
        let d = props.on_action.clone();
        Callback::from(move |_: MouseEvent| d.emit(Action::Cancel))
    };
    let computer = g.settings.mode == Mode::Make;
    match &g.phase {
        Phase::Thinking => {
            let counting = matches!(
                g.request.as_ref().map(|r| &r.job),
                Some(protocol::Job::Mastermind(
                    protocol::mastermind::MastermindJob::Count { .. }
                ))
            );
            let what = if counting {
                "Counting every code still possible…"
            } else {
                "The solver is searching…"
            };
            html! {
                <div class="banner thinking" role="status">
                    <span>{ what }</span>
                    if let Some(p) = &g.progress { <ProgressBar done={p.done} total={p.total} unit={p.unit.clone()} /> }
                    <button type="button" class="secondary" id="cancel" onclick={on_cancel}>{ "Cancel" }</button>
                </div>
            }
        }
        Phase::Won(n) => {
            let text = if computer {
                format!(
                    "The computer broke your code in {n} guess{}.",
                    if *n == 1 { "" } else { "es" }
                )
            } else {
                format!(
                    "You broke the code in {n} guess{}!",
                    if *n == 1 { "" } else { "es" }
                )
            };
            html! { <div class="banner win" role="alert" id="result"><span>{ text }</span>{ play_again(props) }</div> }
        }
        Phase::Lost => {
            let text = if g.gave_up {
                "You gave up. The secret is shown above."
            } else {
                "Out of rows. The secret is shown above."
            };
            html! { <div class="banner lose" role="alert" id="result"><span>{ text }</span>{ play_again(props) }</div> }
        }
        Phase::Contradiction(row) => html! {
            <div class="banner bad" role="alert" id="contradiction">
                { format!("Your scores contradict each other: no code fits rows 1 to {}. Row {} is the first that cannot be true together with the rows above it. Fix a score with ✎ to continue.", row + 1, row + 1) }
            </div>
        },
        Phase::Failed(message) => html! {
            <div class="banner bad" role="alert" id="failed">
                <span>{ message.clone() }</span>
                <GoOn game={props.game.clone()} on_action={props.on_action.clone()} />
            </div>
        },
        Phase::Paused => {
            let d = props.on_action.clone();
            let next = Callback::from(move |_: MouseEvent| d.emit(Action::Step));
            let n = g.rows.len();
            html! {
                <div class="banner info step" role="status">
                    <span>{ format!("Step by step: guess {n} is scored. Why it was chosen is under the row.") }</span>
                    <button type="button" class="primary" id="step" onclick={next}>{ "Next guess ▶" }</button>
                </div>
            }
        }
        Phase::Scoring if g.editing.is_none() => html! {
            <div class="banner info">{ "Score the computer's latest guess below." }</div>
        },
        _ => html! {},
    }
}

/// After a failed or cancelled search: go on from the same rows (the computer with a strategy the person picks,
/// the sampled split offered first where the exact searches cannot finish), or start a new game.
#[component]
fn GoOn(props: &GameProps) -> Html {
    let g = &*props.game;
    let computer = g.settings.mode == Mode::Make;
    let suggested = if computer && mastermind::strategy::too_big_to_search(&g.spec) {
        mastermind::strategy::FOR_HUGE
    } else {
        g.settings.strategy
    };
    let chosen = use_state(|| suggested);
    let go_on = {
        let (d, chosen) = (props.on_action.clone(), chosen.clone());
        Callback::from(move |_: MouseEvent| d.emit(Action::Resume(Some(*chosen))))
    };
    let on_pick = {
        let chosen = chosen.clone();
        Callback::from(move |s: Strategy| chosen.set(s))
    };
    let strategies: Vec<(String, Strategy)> = Strategy::ALL
        .iter()
        .map(|s| (s.name().to_string(), *s))
        .collect();
    // A solver that could not start at all (a missing file) is not started again: only a reload helps.
    let stopped = crate::hooks::use_solver().is_some_and(|s| s.status.stopped);
    let reload = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    });
    html! {
        <span class="go-on">
            if stopped {
                <button type="button" class="primary" id="reload" onclick={reload}>{ "Reload the page" }</button>
            } else if computer {
                { super::settings_form::select("Go on from these rows with", "go-on-strategy", strategies, *chosen, on_pick) }
                <button type="button" class="primary" id="go-on" onclick={go_on}>{ "Go on" }</button>
            } else {
                <button type="button" class="primary" id="go-on" onclick={go_on}>{ if g.secret.is_some() { "Go on" } else { "Try again" } }</button>
            }
            { new_game(props) }
        </span>
    }
}

/// "New game", beside "Go on" after a failure.
fn new_game(props: &GameProps) -> Html {
    restart(props, "new-game-after", "New game", "secondary")
}

/// "Play again": a new game with the same settings and a new secret.
fn play_again(props: &GameProps) -> Html {
    restart(props, "play-again", "Play again", "primary")
}

/// A button that starts a new game with the same settings and a new secret.
fn restart(props: &GameProps, id: &'static str, label: &'static str, class: &'static str) -> Html {
    let d = props.on_action.clone();
    let settings = props.game.settings.clone();
    let onclick = Callback::from(move |_: MouseEvent| {
        d.emit(Action::NewGame(crate::mastermind::params::Settings {
            secret: None,
            played: Vec::new(),
            ..settings.clone()
        }))
    });
    html! { <button type="button" {class} {id} {onclick}>{ label }</button> }
}
