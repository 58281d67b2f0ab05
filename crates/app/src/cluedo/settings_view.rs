//! The game's settings: who plays the first seat (the person, or a computer: a table to watch), how many
//! computers, each one's kind, the pace, a new deal and the link to this deal.
//! Drawn from the setup alone; a change goes to the link, which starts the new game.

use cluedo::Kind;
use yew::prelude::*;

use super::params::link;
use super::state::Setup;

fn set_hash(query: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&format!("/cluedo?{query}"));
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct SettingsProps {
    pub(super) setup: Setup,
}

/// The settings, folded.
#[component]
pub(super) fn Settings(props: &SettingsProps) -> Html {
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
    let first = change(|s, v| s.watch = Kind::parse(&v).ok());
    // The computers' numbers as the table names them: after the person's seat, or from 1 at a table to watch.
    let shift = usize::from(s.watch.is_some());
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
            <label>{ format!("Computer {}", i + 1 + shift) }
                <select onchange={on} aria-label={format!("Computer {} plays", i + 1 + shift)}>
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
            <summary>{ format!("Players and pace: {} · {}", players_text(s), pace_name(s.pace_ms)) }</summary>
            <div class="row">
                <label>{ "First seat" }
                    <select onchange={first} aria-label="Who plays the first seat">
                        { first_seat_options(s.watch, "You") }
                    </select>
                </label>
                <label>{ if s.watch.is_some() { "Other computers" } else { "Computer players" } }
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
            <p class="hint">{ "random: suggests cards it has not seen, at random (the 2012 report's default player); listening: prefers cards named least often; deduction: counts every deal consistent with what it saw, accuses only when certain; expert: deduces the same, accuses once it is likely enough to be right and shows the cards that tell the table least, saying why. " }
                <a href={crate::route::href(&format!("#/cluedo?{}", link(s)))} data-live="true">{ format!("Link to this deal (seed {})", s.seed) }</a></p>
        </details>
    }
}

/// The choices for the first seat: the person (`you`, named so), or a computer of each kind a table may seat.
pub(super) fn first_seat_options(watch: Option<Kind>, you: &str) -> Html {
    html! {
        <>
            <option value="you" selected={watch.is_none()}>{ you }</option>
            { for Kind::ALL.iter().filter(|k| **k != Kind::Mix).map(|k| html! {
                <option value={k.name()} selected={watch == Some(*k)}>{ format!("A computer: {} (a table to watch)", k.name()) }</option> }) }
        </>
    }
}

/// Who plays, in words: "you against deduction, random" or "computers only: deduction, deduction, random".
pub(super) fn players_text(s: &Setup) -> String {
    let names = |ks: &[Kind]| ks.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ");
    match s.watch {
        None => format!("you against {}", names(&s.computers)),
        Some(k) => format!("computers only: {}, {}", k.name(), names(&s.computers)),
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
