//! Drawing the Mastermind page: settings, board rows with pegs and feedback, the palette, score entry and the
//! game's own status. Components get the state and a dispatcher; they own no game state.

use mastermind::{Feedback, Strategy};
use protocol::group_digits;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::params::{COLORS, PEGS, ROW_CHOICES, Settings};
use super::state::{Action, Game, Mode, Phase, Scoring};

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
fn peg(color: Option<u8>, class: &'static str) -> Html {
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
fn keys(fb: Option<Feedback>, pegs: u8) -> Html {
    let Some(fb) = fb else {
        return html! { <span class="keys pending" aria-label="not scored yet">{ "?" }</span> };
    };
    let label = format!("{} black, {} white", fb.black, fb.white);
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
    html! {
        <span class="keys" role="img" aria-label={label} data-black={fb.black.to_string()} data-white={fb.white.to_string()}>
            <span class="dots" style={cols}>{ for dots }</span>
            <span class="nums">{ format!("{}●{}○", fb.black, fb.white) }</span>
        </span>
    }
}

/// Props of [`SettingsForm`].
#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    /// The settings being edited.
    pub settings: Settings,
    /// A setting changed.
    pub on_change: Callback<Settings>,
    /// Start a game with them.
    pub on_new_game: Callback<()>,
    /// The label of the button that starts it.
    #[prop_or(AttrValue::from("New game"))]
    pub submit_label: AttrValue,
}

fn select<T: Copy + PartialEq + 'static>(
    label: &'static str,
    id: &'static str,
    options: Vec<(String, T)>,
    value: T,
    on: Callback<T>,
) -> Html {
    let values: Vec<T> = options.iter().map(|(_, v)| *v).collect();
    let onchange = Callback::from(move |e: Event| {
        if let Some(i) = e
            .target_dyn_into::<HtmlSelectElement>()
            .and_then(|s| usize::try_from(s.selected_index()).ok())
            && let Some(v) = values.get(i)
        {
            on.emit(*v);
        }
    });
    html! {
        <label class="field" for={id}>
            <span>{ label }</span>
            <select {id} {onchange}>
                { for options.into_iter().map(|(name, v)| html! { <option selected={v == value}>{ name }</option> }) }
            </select>
        </label>
    }
}

