//! Hints while playing: a suggested guess from the chosen strategy, whether the guess being composed is still
//! possible (and if not, which row rules it out), and how a guess splits the codes still possible, with the
//! score each partition strategy gives that split.

use mastermind::{Code, Feedback, Row, Spec, Strategy, partition};
use protocol::mastermind::{CountDto, MastermindAnswer, MastermindJob, RowDto, SpecDto, SplitDto};
use protocol::{Job, Reply, group_digits};
use yew::prelude::*;

use super::state::{Action, Held, Phase, SplitTarget};
use crate::hooks::use_job;
use crate::solver::JobEvent;

/// Whether `draft` is still possible given the scored rows: `None` if it fits every row, else the first row it
/// does not fit and the score it would have got there. Scoring one code against the rows is a handful of
/// comparisons, not a search, so the page does it as the person types.
pub fn draft_check(spec: &Spec, draft: &[u8], history: &[RowDto]) -> Option<(usize, Feedback)> {
    let code = Code::new(spec, draft.to_vec()).ok()?;
    let rows: Vec<Row> = history.iter().filter_map(|r| r.to_row(spec).ok()).collect();
    partition::ruled_out_by(spec, &code, &rows)
}

/// `2●1○`.
fn fb_text(black: u8, white: u8) -> String {
    format!("{black}●{white}○")
}

/// Props of [`SplitPanel`].
#[derive(Properties, PartialEq)]
pub struct SplitProps {
    /// Game size.
    pub spec: Spec,
    /// The guess to split by, and the rows before it.
    pub target: Option<SplitTarget>,
    /// How many codes fit the target's rows, if counted: more than can be split, and no job is sent.
    #[prop_or_default]
    pub known: Option<CountDto>,
    /// The strategy chosen in the settings (its score is marked).
    pub strategy: Strategy,
    /// The game is not waiting for the solver: only then is a split asked for, so that it never delays the game.
    pub idle: bool,
    /// Rows on the board (for the row chooser).
    pub rows: usize,
    /// The row chosen, if any.
    pub inspect: Option<usize>,
    /// Choose a row (`None`: the guess being composed, else the latest row).
    pub on_inspect: Callback<Option<usize>>,
}

