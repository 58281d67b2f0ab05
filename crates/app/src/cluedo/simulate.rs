//! The simulation page: many games of computer players on the worker pool, with progress, cancel and the thread
//! lanes; one line-up, or the seed report's whole table (2 to 5 players of each kind) beside ours.

use std::rc::Rc;

use cluedo::Kind;
use cluedo::simulate::seed_figure;
use protocol::cluedo::{CluedoAnswer, CluedoJob, SimulationDto};
use protocol::{Job, Outcome, ProgressDto, Reply};
use yew::prelude::*;

use crate::hooks::{use_request, use_watch_threads};
use crate::route::Query;
use crate::solver::JobEvent;
use crate::widgets::lanes::LatestSearch;
use crate::widgets::progress_bar::ProgressBar;

/// The line-ups the table runs: each kind at 2 to 5 players.
const TABLE_KINDS: [Kind; 5] = Kind::ALL;

/// The `Bench` reducer: the simulations asked for, one running at a time.
#[derive(Clone, Default, PartialEq)]
pub struct Bench {
    /// Line-ups still to run, with the games and seed.
    todo: Vec<(Vec<Kind>, u64, u64)>,
    /// The running job.
    pub request: Option<(u32, Job)>,
    seq: u32,
    /// Its progress.
    pub progress: Option<ProgressDto>,
    /// Results, in the order asked.
    pub results: Vec<Rc<SimulationDto>>,
    /// What went wrong, for people.
    pub error: Option<String>,
    /// Milliseconds the results took, in the worker.
    pub millis: f64,
}

/// What can happen on the page.
pub enum BenchAction {
    /// Run these line-ups.
    Run(Vec<(Vec<Kind>, u64, u64)>),
    /// Stop.
    Cancel,
    /// Progress of the running job.
    Progress(u32, ProgressDto),
    /// The running job ended.
    Done(u32, Outcome, f64),
}

impl Bench {
    fn start_next(&mut self) {
        if self.todo.is_empty() {
            self.request = None;
            return;
        }
        let (kinds, games, seed) = self.todo.remove(0);
        self.seq += 1;
        let players = kinds.iter().map(|k| k.name().to_string()).collect();
        self.request = Some((
            self.seq,
            Job::Cluedo(CluedoJob::Simulate {
                players,
                games,
                seed,
            }),
        ));
        self.progress = None;
    }

    /// Whether a simulation is running.
    pub fn running(&self) -> bool {
        self.request.is_some()
    }
}

impl Reducible for Bench {
    type Action = BenchAction;
    fn reduce(self: Rc<Self>, action: BenchAction) -> Rc<Self> {
        let mut b = (*self).clone();
        match action {
            BenchAction::Run(list) => {
                b = Bench {
                    seq: b.seq,
                    todo: list,
                    ..Bench::default()
                };
                b.start_next();
            }
            BenchAction::Cancel => {
                b.todo.clear();
                b.request = None;
                b.progress = None;
                b.error = Some("Stopped.".into());
            }
            BenchAction::Progress(seq, p) if b.request.as_ref().is_some_and(|r| r.0 == seq) => {
                b.progress = Some(p)
            }
            BenchAction::Progress(..) => {}
            BenchAction::Done(seq, outcome, ms) => {
                if b.request.as_ref().is_none_or(|r| r.0 != seq) {
                    return self;
                }
                match outcome.reply::<CluedoAnswer>() {
                    Reply::Answer(CluedoAnswer::Simulated(s)) => {
                        b.results.push(Rc::new(s));
                        b.millis += ms;
                        b.start_next();
                    }
                    Reply::Answer(_) => {
                        b.error = Some("the solver answered another question".into())
                    }
                    Reply::Cancelled => b.request = None,
                    Reply::Failed(m) => {
                        b.error = Some(m);
                        b.todo.clear();
                        b.request = None;
                    }
                }
                if b.error.is_some() {
                    b.request = None;
                }
            }
        }
        Rc::new(b)
    }
}

