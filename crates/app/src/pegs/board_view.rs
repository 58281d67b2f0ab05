//! The board drawn as holes and pegs, with its column letters and row numbers: the picked-up peg, where it can
//! jump (with how many games go through each jump, as a heat map), why a lost position is lost (the holes the rule of
//! three counts, or a pagoda function's weights), every hole a button for keyboard play.

use peg_solitaire::{Geometry, Jump};
use protocol::group_digits;
use protocol::pegs::{LostDto, ParityDto};
use yew::prelude::*;

use super::state::{Action, Play};
use crate::widgets::log_chart::short_count;

/// Props of [`BoardView`].
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The game.
    pub play: std::rc::Rc<Play>,
    /// Where its actions go.
    pub dispatch: Callback<Action>,
}

/// Where hole `(r, c)` is drawn, in units of one hole.
pub(super) fn place(geometry: Geometry, rows: u8, (r, c): (u8, u8)) -> (f64, f64) {
    match geometry {
        Geometry::Square => (f64::from(c), f64::from(r)),
        // Row r of a triangle is centred: shifted by half a hole per row, rows sqrt(3)/2 apart.
        Geometry::Triangle => (
            f64::from(c) + (f64::from(rows) - 1.0 - f64::from(r)) / 2.0,
            f64::from(r) * 0.866,
        ),
    }
}