/// How a guess splits the codes still possible: one bar per feedback, and the four partition scores.
#[component]
pub fn SplitPanel(props: &SplitProps) -> Html {
    let result = use_state(|| None::<(SplitTarget, Result<SplitDto, String>)>);
    // Known to be too many to list, or a game far too big to list them without a count: say so without asking
    // the solver (its queue is the game's too).
    let limit = group_digits(&partition::MAX_SPLIT_CODES.to_string());
    let carried = props.target.as_ref().and_then(|t| t.split.clone());
    let too_many = match props.known.as_ref() {
        _ if carried.is_some() => None,
        Some(c)
            if c.value.parse::<f64>().unwrap_or(f64::INFINITY)
                > partition::MAX_SPLIT_CODES as f64 =>
        {
            Some(format!(
                "{}{} codes are still possible: too many to split one by one (the split is shown once at most \
                 {limit} are left).",
                if c.exact { "" } else { "at least " },
                group_digits(&c.value),
            ))
        }
        Some(c) if c.exact => None,
        _ if mastermind::strategy::too_big_to_search(&props.spec) => Some(format!(
            "{} is too big to list the codes still possible; the split is shown once they are counted and at \
             most {limit}.",
            props.spec
        )),
        _ => None,
    };
    {
        let target = props
            .target
            .clone()
            .filter(|t| too_many.is_none() && props.idle && t.split.is_none());
        let job = target.as_ref().map(|t| {
            Job::Mastermind(MastermindJob::Split {
                spec: SpecDto::from(props.spec),
                history: t.history.clone(),
                guess: t.guess.clone(),
            })
        });
        let result = result.clone();
        let for_target = target.clone();
        let on_event = Callback::from(move |e: JobEvent| {
            let JobEvent::Done(outcome, _) = e else {
                return;
            };
            let Some(t) = for_target.clone() else { return };
            let split = match outcome.reply() {
                Reply::Answer(MastermindAnswer::Split { split }) => split,
                Reply::Answer(_) => Err("the solver gave an unexpected answer".into()),
                Reply::Failed(message) => Err(message),
                Reply::Cancelled => return,
            };
            result.set(Some((t, split)));
        });
        use_job(target, job, on_event);
    }
    let chooser = {
        let on = props.on_inspect.clone();
        let onchange = Callback::from(move |e: Event| {
            let v = crate::widgets::field::value(&e);
            on.emit(v.parse::<usize>().ok());
        });
        let selected = |v: Option<usize>| props.inspect == v;
        html! {
            <label class="field chooser" for="split-of">
                { "Split by (or hover a row of the board):" }
                <select id="split-of" {onchange}>
                    <option value="" selected={selected(None)}>{ "the guess being composed, else the latest row" }</option>
                    { for (0..props.rows).map(|k| html! {
                        <option value={k.to_string()} selected={selected(Some(k))}>{ format!("row {}", k + 1) }</option>
                    }) }
                </select>
            </label>
        }
    };
    let Some(target) = &props.target else {
        return html! {
            <section class="card split" aria-labelledby="split-title">
                <h2 id="split-title">{ "How a guess splits the codes" }</h2>
                <p class="muted">{ "Play a guess, or compose one, to see how its answers would split the codes still possible." }</p>
                { chooser }
            </section>
        };
    };
    let carried = carried.map(Ok);
    let current = carried
        .as_ref()
        .or_else(|| result.as_ref().filter(|(t, _)| t == target).map(|(_, s)| s));
    let guess = target
        .guess
        .iter()
        .map(|c| (c + 1).to_string())
        .collect::<Vec<_>>()
        .join(",");
    let body = match current {
        _ if too_many.is_some() => {
            html! { <p class="muted">{ too_many.clone().unwrap_or_default() }</p> }
        }
        None if !props.idle => {
            html! { <p class="muted" aria-busy="true">{ "Waiting for the game's search to finish…" }</p> }
        }
        None => html! { <p class="muted" aria-busy="true">{ "Splitting…" }</p> },
        Some(Err(message)) => html! { <p class="muted">{ message.clone() }</p> },
        Some(Ok(split)) => {
            let max = split.classes.first().map_or(1, |c| c.2).max(1);
            const SHOWN: usize = 24;
            let actual = target.actual.map(|f| (f.black, f.white));
            let score = |name: &str, s: Strategy, value: String, hint: &str| {
                let mine = (s == props.strategy).then_some("mine");
                html! {
                    <div class={classes!("score", mine)} data-strategy={s.name()}>
                        <dt>{ name }<span class="muted">{ format!(" ({hint})") }</span></dt>
                        <dd>{ value }</dd>
                    </div>
                }
            };
            html! {
                <>
                <p class="split-total">{ format!("{} codes were possible; the answers split them into {} groups{}.",
                    group_digits(&split.total.to_string()), split.parts,
                    if split.guess_possible { ", and the guess itself could win" } else { "" }) }</p>
                <ol class="classes">
                    { for split.classes.iter().take(SHOWN).map(|&(b, w, n)| {
                        let pct = 100.0 * n as f64 / max as f64;
                        let got = (actual == Some((b, w))).then_some("got");
                        html! {
                            <li class={classes!("class", got)} data-black={b.to_string()} data-white={w.to_string()} data-count={n.to_string()}>
                                <span class="fb" aria-label={fb_text(b, w)}>{ b }<span class="sym black">{ "●" }</span>{ w }<span class="sym white">{ "○" }</span></span>
                                <span class="bar" style={format!("width:{pct:.1}%")}></span>
                                <span class="count">{ group_digits(&n.to_string()) }{ if got.is_some() { " ← the answer" } else { "" } }</span>
                            </li>
                        }
                    }) }
                    if split.classes.len() > SHOWN { <li class="more muted">{ format!("… and {} smaller groups", split.classes.len() - SHOWN) }</li> }
                </ol>
                <dl class="scores">
                    { score("Worst case", Strategy::Knuth, group_digits(&split.worst.to_string()), "knuth: smaller is better") }
                    { score("Groups", Strategy::MostParts, split.parts.to_string(), "most-parts: more is better") }
                    { score("Information", Strategy::Entropy, format!("{:.2} bits", split.entropy_bits), "entropy: more is better") }
                    { score("Expected group", Strategy::ExpectedSize, format!("{:.1}", split.expected_size), "expected-size: smaller is better") }
                </dl>
                </>
            }
        }
    };
    html! {
        <section class="card split" aria-labelledby="split-title" data-guess={guess.clone()}>
            <h2 id="split-title">{ format!("How {} ({guess}) splits the codes", target.label) }</h2>
            { body }
            { chooser }
        </section>
    }
}

/// Props of [`Hints`].
#[derive(Properties, PartialEq)]
pub struct HintsProps {
    /// The game.
    pub game: Held,
    /// Where actions go.
    pub on_action: Callback<Action>,
}

