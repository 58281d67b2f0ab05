//! The Mastermind page: settings, the board, the colour palette, score entry. State lives in
//! [`state::Game`]; this module maps events to actions, sends the game's solver requests and draws.

pub mod params;
pub mod state;
mod view;

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::route::Query;
use crate::solver::{JobEvent, use_solver};
use params::Settings;
use state::{Action, Game, JobAnswer};

/// Props of [`MastermindPage`].
#[derive(Properties, PartialEq)]
pub struct PageProps {
    /// The link's query parameters.
    pub query: Query,
}

fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

/// The Mastermind page.
#[component]
pub fn MastermindPage(props: &PageProps) -> Html {
    let (initial, link_errors) = use_memo(props.query.clone(), Settings::from_query)
        .as_ref()
        .clone();
    let game = use_reducer({
        let initial = initial.clone();
        move || Game::new(initial, random_seed())
    });
    let form = use_state(|| initial.clone());
    let solver = use_solver().map(|ctx| ctx.solver);
    let running = use_mut_ref(|| None::<u32>);

    // Send the game's solver request; cancel the one before it if it is still running.
    {
        let solver = solver.clone();
        let dispatcher = game.dispatcher();
        let running = running.clone();
        let request = game.request.clone();
        use_effect_with(request.as_ref().map(|r| r.seq), move |_| {
            let Some(solver) = solver else {
                if let Some(req) = request {
                    let message = "the solver is not available on this page".to_string();
                    let answer =
                        JobAnswer::Done(protocol::Outcome::Failed { message }, Default::default());
                    dispatcher.dispatch(Action::Job(req.seq, answer));
                }
                return;
            };
            if let Some(id) = running.borrow_mut().take() {
                solver.cancel(id);
            }
            if let Some(req) = request {
                let seq = req.seq;
                let done = Rc::new(Cell::new(false));
                let on_event = {
                    let done = done.clone();
                    Callback::from(move |e: JobEvent| {
                        let answer = match e {
                            JobEvent::Progress(d, t) => JobAnswer::Progress(d, t),
                            JobEvent::Done(outcome, stats) => {
                                done.set(true);
                                JobAnswer::Done(outcome, stats)
                            }
                        };
                        dispatcher.dispatch(Action::Job(seq, answer));
                    })
                };
                let id = solver.run(req.job, on_event);
                if !done.get() {
                    *running.borrow_mut() = Some(id);
                }
            }
        });
    }

    // Keyboard play: digits pick colours (1-9, 0 = 10), arrows move, Backspace clears, Enter submits.
    {
        let dispatcher = game.dispatcher();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                let tag = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .map(|el| el.tag_name());
                if matches!(tag.as_deref(), Some("INPUT" | "SELECT" | "TEXTAREA"))
                    || e.ctrl_key()
                    || e.meta_key()
                    || e.alt_key()
                {
                    return;
                }
                let action = match e.key().as_str() {
                    k if k.len() == 1 && k.as_bytes()[0].is_ascii_digit() => {
                        let d = k.as_bytes()[0] - b'0';
                        Some(Action::Pick(if d == 0 { 9 } else { d - 1 }))
                    }
                    "Backspace" | "Delete" => Some(Action::Backspace),
                    "ArrowLeft" => Some(Action::Move(-1)),
                    "ArrowRight" => Some(Action::Move(1)),
                    "Enter" => Some(Action::Submit),
                    _ => None,
                };
                if let Some(a) = action {
                    e.prevent_default();
                    dispatcher.dispatch(a);
                }
            });
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(d) = &document {
                let _ = d
                    .add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(d) = document {
                    let _ = d.remove_event_listener_with_callback(
                        "keydown",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }

    let on_new_game = {
        let d = game.dispatcher();
        let form = form.clone();
        Callback::from(move |_| {
            let settings = (*form).clone();
            // Keep the link in step with the game (replaceState: no hashchange, no reload).
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                let url = format!("#/mastermind?{}", settings.to_query());
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
            d.dispatch(Action::NewGame(Settings {
                secret: None,
                ..settings
            }));
        })
    };
    let on_form = {
        let form = form.clone();
        Callback::from(move |s: Settings| form.set(s))
    };

    html! {
        <section class="mastermind" data-phase={view::phase_name(&game.phase)}>
            <h1 class="visually-hidden">{ "Mastermind" }</h1>
            if !link_errors.is_empty() {
                <div class="banner warn" role="alert">
                    <strong>{ "Some link settings were ignored:" }</strong>
                    <ul>{ for link_errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
                </div>
            }
            <view::SettingsForm settings={(*form).clone()} on_change={on_form} on_new_game={on_new_game} />
            <view::Outcome game={game.clone()} dispatch={game.dispatcher()} />
            <view::Board game={game.clone()} dispatch={game.dispatcher()} />
            <view::Controls game={game.clone()} dispatch={game.dispatcher()} />
            <view::GameStatus game={game.clone()} dispatch={game.dispatcher()} />
        </section>
    }
}
