//! The builder for putting peg solitaire in another page: the game as it was set up on its page (board or layout,
//! start, finish, the jumps so far), in a frame, with the games through each jump (the heat map) shown or hidden.

use yew::prelude::*;

use super::link;
use crate::route::Query;
use crate::widgets::embed::{EmbedCode, embed_src};

/// The builder page, for the game its link's query describes.
pub fn page(query: &Query) -> Html {
    html! { <EmbedPegs key={format!("{query:?}")} query={query.clone()} /> }
}

/// Props of [`EmbedPegs`].
#[derive(Properties, PartialEq)]
pub struct EmbedProps {
    /// The game's link query (as the game's page keeps it).
    pub query: Query,
}

#[component]
fn EmbedPegs(props: &EmbedProps) -> Html {
    // The heat map is chosen here; everything else on the game's page.
    let query = use_state(|| props.query.clone());
    let (board, setup, errors) = link::setup(&query);
    let src = embed_src("/pegs", &query);
    let on_heat = {
        let query = query.clone();
        Callback::from(move |e: Event| {
            let on = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_none_or(|i| i.checked());
            let mut next = (*query).clone();
            if on {
                next.remove("heat");
            } else {
                next.insert("heat".into(), "0".into());
            }
            query.set(next);
        })
    };
    let game = crate::route::href(&format!(
        "#/pegs?{}",
        query
            .iter()
            .filter(|(k, _)| k.as_str() != "embed")
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    ));
    let name = board.name();
    let mut letters = name.chars();
    let name: String = letters
        .next()
        .map(|c| c.to_uppercase().chain(letters).collect())
        .unwrap_or_default();
    let what = format!(
        "the {name} board from {} to {}{}",
        board.hole_text(setup.start),
        setup.finish.text(&board),
        match setup.moves.len() {
            0 => String::new(),
            1 => ", one jump played".into(),
            n => format!(", {n} jumps played"),
        }
    );
    html! {
        <section class="embed-builder">
            <h1>{ "Embed peg solitaire in your page" }</h1>
            <p class="lead">{ format!("The frame opens this game as you set it up: {what}. ") }
                <a href={game}>{ "Change it on the game's page" }</a>{ ", then choose “Embed this game in a page” again." }</p>
            { for errors.iter().map(|e| html! { <p class="error">{ e }</p> }) }
            <div class="card fields"><label class="field check"><input type="checkbox" id="embed-heat" checked={setup.heat} onchange={on_heat} />
                { "Show how many games go through each jump (the heat map on the board when a peg is picked up), Show me a solution and Count every game; off, the reader is told only whether the finish can still be reached" }</label></div>
            <EmbedCode {src} title="Peg solitaire, Puzzle Lab" size={(760, 1240)}
                size_note="760 x 1240 pixels holds the French or English board beside its buttons and the count of every game below, with its shipped figure (1,174 px measured); narrower frames put the buttons under the board and need about 1,450 px at 560 wide." />
        </section>
    }
}
