//! Each count checked a second way, by facts that do not depend on how it was counted: the counts to each single
//! hole add up to the count to one peg anywhere; a hole the rule of three rules out gets 0; holes that a symmetry
//! of the board keeping the start maps onto each other get the same count.

use progress::NoObserver;

use crate::{Board, Finish, Limits, Position, class_of, count};

/// The games from `start` to each hole, in hole order, checked against each other and against one peg anywhere.
fn check_every_hole(board: &Board, start_hole: u8) -> Vec<u128> {
    let start: Position = board.full() & !(1 << start_hole);
    let games = |finish| {
        count(board, start, finish, &Limits::NATIVE, &NoObserver)
            .unwrap()
            .solutions
    };
    let holes = board.holes().len() as u8;
    let per_hole: Vec<u128> = (0..holes).map(|h| games(Finish::Hole(h))).collect();
    let name = board.name();
    assert_eq!(
        per_hole.iter().sum::<u128>(),
        games(Finish::AnyOne),
        "{name}: the holes add up to one peg anywhere"
    );
    for h in 0..holes {
        if class_of(board, 1 << h) != class_of(board, start) {
            assert_eq!(
                per_hole[usize::from(h)],
                0,
                "{name}: hole {h} is ruled out by the rule of three"
            );
        }
    }
    for map in board
        .symmetries()
        .iter()
        .filter(|m| m[usize::from(start_hole)] == start_hole)
    {
        for h in 0..usize::from(holes) {
            assert_eq!(
                per_hole[h],
                per_hole[usize::from(map[h])],
                "{name}: hole {h} and its image {}",
                map[h]
            );
        }
    }
    per_hole
}

/// One start hole of each class of holes the board's symmetries carry onto each other (the lowest).
fn lowest_of_each_class(board: &Board) -> Vec<u8> {
    (0..board.holes().len() as u8)
        .filter(|&h| board.symmetries().iter().all(|m| m[usize::from(h)] >= h))
        .collect()
}

#[test]
fn the_triangle_from_every_start_adds_up_hole_by_hole() {
    let board = Board::named("triangle").unwrap();
    for start in lowest_of_each_class(&board) {
        let per_hole = check_every_hole(&board, start);
        assert!(
            per_hole.iter().any(|&n| n > 0),
            "some finish is reached from hole {start}"
        );
    }
    // From the top, the published 29,760 games to one peg anywhere.
    assert_eq!(check_every_hole(&board, 0).iter().sum::<u128>(), 29_760);
}

#[test]
fn a_small_custom_board_adds_up_hole_by_hole() {
    // A 4x4 square with its corners cut: 12 holes, the square's 8 symmetries.
    let board = Board::parse(".oo.\noooo\noooo\n.oo.").unwrap();
    for start in lowest_of_each_class(&board) {
        check_every_hole(&board, start);
    }
}

/// The English board from the centre, hole by hole (about a minute on 2 cores, so not in the quick suite):
/// `cargo test --release -p peg-solitaire -- --ignored hole_by_hole`.
#[test]
#[ignore]
fn the_english_board_from_the_centre_adds_up_hole_by_hole() {
    let board = Board::named("english").unwrap();
    let centre = board.hole(3, 3).unwrap();
    let per_hole = check_every_hole(&board, centre);
    assert_eq!(per_hole[usize::from(centre)], 40_861_647_040_079_968);
}

/// The French board's shipped counts from d2 (each a count of its own, hours of work, so checked here as shipped):
/// the holes the rule of three allows add up to one peg anywhere, and a3 and g3, mirror images across the column
/// of d2, have the same count.
#[test]
fn the_french_boards_shipped_counts_from_d2_add_up_hole_by_hole() {
    let board = Board::named("french").unwrap();
    let d2 = board.parse_hole("d2").unwrap();
    let start: Position = board.full() & !(1 << d2);
    // The lines themselves, not through the board's symmetries (which would read g3's count from a3's line).
    let shipped = crate::shipped(&board);
    let games = |finish| {
        shipped
            .iter()
            .find(|c| c.start == d2 && c.finish == finish)
            .map(|c| c.games)
    };
    let allowed: Vec<u8> = (0..board.holes().len() as u8)
        .filter(|&h| class_of(&board, 1 << h) == class_of(&board, start))
        .collect();
    let names: Vec<String> = allowed.iter().map(|&h| board.hole_text(h)).collect();
    assert_eq!(names, ["a3", "d3", "g3", "d6"]);
    let per_hole: Vec<u128> = allowed
        .iter()
        .map(|&h| games(Finish::Hole(h)).unwrap_or_else(|| panic!("d2 to hole {h} is shipped")))
        .collect();
    assert_eq!(
        per_hole.iter().sum::<u128>(),
        games(Finish::AnyOne).unwrap()
    );
    assert_eq!(per_hole[0], per_hole[2], "a3 and g3");
}
