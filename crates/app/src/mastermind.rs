//! The Mastermind page: settings, the board, the colour palette, score entry. State lives in
//! [`state::Game`]; this module maps events to actions, sends the game's solver requests and draws.

mod embed;
mod handover;
mod hints;
mod insight;
mod knowledge;
mod params;
mod state;
mod stats;
mod view;

use crate::widgets::record::{self, RecordView};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::hooks::use_request;
use crate::route::{Query, parse_query};
use crate::solver::JobEvent;
use crate::widgets::fold::Fold;
use crate::widgets::log_chart::{ChartPoint, LogChart};
use crate::widgets::share::Share;
use params::Settings;
use state::{Action, Game, Held, JobAnswer, Phase};

// Keyed by the link: following another link starts that page afresh.
pub(crate) fn game_page(query: &Query) -> Html {
    html! { <MastermindPage key={format!("{query:?}")} query={query.clone()} /> }
}

pub(crate) fn stats_page(query: &Query) -> Html {
    html! { <stats::StatsPage key={format!("{query:?}")} query={query.clone()} /> }
}

pub(crate) fn embed_page(_: &Query) -> Html {
    html! { <embed::EmbedBuilder /> }
}

/// Props of [`MastermindPage`].
#[derive(Properties, PartialEq)]
pub struct PageProps {
    /// The link's query parameters.
    pub query: Query,
}

/// Where the game in progress is kept, so reloading a page whose link does not carry it (an embedded frame
/// reloads its original link) brings it back: the link the page was opened with, and the game's own link.
const SAVED_FROM: &str = "puzzle-lab:mastermind:from";
const SAVED_GAME: &str = "puzzle-lab:mastermind:game";
/// Whether "See the search" was left open in this browser.
const INSIGHT_OPEN: &str = "puzzle-lab:mastermind:see";

