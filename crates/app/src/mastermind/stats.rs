//! Compare strategies: play every secret (or N seeded games) with each chosen strategy on the worker pool, one
//! strategy after another, with progress and cancel, and show mean, worst, a histogram of guesses and time side
//! by side. State lives in [`Bench`]; the page maps events to [`BenchAction`]s and draws.

use std::rc::Rc;

use mastermind::strategy::{MAX_PLAYED_ALL_IN_A_TAB, listable};
use mastermind::{Spec, Strategy};
use protocol::mastermind::{MastermindAnswer, MastermindJob, SpecDto};
use protocol::{Job, Outcome, Reply};
use yew::prelude::*;

use super::params::{COLORS, PEGS};
use crate::hooks::use_request;
use crate::route::Query;
use crate::solver::JobEvent;
use crate::widgets::progress_bar::ProgressBar;
pub use results::{Line, results};

/// The comparison page's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Bench {
    seq: u32,
    /// Game size.
    pub spec: Spec,
    /// Strategies chosen.
    pub chosen: Vec<Strategy>,
    /// Seeded games per strategy, or every secret (`None`).
    pub games: Option<u32>,
    /// Strategies still to play in the run under way (the first is playing).
    pub queue: Vec<Strategy>,
    /// Results of the run so far.
    pub lines: Vec<Line>,
    /// Games done / total of the strategy playing.
    pub progress: (u64, u64),
    /// The run was cancelled.
    pub cancelled: bool,
    /// What in the link was not used, and why (every bad parameter is named, as on the game page).
    pub link_errors: Vec<String>,
}

impl Default for Bench {
    fn default() -> Self {
        Bench {
            seq: 0,
            spec: Spec::CLASSIC,
            // Every strategy but the sampled split, a tick away: it runs a sample of local searches for each guess,
            // and over every 4x6 secret alone takes longer than all the others together.
            chosen: Strategy::ALL
                .into_iter()
                .filter(|&s| s != Strategy::SampledSplit)
                .collect(),
            games: None,
            queue: Vec::new(),
            lines: Vec::new(),
            progress: (0, 0),
            cancelled: false,
            link_errors: Vec::new(),
        }
    }
}

/// Everything that can happen on the page.
#[derive(Clone, Debug, PartialEq)]
pub enum BenchAction {
    /// A new size.
    Size(u32, u32),
    /// Choose or drop a strategy.
    Toggle(Strategy),
    /// Every secret (`None`) or this many seeded games.
    Games(Option<u32>),
    /// Play.
    Run,
    /// Progress of job `seq`.
    Progress(u32, u64, u64),
    /// Job `seq` ended after this many ms.
    Done(u32, Outcome, f64),
    /// Stop the run.
    Cancel,
}

/// Whether every secret of `spec` can be played as one tree in the tab, or why not.
pub fn all_playable_why(spec: &Spec) -> Result<(), String> {
    listable(spec)?;
    if spec
        .code_count()
        .is_some_and(|n| n > MAX_PLAYED_ALL_IN_A_TAB)
    {
        return Err(format!(
            "{spec} has {} codes: every secret at once takes days on a laptop's threads (a cluster job: \
             puzzle-lab mastermind stats --all --mpi)",
            spec.code_count().unwrap_or(0)
        ));
    }
    Ok(())
}

/// Whether every secret of `spec` can be played as one tree in the tab.
pub fn all_playable(spec: &Spec) -> bool {
    all_playable_why(spec).is_ok()
}

