//! The board's table of games by start, shipped with the app (`peg_solitaire::shipped`): a row for each class of
//! start holes, drawn on a small board and coloured by whether a game from it leaves one peg, with the games to one
//! peg anywhere, back in the start hole and to a dead end, and a sentence on why a start cannot be won (the rule of
//! three's counts shaded on its drawing, or a full count that found none); a click on a count plays that start to
//! that finish. The row being played is marked.

use peg_solitaire::{
    Board, Finish, StartCount, StartEstimate, StartOutlook, shipped, shipped_estimates,
    start_holes, start_outlook,
};
use protocol::group_digits;
use protocol::pegs::LostDto;
use yew::prelude::*;

use super::board_view::{none_left, place, proof_line};
use crate::route::href;

/// Props of [`StartsTable`].
#[derive(Properties, PartialEq)]
pub struct StartsProps {
    /// The board's name (a named board: layouts of one's own have no table).
    pub board: AttrValue,
    /// The start hole being played, mapped by the page to its class's first hole.
    pub playing: Option<u8>,
    /// The column of the finish being played: `any-one`, `start` (back in the start hole) or `dead-end`.
    #[prop_or_default]
    pub finish: AttrValue,
    /// Open at first: the link came from one of its rows (`starts=1`), which keep it open.
    #[prop_or_default]
    pub open: bool,
}

/// What a cell says for a start and a finish: the shipped count, else the shipped estimate, else a dash.
fn cell(
    board: &Board,
    (rows, estimates): (&[StartCount], &[StartEstimate]),
    start: u8,
    finish: Finish,
    current: bool,
) -> Html {
    let link = format!(
        "#/pegs?board={}&start={}&finish={}&starts=1",
        board.name(),
        board.hole_text(start),
        finish.text(board)
    );
    let class = classes!("num", current.then_some("current"));
    if let Some(row) = rows.iter().find(|r| r.start == start && r.finish == finish) {
        let text = if row.games == 0 {
            "none".to_string()
        } else {
            group_digits(&row.games.to_string())
        };
        return html! {
            <td {class}><a href={href(&link)} title="Play this start to this finish">{ text }</a></td>
        };
    }
    match estimates
        .iter()
        .find(|e| e.start == start && e.finish == finish)
    {
        Some(e) => html! {
            <td class={classes!(class, "estimate")}>
                <a href={href(&link)} title={estimate_title(e)}>{ about(e) }</a>
            </td>
        },
        None => {
            html! { <td class="num muted" title="not counted in the shipped table">{ "—" }</td> }
        }
    }
}

/// An estimate as people read it: "about 4.12 × 10²⁷", with as many digits as its error leaves meaningful.
pub(super) fn about(e: &StartEstimate) -> Html {
    let exponent = e.games.log10().floor();
    let digits = (-e.relative_error.max(1e-6).log10()).ceil().clamp(2.0, 5.0) as usize;
    let mantissa = e.games / 10f64.powf(exponent);
    html! { <span class="about">{ format!("about {mantissa:.prec$} × 10", prec = digits - 1) }<sup>{ exponent as i64 }</sup></span> }
}

/// What an estimate is, in one sentence for its tooltip and the count panel.
pub(super) fn estimate_title(e: &StartEstimate) -> String {
    format!(
        "Estimated, not counted: an exact count needs over 100 GB of memory. Counted level by level on a random share of the positions, each standing for those left out, and repeated with fresh draws; from the repeats' spread, the estimate's standard error is ±{:.2} %.",
        100.0 * e.relative_error
    )
}