/// Props of [`SimulatePage`].
#[derive(Properties, PartialEq)]
pub struct SimulateProps {
    /// The link's query: `players=deduction,random,listening&games=N&seed=S`.
    pub query: Query,
}

fn read(query: &Query) -> (Vec<Kind>, u64, u64, Vec<String>) {
    let mut errors = Vec::new();
    let mut kinds = query
        .get("players")
        .map(|t| super::params::kinds(t, &mut errors))
        .unwrap_or_else(|| vec![Kind::Deduction, Kind::Random, Kind::Listening]);
    super::params::fit_players(&mut kinds, 2..=6, "player", "", &mut errors);
    let number = |key: &str, default: u64, max: u64, errors: &mut Vec<String>| match query.get(key)
    {
        None => default,
        Some(t) => match t.parse::<u64>() {
            Ok(n) if (1..=max).contains(&n) => n,
            _ => {
                errors.push(format!(
                    "{key}: '{t}' is not a whole number from 1 to {max}; {default} is used"
                ));
                default
            }
        },
    };
    let games = number("games", 1000, 1_000_000, &mut errors);
    let seed = number("seed", 1, u64::MAX, &mut errors);
    (kinds, games, seed, errors)
}

/// The page's link for these settings.
fn link(kinds: &[Kind], games: u64, seed: u64) -> String {
    let players: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    format!(
        "#/cluedo/simulate?players={}&games={games}&seed={seed}",
        players.join(",")
    )
}

fn set_query(kinds: &[Kind], games: u64, seed: u64) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&link(kinds, games, seed));
    }
}

