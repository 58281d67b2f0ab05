//! The live view of parallel work: which pool thread ran which unit of work, when, and what it found.
//! [`ThreadLanes`] draws the solver's [`SearchView`] one piece of work as a lane per thread, so idle time shows as empty track. Knows no
//! game: units are named and labelled as the game said ([`protocol::UnitDto`]).

use std::rc::Rc;

use yew::prelude::*;

use crate::format::fmt_ms;
use crate::solver::{Lane, SearchView};
use protocol::UnitRun;

/// One drawn bar: consecutive units on one thread merged while they touch at the drawing's resolution.
#[derive(Clone, Debug, PartialEq)]
struct Bar {
    start: f64,
    end: f64,
    found: u64,
    units: u32,
    first: u32,
    last: u32,
}

/// Bars for one thread, at most about `resolution` per lane however many units there are.
fn bars(view: &SearchView, thread: u32, resolution: f64) -> Vec<Bar> {
    let mut runs: Vec<&UnitRun> = view.runs.iter().filter(|r| r.thread == thread).collect();
    runs.sort_by(|a, b| a.start.total_cmp(&b.start));
    let gap = view.wall() / resolution;
    let mut out: Vec<Bar> = Vec::new();
    for r in runs {
        match out.last_mut() {
            Some(b) if r.start - b.end <= gap && (r.end - b.start) <= 4.0 * gap => {
                b.end = b.end.max(r.end);
                b.found += r.found;
                b.units += 1;
                b.last = r.index;
            }
            _ => out.push(Bar {
                start: r.start,
                end: r.end,
                found: r.found,
                units: 1,
                first: r.index,
                last: r.index,
            }),
        }
    }
    out
}

/// What one lane did, beside its name: "62% busy (1.20 ms) · 3 prefix ranges", or "ran nothing".
fn lane_text(view: &SearchView, lane: &Lane, pct: f64) -> String {
    if lane.units == 0 {
        return "ran nothing".to_string();
    }
    format!(
        "{pct:.0}% busy ({} ms) · {} {}",
        fmt_ms(lane.busy),
        lane.units,
        units_word(view, lane.units)
    )
}

/// The unit's name for `n` of them.
fn units_word(view: &SearchView, n: u32) -> &str {
    if n == 1 {
        &view.begun.unit.one
    } else {
        &view.begun.unit.many
    }
}

/// "thread 1", "threads 1 and 3", "threads 1, 2 and 4".
fn thread_list(threads: &[usize]) -> String {
    let names: Vec<String> = threads.iter().map(|t| (t + 1).to_string()).collect();
    match names.as_slice() {
        [one] => format!("thread {one}"),
        [init @ .., last] => format!("threads {} and {last}", init.join(", ")),
        [] => String::new(),
    }
}

/// The whole piece of work in one sentence, every figure agreeing with the lanes: units done, time, threads,
/// threads that ran nothing, and units work stealing moved.
fn summary(view: &SearchView, lanes: &[Lane], wall: f64) -> String {
    let unit = &view.begun.unit.many;
    let threads = lanes.len();
    let mut text = format!(
        "{} of {} {unit} in {} ms on {threads} thread{}",
        view.runs.len(),
        view.begun.units,
        fmt_ms(wall),
        if threads == 1 { "" } else { "s" }
    );
    let idle: Vec<usize> = (0..threads).filter(|&t| lanes[t].units == 0).collect();
    if threads > 1 && !idle.is_empty() && !view.runs.is_empty() {
        let who = thread_list(&idle);
        if view.complete() {
            let pronoun = if idle.len() == 1 { "it" } else { "they" };
            text += &format!("; {who} ran none: the work was over before {pronoun} joined in");
        } else {
            text += &format!("; {who} ran none yet");
        }
    }
    let taken: u32 = lanes.iter().map(|l| l.taken).sum();
    if taken > 0 {
        text += &format!(
            "; {taken} {} ran on another thread than an even split gives {} (work stealing)",
            units_word(view, taken),
            if taken == 1 { "it" } else { "them" }
        );
    }
    text
}

/// Props of [`ThreadLanes`].
#[derive(Properties, PartialEq)]
pub struct LanesProps {
    /// The search to draw.
    pub view: Rc<SearchView>,
    /// A heading for the drawing ("Work stealing", "Fixed blocks").
    #[prop_or_default]
    pub title: Option<AttrValue>,
    /// Draw against this many milliseconds instead of the search's own length (to compare two searches).
    #[prop_or_default]
    pub scale_ms: Option<f64>,
}

