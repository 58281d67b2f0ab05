//! The move panel: what the person may do now (suggest, accuse, end the turn, show a card, ask for a hint), the
//! computer playing, or the end. Drawn from the move's facts only, so the log and notebook changing leave it be.

use cluedo::{CardKind, Phase, Triple, Turn};
use protocol::cluedo::{ActionDto, AskDto};
use yew::prelude::*;

use super::names::YOU;
use super::names::{Seats, card_name};
use super::state::{Action, Table};

/// Props of [`MovePanel`]: the facts of the move, nothing else of the table.
#[derive(Properties, PartialEq)]
pub(super) struct MoveProps {
    /// Who sits where (the seats' names; whether the person plays).
    pub(super) seats: Seats,
    /// Where the game stands.
    pub(super) phase: Phase,
    /// The seat to move and what it is asked.
    pub(super) mover: Option<(usize, AskDto)>,
    /// The envelope, once the game is over.
    pub(super) envelope: Option<Triple>,
    /// The round.
    pub(super) round: u32,
    /// The suggestion waiting for a refutation.
    pub(super) pending: Option<Triple>,
    /// The last turn as the person saw it.
    pub(super) last: Option<Turn>,
    /// The hint, when asked for.
    pub(super) hint: Option<ActionDto>,
    /// Why the hint, in a sentence (the expert's reason).
    #[prop_or_default]
    pub(super) hint_why: Option<AttrValue>,
    /// Whether a computer's move waits for "Next move" (stepping, or after a failed move).
    pub(super) step: bool,
    /// Whether the last move failed.
    pub(super) failed: bool,
    /// Sends the person's moves.
    pub(super) dispatch: UseReducerDispatcher<Table>,
}

fn cards_text(cards: [u8; 3]) -> String {
    cards.map(card_name).join(", ")
}

/// A sentence made to follow a colon: its first letter in lower case.
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_lowercase().chain(c).collect())
        .unwrap_or_default()
}

/// The hint, once asked for: what the expert would do in the person's place, and why.
fn hint_line(props: &MoveProps) -> Html {
    let Some(h) = props.hint else {
        return html! {};
    };
    let text = match (&props.hint_why, h) {
        (Some(why), _) => format!(
            "The expert would {}: {}",
            match h {
                ActionDto::Accuse { cards } => format!("accuse {}", cards_text(cards)),
                ActionDto::Suggest { cards } => format!("suggest {}", cards_text(cards)),
                ActionDto::EndTurn => "end the turn".into(),
                ActionDto::Show { card } => format!("show {}", card_name(card)),
            },
            lower_first(why)
        ),
        (None, ActionDto::Accuse { cards }) => {
            format!("The envelope is certain: accuse {}.", cards_text(cards))
        }
        (None, ActionDto::Suggest { cards }) => format!(
            "Try {}: its answer splits the deals you cannot yet tell apart most evenly.",
            cards_text(cards)
        ),
        (None, ActionDto::EndTurn) => "Nothing is certain yet: end your turn.".into(),
        (None, ActionDto::Show { card }) => format!("Show {}.", card_name(card)),
    };
    html! { <p class="hint" role="status" id="cluedo-hint">{ text }</p> }
}