/// The settings of the next game.
#[component]
pub fn SettingsForm(props: &SettingsProps) -> Html {
    let s = props.settings.clone();
    let set = |f: fn(&mut Settings, u32)| {
        let (s, on) = (s.clone(), props.on_change.clone());
        Callback::from(move |v: u32| {
            let mut next = s.clone();
            f(&mut next, v);
            on.emit(next);
        })
    };
    let range = |(lo, hi): (u32, u32)| (lo..=hi).map(|n| (n.to_string(), n)).collect::<Vec<_>>();
    let set_spec =
        |pegs: Option<u32>, colors: Option<u32>, repeats: Option<bool>, s: &mut Settings| {
            let p = pegs.unwrap_or(u32::from(s.spec.pegs));
            let c = colors.unwrap_or(u32::from(s.spec.colors));
            let r = repeats.unwrap_or(s.spec.repeats);
            // Without repeats, pegs may not exceed colours: raise the colours to fit rather than refuse.
            let c = if r { c } else { c.max(p) };
            if let Ok(spec) = mastermind::Spec::new(p, c, r) {
                s.spec = spec;
            }
        };
    let on_repeats = {
        let (s, on) = (s.clone(), props.on_change.clone());
        Callback::from(move |e: Event| {
            let checked = e
                .target_dyn_into::<HtmlInputElement>()
                .is_some_and(|i| i.checked());
            let mut next = s.clone();
            set_spec(None, None, Some(checked), &mut next);
            on.emit(next);
        })
    };
    let mode_button = |mode: Mode, label: &'static str| {
        let pressed = (s.mode == mode).to_string();
        let (s, on) = (s.clone(), props.on_change.clone());
        let onclick = Callback::from(move |_| on.emit(Settings { mode, ..s.clone() }));
        html! { <button type="button" class="seg" aria-pressed={pressed} {onclick}>{ label }</button> }
    };
    let scoring_button = |scoring: Scoring, label: &'static str| {
        let pressed = (s.scoring == scoring).to_string();
        let (s, on) = (s.clone(), props.on_change.clone());
        let onclick = Callback::from(move |_| {
            on.emit(Settings {
                scoring,
                ..s.clone()
            })
        });
        html! { <button type="button" class="seg" aria-pressed={pressed} {onclick}>{ label }</button> }
    };
    let strategies: Vec<(String, Strategy)> = Strategy::ALL
        .iter()
        .map(|st| (st.name().to_string(), *st))
        .collect();
    let on_strategy = {
        let (s, on) = (s.clone(), props.on_change.clone());
        Callback::from(move |strategy: Strategy| {
            on.emit(Settings {
                strategy,
                ..s.clone()
            })
        })
    };
    let on_step = {
        let (s, on) = (s.clone(), props.on_change.clone());
        Callback::from(move |e: Event| {
            let step = e
                .target_dyn_into::<HtmlInputElement>()
                .is_some_and(|i| i.checked());
            on.emit(Settings { step, ..s.clone() });
        })
    };
    let new_game = props.on_new_game.reform(|_: MouseEvent| ());
    html! {
        <form class="settings card" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <div class="segmented" role="group" aria-label="Who breaks the code">
                { mode_button(Mode::Break, "You break the code") }
                { mode_button(Mode::Make, "The computer breaks yours") }
            </div>
            <div class="fields">
                { select("Pegs", "pegs", range(PEGS), u32::from(s.spec.pegs), set(|s, v| {
                    let (c, r) = (u32::from(s.spec.colors), s.spec.repeats);
                    let c = if r { c } else { c.max(v) };
                    if let Ok(spec) = mastermind::Spec::new(v, c, r) { s.spec = spec; }
                })) }
                { select("Colours", "colors", range(COLORS), u32::from(s.spec.colors), set(|s, v| {
                    let (p, r) = (u32::from(s.spec.pegs), s.spec.repeats);
                    let p = if r { p } else { p.min(v) };
                    if let Ok(spec) = mastermind::Spec::new(p, v, r) { s.spec = spec; }
                })) }
                <label class="field check" for="repeats">
                    <input type="checkbox" id="repeats" checked={s.spec.repeats} onchange={on_repeats} />
                    <span>{ "Colours may repeat" }</span>
                </label>
                if s.mode == Mode::Break {
                    { select("Rows", "rows", row_choices(s.rows), s.rows, set(|s, v| s.rows = v)) }
                    { select("Strategy (for hints)", "strategy", strategies, s.strategy, on_strategy) }
                } else {
                    { select("Strategy", "strategy", strategies, s.strategy, on_strategy) }
                    <label class="field check" for="step-mode">
                        <input type="checkbox" id="step-mode" checked={s.step} onchange={on_step} />
                        <span>{ "Step by step" }</span>
                    </label>
                }
            </div>
            if s.mode == Mode::Make {
                <div class="segmented" role="group" aria-label="How guesses are scored">
                    { scoring_button(Scoring::Auto, "I enter my secret") }
                    { scoring_button(Scoring::Manual, "I keep it in my head and score") }
                </div>
                <p class="hint">{ s.strategy.describe() }</p>
            }
            <button type="button" class="primary" id="new-game" onclick={new_game}>{ props.submit_label.clone() }</button>
        </form>
    }
}

/// The code being composed, one button per peg; the cursor's peg is outlined and a click moves the cursor.
fn draft_slots(g: &Game, dispatch: &UseReducerDispatcher<Game>) -> Html {
    let slots = g.draft.iter().enumerate().map(|(i, &c)| {
        let d = dispatch.clone();
        let onclick = Callback::from(move |_| d.dispatch(Action::Focus(i)));
        let class = classes!("slot", (i == g.cursor).then_some("cursor"));
        html! { <button type="button" {class} aria-label={format!("peg {}", i + 1)} {onclick}>{ peg(c, "") }</button> }
    });
    html! { <span class="code">{ for slots }</span> }
}

/// The row limits the menu lists, with `current` among them if a link asked for another.
fn row_choices(current: u32) -> Vec<(String, u32)> {
    let mut rows: Vec<u32> = ROW_CHOICES.to_vec();
    if !rows.contains(&current) {
        rows.push(current);
        rows.sort_unstable();
    }
    rows.into_iter().map(|n| (n.to_string(), n)).collect()
}

/// Empty rows drawn below the board: enough to show what is left, never thousands.
const FREE_ROWS_SHOWN: usize = 12;

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
    /// Where actions go.
    pub dispatch: UseReducerDispatcher<Game>,
}

