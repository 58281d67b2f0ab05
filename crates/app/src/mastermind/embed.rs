//! The embed builder: choose a game, see it, and copy the iframe snippet that puts it in another page.

use mastermind::Code;
use yew::prelude::*;

use crate::mastermind::params::{Numbering, PALETTES, Palette, Settings, parse_code};
use crate::mastermind::view::SettingsForm;
use crate::widgets::embed::{EmbedCode, app_base};

/// The link an embedded game opens.
pub fn src(base: &str, settings: &Settings, secret: Option<&Code>) -> String {
    format!("{base}#/mastermind?{}", settings.game_query(secret, &[]))
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
    let s = &*settings;
    let shown_secret = parse_secret(&shown.spec).and_then(Result::ok);
    let preview = Some(src(&app_base(), &shown, shown_secret.as_ref()));
    let src = src(&app_base(), &settings, secret.as_ref());
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
    html! {
        <section class="embed-builder">
            <h1>{ "Embed Mastermind in your page" }</h1>
            <p class="lead muted">{ "Choose the game, check the preview, and paste the snippet into your tutorial. \
                It works on any static host; the headers it needs for threads are below the snippet. Peg solitaire and \
                Cluedo have a builder too: “Embed this game in a page” on their pages." }</p>
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
                if let Some(e) = secret_error { <p class="error" role="alert">{ e }</p> }
            </div>
            <EmbedCode {src} {preview} title="Mastermind, Puzzle Lab" size={(520, 1110)}
                size_note="520 x 1110 pixels holds the whole game with its settings open and the one-thread note of a host without isolation, without a scroll bar in the frame." />
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind::Spec;

    #[test]
    fn the_link_opens_the_game_with_a_hidden_secret() {
        let settings = Settings {
            embed: true,
            ..Settings::default()
        };
        let code = Code::parse(&Spec::CLASSIC, "3,1,4,1").unwrap();
        let src = src("https://example.org/lab/", &settings, Some(&code));
        assert!(
            src.starts_with("https://example.org/lab/#/mastermind?pegs=4&colors=6&"),
            "{src}"
        );
        assert!(src.contains("&embed=1") && src.contains("&code="), "{src}");
        assert!(!src.contains("secret="));
    }
}
