//! Peg solitaire's page: play a board from any start (click a peg, then where it jumps; keyboard too), see after
//! every jump whether the finish can still be reached and how many games go through each jump, watch a solution,
//! and count every game on the worker pool. State lives in [`state::Play`]; the count in `count_panel`.

mod board_view;
mod count_panel;
mod embed;
mod link;
mod starts_table;
mod state;
mod words;

pub(crate) use embed::page as embed_page;

use std::rc::Rc;

use crate::timeout::Timeout;
use crate::widgets::memory;
use crate::widgets::progress_bar::ProgressBar;
use peg_solitaire::{Finish, Jump, NAMED};
use protocol::group_digits;
use protocol::pegs::{FinishDto, LostDto, position_text};
use yew::prelude::*;

use crate::hooks::use_request;
use crate::route::Query;
use crate::solver::JobEvent;
use crate::widgets::embed::EmbedLink;
use crate::widgets::fold::Fold;
use crate::widgets::record::{self, RecordView};
use crate::widgets::share::Share;
use board_view::BoardView;
use count_panel::CountPanel;
use starts_table::StartsTable;
use state::{Action, Outlook, Play};
use words::{board_title, finish_words, help_text, outlook_line, start_note};

pub(crate) fn page(query: &Query) -> Html {
    html! { <PegsPage key={format!("{query:?}")} query={query.clone()} /> }
}

/// Props of [`PegsPage`].
#[derive(Properties, PartialEq)]
pub struct PageProps {
    /// The link's query.
    pub query: Query,
}

