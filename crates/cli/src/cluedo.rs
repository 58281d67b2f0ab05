//! `puzzle-lab cluedo ...`: simulate games of computer players, reproduce the seed's table, and deduce from a
//! real table's log.

use clap::Subcommand;
use cluedo::simulate::{Simulation, seed_figure, simulate};
use cluedo::{Card, Kind, Notebook, Owner, Triple, Turn, View, hand_sizes};
use serde_json::{Value, json};

use crate::output::Failure;
use crate::output::Output;

#[cfg(feature = "mpi")]
mod cluster;
use crate::progress_line::ProgressLine;

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Play many games of computer players on every thread; the same seed gives the same games on any thread
    /// count.
    Simulate {
        /// One kind per seat, seat 0 first: random (the seed's "default"), listening, mix, deduction, expert.
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<String>,
        /// How many games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The seed the games are drawn from.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Rotate the line-up through every seat (the games shared evenly, the same deals in each rotation), so
        /// that no seat's edge counts; reports each kind's share of the wins.
        #[arg(long)]
        rotate: bool,
    },
    /// The seed report's table (2 to 5 players of each of its kinds), reproduced, with the deduction player's row.
    Table {
        /// Games per cell (the seed played 250).
        #[arg(long, default_value_t = 250)]
        games: u64,
        /// The seed the games are drawn from.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// What is certain from one seat's log of a real game: holders, the envelope, and each card's shares.
    Deduce {
        /// The log, as JSON (see docs/cli.md, "Cluedo at a real table").
        #[arg(long, value_name = "FILE")]
        log: std::path::PathBuf,
    },
}

pub(crate) fn run(cmd: Command, out: &Output) -> Result<(), Failure> {
    match cmd {
        Command::Simulate {
            players,
            games,
            seed,
            rotate,
        } => {
            let kinds = players
                .iter()
                .map(|p| Kind::parse(p))
                .collect::<Result<Vec<_>, _>>()?;
            if rotate {
                out.alone("cluedo simulate --rotate")?;
                return rotated(&kinds, games, seed, out);
            }
            #[cfg(feature = "mpi")]
            let sim = match out.cluster() {
                Some((c, deal)) => match cluster::simulate(c, deal, &kinds, games, seed)? {
                    Some(sim) => sim,
                    None => return Ok(()), // a rank other than 0: its share is done
                },
                None => run_simulation(&kinds, games, seed)?,
            };
            #[cfg(not(feature = "mpi"))]
            let sim = run_simulation(&kinds, games, seed)?;
            let seconds = out.seconds();
            out.emit(simulation_json(&sim, seed, seconds), || {
                format!(
                    "{} games of {}: {:.2} rounds on average (sd {:.2}); wins by seat {:?}{}; {seconds:.2} s",
                    sim.games,
                    names(&kinds),
                    sim.mean_rounds,
                    sim.std_rounds,
                    sim.wins,
                    if sim.no_winner > 0 { format!(", {} without a winner", sim.no_winner) } else { String::new() }
                )
            });
        }
        Command::Table { games, seed } => {
            out.alone("cluedo table")?;
            let mut rows = Vec::new();
            let mut text = vec![format!(
                "{:<10} {:>26} {:>26} {:>26} {:>26}",
                "players", 2, 3, 4, 5
            )];
            for kind in Kind::ALL {
                let mut cells = Vec::new();
                let mut line = format!("{:<10}", kind.name());
                for n in 2..=5 {
                    let sim = run_simulation(&vec![kind; n], games, seed)?;
                    let theirs = seed_figure(&vec![kind; n]);
                    line += &match theirs {
                        Some((m, s)) => format!(
                            " {:>5.2} ({:.2}) seed {m:.2} ({s:.2})",
                            sim.mean_rounds, sim.std_rounds
                        ),
                        None => format!(
                            " {:>5.2} ({:.2}){:>14}",
                            sim.mean_rounds, sim.std_rounds, ""
                        ),
                    };
                    cells.push(json!({ "players": n, "mean_rounds": sim.mean_rounds, "std_rounds": sim.std_rounds,
                        "seed_mean": theirs.map(|t| t.0), "seed_std": theirs.map(|t| t.1) }));
                }
                text.push(line);
                rows.push(json!({ "kind": kind.name(), "cells": cells }));
            }
            let seconds = out.seconds();
            out.emit(
                json!({ "games": games, "seed": seed, "rows": rows, "seconds": seconds }),
                || {
                    text.push(format!(
                        "{games} games per cell, seed {seed}, {seconds:.2} s"
                    ));
                    text.join("\n")
                },
            );
        }
        Command::Deduce { log } => {
            out.alone("cluedo deduce")?;
            let text = std::fs::read_to_string(&log)
                .map_err(|e| format!("--log {}: {e}", log.display()))?;
            let view = parse_log(&text)
                .map_err(|e| Failure::refused(format!("--log {}: {e}", log.display())))?;
            let notebook = Notebook::of(&view)
                .map_err(|e| Failure::refused(format!("--log {}: {e}", log.display())))?;
            let seconds = out.seconds();
            out.emit(notebook_json(&notebook, seconds), || {
                notebook_text(&notebook, seconds)
            });
        }
    }
    Ok(())
}

