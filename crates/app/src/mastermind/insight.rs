//! Seeing the search: the codes still possible after each guess (log scale), the latest search as the pool ran
//! it, and the same count run with a fixed split and with work stealing side by side.

use std::rc::Rc;

use protocol::mastermind::{MastermindAnswer, MastermindJob, RowDto, ScheduleDto, SpecDto};
use protocol::{Job, Outcome, Reply, Trace};
use yew::prelude::*;

use crate::format::fmt_ms;
use crate::hooks::{use_request, use_solver, use_watch_threads};
use crate::solver::JobEvent;
use crate::solver::{Lane, SearchView};
use crate::widgets::lanes::{LatestSearch, ThreadLanes};
use crate::widgets::log_chart::short_count;
use protocol::mastermind::CountDto;

/// Where the split comparison's count comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload {
    /// Its game size.
    pub spec: SpecDto,
    /// Its scored rows.
    pub history: Vec<RowDto>,
    /// What it is, for people.
    pub what: String,
}

impl Workload {
    /// The classroom example: 10 pegs, 10 colours, five guesses that each ruled one colour out (5 to 9). Every
    /// code left starts with a colour from 1 to 5, so a fixed split gives one thread nearly all the work.
    pub fn example() -> Workload {
        Workload {
            spec: SpecDto {
                pegs: 10,
                colors: 10,
                repeats: true,
            },
            history: (5..10)
                .map(|c| RowDto {
                    guess: vec![c; 10],
                    black: 0,
                    white: 0,
                })
                .collect(),
            what:
                "10 pegs, 10 colours, after five guesses that each ruled out one colour (6 to 10)"
                    .into(),
        }
    }
}

/// Runs of each schedule, alternating (fixed, stealing, fixed, ...): one run's time on a shared machine says little,
/// the median of three says what the split does.
pub const ROUNDS: usize = 3;

/// The split comparison: a count run with fixed blocks, then with work stealing, [`ROUNDS`] times each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Compare {
    seq: u32,
    /// What is being counted.
    pub workload: Option<Workload>,
    /// The schedule running now.
    pub running: Option<ScheduleDto>,
    /// The fixed split's latest search, and the stealing one's.
    pub views: [Option<Rc<SearchView>>; 2],
    /// Job time of every run of each, in ms.
    pub millis: [Vec<f64>; 2],
    /// The round running (from 0).
    pub round: usize,
    /// The count (the same both ways).
    pub count: Option<CountDto>,
    /// Why it stopped, if it did not finish.
    pub error: Option<String>,
    threads: u32,
    /// Whether the page is cross-origin isolated (one thread there is a choice or the device, not the host).
    isolated: bool,
}

/// Events of the comparison.
#[derive(Clone, Debug, PartialEq)]
pub enum CompareAction {
    /// Start on this workload, with a pool of this many threads, on a page cross-origin isolated or not.
    Start(Workload, u32, bool),
    /// Trace of job `seq`.
    Trace(u32, Rc<Trace>),
    /// Job `seq` ended.
    Done(u32, Outcome, f64),
    /// Stop.
    Cancel,
}

const SCHEDULES: [ScheduleDto; 2] = [ScheduleDto::Static, ScheduleDto::Stealing];

fn slot(s: ScheduleDto) -> usize {
    usize::from(s == ScheduleDto::Stealing)
}

impl Reducible for Compare {
    type Action = CompareAction;
    fn reduce(self: Rc<Self>, action: CompareAction) -> Rc<Self> {
        let mut c = (*self).clone();
        match action {
            CompareAction::Start(workload, threads, isolated) => {
                c = Compare {
                    seq: c.seq + 1,
                    workload: Some(workload),
                    running: Some(SCHEDULES[0]),
                    threads,
                    isolated,
                    ..Compare::default()
                };
            }
            CompareAction::Trace(seq, trace) if seq == c.seq => {
                if let Some(s) = c.running {
                    let mut view = c.views[slot(s)].as_deref().cloned();
                    if SearchView::absorb(&mut view, &trace, c.threads) {
                        c.views[slot(s)] = view.map(Rc::new);
                    }
                }
            }
            CompareAction::Done(seq, outcome, millis) if seq == c.seq => {
                let Some(s) = c.running else { return self };
                c.millis[slot(s)].push(millis);
                match outcome.reply() {
                    Reply::Answer(MastermindAnswer::Counted { count }) => {
                        c.count = Some(count);
                        if s == ScheduleDto::Stealing {
                            c.round += 1;
                        }
                        c.running = match s {
                            ScheduleDto::Static => Some(ScheduleDto::Stealing),
                            ScheduleDto::Stealing if c.round < ROUNDS => Some(ScheduleDto::Static),
                            ScheduleDto::Stealing => None,
                        };
                        if let Some(next) = c.running {
                            // The lanes drawn are the latest run's; the next run of that split starts afresh.
                            c.views[slot(next)] = None;
                            c.seq += 1;
                        }
                    }
                    Reply::Failed(message) => {
                        c.error = Some(message);
                        c.running = None;
                    }
                    _ => {
                        c.error = Some("Cancelled.".into());
                        c.running = None;
                    }
                }
            }
            CompareAction::Cancel => {
                c.running = None;
                c.seq += 1;
                c.error = Some("Cancelled.".into());
            }
            _ => return self,
        }
        Rc::new(c)
    }
}

