//! "Count every game": the exact count from the game's start on the worker pool, level by level, with progress,
//! cancel, the threads' share of each level, and the positions per level.

use std::rc::Rc;

use peg_solitaire::{StartEstimate, human_bytes};
use protocol::pegs::{BoardDto, CountedDto, FinishDto, LevelDto, PegsAnswer, PegsJob};
use protocol::{Job, Outcome, ProgressDto, Reply, group_digits};
use yew::prelude::*;

use super::starts_table::{about, estimate_title};
use crate::format::fmt_ms;
use crate::hooks::{use_request, use_watch_threads};
use crate::solver::JobEvent;
use crate::solver::SearchView;
use crate::widgets::lanes::ThreadLanes;
use crate::widgets::log_chart::{ChartPoint, LogChart};
use crate::widgets::progress_bar::ProgressBar;

/// A finished count: what the worker counted, and how long it took there.
#[derive(Clone, Debug, PartialEq)]
pub struct CountResult {
    /// The count.
    pub counted: CountedDto,
    /// Milliseconds in the worker.
    pub millis: f64,
}

/// The count's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counting {
    seq: u32,
    /// The job running, if any.
    pub job: Option<Job>,
    /// Levels done / total.
    pub levels: (u64, u64),
    /// Shards of the current level done / total.
    pub shards: (u64, u64),
    /// The result, or why there is none.
    pub result: Option<Result<CountResult, String>>,
    /// Positions after each number of jumps, as the levels finish.
    pub live: Vec<Option<u64>>,
    /// This count's latest level as the pool ran it, part by part (not the game's own work in between).
    pub search: Option<Rc<SearchView>>,
}

/// What can happen to the count.
#[derive(Clone, Debug, PartialEq)]
pub enum CountAction {
    /// Count `job`.
    Start(Job),
    /// Stop.
    Cancel,
    /// Progress of `seq`, with its trace (the figures found and the parts run since the last report).
    Progress(u32, ProgressDto, Rc<protocol::Trace>),
    /// `seq` ended after this many ms.
    Done(u32, Outcome, f64),
}

impl Counting {
    fn request(&self) -> Option<(u32, Job)> {
        self.job.clone().map(|j| (self.seq, j))
    }
}

impl Reducible for Counting {
    type Action = CountAction;
    fn reduce(self: Rc<Self>, action: CountAction) -> Rc<Self> {
        let mut c = (*self).clone();
        match action {
            CountAction::Start(job) => {
                c.seq += 1;
                c.job = Some(job);
                c.levels = (0, 0);
                c.shards = (0, 0);
                c.result = None;
                c.live.clear();
                c.search = None;
            }
            CountAction::Cancel if c.job.is_some() => {
                c.seq += 1;
                c.job = None;
                c.result = Some(Err("Cancelled.".into()));
            }
            CountAction::Progress(seq, p, trace) if seq == c.seq => {
                // The pool's size is the page's to say (set where it is drawn).
                let mut view = c.search.take().map(Rc::unwrap_or_clone);
                SearchView::absorb(&mut view, &trace, 1);
                c.search = view.map(Rc::new);
                for &(jumps, positions) in &trace.figures {
                    let i = jumps as usize;
                    if c.live.len() <= i {
                        c.live.resize(i + 1, None);
                    }
                    c.live[i] = Some(positions);
                }
                if let Some((done, total, _)) = p.tally {
                    c.levels = (done, total);
                }
                if p.unit != peg_solitaire::LEVELS.many {
                    c.shards = (p.done, p.total);
                }
            }
            CountAction::Done(seq, outcome, millis) if seq == c.seq => {
                c.job = None;
                c.result = Some(match outcome.reply() {
                    Reply::Answer(PegsAnswer::Counted(counted)) => {
                        Ok(CountResult { counted, millis })
                    }
                    Reply::Answer(_) => Err("the solver gave an unexpected answer".into()),
                    Reply::Failed(m) => Err(m),
                    Reply::Cancelled => Err("Cancelled.".into()),
                });
            }
            _ => return self,
        }
        Rc::new(c)
    }
}

