//! A long code (more than [`LONG_CODE`] pegs) drawn as one image: a board of hundreds of 100-peg rows is one
//! element per row instead of two hundred, which is what the browser's layout and paint walk on every guess.
//! The image is a PNG drawn on one canvas kept off the page: a canvas on the page is a composited layer of its
//! own, and hundreds of them cost more to commit every frame than the pegs did; an SVG image is painted on the
//! page's main thread, and cost more to paint (both measured: docs/notebook.md).

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement};
use yew::prelude::*;

use crate::mastermind::params::Palette;
use crate::timeout::on_next_frame;

/// Codes longer than this are drawn small: the board's `long` layout, and played rows as a [`CodeStrip`].
pub const LONG_CODE: u8 = 24;

/// The most pegs on one line of a strip.
const PER_LINE: usize = 50;
/// One peg's cell in the image, in its own units (the page scales the strip to the row's width).
const CELL: usize = 32;

/// Lines and pegs per line of a strip of `pegs` pegs: as few lines as [`PER_LINE`] allows, evenly filled.
pub fn strip_shape(pegs: usize) -> (usize, usize) {
    let lines = pegs.div_ceil(PER_LINE).max(1);
    (lines, pegs.div_ceil(lines))
}

/// Whether text on `colour` (`#rrggbb`) reads better dark than white (relative luminance above one half).
fn dark_ink(colour: &str) -> bool {
    let hex = colour.trim().trim_start_matches('#');
    let channel = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .map_or(0.0, |v| {
                let c = f64::from(v) / 255.0;
                if c <= 0.04045 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            })
    };
    hex.len() == 6 && 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4) > 0.5
}

thread_local! {
    /// Where strips are drawn, off the page (one for every strip: each is drawn and read back at once).
    static CANVAS: Option<HtmlCanvasElement> = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("canvas").ok())
        .and_then(|c| c.dyn_into().ok());
}

/// The strip drawn on the canvas kept off the page, as a PNG data URL; `colour(c)` is colour `c`'s CSS colour.
fn strip_png(code: &[u8], colour: impl Fn(u8) -> String) -> Option<String> {
    CANVAS.with(|canvas| {
        let canvas = canvas.as_ref()?;
        let (lines, per_line) = strip_shape(code.len());
        canvas.set_width((per_line * CELL) as u32);
        canvas.set_height((lines * CELL) as u32);
        let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        let palette: Vec<String> = (0..=code.iter().copied().max().unwrap_or(0))
            .map(colour)
            .collect();
        let cell = CELL as f64;
        ctx.set_font("800 13px system-ui, sans-serif");
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        for (i, &c) in code.iter().enumerate() {
            let (x, y) = (
                ((i % per_line) as f64 + 0.5) * cell,
                ((i / per_line) as f64 + 0.5) * cell,
            );
            let fill = &palette[usize::from(c)];
            ctx.set_fill_style_str(fill);
            ctx.begin_path();
            let _ = ctx.arc(x, y, 14.0, 0.0, std::f64::consts::TAU);
            ctx.fill();
            ctx.set_fill_style_str(if dark_ink(fill) { "#222" } else { "#fff" });
            let _ = ctx.fill_text(&(c + 1).to_string(), x, y + 1.0);
        }
        canvas.to_data_url().ok()
    })
}

/// Props of [`CodeStrip`].
#[derive(Properties, PartialEq)]
pub struct CodeStripProps {
    /// The code, colours from 0.
    pub code: Vec<u8>,
    /// The palette its colours come from (a change draws it again).
    pub palette: Palette,
}

/// A code as one image: round pegs in the palette's colours (the page's `--c0`...`--c19`, read where the image
/// is, so the colour-blind palette applies), each with its number, wrapped onto lines of at most 50. Its label
/// reads the colours out, and `data-code` has them for scripts.
#[component]
pub fn CodeStrip(props: &CodeStripProps) -> Html {
    let img = use_node_ref();
    let (lines, per_line) = strip_shape(props.code.len());
    {
        let img = img.clone();
        use_effect_with((props.code.clone(), props.palette), move |(code, _)| {
            let code = code.clone();
            // At the next frame: the page's next solver request goes out first.
            on_next_frame(move || {
                let Some(img) = img.cast::<HtmlImageElement>() else {
                    return;
                };
                let style =
                    web_sys::window().and_then(|w| w.get_computed_style(&img).ok().flatten());
                let colour = |c: u8| {
                    style
                        .as_ref()
                        .and_then(|s| s.get_property_value(&format!("--c{c}")).ok())
                        .map(|v| v.trim().to_string())
                        .filter(|v| !v.is_empty())
                        .unwrap_or_else(|| "#888888".into())
                };
                if let Some(url) = strip_png(&code, colour) {
                    img.set_src(&url);
                }
            });
        });
    }
    let label = format!(
        "colours {}",
        props
            .code
            .iter()
            .map(|c| (c + 1).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let data = props
        .code
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    html! {
        <img ref={img} class="code strip" alt={label} data-code={data}
            width={(per_line * CELL).to_string()} height={(lines * CELL).to_string()}
            style={format!("--per-line:{per_line}")} />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_fill_their_lines_evenly() {
        assert_eq!(strip_shape(25), (1, 25));
        assert_eq!(strip_shape(50), (1, 50));
        assert_eq!(strip_shape(51), (2, 26));
        assert_eq!(strip_shape(100), (2, 50));
        assert_eq!(strip_shape(0), (1, 0));
    }

    #[test]
    fn ink_follows_the_peg_colour() {
        // The page's own choices: dark numbers on yellow and white pegs, white on red and blue.
        assert!(dark_ink("#fdd835") && dark_ink(" #eceff1"));
        assert!(!dark_ink("#e53935") && !dark_ink("#1e88e5") && !dark_ink("#1a237e"));
        assert!(!dark_ink("not a colour"));
    }
}