/// Work drawn as one lane per thread: a bar per unit (darker when it found more), gaps where the
/// thread had nothing to do, and each thread's busy time beside it.
#[component]
pub fn ThreadLanes(props: &LanesProps) -> Html {
    const W: f64 = 1000.0;
    const LANE: f64 = 26.0;
    let view = &props.view;
    let lanes = view.lanes();
    let wall = view.wall();
    let scale = props.scale_ms.unwrap_or(wall).max(wall).max(1e-3);
    let height = LANE * lanes.len() as f64 + 4.0;
    let max_found = view.runs.iter().map(|r| r.found).max().unwrap_or(0).max(1);
    let shade = |found: u64, units: u32| {
        if found == 0 {
            "var(--lane-empty)".to_string()
        } else {
            let per = found as f64 / f64::from(units.max(1));
            let t = (per.ln_1p() / (max_found as f64).ln_1p()).clamp(0.0, 1.0);
            format!(
                "color-mix(in srgb, var(--lane-full) {:.0}%, var(--lane-some))",
                25.0 + 75.0 * t
            )
        }
    };
    let unit = &view.begun.unit.many;
    let summary = summary(view, &lanes, wall);
    html! {
        <figure class="lanes" data-units={view.begun.units.to_string()} data-done={view.runs.len().to_string()}
            data-complete={view.complete().to_string()} data-wall={format!("{wall:.3}")}>
            if let Some(t) = &props.title { <figcaption class="lanes-title">{ t.clone() }</figcaption> }
            <div class="lanes-body">
                <ol class="lane-names">
                    { for lanes.iter().enumerate().map(|(i, l)| {
                        let pct = if wall > 0.0 { 100.0 * l.busy / wall } else { 0.0 };
                        html! {
                            <li class="lane-name" data-thread={i.to_string()} data-busy={format!("{pct:.0}")}>
                                { format!("thread {}", i + 1) }
                                <span class="lane-busy">{ lane_text(view, l, pct) }</span>
                            </li>
                        }
                    }) }
                </ol>
                <svg class="lane-track" viewBox={format!("0 0 {W} {height}")} preserveAspectRatio="none" style={format!("--lanes:{}", lanes.len())}
                    role="img" aria-label={summary.clone()}>
                    { for (0..lanes.len() as u32).map(|t| {
                        let y = f64::from(t) * LANE + 2.0;
                        html! {
                            <g class="lane" data-thread={t.to_string()}
                                data-heavy={view.runs.iter().filter(|r| r.thread == t && r.index < view.begun.units / 2).count().to_string()}>
                                <rect class="lane-bg" x="0" y={format!("{y}")} width={format!("{W}")} height={format!("{}", LANE - 4.0)} />
                                { for bars(view, t, 400.0).into_iter().map(|b| {
                                    let x = (b.start - view.begun.at) / scale * W;
                                    let w = ((b.end - b.start) / scale * W).max(0.8);
                                    let what = if b.units == 1 {
                                        view.label(b.first)
                                    } else {
                                        format!("{} {unit}, {} … {}", b.units, view.label(b.first), view.label(b.last))
                                    };
                                    html! {
                                        <rect class="range" x={format!("{x:.2}")} y={format!("{y}")} width={format!("{w:.2}")}
                                            height={format!("{}", LANE - 4.0)} fill={shade(b.found, b.units)}>
                                            <title>{ format!("thread {}: {what}: {} found, {} ms", t + 1, b.found, fmt_ms(b.end - b.start)) }</title>
                                        </rect>
                                    }
                                }) }
                            </g>
                        }
                    }) }
                </svg>
            </div>
            <p class="lanes-summary">{ summary }
                if view.dropped > 0 { { format!(" ({} {unit} not shown: too many to report)", view.dropped) } }
            </p>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{SearchBegun, Trace};

    fn run(index: u32, thread: u32, start: f64, end: f64, found: u64) -> UnitRun {
        UnitRun {
            search: 0,
            index,
            thread,
            start,
            end,
            found,
            work: 1,
        }
    }

    fn begun(search: u32, units: u32) -> SearchBegun {
        SearchBegun {
            search,
            units,
            unit: protocol::UnitDto {
                one: "prefix range".into(),
                many: "prefix ranges".into(),
                digits: 2,
                base: 6,
            },
            at: 0.0,
        }
    }

    #[test]
    fn reports_gather_into_the_latest_search() {
        let mut view = None;
        let first = Trace {
            searches: vec![begun(0, 4)],
            runs: vec![run(0, 0, 0.0, 1.0, 3), run(2, 1, 0.0, 4.0, 1)],
            dropped: 0,
            figures: Vec::new(),
        };
        assert!(SearchView::absorb(&mut view, &first, 2));
        let more = Trace {
            runs: vec![run(1, 0, 1.0, 2.0, 0), run(3, 0, 2.0, 3.0, 5)],
            ..Trace::default()
        };
        assert!(SearchView::absorb(&mut view, &more, 2));
        assert!(!SearchView::absorb(&mut view, &Trace::default(), 2));
        let v = view.clone().unwrap();
        assert!(v.complete());
        assert_eq!(v.wall(), 4.0);
        let lanes = v.lanes();
        // Range 3 belongs to thread 1's fixed block (ranges 2 and 3) but thread 0 took it.
        assert_eq!(
            lanes,
            vec![
                Lane {
                    units: 3,
                    busy: 3.0,
                    found: 8,
                    taken: 1
                },
                Lane {
                    units: 1,
                    busy: 4.0,
                    found: 1,
                    taken: 0
                },
            ]
        );
        // A new search replaces the view; runs of the old one arriving late are not mixed in.
        let next = Trace {
            searches: vec![begun(1, 9)],
            runs: vec![run(0, 0, 5.0, 6.0, 1)],
            dropped: 0,
            figures: Vec::new(),
        };
        SearchView::absorb(&mut view, &next, 2);
        let v = view.unwrap();
        assert_eq!((v.begun.search, v.runs.len()), (1, 0));
    }

    #[test]
    fn a_small_job_one_thread_ran_alone_says_so_and_counts_no_stealing() {
        // 512 prefix ranges, all on thread 2 before thread 1 woke: thread 1 did no work, and nothing was stolen
        // from it.
        let v = SearchView {
            begun: begun(0, 512),
            threads: 2,
            runs: (0..512).map(|i| run(i, 1, 0.0, 0.002, 1)).collect(),
            dropped: 0,
        };
        let lanes = v.lanes();
        assert_eq!((lanes[0].units, lanes[1].units), (0, 512));
        assert_eq!(lanes.iter().map(|l| l.taken).sum::<u32>(), 0);
        assert_eq!(lane_text(&v, &lanes[0], 0.0), "ran nothing");
        let text = summary(&v, &lanes, v.wall());
        assert!(
            text.ends_with(
                "on 2 threads; thread 1 ran none: the work was over before it joined in"
            ),
            "{text}"
        );
        // The same job while still running: not yet.
        let mut running = v.clone();
        running.runs.truncate(10);
        assert!(summary(&running, &running.lanes(), 1.0).ends_with("thread 1 ran none yet"));
    }

    #[test]
    fn a_large_job_counts_each_stolen_unit_once_from_the_thread_that_ran_it() {
        // 64 parts; the view was made before the pool's size was known (1 thread), yet two threads ran them:
        // the even split is over the two.
        let mut v = SearchView {
            begun: begun(0, 64),
            threads: 1,
            runs: Vec::new(),
            dropped: 0,
        };
        v.begun.unit.one = "part of a level".into();
        v.begun.unit.many = "parts of a level".into();
        // Thread 1 ran unit 0 only; thread 2 the other 63, 31 of which are in thread 1's half.
        v.runs.push(run(0, 0, 0.0, 5.0, 1));
        v.runs.extend((1..64).map(|i| run(i, 1, 0.0, 5.0, 1)));
        let lanes = v.lanes();
        assert_eq!(lanes.len(), 2);
        assert_eq!((lanes[0].taken, lanes[1].taken), (0, 31));
        assert_eq!(
            lane_text(&v, &lanes[0], 50.0),
            "50% busy (5.0 ms) · 1 part of a level"
        );
        let text = summary(&v, &lanes, v.wall());
        assert!(
            text.ends_with("31 parts of a level ran on another thread than an even split gives them (work stealing)"),
            "{text}"
        );
        assert!(!text.contains("ran none"), "{text}");
        assert_eq!(thread_list(&[0, 1, 3]), "threads 1, 2 and 4");
    }

    #[test]
    fn labels_and_bars() {
        let v = SearchView {
            begun: begun(0, 36),
            threads: 1,
            runs: (0..36)
                .map(|i| run(i, 0, f64::from(i), f64::from(i) + 1.0, 1))
                .collect(),
            dropped: 0,
        };
        assert_eq!(v.label(0), "1,1,…");
        assert_eq!(v.label(13), "3,2,…");
        // Touching ranges merge at coarse resolution (here 4 ms a pixel), never beyond 4 pixels' worth.
        let coarse = bars(&v, 0, 9.0);
        assert_eq!(coarse.len(), 3);
        assert!(coarse.iter().all(|b| b.end - b.start <= 16.0));
        assert_eq!(coarse.iter().map(|b| b.units).sum::<u32>(), 36);
        assert_eq!(bars(&v, 0, 1000.0).len(), 36);
    }
}

/// Props of [`LatestSearch`].
#[derive(Properties, PartialEq)]
pub struct LatestProps {
    /// What the latest search was, in words ("The latest step, part by part").
    pub heading: AttrValue,
    /// What to say while nothing has been searched (nothing is drawn without it).
    #[prop_or_default]
    pub empty: Option<AttrValue>,
}

/// The solver's latest search, thread by thread, as the status reports it: one block for every page that shows it.
#[component]
pub fn LatestSearch(props: &LatestProps) -> Html {
    let latest = crate::hooks::use_solver().and_then(|c| c.status.search);
    match (latest, &props.empty) {
        (Some(view), _) => html! {
            <div class="latest-search">
                <h3>{ props.heading.clone() }</h3>
                <ThreadLanes {view} />
            </div>
        },
        (None, Some(empty)) => html! {
            <div class="latest-search">
                <h3>{ props.heading.clone() }</h3>
                <p class="muted">{ empty.clone() }</p>
            </div>
        },
        (None, None) => html! {},
    }
}