/// The line-up rotated through every seat, `games` shared evenly among the rotations (each on the same deals):
/// each kind's wins and share of the games, beside its fair share (its seats over all seats).
fn rotated(kinds: &[Kind], games: u64, seed: u64, out: &Output) -> Result<(), Failure> {
    let n = kinds.len();
    let each = games.div_ceil(n as u64);
    let mut wins: Vec<(Kind, u64, usize)> = Vec::new();
    let mut played = 0;
    let mut rounds = 0.0;
    for r in 0..n {
        let lineup: Vec<Kind> = (0..n).map(|s| kinds[(s + r) % n]).collect();
        let sim = run_simulation(&lineup, each, seed)?;
        played += sim.games;
        rounds += sim.mean_rounds * sim.games as f64;
        for (seat, &k) in lineup.iter().enumerate() {
            match wins.iter_mut().find(|(x, ..)| *x == k) {
                Some((_, w, _)) => *w += sim.wins[seat],
                None => wins.push((k, sim.wins[seat], 0)),
            }
        }
    }
    for (k, _, seats) in &mut wins {
        *seats = kinds.iter().filter(|x| *x == k).count();
    }
    let seconds = out.seconds();
    let share = |w: u64| w as f64 / played.max(1) as f64;
    let json = json!({
        "players": kinds.iter().map(|k| k.name()).collect::<Vec<_>>(), "games": played, "seed": seed,
        "rotated": true, "mean_rounds": rounds / played.max(1) as f64, "seconds": seconds,
        "by_kind": wins.iter().map(|(k, w, seats)| json!({ "kind": k.name(), "seats": seats, "wins": w,
            "share": share(*w), "fair_share": *seats as f64 / n as f64 })).collect::<Vec<_>>(),
    });
    out.emit(json, || {
        let kinds_text: Vec<String> = wins
            .iter()
            .map(|(k, w, seats)| {
                format!(
                    "{} wins {w} ({:.1} %, fair {:.1} %)",
                    k.name(),
                    100.0 * share(*w),
                    100.0 * *seats as f64 / n as f64
                )
            })
            .collect();
        format!(
            "{played} games of {} rotated through every seat: {}; {seconds:.2} s",
            names(kinds),
            kinds_text.join("; ")
        )
    });
    Ok(())
}

fn names(kinds: &[Kind]) -> String {
    kinds.iter().map(|k| k.name()).collect::<Vec<_>>().join(",")
}

fn run_simulation(kinds: &[Kind], games: u64, seed: u64) -> Result<Simulation, String> {
    let progress = ProgressLine::new();
    let sim = simulate(kinds, games, seed, &progress)?.ok_or("stopped")?;
    progress.clear();
    Ok(sim)
}

fn simulation_json(sim: &Simulation, seed: u64, seconds: f64) -> Value {
    json!({
        "players": sim.kinds.iter().map(|k| k.name()).collect::<Vec<_>>(),
        "games": sim.games, "seed": seed,
        "mean_rounds": sim.mean_rounds, "std_rounds": sim.std_rounds,
        "wins": sim.wins, "no_winner": sim.no_winner, "rounds_histogram": sim.histogram,
        "threads": rayon::current_num_threads(), "seconds": seconds,
    })
}

fn owner_name(o: Owner) -> Value {
    match o {
        Owner::Seat(s) => json!(s),
        Owner::Envelope => json!("envelope"),
    }
}

fn notebook_json(nb: &Notebook, seconds: f64) -> Value {
    let holders: Vec<Value> = Card::all()
        .map(|c| nb.holder(c).map_or(Value::Null, owner_name))
        .collect();
    let shares: Vec<Value> = Card::all()
        .map(|c| {
            let map: serde_json::Map<String, Value> = nb
                .owners(c)
                .into_iter()
                .map(|(o, _)| {
                    let key = match o {
                        Owner::Seat(s) => s.to_string(),
                        Owner::Envelope => "envelope".into(),
                    };
                    (key, json!(nb.share(c, o)))
                })
                .collect();
            Value::Object(map)
        })
        .collect();
    let [s, w, r] = nb.envelope().map(|c| c.map(|c| c.index()));
    json!({ "deals": nb.deals, "holders": holders, "envelope": { "suspect": s, "weapon": w, "room": r },
        "shares": shares, "seconds": seconds })
}

