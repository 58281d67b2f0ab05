//! The part of an embed builder every game shares: the frame's size, the snippet to paste and its copy button,
//! what the author's page and the app's host must send for threads, and a live preview. A game's builder page
//! gives the link of the game to embed; this knows no game.

use yew::prelude::*;

/// The address of this app (origin and path, no hash), for links that open it from elsewhere.
pub fn app_base() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// The whole link to the page at `path` with `query` in the compact layout (`embed=1`), for a frame elsewhere.
pub fn embed_src(path: &str, query: &crate::route::Query) -> String {
    let mut parts: Vec<String> = query
        .iter()
        .filter(|(k, _)| k.as_str() != "embed")
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect();
    parts.push("embed=1".into());
    format!("{}#{path}?{}", app_base(), parts.join("&"))
}

/// `text` with what would end a query value (`&`, `#`, `%`, spaces, quotes) percent-encoded.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'~'
            | b','
            | b'/'
            | b':'
            | b';' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The iframe snippet that shows `src` in another page, `width` x `height` pixels, allowed to be isolated (for
/// threads).
pub fn snippet(src: &str, title: &str, width: u32, height: u32) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{title}\" width=\"{width}\" height=\"{height}\" \
         style=\"border:0;max-width:100%\" loading=\"lazy\" {}></iframe>",
        src.replace('&', "&amp;"),
        crate::isolation::ALLOW
    )
}

/// What the author's page and the app's host must send for an embedded game to have threads (for the builder
/// pages, and said the same way in README).
pub const HEADERS_ADVICE: &str = "Threads in your page need headers on both sides. Your page: \
    Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp. The app's host: the same \
    two, and Cross-Origin-Resource-Policy: cross-origin (without it, an isolated page shows an error in the frame \
    instead of the game). The iframe needs allow=\"cross-origin-isolated\", as the snippet has. Without these the game \
    still plays, on one thread, and says which part is missing.";

/// Props of [`EmbedLink`].
#[derive(Properties, PartialEq)]
pub struct EmbedLinkProps {
    /// The game's builder page: `/pegs/embed`.
    pub builder: AttrValue,
}

/// "Embed this game": opens the game's builder with the game as it stands (the page keeps its address in step
/// with the game, so its query is the game).
#[component]
pub fn EmbedLink(props: &EmbedLinkProps) -> Html {
    let builder = props.builder.clone();
    let onclick = Callback::from(move |_: MouseEvent| {
        let Some(w) = web_sys::window() else { return };
        let hash = w.location().hash().unwrap_or_default();
        let query = hash.split_once('?').map_or("", |(_, q)| q);
        let _ = w.location().set_hash(&format!("{builder}?{query}"));
    });
    html! { <button type="button" class="secondary small" id="embed-this" {onclick}>{ "Embed this game in a page" }</button> }
}

/// Props of [`EmbedCode`].
#[derive(Properties, PartialEq)]
pub struct EmbedCodeProps {
    /// The whole link of the game to embed (with `embed=1`).
    pub src: String,
    /// The link the preview shows, where it is not `src` (a builder whose preview waits for a button).
    #[prop_or_default]
    pub preview: Option<String>,
    /// The frame's title, for screen readers: "Peg solitaire, Puzzle Lab".
    pub title: AttrValue,
    /// The size the game needs, in pixels, proposed first.
    pub size: (u32, u32),
    /// Why that size (what fits in it).
    pub size_note: AttrValue,
}

/// Size fields, the snippet with its copy button, the headers advice and a preview of `src`.
#[component]
pub fn EmbedCode(props: &EmbedCodeProps) -> Html {
    let size = use_state(|| props.size);
    let size_error = use_state(|| None::<String>);
    let copied = use_state(|| false);
    let html = snippet(&props.src, &props.title, size.0, size.1);
    let on_size = |which: usize| {
        let (size, size_error) = (size.clone(), size_error.clone());
        Callback::from(move |e: Event| {
            // The field is written back when its value is refused.
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                return;
            };
            let what = if which == 0 { "width" } else { "height" };
            match input.value().trim().parse::<u32>() {
                Ok(v) if (200..=2000).contains(&v) => {
                    let (w, h) = *size;
                    size.set(if which == 0 { (v, h) } else { (w, v) });
                    size_error.set(None);
                }
                _ => {
                    // Say so, and show the size still in use rather than a number that is not.
                    size_error.set(Some(format!(
                        "A {what} of '{}' is not used: give 200 to 2000 pixels (the game needs 200 to be playable).",
                        input.value()
                    )));
                    input.set_value(&(if which == 0 { size.0 } else { size.1 }).to_string());
                }
            }
        })
    };
    let copy = {
        let (copied, html) = (copied.clone(), html.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let promise = w.navigator().clipboard().write_text(&html);
            let copied = copied.clone();
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok());
            });
        })
    };
    html! {
        <>
            <div class="card fields builder-extra">
                <label class="field" for="embed-width"><span>{ "Width" }</span>
                    <input id="embed-width" type="number" min="200" max="2000" value={size.0.to_string()} onchange={on_size(0)} /></label>
                <label class="field" for="embed-height"><span>{ "Height" }</span>
                    <input id="embed-height" type="number" min="200" max="2000" value={size.1.to_string()} onchange={on_size(1)} /></label>
                <p class="muted size-note">{ props.size_note.clone() }</p>
                if let Some(e) = (*size_error).clone() { <p class="error" role="alert" id="size-error">{ e }</p> }
            </div>
            <div class="card">
                <label class="field" for="embed-snippet"><span>{ "Paste this into your page:" }</span></label>
                <textarea id="embed-snippet" readonly=true rows="4" value={html.clone()} />
                <div class="actions">
                    <button type="button" class="primary" id="copy-snippet" onclick={copy}>{ "Copy the snippet" }</button>
                    <a href={props.src.clone()} target="_blank" rel="noopener">{ "Open the link" }</a>
                    if *copied { <span class="muted" role="status">{ "Copied." }</span> }
                </div>
                <p class="muted headers-advice">{ HEADERS_ADVICE }</p>
            </div>
            <h2>{ "Preview" }</h2>
            // Lazy: where the preview is below the first screen (a phone), its copy of the game (page, solver and
            // threads) loads when scrolled to, not with the builder.
            <iframe class="preview" loading="lazy" data-live="true" src={props.preview.clone().unwrap_or_else(|| props.src.clone())} allow="cross-origin-isolated" title={format!("preview: {}", props.title)}
                width={size.0.to_string()} height={size.1.to_string()}></iframe>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values_that_would_end_them_are_encoded() {
        assert_eq!(encode("d2-d4.b3-d3"), "d2-d4.b3-d3");
        assert_eq!(encode("..ooo../a b&c#d%"), "..ooo../a%20b%26c%23d%25");
        let back = crate::route::parse_query(&format!("x={}", encode("a b&c#d%é")));
        assert_eq!(back.get("x").map(String::as_str), Some("a b&c#d%é"));
    }

    #[test]
    fn the_snippet_escapes_the_link_and_asks_for_isolation() {
        let html = snippet(
            "https://example.org/lab/#/pegs?board=french&embed=1",
            "Peg solitaire",
            500,
            700,
        );
        assert_eq!(
            html,
            "<iframe src=\"https://example.org/lab/#/pegs?board=french&amp;embed=1\" title=\"Peg solitaire\" \
             width=\"500\" height=\"700\" style=\"border:0;max-width:100%\" loading=\"lazy\" \
             allow=\"cross-origin-isolated\"></iframe>"
        );
    }
}
