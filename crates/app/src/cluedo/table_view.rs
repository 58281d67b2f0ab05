//! The game page: it holds the table's reducer, asks the worker, paces the computers, and hands each part (settings,
//! your hand, the move panel, the notebook, the log, the revealed notebooks) only what that part draws.

use crate::widgets::embed::EmbedLink;
use crate::widgets::record::{self, RecordView};
use cluedo::Phase;
use protocol::cluedo::AskDto;
use yew::prelude::*;

use super::hand_view::Hand;
use super::log_view::Log;
use super::move_view::MovePanel;
use super::names::YOU;
use super::notebook_view::YourNotebook;
use super::revealed_view::Revealed;
use super::settings_view::Settings;
use super::state::{Action, Setup, Table};
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
    // The game as a link (setup and moves): it names a finished game for the record, and with the layout kept, it
    // is the address, so a reload, or the link sent to someone, goes on from the same move.
    let game = super::params::game_link(&table.setup, &table.moves);
    {
        let link = format!("{game}{}", if props.embed { "&embed=1" } else { "" });
        let address = crate::route::use_address();
        use_effect_with(table.moves.len(), move |_| {
            address.replace(&format!("#/cluedo?{link}"))
        });
    }
    // Your record: each game played to its end counts once (its link, with every move, names it). A table the
    // person only watched is not their game.
    let ended = match table.game.phase() {
        Phase::Over { winner } if table.setup.watch.is_none() => {
            Some((game, (winner == Some(YOU)).then_some(table.game.round())))
        }
        _ => None,
    };
    let recorded = record::use_record("cluedo", ended);
    let t = &*table;
    let errors = props
        .errors
        .iter()
        .chain(&t.notice)
        .map(|e| html! { <p class="error">{ e }</p> });
    let phase = match t.mover() {
        None => "over",
        Some((seat, _)) if !t.seats.is_person(seat) => "computer",
        Some((_, AskDto::Turn)) => "your-turn",
        Some((_, AskDto::AfterSuggestion)) => "after-suggestion",
        Some((_, AskDto::Show { .. })) => "show",
    };
    let busy = t.request.is_some();
    let narrow = crate::hooks::use_narrow();
    let over = matches!(t.game.phase(), Phase::Over { .. });
    html! {
        <section class={classes!("cluedo", props.embed.then_some("embedded"))} aria-label="Cluedo"
            data-phase={phase} data-busy={busy.to_string()} data-turns={t.game.played().len().to_string()} data-notebook-turns={t.notebook_at.0.to_string()} data-version={t.version().to_string()}>
            if !props.embed { <h1>{ "Cluedo" }</h1> }
            <p class="lede">{ if t.seats.person { "Find the suspect, weapon and room in the envelope before the computers do." } else { "A table to watch: computers only, each trying to name the suspect, weapon and room in the envelope first; the first one's hand and notebook are shown as it reasons." } }</p>
            // The rules here, folded on a phone: the hand and the move come first.
            <details class="lede rules-here" open={!narrow}><summary>{ "The rules here" }</summary>
                <p>{ "As in the 2012 student project this page grew from, there is no board and no movement: any room may be suggested at any turn. A suggestion is refuted by the first player to the suggester's left who holds one of its cards; only the suggester sees the card shown. A wrong accusation puts a player out (it still refutes)." }</p>
            </details>
            { for errors }
            <Settings setup={t.setup.clone()} />
            <Hand seats={t.seats.clone()} cards={t.game.view(YOU).hand().iter().collect::<Vec<_>>()} sizes={t.game.view(YOU).hand_sizes().to_vec()} />
            <MovePanel seats={t.seats.clone()} phase={t.game.phase()} mover={t.mover()} envelope={over.then_some(t.game.deal().envelope)}
                round={t.game.round()} pending={t.game.pending_suggestion()} last={t.game.view(YOU).turns().last().copied()} hint={t.hint} hint_why={t.hint_why.clone().map(AttrValue::from)}
                step={t.computer_waiting() && (t.setup.pace_ms == 0 || t.error.is_some())} failed={t.error.is_some()} dispatch={table.dispatcher()} />
            if let Some(e) = &t.error { <p class="error" role="alert">{ e }</p> }
            // The watched expert's reason for its last move, as it plays.
            if let Some((seat, why)) = &t.reason {
                <p class="cluedo-reason" id="cluedo-reason" data-seat={seat.to_string()}>
                    <strong>{ format!("Why {}'s last move: ", t.seats.name(*seat)) }</strong>{ why.clone() }
                </p>
            }
            <div class="cluedo-columns">
                <YourNotebook seats={t.seats.clone()} notebook={t.notebook.clone()} millis={t.notebook_at.1} why={t.why.clone()} dispatch={table.dispatcher()} />
                <Log seats={t.seats.clone()} played={t.game.played().to_vec()} seen={t.game.view(YOU).turns().to_vec()} {over}
                    highlighted={t.why.as_ref().and_then(|(_, v)| v.clone()).unwrap_or_default()} />
            </div>
            if over { <Revealed seats={t.seats.clone()} hands={t.game.deal().hands.clone()} notebooks={t.revealed.clone()} /> }
            if !props.embed {
                <RecordView game="cluedo" unit="rounds" counted={recorded.clone()} />
                <EmbedLink builder="/cluedo/embed" />
            }
        </section>
    }
}
