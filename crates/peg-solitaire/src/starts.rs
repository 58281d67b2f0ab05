//! Every board's table of games by start, shipped with the app: for one start hole of each class of holes alike
//! under the board's symmetries, the number of games to one peg anywhere, to one peg in the start hole, to a dead
//! end and to each other hole where they were counted. The tables are text (`tables/<board>.txt`, one count a line:
//! `start finish games`), written by `puzzle-lab pegs starts`, which prints the command and the date as comments.
//! Where an exact count needs more memory than there is, a line may hold an estimate instead
//! (`start finish ~games relative-error`, from `puzzle-lab pegs estimate`), never beside an exact count of the same
//! start and finish. A start or finish that a symmetry maps onto a row's is answered by that row.

use crate::board::{Board, Position};
use crate::finish::Finish;
use crate::rule_of_three::class_proof;
use crate::verdict::Lost;

/// One count of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartCount {
    /// The empty hole at the start (the first of its class of holes, in reading order).
    pub start: u8,
    /// Where the games end.
    pub finish: Finish,
    /// How many games.
    pub games: u128,
}

/// An estimate of a table: where an exact count needs more memory than there is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StartEstimate {
    /// The empty hole at the start (the first of its class of holes, in reading order).
    pub start: u8,
    /// Where the games end.
    pub finish: Finish,
    /// About how many games.
    pub games: f64,
    /// The standard error as a share of `games`.
    pub relative_error: f64,
}

/// A line of a table: a count or an estimate.
enum Row {
    Count(StartCount),
    Estimate(StartEstimate),
    /// An estimate's line, its numbers not read: the counts' reader leaves them alone, so that what reads only
    /// counts (the worker) carries no decimal-number parser.
    Skipped,
}

/// The numbers of an estimate's line (`~games`, `relative-error`) read, or why they are none; `bad` names the line.
fn estimate_numbers(
    (start, finish): (u8, Finish),
    (about, error): (&str, &str),
    bad: &dyn Fn(String) -> String,
) -> Result<Row, String> {
    let number = |t: &str| -> Result<f64, String> {
        let v: f64 = t.parse().map_err(|e| bad(format!("'{t}': {e}")))?;
        (v.is_finite() && v >= 0.0)
            .then_some(v)
            .ok_or_else(|| bad(format!("'{t}' is not a number of games")))
    };
    Ok(Row::Estimate(StartEstimate {
        start,
        finish,
        games: number(about)?,
        relative_error: number(error)?,
    }))
}

/// The shipped tables, by board name.
const SHIPPED: [(&str, &str); 4] = [
    ("english", include_str!("../tables/english.txt")),
    ("french", include_str!("../tables/french.txt")),
    ("triangle", include_str!("../tables/triangle.txt")),
    ("diamond", include_str!("../tables/diamond.txt")),
];

/// The first hole, in reading order, of the class of holes that the board's symmetries map `hole` onto.
pub fn class_hole(board: &Board, hole: u8) -> u8 {
    board
        .symmetries()
        .iter()
        .map(|map| map[usize::from(hole)])
        .min()
        .unwrap_or(hole)
}

/// One hole of each class of holes that the board's symmetries map onto each other: the first in reading order.
pub fn start_holes(board: &Board) -> Vec<u8> {
    (0..board.holes().len() as u8)
        .filter(|&h| class_hole(board, h) == h)
        .collect()
}

/// A table's counts, one a line (`#` lines are comments; estimates are read by [`parse_estimates`]), or the line
/// that is wrong.
pub fn parse_table(board: &Board, text: &str) -> Result<Vec<StartCount>, String> {
    Ok(parse_rows(board, text, |_, _, _| Ok(Row::Skipped))?
        .into_iter()
        .filter_map(|r| match r {
            Row::Count(c) => Some(c),
            Row::Estimate(_) | Row::Skipped => None,
        })
        .collect())
}

/// A table's estimates (its `start finish ~games relative-error` lines), or the line that is wrong.
pub fn parse_estimates(board: &Board, text: &str) -> Result<Vec<StartEstimate>, String> {
    Ok(parse_rows(board, text, estimate_numbers)?
        .into_iter()
        .filter_map(|r| match r {
            Row::Estimate(e) => Some(e),
            Row::Count(_) | Row::Skipped => None,
        })
        .collect())
}