/// The board.
#[component]
pub fn BoardView(props: &BoardProps) -> Html {
    let play = &props.play;
    let board = &play.board;
    let pos = play.position();
    let (rows, cols) = board.size();
    let geometry = board.geometry();
    let legal = play.legal();
    let from_selected: Vec<Jump> = play
        .selected
        .map(|s| legal.iter().copied().filter(|j| j.from == s).collect())
        .unwrap_or_default();
    let count_of = |j: &Jump| {
        play.counts
            .as_ref()
            .and_then(|cs| cs.iter().find(|(k, _)| k == j).map(|(_, n)| *n))
    };
    let max_count = play
        .counts
        .as_ref()
        .and_then(|cs| cs.iter().map(|c| c.1).max())
        .unwrap_or(0)
        .max(1);
    const S: f64 = 56.0;
    // A margin for the column letters (above a square board, under a triangle) and the row numbers (at the left).
    const M: f64 = 22.0;
    let width = match geometry {
        Geometry::Square => f64::from(cols) * S,
        Geometry::Triangle => f64::from(rows) * S,
    };
    let height = match geometry {
        Geometry::Square => f64::from(rows) * S,
        Geometry::Triangle => (f64::from(rows) - 1.0) * 0.866 * S + S,
    };
    let next_jump = play.showing.first().copied();
    // Why the position is lost, drawn: the holes the rule of three counts (shaded, and where it takes two counts the
    // second's ringed), or each hole's weight.
    let (marked, ringed, weights): (Vec<u8>, Vec<u8>, Vec<f64>) = match play.lost() {
        Some(LostDto::Class { marked, .. }) => (marked.clone(), Vec::new(), Vec::new()),
        Some(LostDto::ClassPair { first, second }) => {
            (first.marked.clone(), second.marked.clone(), Vec::new())
        }
        Some(LostDto::Pagoda { weights, .. }) => (Vec::new(), Vec::new(), weights.clone()),
        _ => (Vec::new(), Vec::new(), Vec::new()),
    };
    // Edge labels: one letter per column, one number per row, where a person looks for them.
    let letters = (0..cols).filter_map(|c| {
        let (r, anchor_y) = match geometry {
            Geometry::Square => (board.holes().iter().filter(|h| h.1 == c).map(|h| h.0).min()?, -M / 2.0),
            Geometry::Triangle => (rows - 1, height + M / 2.0),
        };
        let (x, _) = place(geometry, rows, (r, c));
        let name = board.hole_text(board.hole(r, c)?);
        let letter: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        Some(html! { <text class="edge" x={format!("{}", x * S + S / 2.0)} y={format!("{}", anchor_y + 5.0)} text-anchor="middle">{ letter }</text> })
    });
    let numbers = (0..rows).filter_map(|r| {
        let c = board.holes().iter().filter(|h| h.0 == r).map(|h| h.1).min()?;
        let (x, y) = place(geometry, rows, (r, c));
        let x = match geometry {
            Geometry::Square => -M / 2.0,
            Geometry::Triangle => x * S - M / 2.0 + 4.0,
        };
        Some(html! { <text class="edge" x={format!("{x}")} y={format!("{}", y * S + S / 2.0 + 5.0)} text-anchor="middle">{ r + 1 }</text> })
    });
    let view_box = match geometry {
        Geometry::Square => format!("{} {} {} {}", -M, -M, width + M, height + M),
        Geometry::Triangle => format!("{} 0 {} {}", -M, width + M, height + M),
    };
    html! {
        <svg class="pegs-board" viewBox={view_box} role="group"
            aria-label={format!("The board: {} pegs left", pos.count_ones())}>
            { for letters }
            { for numbers }
            { for board.holes().iter().enumerate().map(|(i, &rc)| {
                let h = i as u8;
                let (x, y) = place(geometry, rows, rc);
                let (cx, cy) = (x * S + S / 2.0, y * S + S / 2.0);
                let peg = pos >> h & 1 == 1;
                let selected = play.selected == Some(h);
                let target = from_selected.iter().find(|j| j.to == h).copied();
                let movable = peg && legal.iter().any(|j| j.from == h);
                let heat = target.and_then(|j| count_of(&j)).filter(|_| play.heat);
                let hint = next_jump.is_some_and(|j| j.from == h || j.to == h);
                let name = board.hole_text(h);
                let in_proof = marked.contains(&h);
                let in_second = ringed.contains(&h);
                let weight = weights.get(i).copied().filter(|w| *w != 0.0);
                let label = format!(
                    "{name}: {}{}{}",
                    if peg { "peg" } else { "empty" },
                    match (in_proof, in_second) {
                        (true, true) => ", in both counts of the rule of three",
                        (true, false) if !ringed.is_empty() => ", in the first count of the rule of three",
                        (true, false) => ", counted by the rule of three",
                        (false, true) => ", in the second count of the rule of three",
                        (false, false) => "",
                    },
                    match (target, heat) {
                        (Some(_), Some(n)) => format!(", jump here: {} games to the finish", group_digits(&n.to_string())),
                        (Some(_), None) => ", jump here".to_string(),
                        _ if selected => ", picked up".to_string(),
                        _ => weight.map(|w| format!(", weight {}", weight_text(w))).unwrap_or_default(),
                    }
                );
                let onclick = {
                    let d = props.dispatch.clone();
                    Callback::from(move |_: MouseEvent| d.emit(Action::Hole(h)))
                };
                let onkeydown = {
                    let d = props.dispatch.clone();
                    Callback::from(move |e: KeyboardEvent| {
                        if matches!(e.key().as_str(), "Enter" | " ") {
                            e.prevent_default();
                            d.emit(Action::Hole(h));
                        }
                    })
                };
                // Heat: the share of the winning games through this jump, from pale to deep.
                let fill = heat.map(|n| {
                    let t = (n as f64).ln_1p() / (max_count as f64).ln_1p();
                    format!("color-mix(in srgb, var(--heat-hot) {:.0}%, var(--heat-cold))", 15.0 + 85.0 * t)
                });
                html! {
                    <g class={classes!("hole", peg.then_some("peg"), selected.then_some("selected"), target.is_some().then_some("target"), movable.then_some("movable"), hint.then_some("hint"), in_proof.then_some("marked"), in_second.then_some("ringed"))}
                        data-hole={h.to_string()} data-name={name.clone()} data-row={rc.0.to_string()} data-col={rc.1.to_string()}
                        data-games={heat.map(|n| n.to_string())}
                        tabindex="0" role="button" aria-label={label} aria-pressed={selected.to_string()} {onclick} {onkeydown}>
                        <circle class="socket" cx={format!("{cx}")} cy={format!("{cy}")} r={format!("{}", hundredths(S * 0.36))} style={fill.map(|f| format!("fill:{f}"))} />
                        if peg { <circle class="ball" cx={format!("{cx}")} cy={format!("{cy}")} r={format!("{}", hundredths(S * 0.27))} /> }
                        // Outside the socket, so that a hole in both counts shows both.
                        if in_second { <circle class="ring-second" cx={format!("{cx}")} cy={format!("{cy}")} r={format!("{}", hundredths(S * 0.455))} /> }
                        if let Some(n) = heat {
                            // One short format, squeezed to the socket where it is long; the full number on hover.
                            <title>{ format!("{name}: {} games to the finish", group_digits(&n.to_string())) }</title>
                            <text x={format!("{cx}")} y={format!("{}", cy + 4.5)} text-anchor="middle" class="heat-label"
                                textLength={(short_count(&n.to_string()).chars().count() > 5).then(|| format!("{}", S * 0.7))}
                                lengthAdjust="spacingAndGlyphs">{ short_count(&n.to_string()) }</text>
                        } else if let Some(w) = weight {
                            <text x={format!("{cx}")} y={format!("{}", cy + 4.5)} text-anchor="middle" class="weight-label">{ weight_text(w) }</text>
                        }
                    </g>
                }
            }) }
        </svg>
    }
}

