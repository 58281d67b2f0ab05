//! Before a game at a size where the chosen strategy's guesses take long: about how long its slowest guess takes on
//! this tab's threads, and the quick strategy in one click (the fallback stays the person's choice).

use mastermind::Strategy;
use mastermind::wait::slowest_guess_seconds;
use yew::prelude::*;

use crate::hooks::use_solver;
use crate::mastermind::params::Settings;

/// A guess that may take longer than this (in the tab) is announced before the game (within it a guess feels prompt).
const ANNOUNCED_FROM_SECONDS: f64 = 3.0;

/// How much slower a tab runs a guess than a native build: the highest median of Chromium against native over the
/// partition strategies, measured side by side (BENCHMARKS.md, the row "Mastermind 6x9, Knuth, every secret in
/// Chromium, against native"; the 8x8 game measures lower). An announced wait errs on the long side.
const TAB_BESIDE_NATIVE: f64 = 1.45;

/// Props of [`WaitNote`].
#[derive(Properties, PartialEq)]
pub struct WaitNoteProps {
    /// The settings of the next game.
    pub settings: Settings,
    /// The strategy that plays it: the one chosen, or the one it hands over to (the size, this tab's memory).
    pub plays: Strategy,
    /// Switch to the strategy that plays at once.
    pub on_strategy: Callback<Strategy>,
}

/// "About N minutes for the slowest guess", where a guess takes more than a couple of seconds; nothing elsewhere.
#[component]
pub fn WaitNote(props: &WaitNoteProps) -> Html {
    let threads = use_solver().map_or(1, |c| c.status.threads.max(1));
    let s = &props.settings;
    let Some(native) = slowest_guess_seconds(&s.spec, props.plays, threads) else {
        return Html::default();
    };
    let seconds = native * TAB_BESIDE_NATIVE;
    if seconds < ANNOUNCED_FROM_SECONDS {
        return Html::default();
    }
    let quick = Strategy::RandomConsistent;
    let onclick = props.on_strategy.reform(move |_: MouseEvent| quick);
    let threads_text = if threads == 1 {
        "1 thread".to_string()
    } else {
        format!("{threads} threads")
    };
    html! {
        <p class="hint wait-note" id="wait-note">
            { format!(
                "At {} every {} guess is exact, but the slowest takes about {} on this tab's {threads_text}; the bar \
                 shows how far it is and Cancel stops it. ",
                s.spec, props.plays, duration_text(seconds)
            ) }
            <button type="button" class="link" id="play-quick" {onclick}>
                { format!("Play {quick} instead (each guess at once)") }
            </button>
        </p>
    }
}

/// A wait in words, rounded as an estimate should be: "4 seconds", "20 seconds", "7 minutes", "2 hours".
fn duration_text(seconds: f64) -> String {
    match seconds {
        s if s < 10.0 => format!("{} seconds", s.round().max(1.0) as u64),
        s if s < 90.0 => format!("{} seconds", (s / 5.0).round() as u64 * 5),
        s if s < 5400.0 => format!("{} minutes", (s / 60.0).round() as u64),
        s => format!("{} hours", (s / 3600.0).round() as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::duration_text;

    #[test]
    fn waits_are_rounded_as_estimates() {
        assert_eq!(duration_text(3.4), "3 seconds");
        assert_eq!(duration_text(11.0), "10 seconds");
        assert_eq!(duration_text(61.0), "60 seconds");
        assert_eq!(duration_text(430.0), "7 minutes");
        assert_eq!(duration_text(7200.0), "2 hours");
    }
}
