//! `puzzle-lab pegs assess`: how quickly the page's question after every jump ("can the finish still be
//! reached?") is answered, over many random positions of one game, each asked of a fresh [`Analyst`] (nothing
//! learnt from the others, as after a reload). With `--check`, every answer is checked against the game's table and
//! every solution replayed.

use std::collections::BTreeMap;
use std::time::Instant;

use peg_solitaire::{Analyst, Game, Jump, Limits, Source, Table, finished};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::json;

use super::setup::Setup;
use crate::output::Output;

/// What `pegs assess` was asked to do.
pub(crate) struct Request {
    /// How many random positions.
    pub positions: usize,
    /// The seed of the random jumps.
    pub seed: u64,
    /// Check every answer against the game's table.
    pub check: bool,
    /// Positions searched before the table is built (where it fits).
    pub search_first: u64,
    /// Seconds after which a position counts as not settled (none: no limit).
    pub give_up_after: Option<f64>,
}

/// Stops a question once its time is up.
struct Deadline {
    start: Instant,
    seconds: f64,
}

impl progress::Observer for Deadline {
    fn report(&self, _: progress::Progress) -> progress::Flow {
        if self.start.elapsed().as_secs_f64() > self.seconds {
            progress::Flow::Stop
        } else {
            progress::Flow::Continue
        }
    }
}

/// One position asked about.
struct Trial {
    ms: f64,
    moves: Vec<Jump>,
    solvable: bool,
    source: Source,
}

pub(crate) fn run(s: &Setup, req: &Request, out: &Output) -> Result<(), String> {
    let board = &s.board;
    let game = Game {
        board,
        start: s.start,
        finish: s.finish,
    };
    let table = if req.check {
        Some(
            Table::build(
                board,
                s.start,
                s.finish,
                &Limits::NATIVE,
                &progress::NoObserver,
            )
            .map_err(|e| format!("--check needs the game's table: {e}"))?,
        )
    } else {
        None
    };
    let mut rng = StdRng::seed_from_u64(req.seed);
    let deepest = board.holes().len().saturating_sub(3).max(1);
    let mut trials = Vec::with_capacity(req.positions);
    let mut unsettled: Vec<String> = Vec::new();
    for _ in 0..req.positions {
        let depth = rng.random_range(1..=deepest);
        let mut pos = s.start;
        let mut moves = Vec::new();
        for _ in 0..depth {
            let mut legal = Vec::new();
            board.for_each_legal(pos, |j| legal.push(j));
            if legal.is_empty() {
                break;
            }
            let j = legal[rng.random_range(0..legal.len())];
            pos ^= j.mask();
            moves.push(j);
        }
        let mut analyst = Analyst::new().searching_first(req.search_first);
        let t = Instant::now();
        let deadline = Deadline {
            start: t,
            seconds: req.give_up_after.unwrap_or(f64::INFINITY),
        };
        let v = match analyst.assess(game, pos, true, &deadline) {
            Ok(v) => v,
            Err(peg_solitaire::CountError::Cancelled) => {
                unsettled.push(
                    moves
                        .iter()
                        .map(|j| jump_text(board, j))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
                continue;
            }
            Err(e) => return Err(e.to_string()),
        };
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let shown = || {
            moves
                .iter()
                .map(|j| jump_text(board, j))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if let Some(t) = &table
            && (t.games_from(pos) > 0) != v.solvable
        {
            return Err(format!(
                "wrong answer after {}: the table disagrees",
                shown()
            ));
        }
        if v.solvable {
            let mut q = pos;
            for j in v.solution.iter().flatten() {
                if !j.legal(q) {
                    return Err(format!(
                        "after {}: the solution plays an illegal jump",
                        shown()
                    ));
                }
                q ^= j.mask();
            }
            if !finished(board, q, s.finish) {
                return Err(format!("after {}: the solution does not finish", shown()));
            }
        }
        trials.push(Trial {
            ms,
            moves,
            solvable: v.solvable,
            source: v.source,
        });
    }
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for t in &trials {
        let key = format!(
            "{} {}",
            t.source.name(),
            if t.solvable { "solvable" } else { "lost" }
        );
        *by.entry(key).or_default() += 1;
    }
    let mut ms: Vec<f64> = trials.iter().map(|t| t.ms).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| {
        ms.get(((ms.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let worst = trials.iter().max_by(|a, b| a.ms.total_cmp(&b.ms));
    let worst_json = worst.map(|w| {
        json!({ "ms": w.ms, "moves": w.moves.iter().map(|j| jump_text(board, j)).collect::<Vec<_>>(),
                "solvable": w.solvable, "source": w.source.name() })
    });
    let (median, p90, p99) = (at(0.5), at(0.9), at(0.99));
    let finish = s.finish.text(board);
    let start = board.hole_text(s.start_hole);
    out.emit(
        json!({ "board": board.name(), "start": start, "finish": finish, "positions": trials.len(),
            "seed": req.seed, "checked": req.check, "by_source": by, "median_ms": median, "p90_ms": p90,
            "p99_ms": p99, "worst": worst_json, "give_up_after_s": req.give_up_after,
            "unsettled": unsettled, "seconds": out.seconds() }),
        || {
            let mut text = format!(
                "{} from {start} to {finish}: {} random positions settled{}, median {median:.2} ms, 90% within {p90:.1} ms, 99% within {p99:.1} ms{}\n",
                board.name(),
                trials.len(),
                match req.give_up_after {
                    Some(s) => format!(" ({} more not within {s} s)", unsettled.len()),
                    None => String::new(),
                },
                if req.check { ", every answer checked against the table" } else { "" }
            );
            for (k, n) in &by {
                text.push_str(&format!("  {k}: {n}\n"));
            }
            if let Some(w) = worst {
                text.push_str(&format!(
                    "  worst {:.1} ms ({}, {}) after {}",
                    w.ms,
                    if w.solvable { "solvable" } else { "lost" },
                    w.source.name(),
                    w.moves.iter().map(|j| jump_text(board, j)).collect::<Vec<_>>().join(" ")
                ));
            }
            text
        },
    );
    Ok(())
}

/// A jump as people write it: `b4-d4`.
pub(crate) fn jump_text(board: &peg_solitaire::Board, j: &Jump) -> String {
    format!("{}-{}", board.hole_text(j.from), board.hole_text(j.to))
}
