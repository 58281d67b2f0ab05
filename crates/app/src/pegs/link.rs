//! A game's link: what `#/pegs?...` says (board or layout, start, finish, moves, embed), read with a message for
//! every part that was ignored, and written back as the game goes, holes and jumps by name (`d2-d4`). Links made
//! before the names (`row,column` from 0, jumps as hole numbers) keep opening the same game. Pure: tested natively.

use peg_solitaire::{Board, Finish, Jump, Position};

use super::state::{Play, Setup};
use crate::route::Query;

/// The game a link describes, with a message for every part that was ignored.
pub fn setup(query: &Query) -> (Board, Setup, Vec<String>) {
    let mut errors = Vec::new();
    let english = || {
        Board::named("english").unwrap_or_else(|_| unreachable!("the English board is built in"))
    };
    // `layout=..ooo../ooooooo/...` (rows separated by `/`; a first row `triangle` for a triangular grid) is a board
    // of your own; else `board=` names one.
    let (name, layout, board) = match query.get("layout").filter(|l| !l.trim().is_empty()) {
        Some(text) => {
            let rows = text.replace('/', "\n");
            match Board::parse(&rows) {
                Ok(b) => ("custom".to_string(), Some(rows), b),
                Err(e) => {
                    errors.push(format!("layout: {e}; the English board is used"));
                    ("english".into(), None, english())
                }
            }
        }
        None => {
            let name = query
                .get("board")
                .cloned()
                .unwrap_or_else(|| "english".into());
            match Board::named(&name) {
                Ok(b) => (name, None, b),
                Err(e) => {
                    errors.push(format!("board: {e}"));
                    ("english".into(), None, english())
                }
            }
        }
    };
    // Holes as people write them (`d4`); links made before wrote `row,column` from 0, still read.
    let default_start = board.default_start();
    let (start, start_named) = match query.get("start") {
        None => (default_start, false),
        Some(t) => match board.parse_hole(t) {
            Ok(h) => (h, true),
            Err(e) => {
                errors.push(format!("start: {e}; the default start is used"));
                (default_start, false)
            }
        },
    };
    // With no finish named, the board's own game (the French board's d2 ends at d6), else back where it started.
    let usual = Finish::Hole(if start_named {
        start
    } else {
        board.default_finish(start)
    });
    let finish = match query.get("finish") {
        None => usual,
        Some(t) => Finish::parse(&board, t).unwrap_or_else(|e| {
            errors.push(format!("finish: {e}; the usual finish is used"));
            usual
        }),
    };
    let (moves, bad_move) = parse_moves(
        &board,
        board.full() & !(1 << start),
        query.get("moves").map_or("", String::as_str),
    );
    errors.extend(bad_move);
    let embed = query.get("embed").is_some_and(|v| v == "1");
    // A board of one's own opened with nothing else named opens on a start that can be won.
    let seek_start = layout.is_some()
        && !start_named
        && query.get("finish").is_none()
        && query.get("moves").is_none_or(|m| m.is_empty());
    let heat = match query.get("heat").map(String::as_str) {
        None | Some("1") => true,
        Some("0") => false,
        Some(t) => {
            errors.push(format!(
                "heat: '{t}' is not 0 (hide the games through each jump) or 1 (show them); they are shown"
            ));
            true
        }
    };
    (
        board,
        Setup {
            board: name,
            layout,
            start,
            finish,
            moves,
            embed,
            heat,
            seek_start,
        },
        errors,
    )
}

/// The jumps a link's `moves=` names (`d2-d4.f3-d3`; links made before wrote hole numbers, `4-16.7-9`), up to the
/// first that is not a legal jump from where the ones before it lead, with a message naming that one.
pub fn parse_moves(board: &Board, start: Position, text: &str) -> (Vec<Jump>, Option<String>) {
    let mut moves = Vec::new();
    let mut pos = start;
    for (i, m) in text.split('.').filter(|m| !m.is_empty()).enumerate() {
        let hole = |t: &str| match t.parse::<u8>() {
            Ok(n) if usize::from(n) < board.holes().len() => Ok(n),
            Ok(_) => Err(format!("there is no hole {t} on this board")),
            Err(_) => board.parse_hole(t),
        };
        let found = m
            .split_once('-')
            .ok_or_else(|| "write a jump as two holes, like d2-d4".to_string())
            .and_then(|(a, b)| Ok((hole(a)?, hole(b)?)))
            .and_then(|(a, b)| {
                let j = board
                    .jumps()
                    .iter()
                    .copied()
                    .find(|j| j.from == a && j.to == b)
                    .ok_or_else(|| "that is not a jump of this board".to_string())?;
                if j.legal(pos) {
                    Ok(j)
                } else if pos >> a & 1 == 0 {
                    Err(format!("{} has no peg then", board.hole_text(a)))
                } else if pos >> j.over & 1 == 0 {
                    Err(format!(
                        "no peg on {} to jump over",
                        board.hole_text(j.over)
                    ))
                } else {
                    Err(format!("{} is not empty then", board.hole_text(b)))
                }
            });
        match found {
            Ok(j) => {
                pos ^= j.mask();
                moves.push(j);
            }
            Err(why) => {
                let shown = match moves.len() {
                    0 => "the game starts from the start".to_string(),
                    1 => "the jump before it is played".to_string(),
                    n => format!("the {n} jumps before it are played"),
                };
                return (
                    moves,
                    Some(format!(
                        "moves: jump {} ('{m}') cannot be played: {why}; {shown}",
                        i + 1
                    )),
                );
            }
        }
    }
    (moves, None)
}