/// Every line of a table, an estimate's numbers read by `estimate`, or the line that is wrong.
fn parse_rows(
    board: &Board,
    text: &str,
    estimate: impl Fn((u8, Finish), (&str, &str), &dyn Fn(String) -> String) -> Result<Row, String>,
) -> Result<Vec<Row>, String> {
    text.lines()
        .map(str::trim)
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, line)| {
            let bad = |why: String| format!("line {}: {why}", i + 1);
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (start, finish) = match fields[..] {
                [start, finish, ..] => (
                    board.parse_hole(start).map_err(bad)?,
                    Finish::parse(board, finish).map_err(bad)?,
                ),
                _ => return Err(bad(format!("'{line}' is not 'start finish games'"))),
            };
            match fields[2..] {
                [about] if about.starts_with('~') => Err(bad(format!(
                    "'{line}': an estimate is 'start finish ~games relative-error'"
                ))),
                [games] => Ok(Row::Count(StartCount {
                    start,
                    finish,
                    games: games.parse().map_err(|e| bad(format!("'{games}': {e}")))?,
                })),
                [about, error] if about.starts_with('~') => {
                    estimate((start, finish), (&about[1..], error), &bad)
                }
                _ => Err(bad(format!(
                    "'{line}' is not 'start finish games' or 'start finish ~games relative-error'"
                ))),
            }
        })
        .collect()
}

/// A table as its text: a line per count, after the comment lines `header`.
pub fn table_text(board: &Board, header: &[String], counts: &[StartCount]) -> String {
    let mut out: String = header.iter().map(|h| format!("# {h}\n")).collect();
    for c in counts {
        out.push_str(&format!(
            "{} {} {}\n",
            board.hole_text(c.start),
            c.finish.text(board),
            c.games
        ));
    }
    out
}

/// The text of the table shipped for a named board (none for a board of one's own).
fn shipped_text(board: &Board) -> Option<&'static str> {
    SHIPPED
        .iter()
        .find(|(name, _)| *name == board.name())
        .map(|(_, text)| *text)
}

/// The table shipped for a named board (empty for a board of one's own).
pub fn shipped(board: &Board) -> Vec<StartCount> {
    shipped_text(board)
        .and_then(|text| parse_table(board, text).ok())
        .unwrap_or_default()
}

/// The estimates shipped for a named board (empty where it has none).
pub fn shipped_estimates(board: &Board) -> Vec<StartEstimate> {
    shipped_text(board)
        .and_then(|text| parse_estimates(board, text).ok())
        .unwrap_or_default()
}

/// The shipped count of games from an empty `start` to `finish`, if the table holds it (for a start, and a finish
/// hole, mapped together by a symmetry onto a row's).
pub fn shipped_games(board: &Board, start: Position, finish: Finish) -> Option<u128> {
    let table = shipped(board);
    images(board, start, finish)
        .find_map(|(s, f)| table.iter().find(|c| c.start == s && c.finish == f))
        .map(|c| c.games)
}

/// The shipped estimate of the games from an empty `start` to `finish`, found as [`shipped_games`] finds a count.
pub fn shipped_estimate(board: &Board, start: Position, finish: Finish) -> Option<StartEstimate> {
    let table = shipped_estimates(board);
    images(board, start, finish)
        .find_map(|(s, f)| table.iter().find(|e| e.start == s && e.finish == f))
        .copied()
}

/// The start hole and finish of a game from an empty `start` under each of the board's symmetries (none where
/// more than one hole is empty).
fn images(
    board: &Board,
    start: Position,
    finish: Finish,
) -> impl Iterator<Item = (u8, Finish)> + '_ {
    let empty = board.complement(start);
    let hole = empty.trailing_zeros() as u8;
    let symmetries = if empty.count_ones() == 1 {
        board.symmetries()
    } else {
        &[]
    };
    symmetries.iter().map(move |map| {
        let finish = match finish {
            Finish::Hole(f) => Finish::Hole(map[usize::from(f)]),
            other => other,
        };
        (map[usize::from(hole)], finish)
    })
}

/// Whether a game from an empty `start` can leave one peg anywhere, and why not, as a table of starts tells a
/// student: the shipped count, the rule of three, or both.
#[derive(Clone, Debug, PartialEq)]
pub enum StartOutlook {
    /// Games leave one peg: this many (the shipped count).
    Won(u128),
    /// The rule of three rules out every hole for the last peg: the proof.
    RuledOut(Lost),
    /// The rule of three allows the last peg on these holes, yet the shipped count found no game that leaves it.
    NoneFound {
        /// The holes the rule of three allows.
        allowed: Vec<u8>,
    },
    /// The shipped table does not count this start.
    NotCounted,
}

/// What the board's shipped table and the rule of three say of a game from an empty `start` to one peg anywhere.
pub fn start_outlook(board: &Board, start: u8) -> StartOutlook {
    let pos = board.full() & !(1u64 << start);
    let singles: Vec<Position> = (0..board.holes().len()).map(|h| 1u64 << h).collect();
    if let Some(proof) = class_proof(board, pos, &singles) {
        return StartOutlook::RuledOut(proof);
    }
    match shipped_games(board, pos, Finish::AnyOne) {
        Some(0) => StartOutlook::NoneFound {
            allowed: (0..board.holes().len() as u8)
                .filter(|&h| class_proof(board, pos, &[1u64 << h]).is_none())
                .collect(),
        },
        Some(games) => StartOutlook::Won(games),
        None => StartOutlook::NotCounted,
    }
}
