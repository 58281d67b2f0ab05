//! The tables of games by start that the app ships: they parse, they answer symmetric starts, the triangle's
//! equals a fresh count (and Durango Bill's figures), and pruning never changes a count.

use progress::NoObserver;

use super::*;

#[test]
fn every_shipped_table_parses_and_names_each_class_of_start_once_per_finish() {
    for (name, ..) in NAMED {
        let board = Board::named(name).unwrap();
        let text = match name {
            "english" => include_str!("../../tables/english.txt"),
            "french" => include_str!("../../tables/french.txt"),
            "triangle" => include_str!("../../tables/triangle.txt"),
            _ => include_str!("../../tables/diamond.txt"),
        };
        let rows = parse_table(&board, text).unwrap();
        assert_eq!(rows, shipped(&board), "{name}");
        let starts = start_holes(&board);
        for r in &rows {
            assert!(
                starts.contains(&r.start),
                "{name}: {r:?} is not a class's first hole"
            );
        }
        let estimates = parse_estimates(&board, text).unwrap();
        assert_eq!(estimates, shipped_estimates(&board), "{name}");
        for e in &estimates {
            assert!(starts.contains(&e.start), "{name}: {e:?}");
            assert!(
                e.games > 0.0 && e.relative_error > 0.0 && e.relative_error < 0.05,
                "{name}: {e:?}"
            );
        }
        let mut keys: Vec<(u8, String)> = rows
            .iter()
            .map(|r| (r.start, r.finish.to_string()))
            .chain(estimates.iter().map(|e| (e.start, e.finish.to_string())))
            .collect();
        keys.sort();
        let n = keys.len();
        keys.dedup();
        assert_eq!(
            keys.len(),
            n,
            "{name}: a count or an estimate is listed twice"
        );
    }
}

#[test]
fn a_table_line_is_a_count_or_an_estimate_and_anything_else_is_named() {
    let board = Board::named("diamond").unwrap();
    let d2 = board.parse_hole("d2").unwrap();
    let text = "# a comment\nd2 dead-end ~4.5e27 0.0021\nd2 any-one 12\n";
    let estimates = parse_estimates(&board, text).unwrap();
    assert_eq!(
        estimates,
        [StartEstimate {
            start: d2,
            finish: Finish::DeadEnd,
            games: 4.5e27,
            relative_error: 0.0021
        }]
    );
    assert_eq!(parse_table(&board, text).unwrap().len(), 1);
    for (line, why) in [
        (
            "d2 dead-end ~4.5e27",
            "an estimate is 'start finish ~games relative-error'",
        ),
        ("d2 dead-end ~many 0.1", "'many'"),
        ("d2 dead-end ~-3 0.1", "is not a number of games"),
        ("d2 dead-end 4.5e27 0.1", "or 'start finish ~games"),
        ("d2", "is not 'start finish games'"),
    ] {
        let text = format!("d2 any-one 12\n{line}\n");
        let err = parse_estimates(&board, &text).unwrap_err();
        assert!(
            err.starts_with("line 2: ") && err.contains(why),
            "{line}: {err}"
        );
    }
}