/// The collapsed settings' one line: "Settings: 4 pegs, 6 colours, you break the code".
fn settings_summary(s: &Settings) -> String {
    let who = match s.mode {
        params::Mode::Break => "you break the code",
        params::Mode::Make => "the computer breaks yours",
    };
    format!(
        "Settings: {} pegs, {} colours, {who}",
        s.spec.pegs, s.spec.colors
    )
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// A link query written out in a fixed order (names sorted), to compare links.
fn query_text(query: &Query) -> String {
    query
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("&")
}

/// Whether the page is inside a frame (an embed), whose reload goes back to the link it was given.
fn in_frame() -> bool {
    web_sys::window()
        .and_then(|w| w.top().ok().flatten().map(|top| top != w))
        .unwrap_or(false)
}

/// The settings to start with: the link's, or, inside a frame, the game in progress saved for this very link. A
/// top-level page needs no saved game (its address keeps the game), and restoring one there would hand a bare
/// `#/mastermind` in a new tab another tab's game.
fn opening(query: &Query) -> (Settings, Vec<String>, bool) {
    let from = query_text(query);
    let saved = storage().filter(|_| in_frame()).and_then(|s| {
        let saved_from = s.get_item(SAVED_FROM).ok().flatten()?;
        let game = s.get_item(SAVED_GAME).ok().flatten()?;
        (saved_from == from && game != from).then_some(game)
    });
    if let Some(game) = saved {
        let (settings, errors) = Settings::from_query(&parse_query(&game));
        if errors.is_empty() && !settings.played.is_empty() {
            return (settings, Vec::new(), true);
        }
    }
    let (settings, errors) = Settings::from_query(query);
    (settings, errors, false)
}

fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

/// The Mastermind page.
#[component]
pub fn MastermindPage(props: &PageProps) -> Html {
    let (initial, link_errors, restored) = use_memo(props.query.clone(), opening).as_ref().clone();
    let held = use_reducer({
        let initial = initial.clone();
        move || Held(std::rc::Rc::new(Game::new(initial, random_seed())))
    });
    let game: Held = (*held).clone();
    let on_action = {
        let d = held.dispatcher();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    let form = use_state(|| initial.clone());
    // The game's solver request; a newer one cancels it.
    use_request(
        game.request.as_ref().map(|r| (r.seq, r.job.clone())),
        held.dispatcher(),
        |seq, e| {
            Action::Job(
                seq,
                match e {
                    JobEvent::Progress(p, _) => JobAnswer::Progress(p),
                    JobEvent::Done(outcome, stats) => JobAnswer::Done(outcome, stats),
                },
            )
        },
    );

    // Keep the link (and the saved game) in step with the game: reloading or sharing the link reproduces it.
    // Written when the game waits for the person (or is over), and every 25 rows while the computer plays on
    // its own: the link of a 3000-row game is long, and writing it after every guess would cost O(rows^2).
    {
        let from = query_text(&props.query);
        let settled = !matches!(game.phase, state::Phase::Thinking);
        let rows = game.rows.len();
        // The scores, folded (a fixed score changes the link too).
        let scored = game.rows.iter().enumerate().fold(0u64, |h, (i, r)| {
            let f = r
                .score
                .map_or(0, |f| 1 + u64::from(f.black) * 128 + u64::from(f.white));
            h.wrapping_mul(1_000_003).wrapping_add(f * (i as u64 + 1))
        });
        let key = (
            settled || rows.is_multiple_of(25),
            rows,
            scored,
            game.secret.is_some(),
            view::phase_name(&game.phase),
            game.settings.clone(),
        );
        let game = game.clone();
        let address = crate::route::use_address();
        use_effect_with(key, move |(write, ..)| {
            if !*write {
                return;
            }
            let link = game.link_query();
            address.replace(&format!("#/mastermind?{link}"));
            if let Some(s) = storage() {
                let _ = s.set_item(SAVED_FROM, &from);
                let _ = s.set_item(SAVED_GAME, &link);
            }
        });
    }

    // Keyboard play: digits pick colours (1-9, 0 = 10), arrows move, Backspace clears, Enter submits.
    {
        let dispatcher = held.dispatcher();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                let target = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                let tag = target.as_ref().map(|el| el.tag_name());
                // Enter on a focused button or link presses it (keyboard users), it does not submit the guess;
                // except on the palette and the draft's pegs, where Enter still submits the code being composed.
                let composing = target.as_ref().is_some_and(|el| {
                    let c = el.class_list();
                    c.contains("pick") || c.contains("slot")
                });
                let on_control =
                    matches!(tag.as_deref(), Some("BUTTON" | "A" | "SUMMARY")) && !composing;
                let typing = matches!(tag.as_deref(), Some("INPUT" | "SELECT" | "TEXTAREA"));
                // Ctrl+Z and Ctrl+Shift+Z (Cmd on a Mac) as on the peg solitaire page.
                if !typing
                    && (e.ctrl_key() || e.meta_key())
                    && matches!(e.key().as_str(), "z" | "Z")
                {
                    e.prevent_default();
                    dispatcher.dispatch(if e.shift_key() {
                        Action::Redo
                    } else {
                        Action::Undo
                    });
                    return;
                }
                if typing
                    || (on_control && matches!(e.key().as_str(), "Enter" | " "))
                    || e.ctrl_key()
                    || e.meta_key()
                    || e.alt_key()
                {
                    return;
                }
                let action = match e.key().as_str() {
                    k if k.len() == 1 && k.as_bytes()[0].is_ascii_digit() => {
                        // Typing a code takes the focus off a button clicked before (New game, See the search): the
                        // Enter that ends the code then submits it instead of pressing that button again.
                        if on_control
                            && let Some(el) = target
                                .as_ref()
                                .and_then(|t| t.dyn_ref::<web_sys::HtmlElement>())
                        {
                            let _ = el.blur();
                        }
                        let d = k.as_bytes()[0] - b'0';
                        Some(Action::Pick(if d == 0 { 9 } else { d - 1 }))
                    }
                    "Backspace" | "Delete" => Some(Action::Backspace),
                    "ArrowLeft" => Some(Action::Move(-1)),
                    "ArrowRight" => Some(Action::Move(1)),
                    "Enter" => Some(Action::Submit),
                    "u" | "U" => Some(Action::Undo),
                    "r" | "R" => Some(Action::Redo),
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

    // The "restored" banner speaks of the game it restored: a new game (`game.started`) takes it away.
    let on_new_game = {
        let d = held.dispatcher();
        let form = form.clone();
        Callback::from(move |_| {
            let settings = (*form).clone();
            d.dispatch(Action::NewGame(Settings {
                secret: None,
                played: Vec::new(),
                ..settings
            }));
        })
    };
    let on_mode = {
        let d = held.dispatcher();
        Callback::from(move |settings: Settings| {
            d.dispatch(Action::NewGame(Settings {
                secret: None,
                played: Vec::new(),
                ..settings
            }));
        })
    };
    let on_form = {
        let form = form.clone();
        Callback::from(move |s: Settings| form.set(s))
    };

    let split_target = game.split_target();
    // "See the search" starts as the link says (`see=1`), else as this browser left it; closed it costs the game
    // nothing (no traces, no splits, no lanes to draw).
    let insight_open = use_state(|| {
        let asked = props.query.get("see").map(|v| v == "1");
        if let (Some(open), Some(s)) = (asked, storage()) {
            let _ = s.set_item(INSIGHT_OPEN, if open { "1" } else { "0" });
        }
        asked.unwrap_or_else(|| {
            storage()
                .and_then(|s| s.get_item(INSIGHT_OPEN).ok().flatten())
                .is_some_and(|v| v == "1")
        })
    });
    let on_toggle = {
        let insight_open = insight_open.clone();
        Callback::from(move |e: Event| {
            if let Some(d) = e.target_dyn_into::<web_sys::HtmlDetailsElement>() {
                insight_open.set(d.open());
                if let Some(s) = storage() {
                    let _ = s.set_item(INSIGHT_OPEN, if d.open() { "1" } else { "0" });
                }
            }
        })
    };
    let on_inspect = {
        let d = held.dispatcher();
        Callback::from(move |row| d.dispatch(Action::Inspect(row)))
    };
    let board = insight::Workload {
        spec: game.spec.into(),
        history: game.history(),
        what: format!(
            "this board ({}, {} scored rows)",
            game.spec,
            game.history().len()
        ),
    };
    let embed = initial.embed;
    let palette = match form.palette {
        params::Palette::Classic => None,
        params::Palette::Safe => Some("palette-safe"),
    };
    let computer_breaks = game.settings.mode == params::Mode::Make;
    // Your record: each game you break to its end counts once (the finished game's link names it).
    let ended = match game.phase {
        Phase::Won(n) => Some(Some(n as u32)),
        Phase::Lost => Some(None),
        _ => None,
    }
    .filter(|_| game.settings.mode == params::Mode::Break);
    let recorded = record::use_record("mastermind", ended.map(|won| (game.link_query(), won)));
    let narrow = crate::hooks::use_narrow();
    // The game of the settings shown is played by another strategy for good (this tab's memory, or the size): the
    // Strategy box says which. One guess over its time budget is said beside that guess only.
    let playing = game
        .handover
        .as_ref()
        .filter(|h| !matches!(h, protocol::mastermind::HandoverDto::OverBudget))
        .zip(game.played_by.as_deref().and_then(|p| p.parse().ok()))
        .filter(|_| game.settings.strategy == form.strategy && game.settings.spec == form.spec)
        .map(|(why, to): (_, mastermind::Strategy)| {
            (
                to,
                AttrValue::from(handover::line(form.strategy, to.name(), why)),
            )
        });
    html! {
        <section class={classes!("mastermind", palette, embed.then_some("embed"))} data-phase={view::phase_name(&game.phase)}>
            <h1 class="visually-hidden">{ "Mastermind" }</h1>
            if restored && game.started == 0 {
                <div class="banner info restored" role="status">{ "Your game in progress on this link was restored. “New game” starts over." }</div>
            }
            if !link_errors.is_empty() {
                <div class="banner warn" role="alert">
                    <strong>{ "Some link settings were ignored:" }</strong>
                    <ul>{ for link_errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
                </div>
            }
            // In a frame or on a phone the board and the palette come first; the settings are one tap away.
            <Fold folded={embed || narrow} id="game-settings" summary={settings_summary(&form)}>
                <view::SettingsForm settings={(*form).clone()} on_change={on_form.clone()} on_new_game={on_new_game.clone()} on_mode={on_mode.clone()} playing={playing.clone()} />
            </Fold>
            <view::Outcome game={game.clone()} on_action={on_action.clone()} />
            <div class="mm-play">
                // When the computer breaks your code, what you do (enter the secret, score a guess) sits under the
                // board, in line; the board is left out while there is nothing on it.
                <div class="mm-board">
                    if !(game.rows.is_empty() && game.phase == Phase::EnteringSecret) {
                        <view::Board game={game.clone()} on_action={on_action.clone()} palette={form.palette} />
                    }
                    if computer_breaks { <view::Controls game={game.clone()} on_action={on_action.clone()} /> }
                </div>
                <div class="mm-side">
                    if !embed { <view::Rules settings={game.settings.clone()} /> }
                    if !computer_breaks { <view::Controls game={game.clone()} on_action={on_action.clone()} /> }
                    <view::GameStatus game={game.clone()} on_action={on_action.clone()} />
                    <hints::Hints game={game.clone()} on_action={on_action.clone()} />
                    // Nothing to share before there is a game: a secret chosen, or a first guess to score.
                    if game.secret.is_some() || !game.rows.is_empty() { <Share /> }
                    if !embed && !computer_breaks { <RecordView game="mastermind" unit="guesses" counted={recorded.clone()} /> }
                </div>
            </div>
            // Too big to list its codes: what the scores tell is drawn instead (not in a frame: it needs the width).
            if !embed && mastermind::strategy::too_big_to_search(&game.spec) {
                <knowledge::KnowledgePanel game={game.clone()} />
            }
            <details class="insight" open={*insight_open} ontoggle={on_toggle}>
                <summary>{ "See the search" }</summary>
                // Drawn (and its splits asked for) only while open: closed, it costs the game nothing.
                if *insight_open {
                    <LogChart values={game.counts().into_iter().map(|c| c.map(|c| ChartPoint { value: c.value, exact: c.exact })).collect::<Vec<_>>()}
                        caption="Codes still possible after each guess (log scale)" what="Codes still possible" step="guess"
                        x_axis="guesses" y_axis="codes" />
                    <hints::SplitPanel spec={game.spec} target={split_target.clone()} known={split_target.as_ref().and_then(|t| t.known.clone())} strategy={game.settings.strategy}
                        idle={game.request.as_ref().is_none_or(|r| r.background)}
                        rows={game.rows.len()} inspect={game.inspect} on_inspect={on_inspect} />
                    <insight::SearchPanel board={board} />
                }
            </details>
        </section>
    }
}
