//! The game page: settings, your hand, the move panel, the log and the notebook.

use cluedo::{CardKind, Kind, Phase, Turn};
use protocol::cluedo::{ActionDto, AskDto, NotebookDto};
use protocol::group_digits;
use yew::prelude::*;

use super::hand_view::Hand;
use super::names::{card_name, seat_name, short_seat};
use super::notebook_view::{Notebook, notebook_table};
use super::state::{Action, Setup, Table, YOU};
use crate::hooks::use_request;
use crate::solver::JobEvent;
use crate::timeout::Timeout;

/// Props of [`TablePage`].
#[derive(Properties, PartialEq)]
pub struct TableProps {
    /// The game the link asked for.
    pub setup: Setup,
    /// What in the link was ignored, and why.
    pub errors: Vec<String>,
    /// Inside another page's frame.
    pub embed: bool,
}

fn cards_text(cards: [u8; 3]) -> String {
    cards.map(card_name).join(", ")
}

fn set_hash(query: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&format!("/cluedo?{query}"));
    }
}

fn link(setup: &Setup) -> String {
    let players: Vec<&str> = setup.computers.iter().map(|k| k.name()).collect();
    let pace = if setup.pace_ms == 0 {
        "step".to_string()
    } else {
        setup.pace_ms.to_string()
    };
    format!(
        "players={}&seed={}&pace={pace}",
        players.join(","),
        setup.seed
    )
}

