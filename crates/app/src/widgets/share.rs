//! "Share this game": copies the page's own link (which every game keeps up to date) and shows it. Knows no
//! game.

use yew::prelude::*;

/// Share this game: its link (the page keeps the address in step with the game), copied on request.
#[component]
pub fn Share() -> Html {
    let copied = use_state(|| None::<bool>);
    let link = use_state(String::new);
    let onclick = {
        let (copied, link) = (copied.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let href = w.location().href().unwrap_or_default();
            link.set(href.clone());
            let copied = copied.clone();
            let promise = w.navigator().clipboard().write_text(&href);
            wasm_bindgen_futures::spawn_local(async move {
                let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
                copied.set(Some(ok));
            });
        })
    };
    html! {
        <div class="share">
            <button type="button" class="secondary small" id="share" {onclick}>{ "Share this game" }</button>
            if !link.is_empty() {
                <input class="share-link" id="share-link" readonly=true value={(*link).clone()} aria-label="link to this game" />
                <span class="muted" role="status">{ match *copied {
                    Some(true) => "Link copied.",
                    Some(false) => "Copy the link above (the browser did not allow copying).",
                    None => "",
                } }</span>
            }
        </div>
    }
}
