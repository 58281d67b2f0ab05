//! The person's notebook (certain cells, impossible cells, shares of the consistent deals, why) and the
//! computers' notebooks revealed at the end, drawn as the same table.

use std::rc::Rc;

use cluedo::{Card, Notebook, Owner};
use protocol::group_digits;
use yew::prelude::*;

use super::names::{Seats, card_name, kind_class};
use super::state::{Action, Table};

/// Props of [`YourNotebook`].
#[derive(Properties, PartialEq)]
pub(super) struct NotebookProps {
    /// Who sits where (for the seats' names; seat 0's notebook is the person's, or a computer's at a table to
    /// watch).
    pub(super) seats: Seats,
    /// The notebook, once counted.
    pub(super) notebook: Option<Rc<Notebook>>,
    /// The milliseconds its count took in the worker.
    pub(super) millis: f64,
    /// The card asked about, and the turns that force it.
    pub(super) why: Option<(u8, Option<Vec<usize>>)>,
    /// Asks why a card is certain.
    pub(super) dispatch: UseReducerDispatcher<Table>,
}

/// The person's notebook (seat 0's).
#[component]
pub(super) fn YourNotebook(props: &NotebookProps) -> Html {
    let (title, its, saw) = if props.seats.person {
        ("Your notebook".to_string(), "your", "you saw")
    } else {
        (
            format!("{}'s notebook", props.seats.name(0)),
            "its",
            "it saw",
        )
    };
    let Some(nb) = props.notebook.clone() else {
        // As tall as the notebook it becomes, so that nothing under it moves when the count comes.
        return html! { <section class="notebook counting"><h2>{ title }</h2><p>{ "Counting the deals…" }</p></section> };
    };
    let env = nb.envelope();
    let why = props.why.as_ref().map(|(c, turns)| match turns {
        None => format!("{} is not certain.", card_name(*c)),
        Some(v) if v.is_empty() => format!("{}: {its} own hand and the hand sizes decide it.", card_name(*c)),
        Some(v) if v.len() == 1 => format!(
            "{}: forced by turn {} (highlighted in the log), with {its} hand and the hand sizes.",
            card_name(*c),
            v[0] + 1
        ),
        Some(v) => format!(
            "{}: forced by turns {} together (highlighted in the log); without any one of them it is not certain.",
            card_name(*c),
            v.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", ")
        ),
    });
    let on_why = {
        let d = props.dispatch.clone();
        Callback::from(move |c| d.dispatch(Action::Why(c)))
    };
    html! {
        <section class="notebook" aria-label={title.clone()}>
            <h2>{ title }</h2>
            <p class="hint">{ format!("{} deals agree with everything {saw} (counted in {:.0} ms).", group_digits(&nb.deals.to_string()), props.millis) }</p>
            <p class="hint legend">{ "✔ certain (press it to see why), · impossible, % share of those deals." }</p>
            <p class="envelope">{ "Envelope: " }{ for env.iter().map(|c| html! { <span class="cl-card">{ c.map_or("?", Card::name) }</span> }) }</p>
            if let Some(w) = why { <p class="why-text" role="status">{ w }</p> }
            { notebook_table(&props.seats, &nb, Some(&on_why)) }
        </section>
    }
}

/// A notebook as a table: a row per card, a column per seat and the envelope; certain cells can ask why.
pub(super) fn notebook_table(seats: &Seats, nb: &Notebook, on_why: Option<&Callback<u8>>) -> Html {
    let players = nb.players;
    let row = |c: Card| {
        let n = c.index();
        let cells = (0..=players).map(|o| {
            let (who, owner) = if o == players {
                (Owner::Envelope, "the envelope".to_string())
            } else {
                (Owner::Seat(o), seats.name(o))
            };
            let share = nb.share(c, who);
            let (text, class) = if nb.holder(c) == Some(who) {
                ("✔".to_string(), "sure")
            } else if share == 0.0 {
                ("·".to_string(), "never")
            } else {
                (format!("{:.0}%", 100.0 * share), "maybe")
            };
            let label = match class {
                "sure" => format!("{}: certainly held by {owner}", c.name()),
                "never" => format!("{}: not held by {owner}", c.name()),
                _ => format!("{}: held by {owner} in {text} of the deals", c.name()),
            };
            let why = on_why.filter(|_| class == "sure").map(|f| {
                let (f, card) = (f.clone(), n as u8);
                html! { <button class="why" onclick={Callback::from(move |_| f.emit(card))} aria-label={format!("Why is {} certain?", c.name())}>{ text.clone() }</button> }
            });
            html! {
                <td class={classes!(class, (o == players).then_some("env"))} aria-label={label.clone()} title={label}>
                    { why.unwrap_or_else(|| html! { { text } }) }
                </td>
            }
        });
        html! { <tr class={kind_class(c)}><th scope="row">{ c.name() }</th>{ for cells }</tr> }
    };
    html! {
        <table>
            <thead><tr><th>{ "Card" }</th>{ for (0..players).map(|s| html! { <th scope="col" title={seats.name(s)}>{ seats.short(s) }</th> }) }<th scope="col">{ "Env." }</th></tr></thead>
            <tbody>{ for Card::all().map(row) }</tbody>
        </table>
    }
}
