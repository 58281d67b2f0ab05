//! The settings of the next game: size, repeats, rows, who breaks the code, scoring, strategy, palette.

use mastermind::Strategy;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::WaitNote;
use crate::mastermind::handover;
use crate::mastermind::params::{
    COLORS, Mode, PALETTES, PEGS, Palette, ROW_CHOICES, Scoring, Settings,
};
use crate::widgets::memory;

/// Props of [`SettingsForm`].
#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    /// The settings being edited.
    pub settings: Settings,
    /// A setting changed.
    pub on_change: Callback<Settings>,
    /// Start a game with them.
    pub on_new_game: Callback<()>,
    /// Choosing who breaks the code starts a game with the new settings at once, when given (the two choices look
    /// like tabs, and a tab that changes nothing until "New game" is pressed misleads); else it is one more setting.
    #[prop_or_default]
    pub on_mode: Option<Callback<Settings>>,
    /// Whether to offer the palette here (the embed builder has its own).
    #[prop_or(true)]
    pub palette: bool,
    /// The strategy playing the current game of these settings instead of the one chosen, and the line that says
    /// why (this tab's memory decided it); a handover for the size alone is worked out here, before any game.
    #[prop_or_default]
    pub playing: Option<(Strategy, AttrValue)>,
    /// The label of the button that starts it.
    #[prop_or(AttrValue::from("New game"))]
    pub submit_label: AttrValue,
}