/// `french` as a heading writes it: `French`.
pub(super) fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A start drawn small: pegs in every hole but the start; the holes a proof counts shaded (a second count's
/// ringed), or the holes the rule of three allows for the last peg ringed.
fn mini_board(board: &Board, start: u8, shaded: &[u8], ringed: &[u8]) -> Html {
    const S: f64 = 10.0;
    let (rows, cols) = board.size();
    let geometry = board.geometry();
    let spots = board.holes().iter().enumerate().map(|(i, &rc)| {
        let h = i as u8;
        let (x, y) = place(geometry, rows, rc);
        let (cx, cy) = (
            format!("{}", x * S + S / 2.0),
            format!("{}", y * S + S / 2.0),
        );
        let socket = classes!(
            "socket",
            shaded.contains(&h).then_some("marked"),
            (h == start).then_some("start")
        );
        let r = |k: f64| format!("{}", S * k);
        html! { <g>
            <circle class={socket} cx={cx.clone()} cy={cy.clone()} r={r(0.46)} />
            if h != start { <circle class="ball" cx={cx.clone()} cy={cy.clone()} r={r(0.27)} /> }
            if ringed.contains(&h) { <circle class="ring" cx={cx} cy={cy} r={r(0.44)} /> }
        </g> }
    });
    let (w, h) = match geometry {
        peg_solitaire::Geometry::Square => (f64::from(cols) * S, f64::from(rows) * S),
        peg_solitaire::Geometry::Triangle => {
            (f64::from(rows) * S, (f64::from(rows) - 1.0) * 0.866 * S + S)
        }
    };
    html! {
        <svg class="mini-board" viewBox={format!("0 0 {w} {h}")} aria-hidden="true">{ for spots }</svg>
    }
}

/// A start's row colour, the holes its drawing marks, and its sentence: whether a game from it leaves one peg and,
/// where none does, why.
fn outlook_of(board: &Board, start: u8) -> (&'static str, Vec<u8>, Vec<u8>, String) {
    match start_outlook(board, start) {
        StartOutlook::Won(_) => (
            "won",
            Vec::new(),
            Vec::new(),
            "games from here leave one peg.".into(),
        ),
        StartOutlook::RuledOut(lost) => {
            let lost = LostDto::from(lost);
            let (shaded, ringed) = match &lost {
                LostDto::Class { marked, .. } => (marked.clone(), Vec::new()),
                LostDto::ClassPair { first, second } => {
                    (first.marked.clone(), second.marked.clone())
                }
                _ => (Vec::new(), Vec::new()),
            };
            let why = match &lost {
                LostDto::ClassPair { first, second } => {
                    let rule = |odd: bool| if odd { "must" } else { "cannot" };
                    format!(
                        "every jump changes the pegs on the shaded holes by 0 or 2, and those on the ringed holes too, so the last peg {} be on a shaded hole and {} be on a ringed one, and {}.",
                        rule(first.pegs % 2 == 1),
                        rule(second.pegs % 2 == 1),
                        none_left(first, second)
                    )
                }
                other => proof_line(other).unwrap_or_default(),
            };
            (
                "lost",
                shaded,
                ringed,
                format!("by the rule of three: {why}"),
            )
        }
        StartOutlook::NoneFound { allowed } => {
            let names: Vec<String> = allowed.iter().map(|&h| board.hole_text(h)).collect();
            let why = format!(
                "the rule of three allows the last peg on the {} ringed holes ({}), yet counting every game from here found none that leaves one peg.",
                allowed.len(),
                names.join(", ")
            );
            ("lost", Vec::new(), allowed, why)
        }
        StartOutlook::NotCounted => ("unknown", Vec::new(), Vec::new(), "not counted yet.".into()),
    }
}

/// The shipped table of the board, or nothing where there is none.
#[component]
pub fn StartsTable(props: &StartsProps) -> Html {
    let open = use_state(|| props.open);
    let Ok(board) = Board::named(&props.board) else {
        return html! {};
    };
    let rows = shipped(&board);
    let estimates = shipped_estimates(&board);
    if rows.is_empty() {
        return html! {};
    }
    let table = (&rows[..], &estimates[..]);
    let holes = start_holes(&board);
    let missing = holes.iter().any(|&h| {
        [Finish::AnyOne, Finish::Hole(h), Finish::DeadEnd]
            .iter()
            .any(|&f| {
                !rows.iter().any(|r| r.start == h && r.finish == f)
                    && !estimates.iter().any(|e| e.start == h && e.finish == f)
            })
    });
    let others = |start: u8| -> Vec<&StartCount> {
        rows.iter()
            .filter(|r| r.start == start && matches!(r.finish, Finish::Hole(h) if h != start))
            .collect()
    };
    // Folded until asked for (or opened by a link from one of its rows), below the game: its rows (a small board each,
    // hundreds of elements) are drawn only while it is open, so the page opens without them.
    // The box opens and closes by this state alone (the summary's own toggle is prevented), so its rows and it agree.
    let toggle = {
        let open = open.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            open.set(!*open);
        })
    };
    html! {
        <details class="card starts-table" id="starts-table" open={*open}>
            <summary onclick={toggle}><h2>{ format!("Every start on the {} board", capitalised(board.name())) }</h2></summary>
            if *open {
            <p class="explain">{ if estimates.is_empty() { "Games counted exactly" } else { "Games counted exactly (those marked \u{201c}about\u{201d} are estimated)" } }{ ", one start for each group of holes the board's turns and mirror images carry onto each other. Each is drawn with its hole empty: green where a game can leave one peg, red where none can. Tap a number to play it." }</p>
            <div class="table-scroll">
            <table class="starts">
                <thead><tr>
                    <th scope="col">{ "Empty at the start" }</th>
                    <th scope="col">{ "One peg anywhere" }</th>
                    <th scope="col">{ "One peg back in the start hole" }</th>
                    <th scope="col">{ "Until no jump is left" }</th>
                </tr></thead>
                <tbody>
                    { for holes.iter().map(|&h| {
                        let current = props.playing == Some(h);
                        let more = others(h);
                        let (outcome, shaded, ringed, why) = outlook_of(&board, h);
                        let row_class = classes!(outcome, current.then_some("current"));
                        html! { <>
                            <tr class={row_class.clone()} data-start={board.hole_text(h)} data-outlook={outcome}>
                                <th scope="row" rowspan="2">
                                    { mini_board(&board, h, &shaded, &ringed) }
                                    <span class="start-name">{ board.hole_text(h) }</span>
                                    if !more.is_empty() {
                                        <details class="finishes"><summary>{ format!("{} other finish{}", more.len(), if more.len() == 1 { "" } else { "es" }) }</summary>
                                            <ul>{ for more.iter().map(|r| {
                                                let f = r.finish.text(&board);
                                                let link = format!("#/pegs?board={}&start={}&finish={f}&starts=1", board.name(), board.hole_text(h));
                                                html! { <li><a href={href(&link)}>{ format!("one peg at {f}: {}", group_digits(&r.games.to_string())) }</a></li> }
                                            }) }</ul>
                                        </details>
                                    }
                                </th>
                                { cell(&board, table, h, Finish::AnyOne, current && props.finish == "any-one") }
                                { cell(&board, table, h, Finish::Hole(h), current && props.finish == "start") }
                                { cell(&board, table, h, Finish::DeadEnd, current && props.finish == "dead-end") }
                            </tr>
                            <tr class={classes!(row_class, "why")}><td colspan="3">
                                <strong>{ match outcome { "won" => "Can be won: ", "lost" => "Cannot be won, ", _ => "Not known: " } }</strong>{ why }
                            </td></tr>
                        </> }
                    }) }
                </tbody>
            </table>
            </div>
            <p class="muted">{ format!("Counted ahead of time on a computer, with Puzzle Lab's command-line tool (puzzle-lab pegs starts --board {}){}", board.name(),
                if missing { "; — is not counted yet: that command counts it on a computer with the memory and the time." } else { "." }) }</p>
            if !estimates.is_empty() {
                <p class="muted" id="starts-estimated">{ format!("\u{201c}About\u{201d} marks an estimate (puzzle-lab pegs estimate --board {}): these games pass through more positions than a computer's memory holds, so they were counted level by level on a random share of each level's positions. Hover or tap one for its error.", board.name()) }</p>
            }
            }
        </details>
    }
}