/// The simulation page.
#[component]
pub fn SimulatePage(props: &SimulateProps) -> Html {
    let (kinds, games, seed, errors) = read(&props.query);
    // A link with bad values: they are named above the form, and the address takes the values used instead, so a
    // reload or a copied link does not carry them on.
    {
        let address = crate::route::use_address();
        let fixed = (!errors.is_empty()).then(|| link(&kinds, games, seed));
        use_effect_with(fixed, move |fixed| {
            if let Some(link) = fixed {
                address.replace(link);
            }
        });
    }
    let bench = use_reducer(Bench::default);
    use_watch_threads();
    use_request(
        bench.request.clone(),
        bench.dispatcher(),
        |seq, e| match e {
            JobEvent::Progress(p, _) => BenchAction::Progress(seq, p),
            JobEvent::Done(outcome, stats) => BenchAction::Done(seq, outcome, stats.millis),
        },
    );
    let d = bench.dispatcher();
    let seats = kinds.iter().enumerate().map(|(i, k)| {
        let (kinds, i) = (kinds.clone(), i);
        let on = Callback::from(move |e: Event| {
            let mut next = kinds.clone();
            next[i] = Kind::parse(&crate::widgets::field::value(&e)).unwrap_or(Kind::Deduction);
            set_query(&next, games, seed);
        });
        html! {
            <label>{ format!("Seat {i}") }
                <select onchange={on} aria-label={format!("Seat {i} plays")}>
                    { for Kind::ALL.iter().map(|kk| html! { <option value={kk.name()} selected={kk == k}>{ kk.name() }</option> }) }
                </select>
            </label>
        }
    });
    let count = {
        let kinds = kinds.clone();
        Callback::from(move |e: Event| {
            let mut next = kinds.clone();
            next.resize(
                crate::widgets::field::value(&e).parse().unwrap_or(3),
                Kind::Random,
            );
            set_query(&next, games, seed);
        })
    };
    let number = |key: &'static str| {
        let kinds = kinds.clone();
        Callback::from(move |e: Event| {
            let v: u64 = crate::widgets::field::value(&e).parse().unwrap_or(1);
            if key == "games" {
                set_query(&kinds, v, seed)
            } else {
                set_query(&kinds, games, v)
            }
        })
    };
    let run_one = {
        let (d, kinds) = (d.clone(), kinds.clone());
        Callback::from(move |_| d.dispatch(BenchAction::Run(vec![(kinds.clone(), games, seed)])))
    };
    let run_table = {
        let d = d.clone();
        Callback::from(move |_| {
            let list = TABLE_KINDS
                .iter()
                .flat_map(|&k| (2..=5).map(move |n| (vec![k; n], 250, seed)))
                .collect();
            d.dispatch(BenchAction::Run(list))
        })
    };
    let cancel = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(BenchAction::Cancel))
    };
    let b = &*bench;
    let (done, total) = b.progress.as_ref().map_or((0, 0), |p| {
        p.tally.as_ref().map_or((p.done, p.total), |t| (t.0, t.1))
    });
    html! {
        <section class="cluedo-sim" aria-label="Cluedo simulations">
            <h1>{ "Cluedo simulations" }</h1>
            <p class="lede">{ "Computer players only, no board (as in the 2012 student project this page grew from, whose table is shown beside ours). A round is one turn of every player still in; each game is drawn from the seed and its number, so a seed gives the same games on any number of threads." }</p>
            { for errors.iter().map(|e| html! { <p class="error">{ e }</p> }) }
            <div class="row">
                <label>{ "Players" }
                    <select onchange={count} aria-label="How many players">
                        { for (2..=6).map(|n| html! { <option value={n.to_string()} selected={kinds.len() == n}>{ n }</option> }) }
                    </select>
                </label>
                { for seats }
            </div>
            <div class="row">
                <label>{ "Games" }<input type="number" min="1" max="1000000" value={games.to_string()} onchange={number("games")} /></label>
                <label>{ "Seed" }<input type="number" min="1" value={seed.to_string()} onchange={number("seed")} /></label>
                <button class="primary" id="sim-run" onclick={run_one} disabled={b.running()}>{ "Simulate" }</button>
                <button id="sim-table" onclick={run_table} disabled={b.running()}>{ "The 2012 report's table (16 line-ups x 250 games)" }</button>
                if b.running() { <button id="sim-cancel" onclick={cancel}>{ "Cancel" }</button> }
            </div>
            if b.running() {
                <div role="status" class="sim-progress">
                    <ProgressBar {done} {total} unit="games" id="sim-progress" />
                    { format!(" {done} of {total} games; line-up {} of {}", b.results.len() + 1, b.results.len() + 1 + b.todo.len()) }
                </div>
            }
            if let Some(e) = &b.error { <p class="error" role="alert">{ e }</p> }
            { results(b) }
            <LatestSearch heading="The latest simulation, batch by batch" />
        </section>
    }
}