/// A labelled `<select>` of `options`, `value` chosen; `on` gets the value picked.
pub(super) fn select<T: Copy + PartialEq + 'static>(
    label: &'static str,
    id: &'static str,
    options: Vec<(String, T)>,
    value: T,
    on: Callback<T>,
) -> Html {
    let values: Vec<T> = options.iter().map(|(_, v)| *v).collect();
    let onchange = Callback::from(move |e: Event| {
        if let Some(i) = crate::widgets::field::selected_index(&e)
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
    // A size the rules refuse (more pegs than colours without repeats, past 20 colours) is said, not ignored.
    let notice = use_state(|| None::<String>);
    let set_spec = |pegs: Option<u32>,
                    colors: Option<u32>,
                    repeats: Option<bool>,
                    s: &mut Settings| {
        let p = pegs.unwrap_or(u32::from(s.spec.pegs));
        let c = colors.unwrap_or(u32::from(s.spec.colors));
        let r = repeats.unwrap_or(s.spec.repeats);
        let most = COLORS.1;
        // Without repeats, pegs may not exceed colours: raise the colours (or lower the pegs) to fit; more pegs than
        // there can be colours turn repeats on, and say so; unticking repeats where it cannot be is refused, and said.
        let (p, c, r, note) = match (r, pegs.is_some(), colors.is_some()) {
            (true, _, _) => (p, c, r, None),
            (false, _, true) => (p.min(c), c, r, None),
            (false, true, _) if p > most => (
                p,
                c,
                true,
                Some(format!(
                    "Repeats are on: without them {p} pegs would need {p} different colours, and there are at most {most}."
                )),
            ),
            (false, _, _) => (p, c.max(p), r, None),
        };
        mastermind::Spec::new(p, c, r)
            .map(|spec| {
                s.spec = spec;
                note
            })
            .map_err(|_| {
                format!(
                    "Colours must repeat here: without repeats every peg needs its own colour, so {p} pegs would need \
                     {p} colours, and there are at most {most}. Choose {most} pegs or fewer first."
                )
            })
    };
    let change_spec = {
        let (s, on, notice) = (s.clone(), props.on_change.clone(), notice.clone());
        move |pegs: Option<u32>, colors: Option<u32>, repeats: Option<bool>| {
            let mut next = s.clone();
            match set_spec(pegs, colors, repeats, &mut next) {
                Ok(note) => {
                    notice.set(note);
                    on.emit(next);
                }
                Err(m) => notice.set(Some(m)),
            }
        }
    };
    let on_repeats = {
        let change = change_spec.clone();
        let repeats = s.spec.repeats;
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
                return;
            };
            change(None, None, Some(input.checked()));
            // If refused, the box shows what is still in force.
            input.set_checked(repeats);
        })
    };
    let on_pegs = {
        let change = change_spec.clone();
        Callback::from(move |v: u32| change(Some(v), None, None))
    };
    let on_colors = {
        let change = change_spec.clone();
        Callback::from(move |v: u32| change(None, Some(v), None))
    };
    let mode_button = |mode: Mode, label: &'static str| {
        let pressed = (s.mode == mode).to_string();
        let (s, on) = (s.clone(), props.on_change.clone());
        let start = props.on_mode.clone();
        let onclick = Callback::from(move |_| {
            let next = Settings { mode, ..s.clone() };
            on.emit(next.clone());
            if let Some(start) = &start {
                start.emit(next);
            }
        });
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
            let step = crate::widgets::field::checked(&e);
            on.emit(Settings { step, ..s.clone() });
        })
    };
    let on_palette = {
        let (s, on) = (s.clone(), props.on_change.clone());
        Callback::from(move |e: Event| {
            let v = crate::widgets::field::value(&e);
            if let Some((_, palette)) = PALETTES.iter().find(|(n, _)| *n == v) {
                on.emit(Settings {
                    palette: *palette,
                    ..s.clone()
                });
            }
        })
    };
    let new_game = props.on_new_game.reform(|_: MouseEvent| ());
    // What plays, where it is not the strategy chosen: the Strategy box says so under its menu.
    let handed = props.playing.clone().or_else(|| {
        handover::before_game(s.strategy, &s.spec).map(|(to, line)| (to, AttrValue::from(line)))
    });
    let plays = handed.as_ref().map_or(s.strategy, |(to, _)| *to);
    let handed = handed
        .map(|(_, line)| html! { <p class="hint handover" id="strategy-handover">{ line }</p> });
    html! {
        <form class="settings card" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <div class="segmented" role="group" aria-label="Who breaks the code">
                { mode_button(Mode::Break, "You break the code") }
                { mode_button(Mode::Make, "The computer breaks yours") }
            </div>
            <div class="fields">
                { select("Pegs", "pegs", range(PEGS), u32::from(s.spec.pegs), on_pegs) }
                { select("Colours", "colors", range(COLORS), u32::from(s.spec.colors), on_colors) }
                if props.palette {
                    <label class="field" for="palette"><span>{ "Palette" }</span>
                        <select id="palette" onchange={on_palette}>
                            <option value="classic" selected={s.palette == Palette::Classic}>{ "classic" }</option>
                            <option value="safe" selected={s.palette == Palette::Safe}>{ "colour-blind safe" }</option>
                        </select>
                    </label>
                }
                <label class="field check" for="repeats">
                    <input type="checkbox" id="repeats" checked={s.spec.repeats} onchange={on_repeats} />
                    <span>{ "Colours may repeat" }</span>
                </label>
                if let Some(m) = (*notice).clone() { <p class="error" role="alert" id="settings-notice">{ m }</p> }
                if s.mode == Mode::Break {
                    { select("Rows", "rows", row_choices(s.rows), s.rows, set(|s, v| s.rows = v)) }
                    { select("Strategy (for hints)", "strategy", strategies, s.strategy, on_strategy.clone()) }
                    { handed.clone().unwrap_or_default() }
                } else {
                    { select("Strategy", "strategy", strategies, s.strategy, on_strategy.clone()) }
                    { handed.unwrap_or_default() }
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
                <p class="hint">{ format!("{plays} {}", plays.describe()) }</p>
                if let Some(m) = listing_memory(plays, &s.spec) {
                    <p class="hint memory-note" id="memory-note" data-live="true">{ format!("{plays} lists every code first: about {m}. Where this tab cannot give that much, random-consistent plays instead, and the page says so.") }</p>
                }
                <WaitNote settings={s.clone()} {plays} on_strategy={on_strategy.clone()} />
            }
            <button type="button" class="primary" id="new-game" onclick={new_game}>{ props.submit_label.clone() }</button>
        </form>
    }
}

/// What listing every code asks of the device's memory, where `plays` lists them and that is worth saying.
fn listing_memory(plays: Strategy, spec: &mastermind::Spec) -> Option<String> {
    let lists = plays.lists_codes();
    let bytes = mastermind::strategy::listing_bytes(spec).filter(|_| lists)?;
    memory::needs(u64::try_from(bytes).ok()?, memory::device_gb())
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
