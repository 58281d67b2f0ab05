//! The board's table of games by start, shipped with the app (`peg_solitaire::shipped`): a row for each class of
//! start holes, with the games to one peg anywhere, back in the start hole and to a dead end; a click on a row's
//! count plays that start to that finish. The row being played is marked.

use peg_solitaire::{Board, Finish, StartCount, shipped, start_holes};
use protocol::group_digits;
use yew::prelude::*;

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
}

/// What a cell says for a start and a finish.
fn cell(board: &Board, rows: &[StartCount], start: u8, finish: Finish, current: bool) -> Html {
    let Some(row) = rows.iter().find(|r| r.start == start && r.finish == finish) else {
        return html! { <td class="num muted" title="not counted in the shipped table">{ "—" }</td> };
    };
    let link = format!(
        "#/pegs?board={}&start={}&finish={}",
        board.name(),
        board.hole_text(start),
        finish.text(board)
    );
    let text = if row.games == 0 {
        "none".to_string()
    } else {
        group_digits(&row.games.to_string())
    };
    html! {
        <td class={classes!("num", current.then_some("current"))}>
            <a href={href(&link)} title="Play this start to this finish">{ text }</a>
        </td>
    }
}

/// `french` as a heading writes it: `French`.
pub(super) fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The shipped table of the board, or nothing where there is none.
#[component]
pub fn StartsTable(props: &StartsProps) -> Html {
    let Ok(board) = Board::named(&props.board) else {
        return html! {};
    };
    let rows = shipped(&board);
    if rows.is_empty() {
        return html! {};
    }
    let holes = start_holes(&board);
    let missing = holes.iter().any(|&h| {
        [Finish::AnyOne, Finish::Hole(h), Finish::DeadEnd]
            .iter()
            .any(|&f| !rows.iter().any(|r| r.start == h && r.finish == f))
    });
    let others = |start: u8| -> Vec<&StartCount> {
        rows.iter()
            .filter(|r| r.start == start && matches!(r.finish, Finish::Hole(h) if h != start))
            .collect()
    };
    html! {
        <details class="card starts-table" id="starts-table" open=true>
            <summary><h2>{ format!("Every start on the {} board", capitalised(board.name())) }</h2></summary>
            <p class="explain">{ "Games counted exactly, one start hole for each group of holes that the board's turns and mirror images carry onto each other (the others give the same numbers). Tap or click a number to play that start to that finish." }</p>
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
                        html! {
                            <tr class={classes!(current.then_some("current"))} data-start={board.hole_text(h)}>
                                <th scope="row">{ board.hole_text(h) }
                                    if !more.is_empty() {
                                        <details class="finishes"><summary>{ format!("{} other finish{}", more.len(), if more.len() == 1 { "" } else { "es" }) }</summary>
                                            <ul>{ for more.iter().map(|r| {
                                                let f = r.finish.text(&board);
                                                let link = format!("#/pegs?board={}&start={}&finish={f}", board.name(), board.hole_text(h));
                                                html! { <li><a href={href(&link)}>{ format!("one peg at {f}: {}", group_digits(&r.games.to_string())) }</a></li> }
                                            }) }</ul>
                                        </details>
                                    }
                                </th>
                                { cell(&board, &rows, h, Finish::AnyOne, current && props.finish == "any-one") }
                                { cell(&board, &rows, h, Finish::Hole(h), current && props.finish == "start") }
                                { cell(&board, &rows, h, Finish::DeadEnd, current && props.finish == "dead-end") }
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            </div>
            <p class="muted">{ format!("Counted ahead of time on a computer, with Puzzle Lab's command-line tool (puzzle-lab pegs starts --board {}){}", board.name(),
                if missing { "; — is not counted yet: that command counts it on a computer with the memory and the time." } else { "." }) }</p>
        </details>
    }
}
