//! What the peg solitaire page says in words: the line under the board (whether the finish can still be reached,
//! and how that is known), the note on a board of one's own's start, the board's name in a sentence, and how to play.

use peg_solitaire::{Board, Finish};
use protocol::group_digits;
use protocol::pegs::LostDto;

use super::starts_table;
use super::state::{self, Outlook, Play, StartFound};

/// The line under the board: whether the finish can still be reached, how that is known, and what the worker
/// noted about how (a book it could not load).
pub(super) fn outlook_line(p: &Play) -> String {
    match &p.outlook_note {
        Some(note) if !matches!(p.outlook, Outlook::Asking) => format!("{} {note}", outlook(p)),
        _ => outlook(p),
    }
}

/// [`outlook_line`] without the note.
fn outlook(p: &Play) -> String {
    let pegs = p.position().count_ones();
    let from_start = p.moves.is_empty();
    let next = if from_start {
        "Choose another start or finish."
    } else {
        "Undo to go back."
    };
    // Some jumps in (or past a shipped opening), the counts come from a table of the positions ahead of this one
    // (seconds), not the game's own (the core's `ahead_from`).
    let ahead = p.moves.len() as u32
        >= peg_solitaire::ahead_from(peg_solitaire::Game {
            board: &p.board,
            start: p.start_position(),
            finish: p.finish,
        });
    let lost_lead = if from_start {
        "No game from this start reaches this finish"
    } else {
        "Not solvable any more"
    };
    match &p.outlook {
        _ if p.won() => "Solved: the game ended as asked.".to_string(),
        Outlook::Asking if p.start_found == Some(StartFound::Seeking) => match p.searched {
            Some(n) => format!(
                "Looking for a start on your board that can be won: {} positions searched so far. You can start playing meanwhile.",
                group_digits(&n.to_string())
            ),
            None => "Looking for a start on your board that can be won…".to_string(),
        },
        Outlook::Lost(LostDto::NoJumpLeft) => format!(
            "No jump is left: {pegs} pegs remain, the finish is out of reach. Undo to try again."
        ),
        Outlook::Asking => match p.searched {
            Some(n) => format!(
                "Working out whether the finish can still be reached: searching, {} positions so far. You can keep playing.",
                group_digits(&n.to_string())
            ),
            None => "Working out whether the finish can still be reached…".to_string(),
        },
        Outlook::Solvable => match &p.counts {
            _ if !p.heat => "Still solvable.".to_string(),
            Some(cs) if !cs.is_empty() => format!(
                "Still solvable: {} games from here reach the finish.{}",
                group_digits(&cs.iter().map(|c| c.1).sum::<u128>().to_string()),
                if p.heat { " Pick a peg to see how many go through each of its jumps." } else { "" }
            ),
            _ if !p.fits_in_tab() && p.finish != Finish::DeadEnd => format!(
                "Still solvable ({}). Games through each jump are counted on boards of up to {} holes; this one has {}.",
                if p.outlook_source == "book" {
                    "worked out ahead of time for the first jumps of this game"
                } else {
                    "found by a search"
                },
                peg_solitaire::TAB_HOLES,
                p.board.holes().len()
            ),
            // The table could not be built: the quiet note beside the board says so.
            _ if p.table_failed.is_some() => "Still solvable.".to_string(),
            _ if !p.counts_cheap() => format!(
                "Still solvable. Games through each jump to a dead end are counted from {} pegs on.",
                state::DEAD_END_COUNTS_FROM
            ),
            _ if p.count_running => "Still solvable. The games through each jump are counted once your count of every game is done.".to_string(),
            _ if ahead => match p.table_levels {
                Some((done, total)) => format!(
                    "Still solvable. Counting the games through each jump: building a table of the positions ahead of this one, level {done} of {total}…"
                ),
                None => "Still solvable. Counting the games through each jump (a table of the positions ahead of this one: seconds)…".to_string(),
            },
            _ => match p.table_levels {
                Some((done, total)) => format!(
                    "Still solvable. Counting the games through each jump: building this game's table of every position, level {done} of {total} (once per game; jumping meanwhile keeps the levels made)…"
                ),
                None => "Still solvable. Counting the games through each jump (the first time for a game, a table of every position is built: 10 to 20 seconds on the English board)…".to_string(),
            },
        },
        Outlook::Lost(LostDto::Class { .. } | LostDto::ClassPair { .. }) => {
            format!("{lost_lead}: the rule of three rules it out (below). {next}")
        }
        Outlook::Lost(LostDto::Pagoda { .. }) => {
            format!("{lost_lead}: a pagoda function rules it out (below). {next}")
        }
        Outlook::Lost(LostDto::NoGame) => format!(
            "{lost_lead}: no game from here reaches the finish ({}). {}",
            match p.outlook_source.as_str() {
                "table" => "every game counted in this game's table",
                "opening" => "every game counted in the shipped opening",
                "book" => "every game from the first jumps of this one was worked out ahead of time",
                "count" => "counted ahead of time for the board's table below",
                _ => "every game looked at by the search",
            },
            next
        ),
        Outlook::Unknown(m) => format!("Could not tell whether it is still solvable: {m}"),
    }
}

/// On a board of one's own, what the look for a start that can be won found: the start it opened on instead of the
/// board's own, or that no start can be won.
pub(super) fn start_note(p: &Play) -> Option<String> {
    let hole = |h: u8| p.board.hole_text(h);
    match p.start_found? {
        StartFound::Seeking => None,
        StartFound::MovedFrom(from) => Some(format!(
            "No game from your board's own start, {} empty, ends with one peg back in {}, so it opened on {}, from which a game ends with {}. Choose any start above.",
            hole(from),
            hole(from),
            hole(p.start),
            match p.finish {
                Finish::Hole(h) if h == p.start => format!("one peg back in {}", hole(h)),
                Finish::Hole(h) => format!("one peg in {}", hole(h)),
                _ => "one peg".to_string(),
            }
        )),
        StartFound::None => Some(
            "No start on your board can be won: from every hole, every game ends with more than one peg (found by proofs and a search of every game)."
                .to_string(),
        ),
    }
}

/// The board as a sentence names it: "the English board", "your board".
pub(super) fn board_title(p: &Play) -> String {
    if p.layout.is_some() {
        return "your board".into();
    }
    format!("the {} board", starts_table::capitalised(&p.board_name))
}

/// How to play, for this board and mode: hole names by this board's start, and the numbers in the landing holes only
/// where they are shown (boards a tab can count, `heat` on).
/// A finish as the settings name it: "one peg anywhere", "until no jump is left", "one peg at d4".
pub(super) fn finish_words(finish: Finish, board: &Board) -> String {
    match finish {
        Finish::AnyOne => "one peg anywhere".into(),
        Finish::DeadEnd => "until no jump is left".into(),
        Finish::Hole(h) => format!("one peg at {}", board.hole_text(h)),
    }
}

pub(super) fn help_text(p: &Play) -> String {
    let start = p.board.hole_text(p.start);
    let numbers = if p.heat && p.fits_in_tab() {
        " Legal landing holes are ringed; the number in each is how many games through that jump reach the finish (in full in the list by the board)."
    } else {
        " Legal landing holes are ringed."
    };
    format!(
        "Tap a peg, then the empty hole it jumps into, over a neighbour. Holes are named by column and row: this game started with {start} empty. Keys: Tab to a hole, Enter to pick up and to jump; U undoes, R redoes, Escape puts the peg down.{numbers}"
    )
}
