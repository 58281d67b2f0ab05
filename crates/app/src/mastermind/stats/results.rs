//! The comparison's results: one row per strategy with its mean, worst, failures, time and a histogram of guesses,
//! on one scale for every strategy. Where the size hands a strategy over to another, its row is named after the one
//! that played ("sampled-split, for knuth") and says why in one line, its figures behind "why".

use mastermind::{Spec, Strategy};
use yew::prelude::*;

use crate::format::fmt_ms;
use crate::mastermind::handover;
use protocol::mastermind::PlayedDto;

/// One strategy's line of the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The strategy.
    pub strategy: Strategy,
    /// Its result, or why there is none.
    pub result: Result<PlayedDto, String>,
    /// Milliseconds it took in the worker.
    pub millis: f64,
}

/// The row's name: the strategy that played, and the one asked for where they differ.
pub fn row_name(asked: Strategy, spec: &Spec) -> (String, Option<String>) {
    match handover::before_game(asked, spec) {
        Some((to, line)) => (format!("{to}, for {asked}"), Some(line)),
        None => (asked.name().to_string(), None),
    }
}

/// The results table of `lines`, played at `spec` on `games` seeded games or every secret (a function, not a
/// component: it has no state of its own, and a component's machinery would add to the page's download).
pub fn results(spec: &Spec, games: Option<u32>, lines: &[Line]) -> Html {
    let played = || lines.iter().filter_map(|l| l.result.as_ref().ok());
    let widest = played().map(|r| r.histogram.len()).max().unwrap_or(0);
    let tallest = played()
        .flat_map(|r| r.histogram.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let best_mean = played().map(|r| r.mean).fold(f64::INFINITY, f64::min);
    let games = games.map_or("every secret".to_string(), |n| format!("{n} seeded games"));
    html! {
        <table class="card results">
            <caption>{ format!("{}, {games}", spec) }</caption>
            <thead><tr><th scope="col">{ "Strategy" }</th><th scope="col">{ "Mean" }</th><th scope="col">{ "Worst" }</th>
                <th scope="col">{ "Failed" }</th><th scope="col">{ "Time" }</th><th scope="col">{ "Guesses per game" }</th></tr></thead>
            <tbody>
                { for lines.iter().map(|l| {
                    let (name, handed) = row_name(l.strategy, spec);
                    match &l.result {
                        Ok(r) => html! { <>
                            <tr data-strategy={l.strategy.name()} data-mean={format!("{:.6}", r.mean)} data-worst={r.worst.to_string()} data-games={r.games.to_string()}>
                                <th scope="row">{ name }</th>
                                <td class={classes!("num", (r.mean <= best_mean + 1e-9).then_some("best"))}>{ format!("{:.3}", r.mean) }</td>
                                <td class="num">{ r.worst }</td>
                                <td class="num">{ r.failed }</td>
                                <td class="num">{ format!("{} ms", fmt_ms(l.millis)) }</td>
                                <td>{ histogram(&r.histogram, widest, tallest) }</td>
                            </tr>
                            { for r.failures.iter().map(|(reason, n)| html! {
                                <tr class="failure" data-failure-of={l.strategy.name()}><td colspan="6">
                                    { format!("{} failed {n} of {} games: {reason}.", l.strategy.name(), r.games + r.failed) }
                                </td></tr>
                            }) }
                            // Handed over for the size: one line, the strategy's own reasons behind "why".
                            if let Some(line) = &handed {
                                <tr class="handover" data-handover-of={l.strategy.name()}><td colspan="6">{ line.clone() }
                                    if !r.fallbacks.is_empty() {
                                        <details class="why"><summary>{ "why" }</summary>
                                            { for r.fallbacks.iter().map(|(reason, _)| html! { <p>{ reason.clone() }</p> }) }
                                        </details>
                                    }
                                </td></tr>
                            } else {
                                { for r.fallbacks.iter().map(|(reason, n)| html! {
                                    <tr class="fallback" data-fallback-of={l.strategy.name()}><td colspan="6">
                                        { format!("Not all {}: in {n} of {} games, {reason}.", l.strategy.name(), r.games + r.failed) }
                                    </td></tr>
                                }) }
                            }
                        </> },
                        Err(m) => html! {
                            <tr data-strategy={l.strategy.name()} class="failed"><th scope="row">{ name }</th><td colspan="5">{ m.clone() }</td></tr>
                        },
                    }
                }) }
            </tbody>
        </table>
    }
}

/// A small bar chart of games per number of guesses (1 to `widest - 1`), on a scale shared by every strategy.
fn histogram(h: &[u64], widest: usize, tallest: u64) -> Html {
    const BAR: f64 = 22.0;
    const H: f64 = 60.0;
    let cols = widest.saturating_sub(1).max(1);
    let label = h
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, n)| **n > 0)
        .map(|(g, n)| format!("{n} in {g}"))
        .collect::<Vec<_>>()
        .join(", ");
    html! {
        <svg class="histogram" viewBox={format!("0 0 {} {}", BAR * cols as f64, H + 14.0)} role="img" aria-label={format!("games by guesses: {label}")}>
            { for (1..widest).map(|g| {
                let n = h.get(g).copied().unwrap_or(0);
                let height = H * n as f64 / tallest as f64;
                let x = BAR * (g - 1) as f64;
                html! {
                    <g>
                        <rect x={format!("{:.1}", x + 2.0)} y={format!("{:.1}", H - height)} width={format!("{}", BAR - 4.0)} height={format!("{height:.1}")}>
                            <title>{ format!("{n} games in {g} guesses") }</title>
                        </rect>
                        <text x={format!("{:.1}", x + BAR / 2.0)} y={format!("{}", H + 12.0)} text-anchor="middle">{ g }</text>
                    </g>
                }
            }) }
        </svg>
    }
}
