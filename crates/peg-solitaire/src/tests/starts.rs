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
        let mut keys: Vec<(u8, String)> = rows
            .iter()
            .map(|r| (r.start, r.finish.to_string()))
            .collect();
        keys.sort();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "{name}: a count is listed twice");
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