/// The Cluedo game page.
#[component]
pub fn TablePage(props: &TableProps) -> Html {
    let table = use_reducer({
        let setup = props.setup.clone();
        move || Table::new(&setup)
    });
    use_request(
        table.request.as_ref().map(|r| (r.seq, r.job.clone())),
        table.dispatcher(),
        |seq, e| match e {
            JobEvent::Progress(..) => Action::Go,
            JobEvent::Done(outcome, stats) => Action::Done(seq, outcome, stats.millis),
        },
    );
    // A computer to move moves after the pace (or when "Next move" is pressed).
    let timer = use_mut_ref(|| None::<Timeout>);
    {
        let d = table.dispatcher();
        let waiting = table.computer_waiting();
        let pace = table.setup.pace_ms;
        let key = (
            table.game.played().len(),
            format!("{:?}", table.game.phase()),
            waiting,
        );
        use_effect_with(key, move |_| {
            *timer.borrow_mut() = (waiting && pace > 0)
                .then(|| Timeout::new(pace as i32, move || d.dispatch(Action::Go)))
                .flatten();
        });
    }
    let t = &*table;
    let d = table.dispatcher();
    let errors = props
        .errors
        .iter()
        .map(|e| html! { <p class="error">{ e }</p> });
    let phase = match t.mover() {
        None => "over",
        Some((YOU, AskDto::Turn)) => "your-turn",
        Some((YOU, AskDto::AfterSuggestion)) => "after-suggestion",
        Some((YOU, AskDto::Show { .. })) => "show",
        Some(_) => "computer",
    };
    let busy = t.request.is_some();
    html! {
        <section class={classes!("cluedo", props.embed.then_some("embedded"))} aria-label="Cluedo"
            data-phase={phase} data-busy={busy.to_string()} data-turns={t.game.played().len().to_string()} data-notebook-turns={t.notebook_at.0.to_string()} data-version={t.version().to_string()}>
            if !props.embed { <h1>{ "Cluedo" }</h1> }
            <p class="lede">{ "Find the suspect, weapon and room in the envelope before the computers do. As in the 2012 student project this page grew from, there is no board and no movement: any room may be suggested at any turn. A suggestion is refuted by the first player to the suggester's left who holds one of its cards; only the suggester sees the card shown. A wrong accusation puts a player out (it still refutes)." }</p>
            { for errors }
            <Settings setup={t.setup.clone()} />
            <Hand cards={t.game.view(YOU).hand().iter().collect::<Vec<_>>()} sizes={t.game.view(YOU).hand_sizes().to_vec()} />
            <MovePanel table={table.clone()} />
            if let Some(e) = &t.error { <p class="error" role="alert">{ e }</p> }
            <div class="cluedo-columns">
                <Notebook table={table.clone()} on_why={Callback::from(move |c| d.dispatch(Action::Why(c)))} />
                <Log table={table.clone()} />
            </div>
            if matches!(t.game.phase(), Phase::Over { .. }) { <Revealed table={table.clone()} /> }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct SettingsProps {
    setup: Setup,
}

#[component]
fn Settings(props: &SettingsProps) -> Html {
    let s = &props.setup;
    let change = |f: fn(&mut Setup, String)| {
        let s = s.clone();
        Callback::from(move |e: Event| {
            let value = crate::widgets::field::value(&e);
            let mut next = s.clone();
            f(&mut next, value);
            set_hash(&link(&next));
        })
    };
    let count = change(|s, v| {
        let n = v.parse().unwrap_or(2).clamp(2, 5);
        s.computers.resize(n, Kind::Deduction);
    });
    let pace = change(|s, v| s.pace_ms = v.parse().unwrap_or(900));
    let seats = s.computers.iter().enumerate().map(|(i, k)| {
        let on = {
            let s = s.clone();
            Callback::from(move |e: Event| {
                let mut next = s.clone();
                next.computers[i] =
                    Kind::parse(&crate::widgets::field::value(&e)).unwrap_or(Kind::Deduction);
                set_hash(&link(&next));
            })
        };
        html! {
            <label>{ format!("Computer {}", i + 1) }
                <select onchange={on} aria-label={format!("Computer {} plays", i + 1)}>
                    { for Kind::ALL.iter().filter(|k| **k != Kind::Mix).map(|kk| html! {
                        <option value={kk.name()} selected={kk == k}>{ kk.name() }</option> }) }
                </select>
            </label>
        }
    });
    let again = {
        let s = s.clone();
        Callback::from(move |_| {
            let mut next = s.clone();
            next.seed = js_sys::Date::now() as u64 ^ (js_sys::Math::random() * 1e9) as u64;
            set_hash(&link(&next));
        })
    };
    html! {
        <details class="cluedo-settings">
            <summary>{ format!("Players and pace: you against {} · {}", s.computers.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "), pace_name(s.pace_ms)) }</summary>
            <div class="row">
                <label>{ "Computer players" }
                    <select onchange={count} aria-label="How many computer players">
                        { for (2..=5).map(|n| html! { <option value={n.to_string()} selected={s.computers.len() == n}>{ n }</option> }) }
                    </select>
                </label>
                { for seats }
                <label>{ "Pace" }
                    <select onchange={pace} aria-label="Pace of the computers' moves">
                        { for pace_options(s.pace_ms).into_iter().map(|(ms, name)| html! {
                            <option value={ms.to_string()} selected={s.pace_ms == ms}>{ name }</option> }) }
                    </select>
                </label>
                <button onclick={again}>{ "New deal" }</button>
            </div>
            <p class="hint">{ "random: suggests cards it has not seen, at random (the 2012 report's default player); listening: prefers cards named least often; deduction: counts every deal consistent with what it saw, accuses only when certain. " }
                <a href={crate::route::href(&format!("#/cluedo?{}", link(s)))}>{ format!("Link to this deal (seed {})", s.seed) }</a></p>
        </details>
    }
}

/// The pace menu: the usual four, and the link's own pace when it is another.
fn pace_options(current: u32) -> Vec<(u32, String)> {
    let mut v: Vec<(u32, String)> = [0, 2000, 900, 150]
        .into_iter()
        .map(|ms| (ms, pace_name(ms)))
        .collect();
    if !v.iter().any(|(ms, _)| *ms == current) {
        v.push((current, pace_name(current)));
    }
    v
}

fn pace_name(ms: u32) -> String {
    match ms {
        0 => "step by step".into(),
        2000 => "slow".into(),
        900 => "normal pace".into(),
        150 => "fast".into(),
        ms => format!("{ms} ms a move"),
    }
}

#[derive(Properties, PartialEq)]
struct TableRef {
    table: UseReducerHandle<Table>,
}

#[component]
fn MovePanel(props: &TableRef) -> Html {
    let table = &props.table;
    let t = &**table;
    let picked = use_state(|| [0u8, 6, 12]);
    // A hint fills the form.
    {
        let picked = picked.clone();
        use_effect_with(t.hint, move |h| {
            if let Some(ActionDto::Suggest { cards } | ActionDto::Accuse { cards }) = h {
                picked.set(*cards);
            }
        });
    }
    let d = table.dispatcher();
    let select = |kind: CardKind, i: usize| {
        let now = picked[i];
        let picked = picked.clone();
        let on = Callback::from(move |e: Event| {
            let mut p = *picked;
            p[i] = crate::widgets::field::value(&e).parse().unwrap_or(p[i]);
            picked.set(p);
        });
        html! {
            <select onchange={on} aria-label={kind.name()}>
                { for kind.cards().iter().map(|c| html! {
                    <option value={c.index().to_string()} selected={now as usize == c.index()}>{ c.name() }</option> }) }
            </select>
        }
    };
    let last = t.game.view(YOU).turns().last().copied();
    let mover = t.mover();
    let body = match (t.game.phase(), mover) {
        (Phase::Over { winner }, _) => {
            let env = t.game.deal().envelope;
            let who = match winner {
                Some(YOU) => "You win!".to_string(),
                Some(s) => format!("{} wins.", seat_name(t, s)),
                None => "Nobody wins: every player accused wrongly.".into(),
            };
            html! { <p class="cluedo-over" role="status"><strong>{ who }</strong>{ format!(" The envelope held {env}. Round {}.", t.game.round()) }</p> }
        }
        (_, Some((YOU, AskDto::Show { by, options }))) => {
            let asked = t
                .game
                .pending_suggestion()
                .map(|x| x.to_string())
                .unwrap_or_default();
            html! {
                <div class="cluedo-move" role="group" aria-label="Choose a card to show">
                    <p>{ format!("{} suggests {asked}. You hold more than one: choose the card to show.", seat_name(t, by as usize)) }</p>
                    { for options.iter().map(|&c| { let d = d.clone(); html! {
                        <button onclick={Callback::from(move |_| d.dispatch(Action::Show(c)))}>{ format!("Show {}", card_name(c)) }</button> } }) }
                </div>
            }
        }
        (_, Some((YOU, ask))) => {
            let after = ask == AskDto::AfterSuggestion;
            let result = match (after, last) {
                (true, Some(Turn::Suggest { shown_by: Some(r), card: Some(c), .. })) => {
                    format!("{} showed you {}.", seat_name(t, r), c.name())
                }
                (true, Some(Turn::Suggest { shown_by: None, .. })) => {
                    "Nobody could refute it: what you do not hold of these three is in the envelope.".into()
                }
                _ => String::new(),
            };
            let p = *picked;
            let (d1, d2, d3, d4) = (d.clone(), d.clone(), d.clone(), d.clone());
            html! {
                <div class="cluedo-move" role="group" aria-label="Your move">
                    <p>{ if after { format!("{result} Accuse now, or end your turn.") } else { format!("Your turn (round {}): suggest three cards, or accuse.", t.game.round()) } }</p>
                    <div class="row">
                        { select(CardKind::Suspect, 0) }{ select(CardKind::Weapon, 1) }{ select(CardKind::Room, 2) }
                    </div>
                    <div class="row">
                        if !after { <button class="primary" onclick={Callback::from(move |_| d1.dispatch(Action::Suggest(p)))}>{ "Suggest" }</button> }
                        <button onclick={Callback::from(move |_| d2.dispatch(Action::Accuse(p)))}>{ "Accuse" }</button>
                        if after { <button class="primary" onclick={Callback::from(move |_| d3.dispatch(Action::EndTurn))}>{ "End turn" }</button> }
                        <button onclick={Callback::from(move |_| d4.dispatch(Action::Hint))} title="What the deduction player would do in your place">{ "Suggest for me" }</button>
                    </div>
                    if let Some(h) = t.hint { <p class="hint" role="status">{ match h {
                        ActionDto::Accuse { cards } => format!("The envelope is certain: accuse {}.", cards_text(cards)),
                        ActionDto::Suggest { cards } => format!("Try {}: its answer splits the deals you cannot yet tell apart most evenly.", cards_text(cards)),
                        ActionDto::EndTurn => "Nothing is certain yet: end your turn.".into(),
                        ActionDto::Show { .. } => String::new(),
                    } }</p> }
                </div>
            }
        }
        (_, Some((seat, _))) => {
            let next = {
                let d = d.clone();
                Callback::from(move |_| d.dispatch(Action::Go))
            };
            html! {
                <div class="cluedo-move" role="status">
                    <p>{ format!("{} is playing…", seat_name(t, seat)) }
                    // Stepping, or after a failed move (the pace's timer does not fire twice for the same move).
                    if t.setup.pace_ms == 0 || (t.error.is_some() && t.computer_waiting()) {
                        <button class="primary" onclick={next}>{ if t.error.is_some() { "Try the move again" } else { "Next move" } }</button>
                    }</p>
                </div>
            }
        }
        (_, None) => html! {},
    };
    html! { <div class="cluedo-panel">{ body }</div> }
}

/// A turn in words, with the card shown where `turn` carries it (the person's view, or every card at the end).
fn turn_text(t: &Table, turn: &Turn) -> String {
    match *turn {
        Turn::Suggest {
            by,
            triple,
            shown_by,
            card,
        } => {
            let answer = match (shown_by, card) {
                (None, _) => "nobody could refute".to_string(),
                (Some(r), Some(c)) => format!("{} showed {}", seat_name(t, r), c.name()),
                (Some(r), _) => format!("{} showed a card", seat_name(t, r)),
            };
            let passed: Vec<String> = turn.passers(t.game.players()).map(short_seat).collect();
            let passed = if passed.is_empty() || shown_by.is_none() {
                String::new()
            } else {
                format!(" ({} passed)", passed.join(", "))
            };
            format!("{} suggested {triple}: {answer}{passed}.", seat_name(t, by))
        }
        Turn::Accuse {
            by,
            triple,
            correct,
        } => {
            format!(
                "{} accused {triple}: {}.",
                seat_name(t, by),
                if correct {
                    "right, and wins"
                } else {
                    "wrong, and is out"
                }
            )
        }
    }
}

#[component]
fn Log(props: &TableRef) -> Html {
    let t = &*props.table;
    let over = matches!(t.game.phase(), Phase::Over { .. });
    let mine = t.game.view(YOU).turns();
    let highlighted = t
        .why
        .as_ref()
        .and_then(|(_, v)| v.clone())
        .unwrap_or_default();
    let items = t.game.played().iter().enumerate().rev().map(|(i, p)| {
        // The person sees a card only where it was shown to or by them; the end reveals all.
        let turn = if over { p.turn } else { mine[i] };
        html! {
            <li class={classes!(highlighted.contains(&i).then_some("forced"))} value={(i + 1).to_string()}>
                <span class="round">{ format!("R{} ", p.round) }</span>{ turn_text(t, &turn) }
            </li>
        }
    });
    html! {
        <section class="cluedo-log" aria-label="Game log">
            <h2>{ "Log" }</h2>
            if t.game.played().is_empty() { <p class="hint">{ "No turn yet." }</p> }
            <ol reversed=true aria-live="polite">{ for items }</ol>
        </section>
    }
}

#[component]
fn Revealed(props: &TableRef) -> Html {
    let t = &*props.table;
    let rows = (1..t.game.players()).map(|seat| {
        let hand: Vec<&str> = t.game.deal().hands[seat].iter().map(|c| c.name()).collect();
        let nb = t.revealed[seat].clone();
        let summary = nb.as_deref().map_or("counting…".to_string(), summary);
        html! {
            <details class="revealed-seat">
                <summary><strong>{ seat_name(t, seat) }</strong>{ format!(" held {}. What its view allowed it to deduce: {summary}", hand.join(", ")) }</summary>
                if let Some(nb) = nb { <div class="notebook">{ notebook_table(t, &nb, None) }</div> }
            </details>
        }
    });
    html! {
        <section class="cluedo-revealed" aria-label="The computers' notebooks">
            <h2>{ "What each computer knew at the end" }</h2>
            <p class="hint">{ "Open one to see its notebook: what the turns it saw made certain, and the share of the deals it could not yet tell apart." }</p>
            { for rows }
        </section>
    }
}

fn summary(nb: &NotebookDto) -> String {
    let sure = (0..21).filter(|&c| nb.holder(c).is_some()).count();
    let env: Vec<&str> = nb
        .envelope()
        .iter()
        .map(|c| c.map_or("?", |c| card_name(c as u8)))
        .collect();
    format!(
        "{} deals left, {sure} of 21 cards certain, envelope {}.",
        group_digits(&nb.deals.to_string()),
        env.join(" / ")
    )
}
