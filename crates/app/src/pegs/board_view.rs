//! The board drawn as holes and pegs: the picked-up peg, where it can jump (with how many games go through each
//! jump, as a heat map), every hole a button for keyboard play.

use peg_solitaire::{Geometry, Jump};
use protocol::group_digits;
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
fn place(geometry: Geometry, rows: u8, (r, c): (u8, u8)) -> (f64, f64) {
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
    let width = match geometry {
        Geometry::Square => f64::from(cols) * S,
        Geometry::Triangle => f64::from(rows) * S,
    };
    let height = match geometry {
        Geometry::Square => f64::from(rows) * S,
        Geometry::Triangle => (f64::from(rows) - 1.0) * 0.866 * S + S,
    };
    let next_jump = play.showing.first().copied();
    html! {
        <svg class="pegs-board" viewBox={format!("0 0 {width} {height}")} role="group"
            aria-label={format!("The board: {} pegs left", pos.count_ones())}>
            { for board.holes().iter().enumerate().map(|(i, &rc)| {
                let h = i as u8;
                let (x, y) = place(geometry, rows, rc);
                let (cx, cy) = (x * S + S / 2.0, y * S + S / 2.0);
                let peg = pos >> h & 1 == 1;
                let selected = play.selected == Some(h);
                let target = from_selected.iter().find(|j| j.to == h).copied();
                let movable = peg && legal.iter().any(|j| j.from == h);
                let heat = target.and_then(|j| count_of(&j));
                let hint = next_jump.is_some_and(|j| j.from == h || j.to == h);
                let label = format!(
                    "row {}, column {}: {}{}",
                    rc.0 + 1,
                    rc.1 + 1,
                    if peg { "peg" } else { "empty" },
                    match (target, heat) {
                        (Some(_), Some(n)) => format!(", jump here: {} games to the finish", group_digits(&n.to_string())),
                        (Some(_), None) => ", jump here".to_string(),
                        _ if selected => ", picked up".to_string(),
                        _ => String::new(),
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
                    <g class={classes!("hole", peg.then_some("peg"), selected.then_some("selected"), target.is_some().then_some("target"), movable.then_some("movable"), hint.then_some("hint"))}
                        data-hole={h.to_string()} data-row={rc.0.to_string()} data-col={rc.1.to_string()}
                        data-games={heat.map(|n| n.to_string())}
                        tabindex="0" role="button" aria-label={label} aria-pressed={selected.to_string()} {onclick} {onkeydown}>
                        <circle class="socket" cx={format!("{cx}")} cy={format!("{cy}")} r={format!("{}", S * 0.36)} style={fill.map(|f| format!("fill:{f}"))} />
                        if peg { <circle class="ball" cx={format!("{cx}")} cy={format!("{cy}")} r={format!("{}", S * 0.27)} /> }
                        if let Some(n) = heat {
                            <text x={format!("{cx}")} y={format!("{}", cy + 5.0)} text-anchor="middle" class="heat-label">{ short_count(&n.to_string()) }</text>
                        }
                    </g>
                }
            }) }
        </svg>
    }
}
