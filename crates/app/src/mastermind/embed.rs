//! The embed builder: choose a game, see it, and copy the iframe snippet that puts it in another page.

use mastermind::Code;
use yew::prelude::*;

use crate::mastermind::params::{Numbering, PALETTES, Palette, Settings, parse_code};
use crate::mastermind::view::SettingsForm;

/// The address of this app (origin and path, no hash), for links that open it from elsewhere.
fn app_base() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// The link an embedded game opens, and its iframe snippet.
pub fn snippet(
    base: &str,
    settings: &Settings,
    secret: Option<&Code>,
    width: u32,
    height: u32,
) -> (String, String) {
    let query = settings.game_query(secret, &[]);
    let src = format!("{base}#/mastermind?{query}");
    let html = format!(
        "<iframe src=\"{}\" title=\"Mastermind, Puzzle Lab\" width=\"{width}\" height=\"{height}\" \
         style=\"border:0;max-width:100%\" loading=\"lazy\" {}></iframe>",
        src.replace('&', "&amp;"),
        crate::isolation::ALLOW
    );
    (src, html)
}

/// The builder page.
#[component]
pub fn EmbedBuilder() -> Html {
    let settings = use_state(|| Settings {
        embed: true,
        ..Settings::default()
    });
    let shown = use_state(|| (*settings).clone());
    let secret_text = use_state(String::new);
    // Tall enough for the whole game (about 1040 px with the settings open) without a scroll bar in the frame.
    let size = use_state(|| (520u32, 1080u32));
    let copied = use_state(|| false);
    let on_change = {
        let settings = settings.clone();
        Callback::from(move |s: Settings| settings.set(s))
    };
    let on_preview = {
        let (settings, shown) = (settings.clone(), shown.clone());
        Callback::from(move |_| shown.set((*settings).clone()))
    };
    // The snippet (and the secret's check) follow the form as it is edited; the preview reloads only when asked.
    let parse_secret = |spec: &mastermind::Spec| {
        (!secret_text.trim().is_empty())
            .then(|| parse_code(spec, secret_text.trim(), Numbering::FromOne))
    };
    let secret = parse_secret(&settings.spec);
    let secret_error = match &secret {
        Some(Err(e)) => Some(format!("The secret is ignored: {e}.")),
        _ => None,
    };
    let secret = secret.and_then(Result::ok);
    let (link, html) = snippet(&app_base(), &settings, secret.as_ref(), size.0, size.1);
    let s = &*settings;
    let shown_secret = parse_secret(&shown.spec).and_then(Result::ok);
    let (src, _) = snippet(&app_base(), &shown, shown_secret.as_ref(), size.0, size.1);
    let on_secret = {
        let secret_text = secret_text.clone();
        Callback::from(move |e: InputEvent| {
            secret_text.set(crate::widgets::field::value(&e));
        })
    };
    let on_palette = {
        let (settings, shown) = (settings.clone(), shown.clone());
        Callback::from(move |e: Event| {
            let v = crate::widgets::field::value(&e);
            if let Some((_, p)) = PALETTES.iter().find(|(n, _)| *n == v) {
                settings.set(Settings {
                    palette: *p,
                    ..(*settings).clone()
                });
                shown.set(Settings {
                    palette: *p,
                    ..(*shown).clone()
                });
            }
        })
    };
    let on_compact = {
        let (settings, shown) = (settings.clone(), shown.clone());
        Callback::from(move |e: Event| {
            let embed = crate::widgets::field::checked(&e);
            settings.set(Settings {
                embed,
                ..(*settings).clone()
            });
            shown.set(Settings {
                embed,
                ..(*shown).clone()
            });
        })
    };
    let size_error = use_state(|| None::<String>);
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
        <section class="embed-builder">
            <h1>{ "Embed Mastermind in your page" }</h1>
            <p class="lead muted">{ "Choose the game, check the preview, and paste the snippet into your tutorial. \
                It works on any static host. Opened on its own it uses every core (a service worker adds the headers \
                threads need where the host does not); inside your page it uses every core only if your page and the \
                app's host both send the cross-origin isolation headers (COOP same-origin, COEP require-corp; the app's \
                host also CORP cross-origin) and the iframe has allow=\"cross-origin-isolated\", as the snippet does; \
                otherwise one thread, and the game says which part is missing." }</p>
            <SettingsForm settings={(*settings).clone()} {on_change} on_new_game={on_preview} submit_label="Update the preview" palette={false} />
            <div class="card fields builder-extra">
                <label class="field" for="embed-secret"><span>{ "Fixed secret (optional, colours numbered as on the pegs: 4,2,5,2)" }</span>
                    <input id="embed-secret" type="text" value={(*secret_text).clone()} oninput={on_secret} placeholder="random" /></label>
                <label class="field" for="embed-palette"><span>{ "Palette" }</span>
                    <select id="embed-palette" onchange={on_palette}>
                        <option value="classic" selected={s.palette == Palette::Classic}>{ "classic" }</option>
                        <option value="safe" selected={s.palette == Palette::Safe}>{ "colour-blind safe" }</option>
                    </select></label>
                <label class="field check" for="embed-compact">
                    <input type="checkbox" id="embed-compact" checked={s.embed} onchange={on_compact} />
                    <span>{ "Compact layout (the board only)" }</span></label>
                <label class="field" for="embed-width"><span>{ "Width" }</span>
                    <input id="embed-width" type="number" min="200" max="2000" value={size.0.to_string()} onchange={on_size(0)} /></label>
                <label class="field" for="embed-height"><span>{ "Height" }</span>
                    <input id="embed-height" type="number" min="200" max="2000" value={size.1.to_string()} onchange={on_size(1)} /></label>
                if let Some(e) = secret_error { <p class="error" role="alert">{ e }</p> }
                if let Some(e) = (*size_error).clone() { <p class="error" role="alert" id="size-error">{ e }</p> }
            </div>
            <div class="card">
                <label class="field" for="embed-snippet"><span>{ "Paste this into your page:" }</span></label>
                <textarea id="embed-snippet" readonly=true rows="4" value={html.clone()} />
                <div class="actions">
                    <button type="button" class="primary" id="copy-snippet" onclick={copy}>{ "Copy the snippet" }</button>
                    <a href={link} target="_blank" rel="noopener">{ "Open the link" }</a>
                    if *copied { <span class="muted" role="status">{ "Copied." }</span> }
                </div>
            </div>
            <h2>{ "Preview" }</h2>
            <iframe class="preview" src={src} allow="cross-origin-isolated" title="preview of the embedded game" width={size.0.to_string()} height={size.1.to_string()}></iframe>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind::Spec;

    #[test]
    fn the_snippet_links_to_the_game_with_a_hidden_secret() {
        let settings = Settings {
            embed: true,
            ..Settings::default()
        };
        let code = Code::parse(&Spec::CLASSIC, "3,1,4,1").unwrap();
        let (src, html) = snippet("https://example.org/lab/", &settings, Some(&code), 500, 700);
        assert!(
            src.starts_with("https://example.org/lab/#/mastermind?pegs=4&colors=6&"),
            "{src}"
        );
        assert!(src.contains("&embed=1") && src.contains("&code="), "{src}");
        assert!(!src.contains("secret="));
        assert!(
            html.starts_with(
                "<iframe src=\"https://example.org/lab/#/mastermind?pegs=4&amp;colors=6&amp;"
            ),
            "{html}"
        );
        assert!(html.contains("width=\"500\" height=\"700\""));
        assert!(
            html.contains(" allow=\"cross-origin-isolated\"></iframe>"),
            "{html}"
        );
    }
}