/// The link of the game being played (`#/pegs?...`).
pub fn link(play: &Play, embed: bool) -> String {
    format!(
        "#/pegs?{}&start={}&finish={}{}{}{}",
        match &play.layout {
            Some(rows) => format!("layout={}", rows.replace('\n', "/")),
            None => format!("board={}", play.board_name),
        },
        play.board.hole_text(play.start),
        play.finish.text(&play.board),
        if play.moves.is_empty() {
            String::new()
        } else {
            format!("&moves={}", play.moves_text())
        },
        if play.heat { "" } else { "&heat=0" },
        if embed { "&embed=1" } else { "" },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::parse_query;

    fn open(query: &str) -> (Board, Setup, Vec<String>) {
        setup(&parse_query(query))
    }

    fn names(board: &Board, moves: &[Jump]) -> Vec<String> {
        moves
            .iter()
            .map(|j| format!("{}-{}", board.hole_text(j.from), board.hole_text(j.to)))
            .collect()
    }

    #[test]
    fn a_link_from_before_the_hole_names_opens_the_same_game_as_one_with_names() {
        let (b, old, errors) = open("board=english&start=3,3&finish=3,3&moves=4-16.7-9.10-8");
        assert!(errors.is_empty(), "{errors:?}");
        let (_, new, errors) = open("board=english&start=d4&finish=d4&moves=d2-d4.b3-d3.e3-c3");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(old, new);
        assert_eq!(names(&b, &old.moves), ["d2-d4", "b3-d3", "e3-c3"]);
        // Written back, it names every hole and jump.
        let play = Play::new(b, &new);
        assert_eq!(
            link(&play, false),
            "#/pegs?board=english&start=d4&finish=d4&moves=d2-d4.b3-d3.e3-c3"
        );
    }

    #[test]
    fn a_link_can_hide_the_games_through_each_jump() {
        let (b, s, errors) = open("board=english&start=d4&finish=d4&heat=0");
        assert!(errors.is_empty() && !s.heat, "{errors:?}");
        let play = Play::new(b, &s);
        assert_eq!(
            link(&play, true),
            "#/pegs?board=english&start=d4&finish=d4&heat=0&embed=1"
        );
        let (_, s, errors) = open("heat=maybe");
        assert!(s.heat, "shown unless a link says 0");
        assert_eq!(
            errors,
            [
                "heat: 'maybe' is not 0 (hide the games through each jump) or 1 (show them); they are shown"
            ]
        );
    }

    #[test]
    fn each_board_opens_on_its_own_game_unless_the_link_names_one() {
        let (b, french, _) = open("board=french");
        assert_eq!(
            (b.hole_text(french.start), french.finish.text(&b)),
            ("d2".to_string(), "d6".to_string())
        );
        // A start named alone ends where it started.
        let (b, named, _) = open("board=french&start=c3");
        assert_eq!(named.finish.text(&b), "c3");
        let (b, english, _) = open("");
        assert_eq!(
            (english.board.as_str(), b.hole_text(english.start)),
            ("english", "d4".into())
        );
    }

    #[test]
    fn a_bad_jump_is_named_and_the_legal_ones_before_it_kept() {
        let (b, s, errors) = open("board=english&moves=d2-d4.f3-d3.d4-d2.d4-d2.e4-c4");
        assert_eq!(names(&b, &s.moves), ["d2-d4", "f3-d3", "d4-d2"]);
        assert_eq!(
            errors,
            [
                "moves: jump 4 ('d4-d2') cannot be played: d4 has no peg then; the 3 jumps before it are played"
            ]
        );
        for (moves, why) in [
            ("d2-d9", "there is no hole d9 on this board"),
            ("d2", "write a jump as two holes, like d2-d4"),
            ("d2-d3", "that is not a jump of this board"),
            ("99-16", "there is no hole 99 on this board"),
            ("d2-d4", "d4 is not empty then"),
        ] {
            let (_, s, errors) = open(&format!("board=english&start=c4&moves={moves}"));
            assert!(s.moves.is_empty());
            assert!(errors[0].contains(why), "{moves}: {errors:?}");
            assert!(errors[0].contains("the game starts from the start"));
        }
        let (_, s, errors) = open("board=english&moves=d2-d4.d4-d2");
        assert_eq!(s.moves.len(), 1);
        assert!(
            errors[0].contains("no peg on d3 to jump over"),
            "{errors:?}"
        );
    }

    #[test]
    fn bad_boards_starts_and_finishes_fall_back_with_a_message() {
        let (b, s, errors) = open("board=hexagon&start=z9&finish=nowhere&layout=");
        assert_eq!(s.board, "english");
        assert_eq!(b.hole_text(s.start), "d4");
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].contains("no board called 'hexagon'"));
        assert!(
            errors[1].starts_with("start: 'z9' is not a hole") || errors[1].contains("no hole z9")
        );
        assert!(errors[2].contains("finish:"));
        let (_, s, errors) = open("layout=triangle/o/oo/ooo/oooo/ooooo&start=a1&finish=any-one");
        assert!(errors.is_empty());
        assert_eq!((s.board.as_str(), s.finish), ("custom", Finish::AnyOne));
    }
}