fn results(b: &Bench) -> Html {
    if b.results.is_empty() {
        return html! {};
    }
    let rows = b.results.iter().map(|r| {
        let kinds: Vec<&str> = r.players.iter().map(String::as_str).collect();
        let seed = line_up(&r.players).and_then(|k| seed_figure(&k));
        html! {
            <tr data-players={kinds.join(",")} data-mean={format!("{:.3}", r.mean_rounds)}>
                <td>{ kinds.join(", ") }</td><td>{ r.games }</td>
                <td>{ format!("{:.2}", r.mean_rounds) }</td><td>{ format!("{:.2}", r.std_rounds) }</td>
                <td>{ seed.map_or("".into(), |(m, s)| format!("{m:.2} ({s:.2})")) }</td>
                <td>{ r.wins.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(" / ") }{ if r.no_winner > 0 { format!(" ({} none)", r.no_winner) } else { String::new() } }</td>
            </tr>
        }
    });
    html! {
        <div class="sim-results" data-millis={format!("{:.1}", b.millis)}>
            { chart(&b.results) }
            <table id="sim-table-out">
                <thead><tr><th>{ "Seats" }</th><th>{ "Games" }</th><th>{ "Mean rounds" }</th><th>{ "Std" }</th><th>{ "2012 report" }</th><th>{ "Wins by seat" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p class="hint">{ format!("{:.2} s in the worker. The 2012 report's players see only the cards shown to them; with the rules as its report gives them they cannot finish in fewer rounds than cards they must be shown, so our random, listening and mix rows are slower than its table.", b.millis / 1000.0) }</p>
        </div>
    }
}

/// Mean rounds (bar) and one standard deviation (whisker) per line-up; the seed's mean as a tick where it has one;
/// the axes titled and a legend under them.
fn chart(results: &[Rc<SimulationDto>]) -> Html {
    let max = results
        .iter()
        .map(|r| r.mean_rounds + r.std_rounds)
        .fold(12.0f64, f64::max);
    let (w, row, top) = (640.0, 22.0, 20.0);
    let bottom = top + row * results.len() as f64;
    let h = bottom + 66.0;
    let x = |v: f64| 150.0 + (w - 160.0) * v / max;
    let bars = results.iter().enumerate().map(|(i, r)| {
        let y = top + 4.0 + row * i as f64;
        let label = if r.players.iter().all(|k| *k == r.players[0]) { format!("{} x{}", r.players[0], r.players.len()) } else { r.players.join(",") };
        let seed = line_up(&r.players).and_then(|k| seed_figure(&k)).map(|f| f.0);
        html! {
            <g>
                <text x="145" y={(y + 14.0).to_string()} text-anchor="end" class="axis">{ label }</text>
                <rect x="150" y={y.to_string()} width={(x(r.mean_rounds) - 150.0).max(0.0).to_string()} height={(row - 6.0).to_string()} class={format!("bar {}", if r.players[0] == "deduction" { "ours" } else { "theirs" })} />
                <line x1={x((r.mean_rounds - r.std_rounds).max(0.0)).to_string()} x2={x(r.mean_rounds + r.std_rounds).to_string()} y1={(y + 8.0).to_string()} y2={(y + 8.0).to_string()} class="whisker" />
                if let Some(m) = seed { <line x1={x(m).to_string()} x2={x(m).to_string()} y1={(y - 1.0).to_string()} y2={(y + row - 4.0).to_string()} class="seed-tick"><title>{ format!("2012 report: {m:.2}") }</title></line> }
            </g>
        }
    });
    let ticks = (0..=(max as u32)).step_by(2).map(|t| html! {
        <text x={x(f64::from(t)).to_string()} y={(bottom + 16.0).to_string()} text-anchor="middle" class="axis">{ t }</text>
    });
    let (ly, lx) = (bottom + 52.0, 150.0);
    html! {
        <svg class="sim-chart" viewBox={format!("0 0 {w} {h}")} role="img" aria-label="Mean rounds per line-up, with one standard deviation and the 2012 report's mean">
            <text x="145" y="14" text-anchor="end" class="axis-title">{ "line-up" }</text>
            { for bars }{ for ticks }
            <text x={x(max / 2.0).to_string()} y={(bottom + 34.0).to_string()} text-anchor="middle" class="axis-title">{ "rounds a game lasts" }</text>
            <g class="legend">
                <rect x={lx.to_string()} y={(ly - 9.0).to_string()} width="14" height="10" class="bar ours" />
                <text x={(lx + 18.0).to_string()} y={ly.to_string()} class="axis">{ "mean" }</text>
                <line x1={(lx + 70.0).to_string()} x2={(lx + 96.0).to_string()} y1={(ly - 4.0).to_string()} y2={(ly - 4.0).to_string()} class="whisker" />
                <text x={(lx + 100.0).to_string()} y={ly.to_string()} class="axis">{ "one standard deviation each side" }</text>
                <line x1={(lx + 320.0).to_string()} x2={(lx + 320.0).to_string()} y1={(ly - 11.0).to_string()} y2={(ly + 2.0).to_string()} class="seed-tick" />
                <text x={(lx + 326.0).to_string()} y={ly.to_string()} class="axis">{ "the 2012 report's mean" }</text>
            </g>
        </svg>
    }
}

/// The players of a result, as kinds (`None` if a name is not one).
fn line_up(players: &[String]) -> Option<Vec<Kind>> {
    players.iter().map(|p| Kind::parse(p).ok()).collect()
}