/// One played row: number, pegs, score, and the pencil that fixes a hand-entered score.
#[component]
pub fn PlayedRow(props: &PlayedRowProps) -> Html {
    let i = props.index;
    let edit = (props.fixable && props.score.is_some()).then(|| {
        let d = props.dispatch.clone();
        let onclick = Callback::from(move |_| d.dispatch(Action::Edit(i)));
        html! { <button type="button" class="fix" aria-label={format!("fix the score of row {}", i + 1)} {onclick}>{ "✎" }</button> }
    });
    let class = classes!(
        "row",
        props.contradicts.then_some("contradicts"),
        props.editing.then_some("editing"),
        props.score.is_none().then_some("latest")
    );
    let (enter, leave) = {
        let (d, e) = (props.dispatch.clone(), props.dispatch.clone());
        (
            Callback::from(move |_: MouseEvent| d.dispatch(Action::Inspect(Some(i)))),
            Callback::from(move |_: MouseEvent| e.dispatch(Action::Inspect(None))),
        )
    };
    html! {
        <li {class} data-row={(i + 1).to_string()} onmouseenter={enter} onmouseleave={leave}>
            <span class="n">{ i + 1 }</span>
            <span class="code">{ for props.guess.iter().map(|&c| peg(Some(c), "")) }</span>
            { keys(props.score, props.pegs) }
            { for edit }
            if let Some(why) = &props.why { <span class="why">{ format!("Why: {why}.") }</span> }
        </li>
    }
}

/// Props of the components that draw the game.
#[derive(Properties, PartialEq)]
pub struct GameProps {
    /// The game.
    pub game: UseReducerHandle<Game>,
    /// Where actions go.
    pub dispatch: UseReducerDispatcher<Game>,
}