#[test]
fn the_triangle_table_is_a_fresh_count_and_durango_bills() {
    let board = Board::named("triangle").unwrap();
    let rows = shipped(&board);
    assert_eq!(start_holes(&board).len(), 4);
    assert!(rows.len() >= 12);
    for r in &rows {
        let start = board.full() & !(1 << r.start);
        let fresh = count(&board, start, r.finish, &Limits::NATIVE, &NoObserver).unwrap();
        assert_eq!(fresh.solutions, r.games, "{r:?}");
        if r.finish != Finish::DeadEnd {
            assert_eq!(brute(&board, start, r.finish), r.games, "{r:?}");
        }
    }
    // Durango Bill: 29,760 from a corner, 14,880 next to one, 85,258 mid-edge, 1,550 inside; every start of the
    // 15, answered through the symmetries, sums to 438,984.
    let any: u128 = (0..15u8)
        .map(|h| shipped_games(&board, board.full() & !(1 << h), Finish::AnyOne).unwrap())
        .sum();
    assert_eq!(any, 438_984);
    let corner = board.hole(4, 4).unwrap();
    assert_eq!(
        shipped_games(&board, board.full() & !(1 << corner), Finish::AnyOne),
        Some(29_760)
    );
    // A finish hole goes with its start under the symmetry: a1 to c5 is e5 to (the image of c5).
    let (a1, c5) = (board.hole(0, 0).unwrap(), board.hole(4, 2).unwrap());
    let games = shipped_games(&board, board.full() & !(1 << a1), Finish::Hole(c5)).unwrap();
    let images: Vec<u128> = board
        .symmetries()
        .iter()
        .map(|map| {
            let start = board.full() & !(1 << map[usize::from(a1)]);
            shipped_games(&board, start, Finish::Hole(map[usize::from(c5)])).unwrap()
        })
        .collect();
    assert!(images.iter().all(|&g| g == games));
    // A position that is not a single-hole start is not in any table.
    assert_eq!(
        shipped_games(&board, board.full() & !3, Finish::AnyOne),
        None
    );
}

#[test]
fn pruning_and_streaming_the_meeting_level_never_change_a_count() {
    // English from positions of a solution's first jumps, to the centre, anywhere and a dead end; with and without
    // pruning, symmetry and meeting, all equal.
    let (board, centre, pos) = english_centre_after(12);
    for finish in [Finish::Hole(centre), Finish::AnyOne, Finish::Hole(0)] {
        let all: Vec<u128> = (0..8)
            .map(|k| {
                let limits = Limits {
                    symmetry: k & 1 == 1,
                    meet_in_the_middle: k & 2 == 2,
                    prune: k & 4 == 4,
                    ..Limits::NATIVE
                };
                count(&board, pos, finish, &limits, &NoObserver)
                    .unwrap()
                    .solutions
            })
            .collect();
        assert!(all.iter().all(|&n| n == all[0]), "{finish}: {all:?}");
    }
}

/// The rule of three, worked out here apart from the count: a jump changes the parity of the pegs in each of the
/// three diagonal classes `(row + column) mod 3`, and of each of `(row - column) mod 3`, all at once, so which of
/// each three classes agree in parity never changes. A single peg can end a game only if its classes agree as the
/// start's do.
fn rule_of_three_allows(board: &Board, start: Position, end: Position) -> bool {
    let signature = |pos: Position| {
        let mut parity = [[0u8; 3]; 2];
        for (h, &(r, c)) in board.holes().iter().enumerate() {
            if pos >> h & 1 == 1 {
                let (r, c) = (i32::from(r), i32::from(c));
                parity[0][(r + c).rem_euclid(3) as usize] ^= 1;
                parity[1][(r - c).rem_euclid(3) as usize] ^= 1;
            }
        }
        parity.map(|p| [p[0] ^ p[1], p[1] ^ p[2]])
    };
    signature(start) == signature(end)
}

/// The shipped zeros that no rule rules out at once: each took a full count (docs/notebook.md, "The diamond board").
const COUNTED_ZEROS: [(&str, &str); 2] = [("diamond", "e1"), ("diamond", "e4")];

