//! How `mastermind count`, `book` and the opening books print what they found.

use mastermind::opening::Entry;
use mastermind::search::Count;
use mastermind::{Spec, Strategy};
use serde_json::json;

use crate::output::Output;

/// Prints a count of consistent codes.
pub(super) fn emit_count(out: &Output, count: Count) {
    let seconds = out.seconds();
    let (value, exact) = match count {
        Count::Exact(n) => (n, true),
        Count::AtLeast(n) => (n, false),
    };
    out.emit(
        json!({ "consistent": value.to_string(), "exact": exact, "seconds": seconds, "ranks": out.ranks() }),
        || {
            format!(
                "{}{value} consistent codes ({seconds:.3} s)",
                if exact { "" } else { "at least " }
            )
        },
    );
}

/// Prints an opening book: as a shipped book's text, or with `--json` every position with its size and time, and
/// the slowest position at each depth.
pub(super) fn emit_opening(
    out: &Output,
    spec: &Spec,
    strategy: Strategy,
    depth: u32,
    book: &[Entry],
) {
    let seconds = out.seconds();
    let slowest: Vec<_> = (0..depth as usize)
        .filter_map(|d| {
            let at = book.iter().filter(|e| e.answers.len() == d);
            at.max_by(|a, b| a.ms.unwrap_or(0.0).total_cmp(&b.ms.unwrap_or(0.0)))
                .map(|e| json!({ "guess": d + 1, "line": e.line(), "codes": e.codes, "ms": e.ms }))
        })
        .collect();
    out.emit(
        json!({
            "positions": book.iter().map(|e| json!({ "line": e.line(), "codes": e.codes, "ms": e.ms })).collect::<Vec<_>>(),
            "slowest": slowest,
            "seconds": seconds,
        }),
        || {
            let mut lines = vec![
                format!(
                    "# {strategy}'s first {depth} guesses at {spec}: its guess at every position of three or more \
                     codes it reaches,"
                ),
                "# after the scores that lead there (black,white each; none: the first guess). Written by"
                    .to_string(),
                format!(
                    "# `puzzle-lab mastermind book --pegs {} --colors {}{} --strategy {strategy} --depth {depth}` \
                     ({} position{}, {seconds:.0} s on {} threads).",
                    spec.pegs,
                    spec.colors,
                    if spec.repeats { "" } else { " --no-repeats" },
                    book.len(),
                    if book.len() == 1 { "" } else { "s" },
                    rayon::current_num_threads()
                ),
            ];
            lines.extend(book.iter().map(Entry::line));
            lines.join("\n")
        },
    );
}

/// Prints an optimal book.
pub(super) fn emit_book(out: &Output, book: &[u32]) {
    let seconds = out.seconds();
    out.emit(
        json!({ "book": book, "seconds": seconds, "ranks": out.ranks() }),
        || {
            let items: Vec<String> = book.iter().map(u32::to_string).collect();
            format!(
                "{} nodes in {seconds:.1} s:\n&[{}]",
                book.len(),
                items.join(", ")
            )
        },
    );
}
