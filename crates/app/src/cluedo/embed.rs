//! The builder for putting a Cluedo table in another page: the game as it was set up on its page (the computer
//! players, the deal, the pace, and the moves so far), in a frame; the reader plays the first seat, or a computer
//! does (a table to watch, chosen here too).

use cluedo::Kind;
use yew::prelude::*;

use crate::route::Query;
use crate::widgets::embed::{EmbedCode, embed_src};

/// The builder page, for the game its link's query describes.
pub fn page(query: &Query) -> Html {
    html! { <EmbedCluedo key={format!("{query:?}")} query={query.clone()} /> }
}

/// Props of [`EmbedCluedo`].
#[derive(Properties, PartialEq)]
pub struct EmbedProps {
    /// The game's link query (as the game's page keeps it).
    pub query: Query,
}

#[component]
fn EmbedCluedo(props: &EmbedProps) -> Html {
    // The deal must be fixed, or every visitor's frame would deal anew: a link without one gets one, once.
    let query = use_state(|| {
        let mut query = props.query.clone();
        let (setup, _) = super::params::setup(&query);
        query.insert("seed".into(), setup.seed.to_string());
        query
    });
    let (setup, errors) = super::params::setup(&query);
    let src = embed_src("/cluedo", &query);
    let game = crate::route::href(&format!(
        "#/cluedo?{}",
        super::params::game_link(&setup, &setup.moves)
    ));
    let first = {
        let query = query.clone();
        Callback::from(move |e: Event| {
            let mut next = (*query).clone();
            match Kind::parse(&crate::widgets::field::value(&e)) {
                Ok(k) => next.insert("watch".into(), k.name().into()),
                Err(_) => next.remove("watch"),
            };
            query.set(next);
        })
    };
    let what = format!(
        "{} ({}), deal {}{}",
        super::settings_view::players_text(&setup),
        if setup.pace_ms == 0 {
            "moves stepped by hand".to_string()
        } else {
            format!("{} ms a move", setup.pace_ms)
        },
        setup.seed,
        match setup.moves.len() {
            0 => String::new(),
            n => format!(", {n} moves played"),
        }
    );
    html! {
        <section class="embed-builder">
            <h1>{ "Embed Cluedo in your page" }</h1>
            <p class="lead">{ format!("The frame opens this game as you set it up: {what}. ") }
                <a href={game}>{ "Change it on the game's page" }</a>{ ", then choose “Embed this game in a page” again." }</p>
            { for errors.iter().map(|e| html! { <p class="error">{ e }</p> }) }
            <div class="card fields"><label class="field"><span>{ "The first seat" }</span>
                <select onchange={first} aria-label="Who plays the first seat in the frame">
                    { super::settings_view::first_seat_options(setup.watch, "The reader plays it") }
                </select></label></div>
            <EmbedCode {src} title="Cluedo, Puzzle Lab" size={(760, 1500)}
                size_note="760 x 1500 pixels holds the table (about 1,000 px at the start) with room for the log as the game goes; the computers' notebooks shown at the end scroll within the frame." />
        </section>
    }
}
