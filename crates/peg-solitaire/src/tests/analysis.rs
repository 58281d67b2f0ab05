//! The answer after every jump: against the table on every position of small games, on the English positions the
//! page once could not answer, with proofs that hold; the hole notation; each board's first game.

use progress::NoObserver;

use super::*;

/// The position after `moves` (written `d2-d4.f3-d3`) from `start`.
pub(super) fn after(board: &Board, start: Position, moves: &str) -> Position {
    moves.split('.').fold(start, |pos, m| {
        let (a, b) = m.split_once('-').unwrap();
        let (a, b) = (board.parse_hole(a).unwrap(), board.parse_hole(b).unwrap());
        let j = board
            .jumps()
            .iter()
            .find(|j| j.from == a && j.to == b)
            .unwrap();
        assert!(j.legal(pos), "{m}");
        pos ^ j.mask()
    })
}

/// The game on `board` from `hole` empty to one peg anywhere.
fn to_one_peg<'a>(board: &'a Board, hole: &str) -> Game<'a> {
    Game {
        board,
        start: board.full() & !(1 << board.parse_hole(hole).unwrap()),
        finish: Finish::AnyOne,
    }
}

/// What the analyst answers about `pos` without searching: the rules, a proof, or a count it holds.
fn at_once(game: Game, pos: Position) -> Verdict {
    Analyst::new()
        .searching_first(0)
        .assess(game, pos, true, &NoObserver)
        .unwrap()
}

/// Checks a verdict: a solution replays to the finish; a proof holds (the class's parity differs from every
/// finish's; the pagoda's weights never rise on a jump and its total here is below the finish's).
fn check(game: Game, pos: Position, v: &Verdict) {
    let board = game.board;
    if v.solvable {
        let end = v.solution.iter().flatten().fold(pos, |p, j| {
            assert!(j.legal(p));
            p ^ j.mask()
        });
        assert!(finished(board, end, game.finish));
        return;
    }
    let on =
        |marked: &[u8], p: Position| marked.iter().filter(|&&h| p >> h & 1 == 1).count() as u32;
    let keeps_parity = |marked: &[u8]| {
        board.jumps().iter().all(|j| {
            let changed = on(marked, j.mask()) as i32 - 2 * on(marked, 1 << j.to) as i32;
            changed.rem_euclid(2) == 0
        })
    };
    match v.lost.as_ref().unwrap() {
        Lost::Class {
            marked,
            pegs,
            finish_pegs,
        } => {
            assert_eq!(on(marked, pos), *pegs);
            assert!(keeps_parity(marked), "a jump keeps the parity");
            assert_ne!(pegs % 2, finish_pegs % 2);
        }
        Lost::ClassPair { first, second } => {
            for c in [first, second] {
                assert_eq!(on(&c.marked, pos), c.pegs);
                assert!(keeps_parity(&c.marked), "a jump keeps the parity");
            }
            // Every one-peg finish has the other parity on one of the two counts.
            let finals = (0..board.holes().len() as u8)
                .map(|h| 1 << h)
                .filter(|&f| finished(board, f, game.finish));
            for f in finals {
                assert!(
                    [first, second]
                        .iter()
                        .any(|c| on(&c.marked, f) % 2 != c.pegs % 2),
                    "{f:x} is not ruled out"
                );
            }
        }
        Lost::Pagoda {
            weights,
            total,
            finish_total,
        } => {
            for j in board.jumps() {
                let w = |h: u8| weights[usize::from(h)];
                assert!(
                    w(j.to) <= w(j.from) + w(j.over) + 1e-9,
                    "no jump raises the total"
                );
            }
            let sum: f64 = (0..weights.len())
                .filter(|&h| pos >> h & 1 == 1)
                .map(|h| weights[h])
                .sum();
            assert!((sum - total).abs() < 1e-9 && total < finish_total);
        }
        Lost::NoJumpLeft => assert!(board.jumps().iter().all(|j| !j.legal(pos))),
        Lost::NoGame => {}
    }
}

