//! What the solver knows in a huge game, drawn: a grid with a column per peg and a row per colour, each cell
//! showing whether that colour can still be at that peg (certain rules) and how often the codes found that fit every
//! score put it there; each colour's count, known or bounded; and one sentence on what the last score taught. Asked
//! of the worker after each score while the game waits, and at most every few seconds while the computer plays, so
//! it never holds the game back by much.

use std::rc::Rc;

use mastermind::Spec;
use protocol::mastermind::{KnowledgeDto, MastermindAnswer, MastermindJob, SpecDto};
use protocol::{Job, Reply};
use yew::prelude::*;

use super::state::{Held, Phase};
use crate::hooks::use_job;
use crate::solver::JobEvent;
use crate::timeout::use_throttled;

/// How often the picture is asked for while the computer plays on its own, and the time its sample may take then:
/// each ask holds the game back by that much (the worker runs one job at a time).
const WHILE_PLAYING: (f64, u32) = (4_000.0, 400);
/// The time the sample may take while the game waits for the person, or is over.
const WHILE_WAITING_MS: u32 = 1_500;

/// Props of [`KnowledgePanel`].
#[derive(Properties, PartialEq)]
pub struct KnowledgeProps {
    /// The game.
    pub game: Held,
}

/// The grid of what the scores tell, for games too big to list their codes.
#[component]
pub fn KnowledgePanel(props: &KnowledgeProps) -> Html {
    let g = &*props.game;
    let shown = use_state(|| None::<(u32, Result<Rc<KnowledgeDto>, String>)>);
    let idle = g.phase != Phase::Thinking;
    let scored = g.rows.iter().filter(|r| r.score.is_some()).count();
    let (game, n) = use_throttled((g.started, scored), WHILE_PLAYING.0, idle);
    {
        // The rows the picture is for (fewer than on the board while the computer plays faster than it is drawn).
        let mut history = g.history();
        history.truncate(n);
        let n = history.len();
        let job = Job::Mastermind(MastermindJob::Knowledge {
            spec: SpecDto::from(g.spec),
            history,
            seed: n as u64 + 1,
            ms: if idle {
                WHILE_WAITING_MS
            } else {
                WHILE_PLAYING.1
            },
        });
        let shown = shown.clone();
        let on_event = Callback::from(move |e: JobEvent| {
            let JobEvent::Done(outcome, _) = e else {
                return;
            };
            let known = match outcome.reply() {
                Reply::Answer(MastermindAnswer::Known { knowledge }) => Ok(Rc::new(knowledge)),
                Reply::Answer(_) => Err("the solver gave an unexpected answer".into()),
                Reply::Failed(message) => Err(message),
                Reply::Cancelled => return,
            };
            shown.set(Some((game, known)));
        });
        use_job((game, n), Some(job), on_event);
    }
    let body = match &*shown {
        Some((game, _)) if *game != g.started => waiting(),
        None => waiting(),
        Some((_, Err(message))) => html! { <p class="muted">{ message.clone() }</p> },
        Some((_, Ok(k))) => {
            let behind = scored.saturating_sub(k.rows as usize);
            html! {
                <>
                <Grid spec={g.spec} knowledge={k.clone()} />
                if behind > 0 {
                    <p class="muted kg-behind">{ format!("Drawn after row {}; {behind} more scored since (the next picture comes as the game goes on).", k.rows) }</p>
                }
                </>
            }
        }
    };
    html! {
        <section class="card knowledge" aria-labelledby="knowledge-title">
            <h2 id="knowledge-title">{ "What the solver knows" }</h2>
            { body }
        </section>
    }
}

fn waiting() -> Html {
    html! { <p class="muted" aria-busy="true">{ "Working out what the scores tell…" }</p> }
}

/// `5` when known, else `3–7`.
fn bound(lo: u8, hi: u8) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    }
}

/// Props of [`Grid`].
#[derive(Properties, PartialEq)]
struct GridProps {
    spec: Spec,
    knowledge: Rc<KnowledgeDto>,
}