impl Bench {
    /// Reads `pegs`, `colors`, `games` and `strategies` from a link; anything bad keeps the default and is named in
    /// `link_errors`.
    pub fn from_query(q: &Query) -> Bench {
        let mut b = Bench::default();
        let mut errors = Vec::new();
        let mut num = |k: &str, default: u32| match q.get(k) {
            None => default,
            Some(v) => v.trim().parse::<u32>().unwrap_or_else(|_| {
                errors.push(format!(
                    "{k}: '{v}' is not a whole number; {default} is used"
                ));
                default
            }),
        };
        let (p, c) = (
            num("pegs", u32::from(b.spec.pegs)),
            num("colors", u32::from(b.spec.colors)),
        );
        match Spec::new(p, c, true) {
            Ok(spec) => b.spec = spec,
            Err(e) => errors.push(format!(
                "pegs and colors: {e}; {}x{} is used",
                b.spec.pegs, b.spec.colors
            )),
        }
        // `all` is every secret, as the Games menu names it (its value there); a number from 1 is seeded games.
        let games = q
            .get("games")
            .filter(|v| !v.trim().eq_ignore_ascii_case("all"))
            .map(|v| (v, v.trim().parse::<u32>().ok().filter(|&n| n > 0)));
        if let Some(list) = q.get("strategies") {
            let mut chosen = Vec::new();
            for name in list.split(',').filter(|n| !n.trim().is_empty()) {
                match name.trim().parse::<Strategy>() {
                    Ok(st) => chosen.push(st),
                    Err(_) => errors.push(format!(
                        "strategies: '{name}' is not a strategy (one of {}); it is left out",
                        Strategy::ALL
                            .iter()
                            .map(|s| s.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                }
            }
            if !chosen.is_empty() {
                b.chosen = chosen;
            }
        }
        b.games = match games {
            None => None,
            Some((_, Some(n))) => Some(n),
            Some((v, None)) => {
                errors.push(format!(
                    "games: '{v}' is neither 'all' nor a number of games from 1; every secret is played"
                ));
                None
            }
        };
        if b.games.is_none() && !all_playable(&b.spec) {
            b.games = Some(100);
        }
        b.link_errors = errors;
        b
    }

    /// The link that reads back as this comparison ([`Bench::from_query`]): the page keeps its address in step,
    /// so a bad value it named is gone from the address too.
    pub fn link_query(&self) -> String {
        let games = self
            .games
            .map_or_else(|| "all".to_string(), |n| n.to_string());
        let names: Vec<&str> = self.chosen.iter().map(|s| s.name()).collect();
        format!(
            "pegs={}&colors={}&games={games}&strategies={}",
            self.spec.pegs,
            self.spec.colors,
            names.join(",")
        )
    }

    /// Whether a run is under way.
    pub fn running(&self) -> bool {
        !self.queue.is_empty()
    }

    /// The job to run now, with its sequence number.
    pub fn job(&self) -> Option<(u32, Job)> {
        let strategy = self.queue.first()?;
        Some((
            self.seq,
            Job::Mastermind(MastermindJob::Play {
                spec: SpecDto::from(self.spec),
                strategy: strategy.name().to_string(),
                games: self.games,
                seed: 1,
            }),
        ))
    }

    /// Overall progress of the run, from 0 to 1.
    pub fn fraction(&self) -> f64 {
        let n = (self.lines.len() + self.queue.len()).max(1) as f64;
        let (d, t) = self.progress;
        let part = if t > 0 { d as f64 / t as f64 } else { 0.0 };
        (self.lines.len() as f64 + part) / n
    }
}

impl Reducible for Bench {
    type Action = BenchAction;
    fn reduce(self: Rc<Self>, action: BenchAction) -> Rc<Self> {
        let mut b = (*self).clone();
        match action {
            BenchAction::Size(p, c) if !b.running() => {
                if let Ok(spec) = Spec::new(p, c, true) {
                    b.spec = spec;
                    if b.games.is_none() && !all_playable(&spec) {
                        b.games = Some(100);
                    }
                }
            }
            BenchAction::Toggle(s) if !b.running() => {
                // The chosen ones, in the order of the list.
                let on = !b.chosen.contains(&s);
                b.chosen = Strategy::ALL
                    .iter()
                    .copied()
                    .filter(|&a| if a == s { on } else { b.chosen.contains(&a) })
                    .collect();
            }
            BenchAction::Games(g) if !b.running() => {
                b.games = if g.is_none() && !all_playable(&b.spec) {
                    Some(100)
                } else {
                    g
                };
            }
            BenchAction::Run if !b.running() && !b.chosen.is_empty() => {
                b.seq += 1;
                b.queue = b.chosen.clone();
                b.lines.clear();
                b.progress = (0, 0);
                b.cancelled = false;
            }
            BenchAction::Progress(seq, d, t) if seq == b.seq => b.progress = (d, t),
            BenchAction::Done(seq, outcome, millis) if seq == b.seq && b.running() => {
                let strategy = b.queue.remove(0);
                let result = match outcome.reply() {
                    Reply::Answer(MastermindAnswer::Played { played }) => Ok(played),
                    Reply::Answer(_) => Err("the solver gave an unexpected answer".into()),
                    Reply::Failed(message) => Err(message),
                    Reply::Cancelled => {
                        b.queue.clear();
                        b.cancelled = true;
                        return Rc::new(b);
                    }
                };
                b.lines.push(Line {
                    strategy,
                    result,
                    millis,
                });
                b.seq += 1;
                b.progress = (0, 0);
            }
            BenchAction::Cancel if b.running() => {
                b.queue.clear();
                b.seq += 1;
                b.cancelled = true;
            }
            _ => return self,
        }
        Rc::new(b)
    }
}

/// Props of [`StatsPage`].
#[derive(Properties, PartialEq)]
pub struct StatsProps {
    /// The link's query.
    pub query: Query,
}

/// The strategy comparison page.
#[component]
pub fn StatsPage(props: &StatsProps) -> Html {
    let bench = use_reducer({
        let q = props.query.clone();
        move || Bench::from_query(&q)
    });
    use_request(bench.job(), bench.dispatcher(), |seq, e| match e {
        JobEvent::Progress(p, _) => BenchAction::Progress(seq, p.done, p.total),
        JobEvent::Done(outcome, stats) => BenchAction::Done(seq, outcome, stats.millis),
    });
    let address = crate::route::use_address();
    use_effect_with(bench.link_query(), move |link| {
        address.replace(&format!("#/mastermind/stats?{link}"));
    });
    let b = &*bench;
    let d = bench.dispatcher();
    let size = |pegs: u32, colors: u32| {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let v = crate::widgets::field::value(&e).parse::<u32>().ok();
            if let Some(v) = v {
                d.dispatch(BenchAction::Size(
                    if pegs == 0 { v } else { pegs },
                    if colors == 0 { v } else { colors },
                ));
            }
        })
    };
    let (p, c) = (u32::from(b.spec.pegs), u32::from(b.spec.colors));
    let options = |(lo, hi): (u32, u32), value: u32| {
        (lo..=hi)
            .map(|n| html! { <option value={n.to_string()} selected={n == value}>{ n }</option> })
            .collect::<Html>()
    };
    let games_choice = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let v = crate::widgets::field::value(&e);
            d.dispatch(BenchAction::Games(v.parse::<u32>().ok()));
        })
    };
    let playable = all_playable(&b.spec);
    let games_value = b.games.map_or("all".to_string(), |n| n.to_string());
    let run = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(BenchAction::Run))
    };
    let cancel = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(BenchAction::Cancel))
    };
    html! {
        <section class="stats-page" data-running={b.running().to_string()}>
            <h1>{ "Compare strategies" }</h1>
            <p class="lead muted">{ "Each strategy plays against every possible secret (or the same randomly drawn games, for big sizes) on the worker's threads; the table shows how many guesses it needed on average and at worst." }</p>
            { for b.link_errors.iter().map(|e| html! { <p class="error link-error" role="alert">{ e.clone() }</p> }) }
            <form class="settings card" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <div class="fields">
                    <label class="field" for="stats-pegs"><span>{ "Pegs" }</span>
                        <select id="stats-pegs" onchange={size(0, c)} disabled={b.running()}>{ options(PEGS, p) }</select></label>
                    <label class="field" for="stats-colors"><span>{ "Colours" }</span>
                        <select id="stats-colors" onchange={size(p, 0)} disabled={b.running()}>{ options(COLORS, c) }</select></label>
                    <label class="field" for="stats-games"><span>{ "Games" }</span>
                        <select id="stats-games" onchange={games_choice} disabled={b.running()}>
                            if playable { <option value="all" selected={games_value == "all"}>{ format!("every secret ({})", b.spec.code_count().unwrap_or(0)) }</option> }
                            { for [10u32, 100, 1000, 10000].iter().map(|n| html! {
                                <option value={n.to_string()} selected={games_value == n.to_string()}>{ format!("{n} seeded games") }</option>
                            }) }
                        </select></label>
                </div>
                <fieldset class="strategies" disabled={b.running()}>
                    <legend>{ "Strategies" }</legend>
                    { for Strategy::ALL.iter().map(|&s| {
                        let d = d.clone();
                        let onchange = Callback::from(move |_: Event| d.dispatch(BenchAction::Toggle(s)));
                        let id = format!("use-{}", s.name());
                        html! {
                            <label class="field check" for={id.clone()}>
                                <input type="checkbox" id={id} checked={b.chosen.contains(&s)} {onchange} />
                                <span>{ s.name() }</span>
                            </label>
                        }
                    }) }
                </fieldset>
                { for b.chosen.iter().filter_map(|&s| super::handover::before_game(s, &b.spec)).map(|(_, line)| html! {
                    <p class="hint handover">{ line }</p>
                }) }
                if let Err(why) = all_playable_why(&b.spec) { <p class="hint">{ format!("{why}: strategies are compared on seeded games.") }</p> }
                if playable && b.games.is_none() && b.spec.code_count().is_some_and(|n| n > 100_000) {
                    <p class="hint" id="long-run">{ format!("Every secret of {} is {} games, played exactly as one tree: a minute or more for each strategy on two threads (6x9 knuth: about a minute), with its progress below and Cancel.", b.spec, protocol::group_digits(&b.spec.code_count().unwrap_or(0).to_string())) }</p>
                }
                <div class="actions">
                    <button type="button" class="primary" id="run-stats" onclick={run} disabled={b.running() || b.chosen.is_empty()}>{ "Play" }</button>
                    if b.running() { <button type="button" class="secondary" id="cancel-stats" onclick={cancel}>{ "Cancel" }</button> }
                </div>
            </form>
            if b.running() {
                <div class="banner thinking" role="status">
                    <span>{ format!("Playing {} ({} of {})…", b.queue.first().map_or("", |s| s.name()), b.lines.len() + 1, b.lines.len() + b.queue.len()) }</span>
                    <ProgressBar id="stats-progress" done={(1000.0 * b.fraction()).round() as u64} total={1000} unit="thousandths of the run" />
                </div>
            }
            if b.cancelled { <div class="banner bad" role="alert">{ "Cancelled. The strategies finished before are shown." }</div> }
            if !b.lines.is_empty() { { results(&b.spec, b.games, &b.lines) } }
        </section>
    }
}

mod results;
#[cfg(test)]
mod tests;