#[test]
fn every_triangle_position_is_answered_as_its_table_says() {
    let board = Board::named("triangle").unwrap();
    let start = board.full() & !1;
    for finish in [Finish::AnyOne, Finish::Hole(0), Finish::Hole(12)] {
        let table = Table::build(&board, start, finish, &Limits::NATIVE, &NoObserver).unwrap();
        let game = Game {
            board: &board,
            start,
            finish,
        };
        // One analyst for the whole game, as the page keeps one; and the search alone, from scratch each time.
        let mut kept = Analyst::new();
        for pos in reachable(&board, start) {
            let truth = table.games_from(pos) > 0 || finished(&board, pos, finish);
            for v in [
                kept.assess(game, pos, true, &NoObserver).unwrap(),
                Analyst::new()
                    .searching_first(u64::MAX)
                    .assess(game, pos, true, &NoObserver)
                    .unwrap(),
            ] {
                assert_eq!(v.solvable, truth, "{pos:x} to {finish:?}");
                check(game, pos, &v);
            }
        }
    }
}

#[test]
fn the_english_positions_the_page_could_not_answer_are_answered() {
    let board = Board::named("english").unwrap();
    let centre = board.parse_hole("d4").unwrap();
    let start = board.full() & !(1 << centre);
    let game = Game {
        board: &board,
        start,
        finish: Finish::Hole(centre),
    };
    // Three jumps (a link from before the hole names: 4-16.7-9.10-8): its search once ran out of budget.
    let three = after(&board, start, "d2-d4.b3-d3.e3-c3");
    // As a game of its own (no opening book holds it), by the search alone.
    let alone = Game {
        start: three,
        ..game
    };
    let v = Analyst::new()
        .searching_first(u64::MAX)
        .assess(alone, three, true, &NoObserver)
        .unwrap();
    assert!(v.solvable);
    assert_eq!(v.source, Source::Search);
    check(game, three, &v);
    // In the game from the centre the opening says so at once, and its solution walks the book, then searches.
    let v = Analyst::new()
        .assess(game, three, true, &NoObserver)
        .unwrap();
    assert_eq!((v.solvable, v.source), (true, Source::Opening));
    check(game, three, &v);
    // The jump the heat map rates 0: lost, said by the shipped opening.
    let zero = after(&board, start, "d2-d4.f3-d3.d4-d2.b4-d4.e4-c4");
    let v = Analyst::new()
        .assess(game, zero, false, &NoObserver)
        .unwrap();
    assert_eq!(
        (v.solvable, v.source, v.lost),
        (false, Source::Opening, Some(Lost::NoGame))
    );
    // Past the opening: a pagoda function proves this one lost, drawn on the board.
    let cut = after(
        &board,
        start,
        "f4-d4.e2-e4.d4-f4.g4-e4.c2-e2.b4-d4.g3-e3.e4-c4.e2-e4.e5-e3.d6-d4",
    );
    let v = Analyst::new()
        .assess(game, cut, false, &NoObserver)
        .unwrap();
    assert!(matches!(v.lost, Some(Lost::Pagoda { .. })));
    check(game, cut, &v);
    // And the search settles one no short proof covers.
    let deep = after(
        &board,
        start,
        "d2-d4.d5-d3.f5-d5.e3-e5.f3-f5.b4-d4.d4-d2.d6-d4",
    );
    let v = Analyst::new()
        .assess(game, deep, false, &NoObserver)
        .unwrap();
    assert_eq!(
        (v.solvable, v.source, v.lost),
        (false, Source::Search, Some(Lost::NoGame))
    );
}

#[test]
fn holes_are_named_by_column_letter_and_row_number_and_old_names_still_read() {
    for (name, _, _) in NAMED {
        let board = Board::named(name).unwrap();
        for h in 0..board.holes().len() as u8 {
            let text = board.hole_text(h);
            assert_eq!(board.parse_hole(&text), Ok(h));
            assert_eq!(board.parse_hole(&text.to_uppercase()), Ok(h));
            let (r, c) = board.holes()[usize::from(h)];
            assert_eq!(
                board.parse_hole(&format!("{r},{c}")),
                Ok(h),
                "row,column from 0"
            );
        }
    }
    let english = Board::named("english").unwrap();
    assert_eq!(english.hole_text(english.hole(3, 3).unwrap()), "d4");
    assert_eq!(english.hole_text(english.hole(0, 2).unwrap()), "c1");
    assert_eq!(
        english.parse_hole("a1"),
        Err("there is no hole a1 on this board (columns a to g, rows 1 to 7)".into())
    );
    for bad in ["", "4d", "d", "d0", "é4", "zzzz4"] {
        assert!(
            english
                .parse_hole(bad)
                .unwrap_err()
                .contains("is not a hole"),
            "{bad}"
        );
    }
    let wide = Board::parse(&"o".repeat(30)).unwrap();
    assert_eq!(wide.hole_text(27), "ab1");
    assert_eq!(wide.parse_hole("ab1"), Ok(27));
}