fn notebook_text(nb: &Notebook, seconds: f64) -> String {
    let mut lines = vec![format!("{} consistent deals ({seconds:.3} s)", nb.deals)];
    for c in Card::all() {
        let cell = match nb.holder(c) {
            Some(Owner::Seat(s)) => format!("seat {s}"),
            Some(Owner::Envelope) => "ENVELOPE".into(),
            None => nb
                .owners(c)
                .into_iter()
                .map(|(o, _)| {
                    let who = match o {
                        Owner::Seat(s) => format!("seat {s}"),
                        Owner::Envelope => "envelope".into(),
                    };
                    format!("{who} {:.0}%", 100.0 * nb.share(c, o))
                })
                .collect::<Vec<_>>()
                .join(", "),
        };
        lines.push(format!("{:>2} {:<16} {cell}", c.index(), c.name()));
    }
    lines.join("\n")
}

/// Reads a log: `{"players":4,"me":0,"hand":[...],"hand_sizes":[...],"turns":[...]}` (cards by number or name;
/// `hand_sizes` may be left out when the cards were dealt one at a time from seat 0).
pub(crate) fn parse_log(text: &str) -> Result<View, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let obj = v
        .as_object()
        .ok_or("the log is a JSON object with players, me, hand and turns")?;
    let uint = |key: &str| -> Result<usize, String> {
        obj.get(key)
            .and_then(Value::as_u64)
            .map(|n| n as usize)
            .ok_or_else(|| format!("\"{key}\" is missing or not a whole number"))
    };
    let players = uint("players")?;
    let me = uint("me")?;
    let hand = cards(obj.get("hand").ok_or("\"hand\" is missing")?)
        .map_err(|e| format!("\"hand\": {e}"))?;
    let sizes = match obj.get("hand_sizes") {
        None | Some(Value::Null) => hand_sizes(players.clamp(2, 6)),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| {
                x.as_u64()
                    .map(|n| n as usize)
                    .ok_or("\"hand_sizes\" holds whole numbers")
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("\"hand_sizes\" is a list of whole numbers".into()),
    };
    let mut view = View::with_hand(players, me, &hand, sizes).map_err(|e| e.to_string())?;
    let turns = match obj.get("turns") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => a.clone(),
        Some(_) => return Err("\"turns\" is a list".into()),
    };
    for (i, t) in turns.iter().enumerate() {
        let turn = parse_turn(t).map_err(|e| format!("turn {}: {e}", i + 1))?;
        view.push(turn).map_err(|e| e.to_string())?;
    }
    Ok(view)
}

fn cards(v: &Value) -> Result<Vec<Card>, String> {
    let list = v
        .as_array()
        .ok_or("a list of cards (numbers 0-20 or names)")?;
    list.iter()
        .map(|c| match c {
            Value::Number(n) => Card::parse(&n.to_string()),
            Value::String(s) => Card::parse(s),
            other => Err(format!("{other} is not a card")),
        })
        .collect()
}

fn parse_turn(t: &Value) -> Result<Turn, String> {
    let obj = t
        .as_object()
        .ok_or("a turn is an object with \"by\" and \"suggest\" or \"accuse\"")?;
    let by = obj
        .get("by")
        .and_then(Value::as_u64)
        .ok_or("\"by\" (the seat that played) is missing")? as usize;
    let triple = |key: &str| -> Result<Triple, String> {
        let list = cards(&obj[key]).map_err(|e| format!("\"{key}\": {e}"))?;
        let three: [Card; 3] = list
            .try_into()
            .map_err(|l: Vec<Card>| format!("\"{key}\" names {} cards, not 3", l.len()))?;
        Triple::new(three).map_err(|e| format!("\"{key}\" {e}"))
    };
    match (obj.contains_key("suggest"), obj.contains_key("accuse")) {
        (true, false) => {
            let triple = triple("suggest")?;
            let shown_by = match obj.get("shown_by") {
                None => {
                    return Err("\"shown_by\" is missing (the seat that refuted, or null)".into());
                }
                Some(Value::Null) => None,
                Some(x) => {
                    Some(x.as_u64().ok_or("\"shown_by\" is a seat number or null")? as usize)
                }
            };
            let card = match obj.get("card") {
                None | Some(Value::Null) => None,
                Some(c) => Some(cards(&json!([c])).map_err(|e| format!("\"card\": {e}"))?[0]),
            };
            Ok(Turn::Suggest {
                by,
                triple,
                shown_by,
                card,
            })
        }
        (false, true) => {
            let triple = triple("accuse")?;
            let correct = obj
                .get("correct")
                .and_then(Value::as_bool)
                .ok_or("\"correct\" (true or false) is missing")?;
            Ok(Turn::Accuse {
                by,
                triple,
                correct,
            })
        }
        _ => Err("a turn has either \"suggest\" or \"accuse\"".into()),
    }
}