/// The peg solitaire page.
#[component]
pub fn PegsPage(props: &PageProps) -> Html {
    let (board, initial, link_errors) = use_memo(props.query.clone(), link::setup).as_ref().clone();
    // The worker keeps the game's table of positions (hundreds of MB on the English board) while the game is
    // played; leaving the game lets it go.
    {
        let solver = crate::hooks::use_solver().map(|c| c.solver);
        use_effect_with((), move |_| {
            move || {
                if let Some(s) = solver {
                    s.run(
                        protocol::Job::Pegs(protocol::pegs::PegsJob::Release),
                        Callback::noop(),
                    );
                }
            }
        });
    }
    let play = use_reducer({
        let (board, initial) = (board.clone(), initial.clone());
        move || Play::new(board, &initial)
    });
    use_request(
        play.request.as_ref().map(|r| (r.seq, r.job.clone())),
        play.dispatcher(),
        |seq, e| match e {
            JobEvent::Progress(p, _) => {
                Action::Working(seq, p.tally.map(|(done, total, _)| (done, total)))
            }
            JobEvent::Done(outcome, _) => Action::Done(seq, outcome),
        },
    );
    // A solution being shown plays itself, a jump every 450 ms.
    {
        let d = play.dispatcher();
        let key = (play.showing.len(), play.request.is_some());
        use_effect_with(key, move |(left, asking)| {
            let timer = (*left > 0 && !*asking)
                .then(|| Timeout::new(450, move || d.dispatch(Action::StepSolution)))
                .flatten();
            move || drop(timer)
        });
    }
    // The game's link: it names a finished game for the record, and it is the address (reload or share
    // reproduces the game).
    let link = link::link(&play, initial.embed);
    // Your record: each game played to its end (no jump left) counts once, won when it ended as the finish asks and
    // the person played every jump (a shown solution's end is the solver's); a won game's number is its pegs left.
    let over = play.over() && play.showing.is_empty() && !play.moves.is_empty();
    let (won, left) = (play.won() && !play.helped, play.position().count_ones());
    let recorded = record::use_record("pegs", over.then(|| (link.clone(), won.then_some(left))));
    // The address follows the game.
    {
        let address = crate::route::use_address();
        use_effect_with(link, move |link| address.replace(link));
    }
    let dispatch = {
        let d = play.dispatcher();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    let act = |a: Action| {
        let d = play.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(a.clone()))
    };
    // U, R and Escape anywhere on the page (not while typing in a field); Ctrl+Z and Ctrl+Shift+Z too.
    crate::hooks::use_page_keys({
        let d = play.dispatcher();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            let action = match key.as_str() {
                "z" | "Z" if e.ctrl_key() || e.meta_key() => Some(if e.shift_key() {
                    Action::Redo
                } else {
                    Action::Undo
                }),
                _ if e.ctrl_key() || e.meta_key() || e.alt_key() => None,
                "u" | "U" => Some(Action::Undo),
                "r" | "R" => Some(Action::Redo),
                "Escape" => Some(Action::Drop),
                _ => None,
            };
            if let Some(a) = action {
                e.prevent_default();
                d.dispatch(a);
            }
        })
    });
    // A count asked for runs at once: the game's table (built between jumps) waits for it.
    let count_running = {
        let d = play.dispatcher();
        Callback::from(move |running: bool| d.dispatch(Action::CountRunning(running)))
    };
    let p = &*play;
    let pegs = p.position().count_ones();
    let outlook = outlook_line(p);
    let solvable = p.outlook == Outlook::Solvable && !p.over();
    // "Your own…" opens an editor for a layout instead of naming a board.
    let editing_layout = use_state(|| false);
    let narrow = crate::hooks::use_narrow();
    let choose = |what: &'static str| {
        let editing_layout = editing_layout.clone();
        Callback::from(move |e: Event| {
            let value = crate::widgets::field::value(&e);
            if what == "board" && value == "custom" {
                editing_layout.set(true);
                return;
            }
            if let Some(w) = web_sys::window() {
                let hash = w.location().hash().unwrap_or_default();
                let (path, query) = hash.split_once('?').unwrap_or((&hash, ""));
                let mut kept: Vec<String> = query
                    .split('&')
                    .filter(|kv| {
                        !kv.is_empty()
                            && !kv.starts_with(&format!("{what}="))
                            && !kv.starts_with("moves=")
                    })
                    .filter(|kv| {
                        what != "board"
                            || !(kv.starts_with("start=")
                                || kv.starts_with("finish=")
                                || kv.starts_with("layout="))
                    })
                    .map(str::to_string)
                    .collect();
                kept.push(format!("{what}={value}"));
                let _ = w.location().set_hash(&format!("{path}?{}", kept.join("&")));
            }
        })
    };
    let names: Vec<String> = (0..board.holes().len() as u8)
        .map(|h| board.hole_text(h))
        .collect();
    let start_options = names.iter().enumerate().map(|(i, name)| {
        html! { <option value={name.clone()} selected={p.start as usize == i}>{ name.clone() }</option> }
    });
    let finish_options = {
        let finishes = [Finish::AnyOne, Finish::DeadEnd]
            .into_iter()
            .chain((0..names.len() as u8).map(Finish::Hole));
        finishes.map(|f| {
            html! { <option value={f.text(&board)} selected={p.finish == f}>{ finish_words(f, &board) }</option> }
        }).collect::<Vec<_>>()
    };
    let settings_summary = AttrValue::from(format!(
        "{}, {} empty at the start, {}",
        NAMED
            .iter()
            .find(|(n, ..)| *n == p.board_name)
            .map_or("your own board", |(.., label)| *label),
        board.hole_text(p.start),
        finish_words(p.finish, &board)
    ));
    let finish_dto = FinishDto::from(p.finish);
    let what = format!(
        "Games on {} from an empty {} to {}",
        board_title(p),
        board.hole_text(p.start),
        match p.finish {
            Finish::Hole(h) => format!("one peg at {}", board.hole_text(h)),
            Finish::AnyOne => "one peg anywhere".into(),
            Finish::DeadEnd => "the end of play (no jump left)".into(),
        }
    );
    let shipped_games = peg_solitaire::shipped_games(&board, p.start_position(), p.finish);
    let shipped = shipped_games.map(|n| AttrValue::from(n.to_string()));
    let estimated = peg_solitaire::shipped_estimate(&board, p.start_position(), p.finish);
    // The biggest boards a tab counts fill the count's memory limit in their middle levels: said before the count.
    let memory = (p.fits_in_tab() && board.holes().len() >= peg_solitaire::TAB_HOLES)
        .then(|| {
            memory::needs(
                peg_solitaire::Limits::BROWSER.max_bytes,
                memory::device_gb(),
            )
        })
        .flatten()
        .map(AttrValue::from);
    // Where the count cannot run in the tab, the command that runs it natively; a shipped 0 is the rule of three
    // (tested), which a count in the tab settles at once too.
    let too_big = (!p.fits_in_tab() && shipped_games != Some(0)).then(|| {
        let board_arg = match &p.layout {
            Some(_) => "--board-file my-board.txt".to_string(),
            None => format!("--board {}", p.board_name),
        };
        AttrValue::from(format!(
            "puzzle-lab pegs count {board_arg} --start {} --finish {}",
            board.hole_text(p.start),
            p.finish.text(&board)
        ))
    });
    let last: Option<Jump> = p.moves.last().copied();
    html! {
        <section class={classes!("pegs", initial.embed.then_some("embed"))} data-pegs={pegs.to_string()}
            data-solvable={match p.outlook { Outlook::Solvable => "true", Outlook::Lost(_) => "false", _ => "unknown" }}
            data-lost={p.lost().map(|l| match l { LostDto::NoJumpLeft => "no-jump-left", LostDto::Class { .. } => "class", LostDto::ClassPair { .. } => "class-pair", LostDto::Pagoda { .. } => "pagoda", LostDto::NoGame => "no-game" })}
            data-source={p.outlook_source.clone()}
            data-won={p.won().to_string()}>
            <h1 class="visually-hidden">{ "Peg solitaire" }</h1>
            if !link_errors.is_empty() {
                <div class="banner warn" role="alert">
                    <strong>{ "Some link settings were ignored:" }</strong>
                    <ul>{ for link_errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
                </div>
            }
            // On a phone the board comes first: the settings and the help are folded a tap away.
            <Fold folded={narrow} id="pegs-settings" summary={settings_summary}>
            <form class="card settings" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <label>{ "Board" }
                    <select id="pegs-board" onchange={choose("board")}>
                        { for NAMED.iter().map(|(n, _, label)| html! { <option value={*n} selected={*n == p.board_name}>{ *label }</option> }) }
                        <option value="custom" selected={p.layout.is_some() || *editing_layout}>{ "your own…" }</option>
                    </select>
                </label>
                if *editing_layout || p.layout.is_some() {
                    <LayoutEditor current={p.layout.clone()} />
                }
                <label>{ "Empty at the start" }
                    <select id="pegs-start" onchange={choose("start")}>{ for start_options }</select>
                </label>
                <label>{ "Finish" }
                    <select id="pegs-finish" onchange={choose("finish")}>{ for finish_options }</select>
                </label>
            </form>
            </Fold>
            <details class="help" open={!narrow}><summary>{ "How to play" }</summary><p>{ help_text(p) }</p></details>
            <div class="pegs-play">
                <BoardView play={Rc::new(p.clone())} dispatch={dispatch} />
                <div class="pegs-side">
                    // The jumps' buttons first, right under the board: what the solver says (and how far its table is)
                    // comes under them, so they never move as it arrives.
                    <p class="muted">{ format!("{pegs} peg{}, {} jump{} played{}", if pegs == 1 { "" } else { "s" }, p.moves.len(), if p.moves.len() == 1 { "" } else { "s" },
                        last.map(|j| format!("; last {}-{}", board.hole_text(j.from), board.hole_text(j.to))).unwrap_or_default()) }</p>
                    <div class="actions">
                        <button type="button" class="secondary" id="undo" disabled={p.moves.is_empty()} onclick={act(Action::Undo)}>{ "Undo" }</button>
                        <button type="button" class="secondary" id="redo" disabled={p.undone.is_empty()} onclick={act(Action::Redo)}>{ "Redo" }</button>
                        <button type="button" class="secondary" id="restart" disabled={p.moves.is_empty()} onclick={act(Action::Restart)}>{ "Restart" }</button>
                        // aria-disabled, not disabled: a disabled button loses the focus (to the page's body, past
                        // this game's keys), which happens when the shown solution wins the game.
                        if p.heat {
                            <button type="button" class="primary" id="show-solution" aria-disabled={(!solvable || !p.showing.is_empty()).to_string()} onclick={act(Action::ShowSolution)}>{ "Show me a solution" }</button>
                        }
                    </div>
                    <p class={classes!("outlook", p.lost().is_some().then_some("bad"))} id="outlook" role="status" aria-live="polite">{ outlook }</p>
                    if let Some(note) = start_note(p) {
                        <p class="start-note" id="pegs-start-note">{ note }</p>
                    }
                    if let Some(why) = p.lost().and_then(board_view::proof_line) {
                        <p class="proof" id="proof">{ why }</p>
                    }
                    if let Some(list) = jump_list(p) {
                        { list }
                    }
                    if let (Some((done, total)), Outlook::Solvable, true) = (p.table_levels, &p.outlook, p.heat) {
                        if p.counts.is_some() {
                            <p class="muted" id="table-building">{ format!("Building the table for later jumps: level {done} of {total}.") }</p>
                        }
                        <ProgressBar id="table-levels" done={done} total={total} unit="levels of the table" />
                    }
                    if let Some(why) = &p.table_failed {
                        <details class="muted table-failed" id="table-failed">
                            <summary>{ "Games through each jump are not counted past the opening: this tab could not build the board's table. Every jump is still answered." }</summary>
                            { why.clone() }
                        </details>
                    }
                    if let Some(e) = &p.error { <p class="banner bad" role="alert">{ e.clone() }</p> }
                    <Share />
                    if !initial.embed { <EmbedLink builder="/pegs/embed" /> }
                    if !initial.embed { <RecordView game="pegs" unit="pegs left" counted={recorded} /> }
                </div>
            </div>
            // `heat=0` (a puzzle with no hints): no count, no table of games by start.
            if p.heat {
                <CountPanel board={p.board_dto()} start={position_text(p.start_position())} finish={finish_dto} what={what} on_running={count_running} {too_big} {shipped} {estimated} {memory} />
            }
            if !initial.embed && p.layout.is_none() && p.heat {
                <StartsTable board={p.board_name.clone()} playing={peg_solitaire::class_hole(&board, p.start)} open={props.query.get("starts").is_some_and(|v| v == "1")}
                    finish={match p.finish { Finish::AnyOne => "any-one", Finish::DeadEnd => "dead-end", Finish::Hole(h) if h == p.start => "start", Finish::Hole(_) => "" }} />
            }
        </section>
    }
}