#[test]
fn every_board_opens_on_a_game_that_can_be_won() {
    for (name, _, _) in NAMED {
        let board = Board::named(name).unwrap();
        let s = board.default_start();
        let finish = Finish::Hole(board.default_finish(s));
        let start = board.full() & !(1 << s);
        let game = Game {
            board: &board,
            start,
            finish,
        };
        let v = Analyst::new()
            .assess(game, start, true, &NoObserver)
            .unwrap();
        assert!(v.solvable, "{name}");
        check(game, start, &v);
    }
    // The French board's centre game is ruled out by the rule of three; d2 to d6 is its classic game.
    let french = Board::named("french").unwrap();
    let hole = |t: &str| french.parse_hole(t).unwrap();
    assert_eq!(
        (french.default_start(), french.default_finish(hole("d2"))),
        (hole("d2"), hole("d6"))
    );
    let centre = french.full() & !(1 << hole("d4"));
    assert!(matches!(
        class_proof(&french, centre, &[1 << hole("d4")]),
        Some(Lost::Class { .. })
    ));
}

#[test]
fn from_the_diamond_centre_two_counts_of_the_rule_of_three_rule_out_every_last_peg_at_once() {
    // No one count rules out one peg anywhere (each rules out either its own holes or the others), two do; the
    // analyst answers at once, with no search (before this it searched millions of positions, and on).
    let board = Board::named("diamond").unwrap();
    let game = to_one_peg(&board, "e5");
    let start = game.start;
    let v = at_once(game, start);
    assert!(!v.solvable);
    assert_eq!(v.source, Source::Proof);
    assert!(
        matches!(v.lost, Some(Lost::ClassPair { .. })),
        "{:?}",
        v.lost
    );
    check(game, start, &v);
    // From d2, five holes are still allowed: no proof, and no wrong one.
    let d2 = board.full() & !(1 << board.parse_hole("d2").unwrap());
    let all: Vec<Position> = (0..board.holes().len()).map(|h| 1 << h).collect();
    assert_eq!(class_proof(&board, d2, &all), None);
}

#[test]
fn from_the_diamond_tip_the_shipped_count_says_no_game_at_once() {
    // The rule of three allows five last holes from e1 and no pagoda function was found, but the shipped table's
    // count found no game (2.9 G positions): the analyst answers from it, with no search (the search alone did not
    // end within 15 minutes), here and at every position of the game.
    let board = Board::named("diamond").unwrap();
    let game = to_one_peg(&board, "e1");
    let start = game.start;
    let v = at_once(game, start);
    assert!(!v.solvable);
    assert_eq!((v.source, v.lost), (Source::Count, Some(Lost::NoGame)));
    // Every position of that game is lost too: the only first jump, and one more.
    let one = after(&board, start, "e3-e1");
    let two = after(&board, one, "c3-e3");
    for pos in [one, two] {
        let v = at_once(game, pos);
        assert_eq!((v.solvable, v.source), (false, Source::Count));
    }
    // The same start to its own hole is the rule of three's, as before.
    let home = Game {
        finish: Finish::Hole(board.parse_hole("e1").unwrap()),
        ..game
    };
    let v = Analyst::new()
        .assess(home, start, false, &NoObserver)
        .unwrap();
    assert_eq!((v.solvable, v.source), (false, Source::Proof));
}

#[test]
fn a_board_of_ones_own_opens_on_a_start_that_can_be_won() {
    let name =
        |b: &Board, found: Option<(u8, Finish)>| found.map(|(h, f)| (b.hole_text(h), f.text(b)));
    // The English board from its centre, back in the centre; the triangle from its top.
    for (layout, expected) in [
        (ENGLISH, ("d4", "d4")),
        ("triangle\no\noo\nooo\noooo\nooooo", ("a1", "a1")),
    ] {
        let board = Board::parse(layout).unwrap();
        let found = winnable_start(&board, &NoObserver).unwrap();
        assert_eq!(
            name(&board, found),
            Some((expected.0.into(), expected.1.into())),
            "{layout}"
        );
    }
    // A row of three: its centre leaves two pegs and no jump; from an end, one jump leaves one peg in that end.
    let three = Board::parse("ooo").unwrap();
    assert_eq!(three.hole_text(three.default_start()), "b1");
    let found = winnable_start(&three, &NoObserver).unwrap();
    assert_eq!(name(&three, found), Some(("a1".into(), "a1".into())));
    let (h, finish) = found.unwrap();
    assert!(
        solve(&three, three.full() & !(1 << h), finish, &NoObserver)
            .unwrap()
            .is_some()
    );
    // A row of five: every start ends with two or three pegs.
    let five = Board::parse("ooooo").unwrap();
    assert_eq!(winnable_start(&five, &NoObserver).unwrap(), None);
    for h in 0..5 {
        let start = five.full() & !(1 << h);
        assert_eq!(
            solve(&five, start, Finish::AnyOne, &NoObserver).unwrap(),
            None
        );
    }
}