impl Compare {
    /// The job to run now, with its sequence number.
    fn job(&self) -> Option<(u32, Job)> {
        let (w, s) = (self.workload.as_ref()?, self.running?);
        let job = MastermindJob::Count {
            spec: w.spec,
            history: w.history.clone(),
            thorough: true,
            schedule: Some(s),
        };
        Some((self.seq, Job::Mastermind(job)))
    }

    /// The comparison in words, once both searches are in.
    pub fn verdict(&self) -> Option<String> {
        let [Some(fixed), Some(stealing)] = &self.views else {
            return None;
        };
        if self.running.is_some() {
            return None;
        }
        let median = |v: &[f64]| {
            let mut v = v.to_vec();
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied().unwrap_or(0.0)
        };
        let (a, b) = (
            median(&self.millis[0]).max(fixed.wall()),
            median(&self.millis[1]).max(stealing.wall()),
        );
        let runs = self.millis[0].len().min(self.millis[1].len());
        let lanes = fixed.lanes();
        if lanes.len() < 2 {
            let how = if self.isolated {
                "Open the page without threads=1 in its address, on a device with more than one core,"
            } else {
                "Open the page with cross-origin isolation (see the status line)"
            };
            return Some(format!(
                "The solver runs on one thread on this page, so both splits are the same. {how} to watch threads \
                 share the work."
            ));
        }
        // Busy time is what the split decides; the wall time also depends on what else the machine runs.
        let busy = |l: &Lane, wall: f64| 100.0 * l.busy / wall.max(1e-9);
        let (least, least_busy) = lanes
            .iter()
            .enumerate()
            .map(|(i, l)| (i, busy(l, fixed.wall())))
            .fold((0, f64::MAX), |m, x| if x.1 < m.1 { x } else { m });
        let stealing_lanes = stealing.lanes();
        let stealing_least = stealing_lanes
            .iter()
            .map(|l| busy(l, stealing.wall()))
            .fold(f64::MAX, f64::min);
        let taken: u32 = stealing_lanes.iter().map(|l| l.taken).sum();
        let speed = a / b.max(1e-9);
        let times = format!(
            "the middle of {runs} runs each: {} ms with fixed blocks, {} ms with stealing",
            fmt_ms(a),
            fmt_ms(b)
        );
        let timing = if speed >= 1.05 {
            format!("So stealing finished {speed:.1}x faster ({times}).")
        } else {
            format!(
                "Here the times did not show it ({times}): this count is small, or other programs shared the \
                 machine's cores; the idle time above is what the split itself decides."
            )
        };
        Some(format!(
            "With fixed blocks, thread {} was busy only {:.0}% of the time: its block ran out of work early and it \
             waited. With work stealing, every thread was busy at least {:.0}% of the time: {taken} ranges went to \
             whichever thread was free. {timing}",
            least + 1,
            least_busy,
            stealing_least.min(100.0),
        ))
    }
}

/// Props of [`SearchPanel`].
#[derive(Properties, PartialEq)]
pub struct PanelProps {
    /// The game being played (its rows are the comparison's first choice of workload).
    pub board: Workload,
}