/// With a peg picked up and its jumps counted: each of its jumps with its full number of games.
fn jump_list(p: &Play) -> Option<Html> {
    let from = p.selected.filter(|_| p.heat)?;
    let counts = p.counts.as_ref()?;
    let rows: Vec<(Jump, u128)> = counts
        .iter()
        .copied()
        .filter(|(j, _)| j.from == from)
        .collect();
    if rows.is_empty() {
        return None;
    }
    Some(html! {
        <ul class="jump-counts" id="jump-counts" aria-label="Games through each jump of the picked-up peg">
            { for rows.iter().map(|(j, n)| html! {
                <li>{ format!("{}-{}: {} game{} to the finish", p.board.hole_text(j.from), p.board.hole_text(j.to), group_digits(&n.to_string()), if *n == 1 { "" } else { "s" }) }</li>
            }) }
        </ul>
    })
}

/// Props of [`LayoutEditor`].
#[derive(Properties, PartialEq)]
struct LayoutProps {
    /// The layout being played, if it is one of your own.
    current: Option<String>,
}

/// A board of your own: one line per row, `o` a hole and `.` none (a first line `triangle` for a triangular grid);
/// "Play this board" puts it in the link (`layout=`), where a mistake is named.
#[component]
fn LayoutEditor(props: &LayoutProps) -> Html {
    const EXAMPLE: &str = "..ooo..\n..ooo..\nooooooo\nooooooo\nooooooo\n..ooo..\n..ooo..";
    let text = use_state(|| props.current.clone().unwrap_or_else(|| EXAMPLE.to_string()));
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                text.set(t.value());
            }
        })
    };
    let play = {
        let text = text.clone();
        Callback::from(move |_: MouseEvent| {
            let rows: Vec<String> = text
                .lines()
                .map(|l| l.trim_end().replace(' ', "."))
                .filter(|l| !l.is_empty())
                .collect();
            if let Some(w) = web_sys::window() {
                let _ = w
                    .location()
                    .set_hash(&format!("/pegs?layout={}", rows.join("/")));
            }
        })
    };
    html! {
        <div class="layout-editor">
            <label for="pegs-layout">{ "Your board: one line per row, o a hole, . none (first line 'triangle' for a triangular grid)" }</label>
            <textarea id="pegs-layout" rows="7" spellcheck="false" value={(*text).clone()} {oninput} />
            <button type="button" class="primary" id="pegs-layout-play" onclick={play}>{ "Play this board" }</button>
        </div>
    }
}