/// A jump some game through which reaches the finish, among `counts`, picked by the fixed sequence `seed`.
fn winning_jump(counts: Vec<(Jump, u128)>, seed: &mut u64) -> Jump {
    let good: Vec<Jump> = counts
        .into_iter()
        .filter(|c| c.1 > 0)
        .map(|c| c.0)
        .collect();
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    good[(*seed >> 33) as usize % good.len()]
}

#[test]
fn past_the_first_jumps_the_counts_come_from_a_table_of_the_positions_ahead() {
    // As after a reload or a shared link deep in a game: a fresh analyst asked about a position some jumps in
    // answers from a table of the positions ahead of it (not the game's own), exactly as the game's table does,
    // and then for every position after it; a position before it is answered too (from the game's table).
    let square = "ooooo\nooooo\nooooo\nooooo\nooooo";
    for (layout, empty) in [(square, "c1"), ("triangle\no\noo\nooo\noooo\nooooo", "a1")] {
        let board = Board::parse(layout).unwrap();
        let finish = Finish::AnyOne;
        let start = board.full() & !(1 << board.parse_hole(empty).unwrap());
        let game = Game {
            board: &board,
            start,
            finish,
        };
        let full = Table::build(&board, start, finish, &Limits::NATIVE, &NoObserver).unwrap();
        let mut seed = 7u64;
        for _ in 0..4 {
            // A winning walk of AHEAD_FROM jumps, the jumps picked by a fixed sequence.
            let mut walk = vec![start];
            while walk.len() <= AHEAD_FROM as usize {
                let here = *walk.last().unwrap();
                walk.push(here ^ winning_jump(full.jump_counts(here), &mut seed).mask());
            }
            let mut analyst = Analyst::new();
            let mut pos = *walk.last().unwrap();
            loop {
                let counts = analyst.jump_counts(game, pos, &NoObserver).unwrap();
                assert_eq!(counts, full.jump_counts(pos), "{layout}: {pos:#x}");
                assert!(
                    !analyst.holds_game_table(),
                    "{layout}: answered from the game's table"
                );
                let Some(&(j, _)) = counts.iter().find(|c| c.1 > 0) else {
                    break;
                };
                pos ^= j.mask();
            }
            let before = walk[walk.len() - 2];
            assert_eq!(
                analyst.jump_counts(game, before, &NoObserver).unwrap(),
                full.jump_counts(before)
            );
            let verdict = analyst
                .assess(game, *walk.last().unwrap(), true, &NoObserver)
                .unwrap();
            assert_eq!(verdict.games, Some(full.games_from(*walk.last().unwrap())));
        }
    }
}

#[test]
fn where_the_english_opening_ends_the_counts_come_from_a_table_of_the_positions_ahead() {
    // The classic game's shipped book answers the first jumps; the first position it cannot answer for (every jump
    // from it leads past the book) is answered by a table of the positions ahead, not by the game's whole table,
    // and its counts add up to the book's games from it.
    let board = Board::named("english").unwrap();
    let centre = board.hole(3, 3).unwrap();
    let game = Game {
        board: &board,
        start: board.full() & !(1 << centre),
        finish: Finish::Hole(centre),
    };
    let book = Opening::find(&board, game.start, game.finish).expect("the classic game's book");
    assert_eq!(ahead_from(game), OPENING_LEVELS as u32);
    let mut pos = game.start;
    let mut seed = 11u64;
    for _ in 0..OPENING_LEVELS {
        let counts = book.jump_counts(&board, pos).expect("inside the book");
        pos ^= winning_jump(counts, &mut seed).mask();
    }
    assert_eq!(book.jump_counts(&board, pos), None, "past the book");
    let mut analyst = Analyst::new();
    let counts = analyst.jump_counts(game, pos, &NoObserver).unwrap();
    assert!(
        !analyst.holds_game_table(),
        "answered from the game's table"
    );
    assert_eq!(
        counts.iter().map(|c| c.1).sum::<u128>(),
        book.games_from(pos).expect("the book's last level")
    );
}