#[test]
fn every_shipped_zero_to_one_peg_is_the_rule_of_three_and_needs_no_count() {
    // The French and diamond tables list starts from which no game leaves one peg: each must be one the rule of
    // three rules out for every hole (or, for a finish in the start hole, for that hole), and the count must say 0
    // at once, within 1 MB and without disk; or one of the few found by a full count, named above.
    let tiny = Limits {
        max_bytes: 1 << 20,
        spill_dir: None,
        ..Limits::NATIVE
    };
    for name in ["french", "diamond"] {
        let board = Board::named(name).unwrap();
        let zeros: Vec<StartCount> = shipped(&board)
            .into_iter()
            .filter(|r| r.games == 0)
            .collect();
        assert!(!zeros.is_empty(), "{name}");
        for r in zeros {
            let start = board.full() & !(1 << r.start);
            let ends: Vec<u8> = match r.finish {
                Finish::AnyOne => (0..board.holes().len() as u8).collect(),
                Finish::Hole(h) => vec![h],
                Finish::DeadEnd => continue,
            };
            let ruled_out = ends
                .iter()
                .all(|&h| !rule_of_three_allows(&board, start, 1 << h));
            if !ruled_out {
                let hole = board.hole_text(r.start);
                assert!(
                    r.finish == Finish::AnyOne && COUNTED_ZEROS.contains(&(name, hole.as_str())),
                    "{name} {r:?}: the rule of three allows a finish, and this zero is not among the counted ones"
                );
                continue;
            }
            let counted = count(&board, start, r.finish, &tiny, &NoObserver).unwrap();
            assert_eq!(counted.solutions, 0, "{name} {r:?}");
        }
    }
    // The diamond's centre: no single peg anywhere (so its count from the centre is 0); d2 may end in five holes.
    let diamond = Board::named("diamond").unwrap();
    let from = |hole: u8| diamond.full() & !(1 << hole);
    let (centre, d2) = (diamond.hole(4, 4).unwrap(), diamond.hole(1, 3).unwrap());
    let ends = |start: u8| {
        (0..diamond.holes().len() as u8)
            .filter(|&h| rule_of_three_allows(&diamond, from(start), 1 << h))
            .count()
    };
    assert_eq!((ends(centre), ends(d2)), (0, 5));
}

#[test]
fn a_starts_outlook_agrees_with_its_count_and_the_rule_of_three() {
    // Every class of start on every named board: won where the shipped count is above 0; ruled out where the rule of
    // three (worked out here apart) allows no hole; else none found, naming the holes that rule allows.
    for (name, ..) in NAMED {
        let board = Board::named(name).unwrap();
        for start in start_holes(&board) {
            let pos = board.full() & !(1 << start);
            let allowed: Vec<u8> = (0..board.holes().len() as u8)
                .filter(|&h| rule_of_three_allows(&board, pos, 1 << h))
                .collect();
            let games = shipped_games(&board, pos, Finish::AnyOne);
            let hole = board.hole_text(start);
            match start_outlook(&board, start) {
                StartOutlook::Won(n) => {
                    assert!(
                        n > 0 && games == Some(n) && !allowed.is_empty(),
                        "{name} {hole}"
                    )
                }
                StartOutlook::RuledOut(_) => {
                    assert!(
                        allowed.is_empty() && games.unwrap_or(0) == 0,
                        "{name} {hole}"
                    )
                }
                StartOutlook::NoneFound { allowed: a } => {
                    assert_eq!((a, games), (allowed, Some(0)), "{name} {hole}");
                    assert!(
                        COUNTED_ZEROS.contains(&(name, hole.as_str())),
                        "{name} {hole}"
                    );
                }
                StartOutlook::NotCounted => assert_eq!(games, None, "{name} {hole}"),
            }
        }
    }
    // The diamond's tip: the rule allows five holes, and a full count found no game.
    let diamond = Board::named("diamond").unwrap();
    let tip = diamond.parse_hole("e1").unwrap();
    assert!(
        matches!(start_outlook(&diamond, tip), StartOutlook::NoneFound { allowed } if allowed.len() == 5)
    );
}

#[test]
fn every_game_to_its_end_includes_every_one_peg_finish() {
    // A game that leaves one peg has no jump left: each shipped total of games to a dead end is at least the games
    // to one peg anywhere from the same start (the French d2 totals come from two counts hours apart).
    let mut compared = 0;
    for (name, ..) in NAMED {
        let board = Board::named(name).unwrap();
        let rows = shipped(&board);
        for dead in rows.iter().filter(|r| r.finish == Finish::DeadEnd) {
            if let Some(one) = rows
                .iter()
                .find(|r| r.start == dead.start && r.finish == Finish::AnyOne)
            {
                assert!(dead.games >= one.games, "{name} {dead:?} {one:?}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 8, "{compared} starts compared");
}