/// A pagoda weight as the board shows it: `1`, `-1`, `0.5`.
pub fn weight_text(w: f64) -> String {
    let t = format!("{:.2}", w);
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Why two counts of the rule of three leave no hole for the last peg, said for their parities.
pub(super) fn none_left(first: &ParityDto, second: &ParityDto) -> &'static str {
    match (first.pegs % 2 == 1, second.pegs % 2 == 1) {
        (true, false) => "every shaded hole is also ringed",
        (false, true) => "every ringed hole is also shaded",
        (false, false) => "every hole is shaded or ringed",
        (true, true) => "no hole is both shaded and ringed",
    }
}

/// The short proof of a lost position, in one sentence, for what the board draws (the holes it counts shaded, a
/// second count's ringed).
pub fn proof_line(lost: &LostDto) -> Option<String> {
    match lost {
        LostDto::Class {
            marked,
            pegs,
            finish_pegs,
        } => Some(format!(
            "Count the pegs on the {} shaded holes: {pegs} now, {}; every jump changes that count by 0 or 2, so it stays {}, and the finish has {finish_pegs}.",
            marked.len(),
            if pegs % 2 == 0 { "even" } else { "odd" },
            if pegs % 2 == 0 { "even" } else { "odd" },
        )),
        LostDto::ClassPair { first, second } => {
            let count = |c: &ParityDto, how: &str| {
                let odd = c.pegs % 2 == 1;
                format!(
                    "the {} {how} holes hold {} peg{}, {}, and always will, so the last peg {} be on one of them",
                    c.marked.len(),
                    c.pegs,
                    if c.pegs == 1 { "" } else { "s" },
                    if odd { "odd" } else { "even" },
                    if odd { "must" } else { "cannot" },
                )
            };
            let none_left = none_left(first, second);
            Some(format!(
                "Count the pegs twice (every jump changes each count by 0 or 2): {}; {}; and {none_left}, so no single peg can be left.",
                count(first, "shaded"),
                count(second, "ringed"),
            ))
        }
        LostDto::Pagoda {
            total,
            finish_total,
            ..
        } => Some(format!(
            "Weigh each peg by the number in its hole: no jump on this board raises the total. It is {} now, less than the finish's {}, so the finish is out of reach.",
            weight_text(*total),
            weight_text(*finish_total)
        )),
        LostDto::NoJumpLeft | LostDto::NoGame => None,
    }
}

/// `x` to two decimals, written shortest (`15.12`, not `15.120000000000001`): a radius in the board's drawing.
fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