/// Hints for the person breaking the code: a suggestion, and a check of the guess being composed.
#[component]
pub fn Hints(props: &HintsProps) -> Html {
    let g = &*props.game;
    let asked = use_state(|| None::<usize>);
    let suggestion = use_state(|| None::<(usize, Result<(Vec<u8>, String), String>)>);
    let rows = g.history();
    // A suggestion is for the rows it was asked with; a new row makes it stale.
    let key = asked.filter(|&n| n == rows.len());
    {
        let job = key.map(|_| {
            Job::Mastermind(MastermindJob::NextGuess {
                spec: SpecDto::from(g.spec),
                history: rows.clone(),
                strategy: g.settings.strategy.name().to_string(),
                seed: rows.len() as u64,
                check_scores: false,
            })
        });
        let suggestion = suggestion.clone();
        let n = rows.len();
        let on_event = Callback::from(move |e: JobEvent| {
            let JobEvent::Done(outcome, _) = e else {
                return;
            };
            let s = match outcome.reply() {
                Reply::Answer(MastermindAnswer::Guess { code, strategy, .. }) => {
                    Ok((code, strategy))
                }
                Reply::Answer(_) => Err("no suggestion: the scores so far leave no code".into()),
                Reply::Failed(message) => Err(message),
                Reply::Cancelled => return,
            };
            suggestion.set(Some((n, s)));
        });
        use_job(key, job, on_event);
    }
    if g.phase != Phase::Guessing {
        return html! {};
    }
    let ask = {
        let asked = asked.clone();
        let n = rows.len();
        Callback::from(move |_| asked.set(Some(n)))
    };
    let shown = suggestion
        .as_ref()
        .filter(|(n, _)| *n == rows.len() && key.is_some());
    let suggest = match shown {
        None if key.is_some() => {
            html! { <span class="muted" aria-busy="true">{ "thinking…" }</span> }
        }
        None => html! {},
        Some((_, Err(m))) => html! { <span class="muted">{ m.clone() }</span> },
        Some((_, Ok((code, by)))) => {
            let fill = {
                let d = props.on_action.clone();
                let code = code.clone();
                Callback::from(move |_| d.emit(Action::Fill(code.clone())))
            };
            let text = code
                .iter()
                .map(|c| (c + 1).to_string())
                .collect::<Vec<_>>()
                .join(",");
            html! {
                <span class="suggestion" data-code={text.clone()}>
                    { format!("{by} would play {text}") }
                    <button type="button" class="secondary small" id="use-suggestion" onclick={fill}>{ "Use it" }</button>
                </span>
            }
        }
    };
    let check = g.full_draft().map(|draft| {
        let text = draft.iter().map(|c| (c + 1).to_string()).collect::<Vec<_>>().join(",");
        match draft_check(&g.spec, &draft, &rows) {
            None => html! { <p class="check ok" data-possible="true">{ format!("✓ {text} fits every score so far: it could be the secret.") }</p> },
            Some((row, would)) => {
                let r = &rows[row];
                html! {
                    <p class="check bad" data-possible="false" data-row={(row + 1).to_string()}>
                        { format!("✗ {text} cannot be the secret: row {} ruled it out (it would have scored {} there, not {}). \
                            It can still be a useful guess: see how it splits the codes below.",
                            row + 1, fb_text(would.black, would.white), fb_text(r.black, r.white)) }
                    </p>
                }
            }
        }
    });
    html! {
        <div class="hints card" aria-live="polite">
            <div class="hint-line">
                <button type="button" class="secondary small" id="suggest" onclick={ask} disabled={key.is_some() && shown.is_none()}>
                    { format!("Suggest a guess ({})", g.settings.strategy.name()) }
                </button>
                { suggest }
            </div>
            { for check }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_is_checked_against_each_row() {
        let spec = Spec::CLASSIC;
        let row = |guess: &[u8], black, white| RowDto {
            guess: guess.to_vec(),
            black,
            white,
        };
        let rows = [row(&[0, 0, 1, 1], 1, 1), row(&[2, 3, 4, 5], 0, 2)];
        assert_eq!(draft_check(&spec, &[1, 0, 3, 2], &rows), None);
        assert_eq!(
            draft_check(&spec, &[3, 1, 4, 1], &rows),
            Some((1, Feedback { black: 1, white: 1 }))
        );
        // Not a code of this game: nothing to say.
        assert_eq!(draft_check(&spec, &[9, 9, 9, 9], &rows), None);
    }
}