/// The sentence, the grid and its summary: drawn again only when a new picture comes (2,000 cells at 100x20).
#[component]
fn Grid(props: &GridProps) -> Html {
    let (spec, k) = (props.spec, &*props.knowledge);
    let pegs = usize::from(spec.pegs);
    let colors = usize::from(spec.colors);
    let known = (0..colors).filter(|&c| k.lo[c] == k.hi[c]).count();
    let placed = k.possible.iter().filter(|m| m.count_ones() == 1).count();
    let ruled: usize = k
        .possible
        .iter()
        .map(|m| colors - m.count_ones() as usize)
        .sum();
    let sample = k.sample;
    let codes = if sample == 1 { "code" } else { "codes" };
    let shading = match (sample, k.misses) {
        (0, _) => "No codes searched yet.".to_string(),
        (1, 0) => "Shading: the one code found, which fits every score.".to_string(),
        (_, 0) => format!(
            "Shading: how many of the {sample} {codes} found that fit every score put that colour there."
        ),
        (_, m) => format!(
            "Shading: how many of the {sample} closest {codes} found put that colour there (none found fits every \
             score yet; they miss by up to {m} pegs)."
        ),
    };
    let summary = format!(
        "After {} scored {}: colour counts known for {known} of {colors} colours; {placed} of {pegs} pegs certain; \
         {ruled} colours ruled out at pegs. {shading}",
        k.rows,
        if k.rows == 1 { "row" } else { "rows" },
    );
    // Peg numbers every tenth column (every fifth in small games).
    let every = if pegs > 30 { 10 } else { 5 };
    let axis = (0..pegs).map(|p| {
        let label = (p == 0 || (p + 1) % every == 0).then(|| (p + 1).to_string());
        html! { <span class="kg-peg">{ label.unwrap_or_default() }</span> }
    });
    let lines = (0..colors).map(|c| {
        let cells = (0..pegs).map(|p| {
            let possible = k.possible[p] & (1 << c) != 0;
            let certain = k.possible[p] == 1 << c;
            let n = k.shares.get(p).and_then(|s| s.get(c)).copied().unwrap_or(0);
            let (class, title) = if certain {
                ("kg-cell certain", format!("peg {}: colour {} for certain", p + 1, c + 1))
            } else if !possible {
                ("kg-cell out", format!("peg {}: not colour {}", p + 1, c + 1))
            } else {
                ("kg-cell", format!("peg {}: colour {} in {n} of {sample} sampled codes", p + 1, c + 1))
            };
            let share = if certain || sample == 0 {
                if certain { 100 } else { 0 }
            } else {
                (100 * u32::from(n)).div_ceil(sample)
            };
            let style = format!("--k:var(--c{c});--s:{share}%");
            html! { <span class={class} {style} {title}></span> }
        });
        let count = bound(k.lo[c], k.hi[c]);
        let label = if k.lo[c] == k.hi[c] {
            format!("colour {}: exactly {count}", c + 1)
        } else {
            format!("colour {}: {count} pegs", c + 1)
        };
        html! {
            <div class="kg-row" role="row" aria-label={label} data-color={c.to_string()} data-lo={k.lo[c].to_string()} data-hi={k.hi[c].to_string()}>
                <span class="kg-label" role="rowheader">
                    <span class={classes!("peg", "small", format!("c{c}"))}>{ c + 1 }</span>
                    <span class={classes!("kg-count", (k.lo[c] == k.hi[c]).then_some("known"))}>{ format!("×{count}") }</span>
                </span>
                { for cells }
            </div>
        }
    });
    html! {
        <>
        <p class="lesson" aria-live="polite">{ k.lesson.clone() }</p>
        <div class="kg" role="table" aria-label="colours each peg can still be"
            style={format!("--pegs:{pegs}")} data-rows={k.rows.to_string()} data-sample={sample.to_string()} data-misses={k.misses.to_string()}
            data-placed={placed.to_string()} data-ruled={ruled.to_string()}>
            <div class="kg-row kg-axis" aria-hidden="true"><span class="kg-label">{ "peg" }</span>{ for axis }</div>
            { for lines }
        </div>
        <p class="muted kg-summary">{ summary }</p>
        </>
    }
}