/// Props of [`CountPanel`].
#[derive(Properties, PartialEq)]
pub struct CountProps {
    /// The board: its name, or a layout of your own.
    pub board: BoardDto,
    /// The start (hexadecimal position).
    pub start: AttrValue,
    /// Where games end.
    pub finish: FinishDto,
    /// A line for people on what is counted.
    pub what: AttrValue,
    /// Told whether a count is running (the page pauses the game's own long work meanwhile).
    #[prop_or_default]
    pub on_running: Callback<bool>,
    /// Where the count cannot run in a tab: the command that runs it natively (no button is offered).
    #[prop_or_default]
    pub too_big: Option<AttrValue>,
    /// The games, where the table shipped with the app holds this start and finish: shown at once.
    #[prop_or_default]
    pub shipped: Option<AttrValue>,
    /// Where the table ships no count but an estimate (too big to count on one computer): shown at once.
    #[prop_or_default]
    pub estimated: Option<StartEstimate>,
    /// The most memory a count may ask of the device ("1.0 GiB of memory (this device reports 8 GB)"), where that
    /// is worth saying before it starts.
    #[prop_or_default]
    pub memory: Option<AttrValue>,
}

/// The count, its progress and how the threads shared it.
#[component]
pub fn CountPanel(props: &CountProps) -> Html {
    use_watch_threads();
    let counting = use_reducer(Counting::default);
    let threads = crate::hooks::use_solver().map_or(1, |c| c.status.threads);
    use_request(
        counting.request(),
        counting.dispatcher(),
        |seq, e| match e {
            JobEvent::Progress(p, trace) => CountAction::Progress(seq, p, trace),
            JobEvent::Done(outcome, stats) => CountAction::Done(seq, outcome, stats.millis),
        },
    );
    let start = {
        let d = counting.dispatcher();
        let job = Job::Pegs(PegsJob::Count {
            board: props.board.clone(),
            position: props.start.to_string(),
            finish: props.finish,
        });
        Callback::from(move |_: MouseEvent| d.dispatch(CountAction::Start(job.clone())))
    };
    let cancel = {
        let d = counting.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(CountAction::Cancel))
    };
    let c = &*counting;
    let running = c.job.is_some();
    {
        let on_running = props.on_running.clone();
        use_effect_with(running, move |r| on_running.emit(*r));
    }
    let chart = |levels: &[LevelDto]| {
        let mut forward: Vec<&LevelDto> = levels.iter().filter(|l| !l.backward).collect();
        forward.sort_by_key(|l| std::cmp::Reverse(l.pegs));
        let values: Vec<Option<ChartPoint>> = forward
            .iter()
            .map(|l| {
                Some(ChartPoint {
                    value: l.positions.to_string(),
                    exact: true,
                })
            })
            .collect();
        html! { <LogChart {values} caption="Positions after each jump, from the start (log scale)" what="Positions"
        step="jump" x_axis="jumps" y_axis="positions" /> }
    };
    html! {
        <section class="card count-panel" aria-labelledby="count-title" data-running={running.to_string()}>
            <h2 id="count-title">{ "Count every game" }</h2>
            <p class="explain">{ format!("{}.", props.what) }</p>
            <details class="terms"><summary>{ "How it is counted" }</summary>
                <p class="explain">{ "One jump at a time: every position after one jump, then after two, and so on; each step's positions are split into 128 parts, each thread taking the next part as soon as it is free. Mirror images are counted once." }</p>
                <p class="explain">{ "A breadth-first search, level by level; each level cut into 128 shards that the pool's threads take as they come free; positions alike up to a symmetry that keeps the start and the finish are counted once; where the finish is one peg the count meets in the middle (a jump played backwards is a jump forwards on the complemented board)." }</p>
            </details>
            if let (Some(games), None) = (&props.shipped, &c.result) {
                <div class="count-result" id="count-shipped">
                    <p class="big" id="count-shipped-games" data-solutions={games.clone()}><span class="num">{ group_digits(games) }</span>{ " games" }</p>
                    <p class="muted">{ if props.too_big.is_some() {
                        "From the table shipped with the app (counted natively: too big to count in a browser tab)."
                    } else {
                        "From the table shipped with the app. Count it live to watch the threads share the work."
                    } }</p>
                </div>
            }
            if let (None, Some(e), None) = (&props.shipped, &props.estimated, &c.result) {
                <div class="count-result" id="count-estimated" data-games={format!("{:e}", e.games)}>
                    <p class="big">{ about(e) }{ " games" }</p>
                    <p class="muted">{ estimate_title(e) }</p>
                </div>
            }
            if let Some(command) = &props.too_big {
                <p class="banner warn" id="count-too-big">{ format!("Counting every game on this board needs more memory than a browser tab may use ({}): its middle levels hold billions of positions. A computer with the memory counts it with Puzzle Lab's command line:", human_bytes(peg_solitaire::Limits::BROWSER.max_bytes)) }</p>
                <pre class="command"><code id="count-command">{ command.clone() }</code></pre>
                if props.estimated.is_some() {
                    <p class="explain">{ "No computer at hand has the memory for this one (over 100 GB); the estimate above came from:" }</p>
                    <pre class="command"><code id="estimate-command">{ command.replace("pegs count", "pegs estimate") }</code></pre>
                }
            }
            if let (Some(memory), false, None) = (&props.memory, running, &c.result) {
                <p class="hint memory-note" id="count-memory" data-live="true">{ format!("A count here may hold up to {memory} at once; if the tab cannot give it, the count stops and says so, and the game goes on.") }</p>
            }
            <div class="actions">
                if props.too_big.is_some() {
                } else if running {
                    <button type="button" class="secondary" id="count-cancel" onclick={cancel}>{ "Cancel" }</button>
                } else {
                    <button type="button" class="primary" id="count-all" onclick={start}>{ if props.shipped.is_some() { "Count it live" } else { "Count every game" } }</button>
                }
            </div>
            if running && !c.live.is_empty() {
                <LogChart values={c.live.iter().map(|v| v.map(|n| ChartPoint { value: n.to_string(), exact: true })).collect::<Vec<_>>()}
                    caption="Positions after each jump, level by level as the count runs (log scale)" what="Positions"
                    step="jump" x_axis="jumps" y_axis="positions" />
            }
            if running {
                <div class="count-progress" role="status">
                    <span>{ if c.levels.1 == 0 { "Starting the count…".to_string() } else { format!("Level {} of {}", c.levels.0, c.levels.1) } }</span>
                    <ProgressBar id="count-levels" done={c.levels.0} total={c.levels.1} unit="levels" />
                    <span>{ format!("parts of this step done: {}/{}", c.shards.0, c.shards.1) }</span>
                    <ProgressBar done={c.shards.0} total={c.shards.1} unit="shards" />
                </div>
            }
            { match &c.result {
                Some(Ok(r)) => html! {
                    <div class="count-result">
                        <p class="big" id="count-solutions" data-solutions={r.counted.solutions.clone()}><span class="num">{ group_digits(&r.counted.solutions) }</span>{ " games" }</p>
                        <p class="muted">{ format!(
                            "{} positions searched in {} ms ({} symmetries{}), at most {} of memory.",
                            group_digits(&r.counted.positions.to_string()),
                            fmt_ms(r.millis),
                            r.counted.symmetries,
                            r.counted.met_at.map(|m| format!("; the search from the start and the search back from the finish met at {m} pegs")).unwrap_or_default(),
                            human_bytes(r.counted.peak_bytes)
                        ) }</p>
                        { beside_shipped(props.shipped.as_deref(), &r.counted.solutions) }
                        { chart(&r.counted.levels) }
                    </div>
                },
                Some(Err(m)) => html! { <p class="banner bad" role="alert" id="count-error">{ m.clone() }</p> },
                None => html! {},
            } }
            if let Some(view) = c.search.as_ref().map(|v| Rc::new(SearchView { threads: threads.max(1), ..(**v).clone() })) {
                <div class="latest-search" id="count-lanes">
                    <h3>{ if running { "This count's latest step, part by part" } else { "This count's last step, part by part" } }</h3>
                    <ThreadLanes {view} />
                </div>
            }
        </section>
    }
}

/// A live count beside the figure the table shipped with the app holds for the same start and finish (none: nothing
/// is said). The table was counted ahead of time by the same code natively (`puzzle-lab pegs starts`), where it
/// agrees with every published figure, so where the two differ this browser's run went wrong: the person is told
/// so, with both figures, and not left to trust either.
fn beside_shipped(shipped: Option<&str>, counted: &str) -> Html {
    match shipped {
        None => html! {},
        Some(s) if s == counted => html! {
            <p class="muted" id="count-agrees">{ "The same figure as the table shipped with the app." }</p>
        },
        Some(s) => html! {
            <p class="banner bad" role="alert" id="count-mismatch" data-shipped={s.to_string()}>{ format!(
                "This differs from the figure the app ships for this start and finish, {} games, counted ahead of time on a computer: something went wrong in this browser's run of the count. Count it again; if it differs again, count it in another browser.",
                group_digits(s)
            ) }</p>
        },
    }
}