/// The move panel.
#[component]
pub(super) fn MovePanel(props: &MoveProps) -> Html {
    let seats = &props.seats;
    let picked = use_state(|| [0u8, 6, 12]);
    // An accusation asks first: a wrong one puts the person out of the game.
    let confirming = use_state(|| false);
    // A hint fills the form.
    {
        let picked = picked.clone();
        use_effect_with(props.hint, move |h| {
            if let Some(ActionDto::Suggest { cards } | ActionDto::Accuse { cards }) = h {
                picked.set(*cards);
            }
        });
    }
    // Another move, or other cards, and the question no longer stands.
    {
        let confirming = confirming.clone();
        use_effect_with((props.mover.clone(), *picked), move |_| {
            confirming.set(false)
        });
    }
    let d = props.dispatch.clone();
    let select = |kind: CardKind, i: usize| {
        let confirming = confirming.clone();
        let now = picked[i];
        let picked = picked.clone();
        let on = Callback::from(move |e: Event| {
            let mut p = *picked;
            p[i] = crate::widgets::field::value(&e).parse().unwrap_or(p[i]);
            picked.set(p);
            confirming.set(false);
        });
        html! {
            <select onchange={on} aria-label={kind.name()}>
                { for kind.cards().iter().map(|c| html! {
                    <option value={c.index().to_string()} selected={now as usize == c.index()}>{ c.name() }</option> }) }
            </select>
        }
    };
    let body = match (props.phase, props.mover.clone()) {
        (Phase::Over { winner }, _) => {
            let env = props.envelope.map(|e| e.to_string()).unwrap_or_default();
            let who = match winner {
                Some(YOU) if seats.person => "You win!".to_string(),
                Some(s) => format!("{} wins.", seats.name(s)),
                None => "Nobody wins: every player accused wrongly.".into(),
            };
            html! { <p class="cluedo-over" role="status"><strong>{ who }</strong>{ format!(" The envelope held {env}. Round {}.", props.round) }</p> }
        }
        (_, Some((YOU, AskDto::Show { by, options }))) if seats.person => {
            let asked = props.pending.map(|x| x.to_string()).unwrap_or_default();
            html! {
                <div class="cluedo-move" role="group" aria-label="Choose a card to show">
                    <p>{ format!("{} suggests {asked}. You hold more than one: choose the card to show.", seats.name(by as usize)) }</p>
                    <div class="row">
                        { for options.iter().map(|&c| { let d = d.clone(); let hinted = props.hint == Some(ActionDto::Show { card: c }); html! {
                            <button class={hinted.then_some("primary")} onclick={Callback::from(move |_| d.dispatch(Action::Show(c)))}>{ format!("Show {}", card_name(c)) }</button> } }) }
                        <button onclick={let d = d.clone(); Callback::from(move |_| d.dispatch(Action::Hint))} title="Which card the expert player would show in your place, and why">{ "Suggest for me" }</button>
                    </div>
                    { hint_line(props) }
                </div>
            }
        }
        (_, Some((YOU, ask))) if seats.person => {
            let after = ask == AskDto::AfterSuggestion;
            let result = match (after, props.last) {
                (true, Some(Turn::Suggest { shown_by: Some(r), card: Some(c), .. })) => {
                    format!("{} showed you {}.", seats.name(r), c.name())
                }
                (true, Some(Turn::Suggest { shown_by: None, .. })) => {
                    "Nobody could refute it: what you do not hold of these three is in the envelope.".into()
                }
                _ => String::new(),
            };
            let p = *picked;
            let (d1, d2, d3, d4) = (d.clone(), d.clone(), d.clone(), d.clone());
            // The move the hint names is the highlighted one; without a hint, suggesting (or, after a
            // suggestion, ending the turn).
            let accuse_hinted = matches!(props.hint, Some(ActionDto::Accuse { .. }));
            let primary = |on: bool| if on { "primary" } else { "" };
            let ask = {
                let confirming = confirming.clone();
                Callback::from(move |_| confirming.set(true))
            };
            let cancel = {
                let confirming = confirming.clone();
                Callback::from(move |_| confirming.set(false))
            };
            html! {
                <div class="cluedo-move" role="group" aria-label="Your move">
                    <p>{ if after { format!("{result} Accuse now, or end your turn.") } else { format!("Your turn (round {}): suggest three cards, or accuse.", props.round) } }</p>
                    <div class="row">
                        { select(CardKind::Suspect, 0) }{ select(CardKind::Weapon, 1) }{ select(CardKind::Room, 2) }
                    </div>
                    if *confirming {
                        <div class="row confirm" role="alertdialog" aria-label="Accuse?">
                            <p>{ format!("Accuse {}? If the envelope holds anything else, you are out of the game.", cards_text(p)) }</p>
                            <button class="primary" id="accuse-confirm" onclick={Callback::from(move |_| d2.dispatch(Action::Accuse(p)))}>{ "Yes, accuse" }</button>
                            <button id="accuse-cancel" onclick={cancel}>{ "Not yet" }</button>
                        </div>
                    } else {
                        <div class="row">
                            if !after { <button class={primary(!accuse_hinted)} onclick={Callback::from(move |_| d1.dispatch(Action::Suggest(p)))}>{ "Suggest" }</button> }
                            <button id="accuse" class={primary(accuse_hinted)} onclick={ask}>{ "Accuse…" }</button>
                            if after { <button class={primary(!accuse_hinted)} onclick={Callback::from(move |_| d3.dispatch(Action::EndTurn))}>{ "End turn" }</button> }
                            <button onclick={Callback::from(move |_| d4.dispatch(Action::Hint))} title="What the expert player would do in your place, and why">{ "Suggest for me" }</button>
                        </div>
                    }
                    { hint_line(props) }
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
                    <p>{ format!("{} is playing…", seats.name(seat)) }
                    // Stepping, or after a failed move (the pace's timer does not fire twice for the same move).
                    if props.step {
                        <button class="primary" onclick={next}>{ if props.failed { "Try the move again" } else { "Next move" } }</button>
                    }</p>
                </div>
            }
        }
        (_, None) => html! {},
    };
    html! { <div class="cluedo-panel">{ body }</div> }
}