/// The board: played rows, the row being composed, and the rows still free.
#[component]
pub fn Board(props: &GameProps) -> Html {
    let g = &*props.game;
    let pegs = g.spec.pegs;
    // Keep the newest row in view when the board scrolls (long games, small screens): scroll the board itself,
    // only as far as needed (scrolling the page too would repaint all of it on every guess of a long game).
    let board = use_node_ref();
    {
        let board = board.clone();
        use_effect_with(g.rows.len(), move |_| {
            let Some(b) = board.cast::<web_sys::Element>() else {
                return;
            };
            let newest = b
                .query_selector("li.row.draft, li.row:not(.free):last-of-type")
                .ok()
                .flatten();
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
    }
    let manual = g.settings.mode == Mode::Make && g.settings.scoring == Scoring::Manual;
    let bad_row = match g.phase {
        Phase::Contradiction(r) => Some(r),
        _ => None,
    };
    // One component per played row: a new guess re-renders one row, not every peg of a 3000-row game. Every
    // child of the list has a key: Yew matches a partly keyed list by position from its end, so one unkeyed
    // child would make every row be destroyed and drawn again each time a row is added.
    let rows = g.rows.iter().enumerate().map(|(i, row)| {
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
                why={row.why.clone().filter(|_| g.settings.step || i + 1 == g.rows.len())}
                dispatch={props.dispatch.clone()}
            />
        }
    });
    let composing = g.phase == Phase::Guessing;
    let draft = composing.then(|| {
        let slots = draft_slots(g, &props.dispatch);
        html! {
            <li key="draft" class="row draft" data-row={(g.rows.len() + 1).to_string()}>
                <span class="n">{ g.rows.len() + 1 }</span>
                { slots }
                <span class="keys pending"></span>
            </li>
        }
    });
    let free = if g.settings.mode == Mode::Break && !g.over() {
        (g.settings.rows as usize).saturating_sub(g.rows.len() + usize::from(composing))
    } else {
        0
    };
    let hidden_free = free.saturating_sub(FREE_ROWS_SHOWN);
    let empty_rows = (0..free - hidden_free).map(|k| {
        let n = g.rows.len() + usize::from(composing) + k + 1;
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
        <div class={classes!("board", "card", (pegs > 24).then_some("long"))} ref={board} style={format!("--pegs:{pegs}")}>
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

/// The palette, the secret entry, and score entry for the computer's guesses.
#[component]
pub fn Controls(props: &GameProps) -> Html {
    let g = &*props.game;
    let d = &props.dispatch;
    let act = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(a.clone()))
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
                    <button type="button" class="primary" id="submit" disabled={!full} onclick={act(Action::Submit)}>
                        { if entering { "Start: let the computer guess" } else { "Guess" } }
                    </button>
                </div>
                <p class="keys-help">{ "Keys: 1–9 and 0 pick colours 1–10 (click for more), ← → move, Backspace clears, Enter submits." }</p>
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

/// What just happened: thinking (with progress and cancel), won, lost, a contradiction, a failure.
#[component]
pub fn Outcome(props: &GameProps) -> Html {
    let g = &*props.game;
    let on_cancel = {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Cancel))
    };
    let computer = g.settings.mode == Mode::Make;
    match &g.phase {
        Phase::Thinking => {
            let (done, total) = g.progress.unwrap_or((0, 0));
            let counting = matches!(
                g.request.as_ref().map(|r| &r.job),
                Some(protocol::Job::Mastermind(
                    protocol::MastermindJob::Count { .. }
                ))
            );
            let what = if counting {
                "Counting every code still possible…"
            } else if g.secret.is_none() && !computer {
                "Choosing a secret…"
            } else {
                "The solver is searching…"
            };
            html! {
                <div class="banner thinking" role="status">
                    <span>{ what }</span>
                    if total > 0 { <progress max={total.to_string()} value={done.to_string()}></progress> }
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
            html! { <div class="banner win" role="alert" id="result">{ text }</div> }
        }
        Phase::Lost => {
            html! { <div class="banner lose" role="alert" id="result">{ "Out of rows. The secret is shown above." }</div> }
        }
        Phase::Contradiction(row) => html! {
            <div class="banner bad" role="alert" id="contradiction">
                { format!("Your scores contradict each other: no code fits rows 1 to {}. Row {} is the first that cannot be true together with the rows above it. Fix a score with ✎ to continue.", row + 1, row + 1) }
            </div>
        },
        Phase::Failed(message) => {
            html! { <div class="banner bad" role="alert">{ message.clone() }</div> }
        }
        Phase::Paused => {
            let d = props.dispatch.clone();
            let next = Callback::from(move |_: MouseEvent| d.dispatch(Action::Step));
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

/// The game's own status: codes still possible and the strategy's remark (the footer has the threads and what
/// the last search cost).
#[component]
pub fn GameStatus(props: &GameProps) -> Html {
    let g = &*props.game;
    let remaining = g.remaining.as_ref().map(|c| {
        let n = group_digits(&c.value);
        let text = match (c.exact, c.value.as_str()) {
            (true, "1") => "1 code still possible".to_string(),
            (true, _) => format!("{n} codes still possible"),
            (false, "1") => "at least 1 code still possible".to_string(),
            (false, _) => format!("at least {n} codes still possible"),
        };
        html! { <span class="remaining" data-value={c.value.clone()} data-exact={c.exact.to_string()}>{ text }</span> }
    });
    let by = g
        .played_by
        .as_ref()
        .map(|s| html! { <span class="by">{ format!("guesses by {s}") }</span> });
    let note = g
        .note
        .as_ref()
        .map(|n| html! { <span class="note">{ n.clone() }</span> });
    // A count that is only a bound can be finished on request: the full parallel search, with progress.
    let count_all = (g.phase == Phase::Guessing && g.remaining.as_ref().is_some_and(|c| !c.exact)).then(|| {
        let d = props.dispatch.clone();
        let onclick = Callback::from(move |_| d.dispatch(Action::CountAll));
        let title = "Runs the full parallel count over every prefix range; at the largest sizes it takes a while (watch the ranges, or cancel)";
        html! { <button type="button" class="secondary small" id="count-all" {title} {onclick}>{ "Count them all (may take a while)" }</button> }
    });
    html! { <div class="game-status" aria-live="polite">{ for remaining }{ for count_all }{ for by }{ for note }</div> }
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

/// Share this game: its link (the page keeps the address in step with the game), copied on request.
#[component]
pub fn Share() -> Html {
    let copied = use_state(|| None::<bool>);
    let link = use_state(String::new);
    let onclick = {
        let (copied, link) = (copied.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let href = w.location().href().unwrap_or_default();
            link.set(href.clone());
            let copied = copied.clone();
            let promise = w.navigator().clipboard().write_text(&href);
            wasm_bindgen_futures::spawn_local(async move {
                let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
                copied.set(Some(ok));
            });
        })
    };
    html! {
        <div class="share">
            <button type="button" class="secondary small" id="share" {onclick}>{ "Share this game" }</button>
            if !link.is_empty() {
                <input class="share-link" id="share-link" readonly=true value={(*link).clone()} aria-label="link to this game" />
                <span class="muted" role="status">{ match *copied {
                    Some(true) => "Link copied.",
                    Some(false) => "Copy the link above (the browser did not allow copying).",
                    None => "",
                } }</span>
            }
        </div>
    }
}
