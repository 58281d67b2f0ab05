//! The status line under every page: the pool's threads, whether the page is cross-origin isolated, what the
//! running job has done and what the last one cost, in the units the job's game named. Knows no game.

use yew::prelude::*;

use crate::format::fmt_ms;
use crate::hooks::use_solver;
use crate::solver::SolverContext;
use crate::timeout::use_throttled;

/// The status line: threads, isolation, the running job's progress, what the last job cost.
#[component]
pub fn StatusLine() -> Html {
    let solver = use_solver();
    // What the last job cost changes with every job, and a game the computer plays fast is tens of jobs a second:
    // shown at most five times a second then (the last one always shows).
    let last_cost = use_throttled(
        solver.as_ref().and_then(|s| s.status.last.clone()),
        200.0,
        false,
    );
    // A page of no game (the home page) starts no solver and says nothing of one.
    let Some(SolverContext { mut status, .. }) = solver.filter(|s| s.in_game) else {
        return html! {};
    };
    status.last = last_cost;
    let threads = if let Some(n) = status.pool_starting.filter(|_| !status.ready) {
        format!("starting {n} threads…")
    } else if status.stopped {
        "solver not running".to_string()
    } else if !status.ready && status.error.is_some() {
        "solver restarting…".to_string()
    } else if !status.ready {
        "solver starting…".to_string()
    } else if status.threads > 1 {
        format!("{} threads", status.threads)
    } else {
        "1 thread".to_string()
    };
    let cancelled = status.last_cancelled.then(|| match &status.last {
        Some(l) => format!("last job cancelled after {} ms", fmt_ms(l.millis)),
        None => "last job cancelled (the solver was restarted)".to_string(),
    });
    let last = status
        .last
        .as_ref()
        .filter(|l| l.millis > 0.0 && !status.last_cancelled)
        .map(|l| {
            let on = if l.threads_used > 0 {
                format!(
                    " on {} of {} threads",
                    l.threads_used,
                    status.threads.max(1)
                )
            } else {
                String::new()
            };
            // Jobs that cut their work into no units on threads (a shipped book, a tally of games) have none to show.
            let text = if l.units > 0 {
                format!(
                    "last job {} ms, {} {}{on}",
                    fmt_ms(l.millis),
                    l.units,
                    l.unit
                )
            } else {
                format!("last job {} ms{on}", fmt_ms(l.millis))
            };
            (text, l.threads_used)
        });
    html! {
        // A `div`: a `footer` may not take the role `status`.
        <div class="status" role="status" aria-live="polite">
            <span class="threads" data-threads={status.threads.to_string()} data-isolated={status.isolated.to_string()}
                data-start-retries={status.start_retries.to_string()}>{ threads }</span>
            if let Some(text) = cancelled { <span class="last cancelled">{ text }</span> }
            if let Some((last, used)) = last { <span class="last" data-threads-used={used.to_string()}>{ last }</span> }
            if let Some(p) = &status.progress { <span class="progress">{ working(p.done, p.total, &p.unit) }</span> }
            if let Some(note) = &status.note { <span class="note">{ note.clone() }</span> }
            if let Some(err) = &status.error { <span class="error">{ err.clone() }</span> }
        </div>
    }
}

/// The running job's progress: "working: 12 of 40 shards", or where the job cannot know its total (a search that
/// ends when it finds an answer), "working: 20,222,944 positions searched".
fn working(done: u64, total: u64, unit: &str) -> String {
    let done_text = protocol::group_digits(&done.to_string());
    if total == 0 {
        format!("working: {done_text} {unit}")
    } else {
        format!(
            "working: {done_text} of {} {unit}",
            protocol::group_digits(&total.to_string())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::working;

    #[test]
    fn progress_without_a_total_is_a_plain_count() {
        assert_eq!(
            working(20_222_944, 0, "positions searched"),
            "working: 20,222,944 positions searched"
        );
        assert_eq!(working(12, 40, "shards"), "working: 12 of 40 shards");
    }
}