/// The pool's work made visible: the latest search live, and the fixed-versus-stealing comparison.
#[component]
pub fn SearchPanel(props: &PanelProps) -> Html {
    // While this panel is shown, the solver's jobs are traced: the lanes need it, nothing else does.
    use_watch_threads();
    let status = use_solver().map(|c| c.status).unwrap_or_default();
    let compare = use_reducer(Compare::default);
    use_request(compare.job(), compare.dispatcher(), |seq, e| match e {
        JobEvent::Progress(_, trace) => CompareAction::Trace(seq, trace),
        JobEvent::Done(outcome, stats) => CompareAction::Done(seq, outcome, stats.millis),
    });
    let start = |workload: Workload| {
        let d = compare.dispatcher();
        let (threads, isolated) = (status.threads, status.isolated);
        Callback::from(move |_| {
            d.dispatch(CompareAction::Start(workload.clone(), threads, isolated))
        })
    };
    let cancel = {
        let d = compare.dispatcher();
        Callback::from(move |_| d.dispatch(CompareAction::Cancel))
    };
    let busy = compare.running.is_some();
    let scale = compare
        .views
        .iter()
        .flatten()
        .map(|v| v.wall())
        .fold(0.0, f64::max);
    html! {
        <section class="card search-panel" aria-labelledby="search-panel-title">
            <h2 id="search-panel-title">{ "How the search is split" }</h2>
            <p class="explain">{ format!(
                "The codes are cut into prefix ranges (all codes starting 1,1,… then 1,2,… and so on), many more than the {}; \
                 each bar is one range on the thread that ran it, darker when it held more codes.",
                match status.threads { 0 | 1 => "one thread".to_string(), n => format!("{n} threads") }) }</p>
            <LatestSearch heading="Latest search" empty="Nothing searched yet: play a guess, or run the comparison below (a guess from an opening book needs no search)." />
            <div class="compare">
                <h3>{ "Fixed blocks or work stealing?" }</h3>
                <p class="explain">{ "The original MPI program (a 2012 student report) gave each worker one fixed block of prefixes; a worker whose block ran out of codes early sat idle. \
                    Run the same count both ways and compare:" }</p>
                <div class="actions">
                    <button type="button" class="primary" id="compare-example" disabled={busy} onclick={start(Workload::example())}>{ if compare.millis[1].is_empty() { "Compare on the classroom example" } else { "Run the classroom example again" } }</button>
                    <button type="button" class="secondary" id="compare-board" disabled={busy} onclick={start(props.board.clone())}>{ "Compare on this board" }</button>
                    if busy { <button type="button" class="secondary" id="compare-cancel" onclick={cancel}>{ "Cancel" }</button> }
                </div>
                if let Some(w) = &compare.workload { <p class="muted workload">{ format!("Counting: {}", w.what) }</p> }
                if busy { <p class="muted" id="compare-round">{ format!("Run {} of {ROUNDS} of each", (compare.round + 1).min(ROUNDS)) }</p> }
                { for SCHEDULES.iter().map(|&s| {
                    let title = match s {
                        ScheduleDto::Static => "Fixed blocks (one block of consecutive prefixes per thread)",
                        ScheduleDto::Stealing => "Work stealing (idle threads take ranges from busy ones)",
                    };
                    let state = if compare.running == Some(s) { "running" } else if !compare.millis[slot(s)].is_empty() { "done" } else { "waiting" };
                    html! {
                        <div class={classes!("compare-run", state)} data-schedule={format!("{s:?}").to_lowercase()} data-state={state}>
                            if let Some(view) = compare.views[slot(s)].clone() {
                                <ThreadLanes view={view} title={AttrValue::from(title)} scale_ms={scale} />
                            } else if compare.running == Some(s) {
                                <p class="muted">{ format!("{title}: starting…") }</p>
                            }
                        </div>
                    }
                }) }
                if let Some(c) = &compare.count { <p class="muted">{ format!("Both count {} codes.", short_count(&c.value)) }</p> }
                if let Some(v) = compare.verdict() { <p class="verdict" id="verdict">{ v }</p> }
                if let Some(e) = &compare.error { <p class="error" role="alert">{ e.clone() }</p> }
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::Answer;

    #[test]
    fn the_comparison_runs_fixed_then_stealing_and_ignores_stale_answers() {
        let c = Rc::new(Compare::default());
        let c = c.reduce(CompareAction::Start(Workload::example(), 2, true));
        let (seq, job) = c.job().unwrap();
        assert!(matches!(
            job,
            Job::Mastermind(MastermindJob::Count {
                schedule: Some(ScheduleDto::Static),
                ..
            })
        ));
        let counted = Outcome::Ok {
            answer: Answer::Mastermind(MastermindAnswer::Counted {
                count: CountDto {
                    value: "9765625".into(),
                    exact: true,
                },
            }),
        };
        // An answer to an older job changes nothing.
        let same = c
            .clone()
            .reduce(CompareAction::Done(seq + 7, counted.clone(), 1.0));
        assert_eq!(same, c);
        let c = c.reduce(CompareAction::Done(seq, counted.clone(), 900.0));
        let (seq2, job) = c.job().unwrap();
        assert!(seq2 > seq);
        assert!(matches!(
            job,
            Job::Mastermind(MastermindJob::Count {
                schedule: Some(ScheduleDto::Stealing),
                ..
            })
        ));
        let mut c = c.reduce(CompareAction::Done(seq2, counted.clone(), 500.0));
        // Two more rounds, alternating, then done.
        for (fixed, stealing) in [(700.0, 650.0), (800.0, 520.0)] {
            let (seq, _) = c.job().unwrap();
            c = c.reduce(CompareAction::Done(seq, counted.clone(), fixed));
            let (seq, job) = c.job().unwrap();
            assert!(matches!(
                job,
                Job::Mastermind(MastermindJob::Count {
                    schedule: Some(ScheduleDto::Stealing),
                    ..
                })
            ));
            c = c.reduce(CompareAction::Done(seq, counted.clone(), stealing));
        }
        assert_eq!(c.job(), None);
        assert_eq!(
            c.millis,
            [vec![900.0, 700.0, 800.0], vec![500.0, 650.0, 520.0]]
        );
        let c = c.reduce(CompareAction::Start(Workload::example(), 2, true));
        let c = c.reduce(CompareAction::Cancel);
        assert_eq!((c.job(), c.error.as_deref()), (None, Some("Cancelled.")));
    }
}
