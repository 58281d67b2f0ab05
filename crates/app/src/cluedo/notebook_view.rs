//! The person's notebook (certain cells, impossible cells, shares of the consistent deals, why) and the
//! computers' notebooks revealed at the end, drawn as the same table.

use cluedo::Card;
use protocol::cluedo::NotebookDto;
use protocol::group_digits;
use yew::prelude::*;

use super::names::{card_name, kind_class, seat_name, short_seat};
use super::state::Table;

#[derive(Properties, PartialEq)]
pub(super) struct NotebookProps {
    pub(super) table: UseReducerHandle<Table>,
    pub(super) on_why: Callback<u8>,
}

#[component]
pub(super) fn Notebook(props: &NotebookProps) -> Html {
    let t = &*props.table;
    let Some(nb) = t.notebook.clone() else {
        return html! { <section class="notebook"><h2>{ "Your notebook" }</h2><p>{ "Counting the deals…" }</p></section> };
    };
    let env = nb.envelope();
    let why = t.why.as_ref().map(|(c, turns)| match turns {
        None => format!("{} is not certain.", card_name(*c)),
        Some(v) if v.is_empty() => format!("{}: your own hand and the hand sizes decide it.", card_name(*c)),
        Some(v) if v.len() == 1 => format!(
            "{}: forced by turn {} (highlighted in the log), with your hand and the hand sizes.",
            card_name(*c),
            v[0] + 1
        ),
        Some(v) => format!(
            "{}: forced by turns {} together (highlighted in the log); without any one of them it is not certain.",
            card_name(*c),
            v.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", ")
        ),
    });
    html! {
        <section class="notebook" aria-label="Your notebook">
            <h2>{ "Your notebook" }</h2>
            <p class="hint">{ format!("{} deals agree with everything you saw (counted in {:.0} ms). ✔ certain (press it to see why), · impossible, % share of those deals.", group_digits(&nb.deals.to_string()), t.notebook_at.1) }</p>
            <p class="envelope">{ "Envelope: " }{ for env.iter().map(|c| html! { <span class="cl-card">{ c.map_or("?", |c| card_name(c as u8)) }</span> }) }</p>
            if let Some(w) = why { <p class="why-text" role="status">{ w }</p> }
            { notebook_table(t, &nb, Some(&props.on_why)) }
        </section>
    }
}

/// A notebook as a table: a row per card, a column per seat and the envelope; certain cells can ask why.
pub(super) fn notebook_table(t: &Table, nb: &NotebookDto, on_why: Option<&Callback<u8>>) -> Html {
    let players = t.game.players();
    let row = |c: Card| {
        let n = c.index();
        let cells = (0..=players).map(|o| {
            let share = nb.share(n, o);
            let owner = if o == players { "the envelope".to_string() } else { seat_name(t, o) };
            let (text, class) = if nb.holder(n) == Some(o) {
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
            <thead><tr><th>{ "Card" }</th>{ for (0..players).map(|s| html! { <th scope="col" title={seat_name(t, s)}>{ short_seat(s) }</th> }) }<th scope="col">{ "Env." }</th></tr></thead>
            <tbody>{ for Card::all().map(row) }</tbody>
        </table>
    }
}
