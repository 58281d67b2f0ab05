//! Counts against published figures and against a plain depth-first count; symmetry and meeting in the middle
//! against the plain search; custom boards and their errors; solutions that replay.

use progress::NoObserver;

use super::*;

/// Every game from `pos`, played depth first, that ends as `finish` says: the obviously correct count.
fn brute(board: &Board, pos: Position, finish: Finish) -> u128 {
    let mut any = false;
    let mut total = 0;
    for j in board.jumps() {
        if j.legal(pos) {
            any = true;
            total += brute(board, pos ^ j.mask(), finish);
        }
    }
    let end = match finish {
        Finish::Hole(h) => pos == 1 << h,
        Finish::AnyOne => pos.count_ones() == 1,
        Finish::DeadEnd => !any,
    };
    total + u128::from(end)
}

const PLAIN: Limits = Limits {
    max_bytes: 1 << 30,
    spill_dir: None,
    symmetry: false,
    meet_in_the_middle: false,
    prune: false,
};

/// The English board, its centre hole, and the position after the first `jumps` jumps of the solution the solver
/// finds from the centre start to the centre.
fn english_centre_after(jumps: usize) -> (Board, u8, Position) {
    let board = Board::named("english").unwrap();
    let centre = board.hole(3, 3).unwrap();
    let start = board.full() & !(1 << centre);
    let solution = solve(&board, start, Finish::Hole(centre), &NoObserver)
        .unwrap()
        .unwrap();
    let pos = solution[..jumps].iter().fold(start, |p, j| p ^ j.mask());
    (board, centre, pos)
}

/// Every position a game from `start` can reach (`start` included).
fn reachable(board: &Board, start: Position) -> Vec<Position> {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![start];
    let mut found = Vec::new();
    while let Some(pos) = todo.pop() {
        if seen.insert(pos) {
            found.push(pos);
            board.for_each_legal(pos, |j| todo.push(pos ^ j.mask()));
        }
    }
    found
}

fn all_ways(board: &Board, start: Position, finish: Finish) -> Vec<u128> {
    (0..8)
        .map(|k| {
            let limits = Limits {
                symmetry: k & 1 == 1,
                meet_in_the_middle: k & 2 == 2,
                prune: k & 4 == 4,
                ..PLAIN
            };
            count(board, start, finish, &limits, &NoObserver)
                .unwrap()
                .solutions
        })
        .collect()
}

fn check(board: &Board, start: Position, finish: Finish) {
    let expected = brute(board, start, finish);
    for got in all_ways(board, start, finish) {
        assert_eq!(
            got,
            expected,
            "{} {finish}\n{}",
            board.name(),
            board.show(start)
        );
    }
}

#[test]
fn the_triangle_agrees_with_a_plain_count_every_way() {
    let board = Board::named("triangle").unwrap();
    assert_eq!(board.symmetries().len(), 6);
    for (r, c) in [(0, 0), (2, 1), (3, 1), (4, 2)] {
        let hole = board.hole(r, c).unwrap();
        let start = board.full() & !(1 << hole);
        check(&board, start, Finish::AnyOne);
        check(&board, start, Finish::Hole(hole));
        check(&board, start, Finish::DeadEnd);
    }
    // The top start, one peg anywhere: 29,760 games (a classic figure).
    let top = board.full() & !1;
    assert_eq!(brute(&board, top, Finish::AnyOne), 29_760);
}

#[test]
fn positions_in_the_middle_of_a_game_agree_too() {
    let board = Board::named("english").unwrap();
    // Twenty pegs after a known opening (from the solution the solver finds), then every way of counting.
    let start = board.full() & !(1 << board.hole(3, 3).unwrap());
    let jumps = solve(&board, start, Finish::Hole(16), &NoObserver)
        .unwrap()
        .unwrap();
    let mut pos = start;
    for j in &jumps[..20] {
        assert!(j.legal(pos));
        pos ^= j.mask();
    }
    check(&board, pos, Finish::Hole(16));
    check(&board, pos, Finish::AnyOne);
    check(&board, pos, Finish::DeadEnd);
}

#[test]
fn the_english_centre_game_has_its_published_count() {
    let board = Board::named("english").unwrap();
    let centre = board.hole(3, 3).unwrap();
    let start = board.full() & !(1 << centre);
    let counted = count(
        &board,
        start,
        Finish::Hole(centre),
        &Limits::NATIVE,
        &NoObserver,
    )
    .unwrap();
    assert_eq!(counted.solutions, 40_861_647_040_079_968);
    assert_eq!(counted.symmetries, 8);
    assert_eq!(counted.met_at, Some(16));
    // The forward levels reached before meeting: 1 position, then 4 (one class), ...
    assert_eq!(counted.levels[0].positions, 1);
    assert_eq!(
        (counted.levels[1].positions, counted.levels[1].classes),
        (4, 1)
    );
}

#[test]
fn solutions_replay_and_jump_counts_add_up() {
    let board = Board::named("triangle").unwrap();
    let start = board.full() & !1;
    for finish in [Finish::AnyOne, Finish::Hole(0), Finish::DeadEnd] {
        let jumps = solve(&board, start, finish, &NoObserver).unwrap().unwrap();
        let mut pos = start;
        for j in &jumps {
            assert!(j.legal(pos), "{finish}");
            pos ^= j.mask();
        }
        assert!(finished(&board, pos, finish), "{finish}");
        let per_jump = jump_counts(&board, start, finish, &Limits::NATIVE, &NoObserver).unwrap();
        let total: u128 = per_jump.iter().map(|j| j.1).sum();
        assert_eq!(total, brute(&board, start, finish), "{finish}");
    }
    // A position with no way to one peg in the corner says so.
    let two_apart = (1 << board.hole(4, 0).unwrap()) | (1 << board.hole(4, 4).unwrap());
    assert_eq!(
        solve(&board, two_apart, Finish::AnyOne, &NoObserver),
        Ok(None)
    );
}

#[test]
fn boards_and_their_symmetries() {
    for (name, holes, _) in NAMED {
        let board = Board::named(name).unwrap();
        assert_eq!(board.holes().len(), holes, "{name}");
        let symmetries = if name == "triangle" { 6 } else { 8 };
        assert_eq!(board.symmetries().len(), symmetries, "{name}");
    }
    let custom = Board::parse("ooo\no.o\nooo").unwrap();
    assert_eq!((custom.holes().len(), custom.symmetries().len()), (8, 8));
    let triangle = Board::parse("triangle\n  o\n o o\no o o").unwrap();
    assert_eq!(triangle.holes().len(), 6);
    assert_eq!(triangle.symmetries().len(), 6);
    // A custom cross counts like a plain search.
    let plus = Board::parse("..o..\n..o..\nooooo\n..o..\n..o..").unwrap();
    let start = plus.full() & !(1 << plus.hole(2, 2).unwrap());
    check(&plus, start, Finish::AnyOne);
}

#[test]
fn a_childs_class_from_its_parents_images_is_the_childs_own() {
    // Positions drawn by a fixed xorshift, every legal jump of each, on every named board and group kept.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for (name, _, _) in NAMED {
        let board = Board::named(name).unwrap();
        let every: Vec<usize> = (0..board.symmetries().len()).collect();
        for symmetry in [
            Symmetry::of_indices(&board, &every),
            Symmetry::none(&board),
            Symmetry::of_indices(&board, &[0, 1]),
        ] {
            for _ in 0..200 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let pos = state & board.full();
                let images = symmetry.images(pos);
                board.for_each_legal(pos, |j| {
                    let child = pos ^ j.mask();
                    assert_eq!(
                        symmetry.canonical_after(&images, j),
                        symmetry.canonical(child),
                        "{name}"
                    );
                });
            }
        }
    }
}

#[test]
fn bad_layouts_and_requests_get_messages() {
    let err = |layout: &str| Board::parse(layout).unwrap_err().to_string();
    assert_eq!(
        err(""),
        "the layout has no hole: write 'o' for a hole, '.' or ' ' for none"
    );
    assert_eq!(
        err("oo\noz"),
        "line 2, column 2: 'z' is neither a hole ('o') nor a gap ('.' or ' ')"
    );
    assert_eq!(
        err("o.o\n.o."),
        "no jump is possible on this layout: it needs three holes in a row"
    );
    assert_eq!(
        err(&"o".repeat(65)),
        "the layout has 65 holes; at most 64 fit in a position"
    );
    assert_eq!(
        err("triangle\no\noo\no"),
        "a triangular layout needs r + 1 holes on row r; row 3 has another number"
    );
    assert!(
        Board::named("hexagon")
            .unwrap_err()
            .to_string()
            .contains("no board called 'hexagon'")
    );
    let board = Board::named("english").unwrap();
    let start = board.full() & !1;
    assert_eq!(
        count(&board, start, Finish::Hole(40), &PLAIN, &NoObserver),
        Err(CountError::NoSuchHole(40))
    );
    assert_eq!(
        count(&board, 0, Finish::AnyOne, &PLAIN, &NoObserver),
        Err(CountError::Empty)
    );
    // A count that would not fit says how much it would need.
    let tight = Limits {
        max_bytes: 1 << 20,
        ..Limits::NATIVE
    };
    let centre = board.full() & !(1 << board.hole(3, 3).unwrap());
    let Err(CountError::TooBig { needed, limit, .. }) =
        count(&board, centre, Finish::DeadEnd, &tight, &NoObserver)
    else {
        panic!("a 1 MB count of every English game must not fit")
    };
    assert!(needed > limit);
}

#[test]
fn a_count_can_be_cancelled() {
    struct StopAtLevel(u64);
    impl progress::Observer for StopAtLevel {
        fn report(&self, p: progress::Progress) -> progress::Flow {
            match p {
                progress::Progress::Tally { done, .. } if done >= self.0 => progress::Flow::Stop,
                _ => progress::Flow::Continue,
            }
        }
    }
    let board = Board::named("english").unwrap();
    let centre = board.full() & !(1 << board.hole(3, 3).unwrap());
    assert_eq!(
        count(
            &board,
            centre,
            Finish::DeadEnd,
            &Limits::NATIVE,
            &StopAtLevel(5)
        ),
        Err(CountError::Cancelled)
    );
}

/// Every position reachable from `start`, with the table's games from it checked against a plain count.
fn check_table(board: &Board, start: Position, finish: Finish) {
    for symmetry in [false, true] {
        let limits = Limits {
            symmetry,
            ..Limits::NATIVE
        };
        let table = Table::build(board, start, finish, &limits, &NoObserver).unwrap();
        assert_eq!(
            table.solutions(),
            brute(board, start, finish),
            "{} {finish}",
            board.name()
        );
        for pos in reachable(board, start) {
            assert_eq!(
                table.games_from(pos),
                brute(board, pos, finish),
                "{}\n{}",
                finish,
                board.show(pos)
            );
        }
    }
}

#[test]
fn the_table_of_games_from_every_position_agrees_with_a_plain_count() {
    let triangle = Board::named("triangle").unwrap();
    for start_hole in [0, 4] {
        let start = triangle.full() & !(1 << start_hole);
        check_table(&triangle, start, Finish::AnyOne);
        check_table(&triangle, start, Finish::Hole(start_hole));
        check_table(&triangle, start, Finish::Hole(12));
    }
    let (board, centre, mid) = english_centre_after(21);
    check_table(&board, mid, Finish::Hole(centre));
    let start = board.full() & !(1 << centre);
    assert_eq!(
        Table::build(&board, start, Finish::DeadEnd, &Limits::NATIVE, &NoObserver).unwrap_err(),
        CountError::NeedsOnePeg
    );
}

/// Stops the work at the `n`th shard started (counting every run it watches).
struct StopAtShard(std::sync::atomic::AtomicU64, u64);

impl progress::Observer for StopAtShard {
    fn report(&self, p: progress::Progress) -> progress::Flow {
        use std::sync::atomic::Ordering::Relaxed;
        match p {
            progress::Progress::Started { .. } if self.0.fetch_add(1, Relaxed) + 1 >= self.1 => {
                progress::Flow::Stop
            }
            _ => progress::Flow::Continue,
        }
    }
}

#[test]
fn a_table_build_stopped_mid_level_goes_on_from_the_levels_it_made() {
    let triangle = Board::named("triangle").unwrap();
    let (english, centre, mid) = english_centre_after(16);
    let cases = [
        (&triangle, triangle.full() & !1, Finish::AnyOne),
        (&triangle, triangle.full() & !1, Finish::Hole(0)),
        (&triangle, triangle.full() & !(1 << 4), Finish::Hole(12)),
        (&english, mid, Finish::Hole(centre)),
    ];
    for (board, start, finish) in cases {
        let whole = Table::build(board, start, finish, &Limits::NATIVE, &NoObserver).unwrap();
        let mut build = TableBuild::new(board, start, finish, &Limits::NATIVE).unwrap();
        let mut stops = 0;
        let resumed = loop {
            // Each run finishes two levels (128 shards each) and stops inside the third.
            let before = build.done();
            match build.run(&StopAtShard(Default::default(), 300)) {
                Ok(()) => break build.into_table().unwrap(),
                Err(CountError::Cancelled) => {
                    stops += 1;
                    assert!(build.done() > before, "no level kept");
                    assert!(!build.is_finished());
                }
                Err(e) => panic!("{e}"),
            }
        };
        assert!(
            stops >= 2,
            "{} {finish}: stopped {stops} times",
            board.name()
        );
        assert_eq!(resumed.solutions(), whole.solutions());
        for pos in reachable(board, start) {
            assert_eq!(resumed.games_from(pos), whole.games_from(pos));
        }
    }
}

#[test]
fn the_shipped_english_opening_is_what_the_table_says() {
    let (board, centre, start) = english_centre_after(0);
    let finish = Finish::Hole(centre);
    let table = Table::build(&board, start, finish, &Limits::NATIVE, &NoObserver).unwrap();
    let written = crate::opening::encode(&table.opening(OPENING_LEVELS));
    if std::env::var_os("PEGS_WRITE_OPENING").is_some() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/opening/english-centre.book"
        );
        std::fs::write(path, &written).unwrap(); // read in by the next build
    } else {
        assert!(
            crate::opening::english::CENTRE_TO_CENTRE == written.as_slice(),
            "the shipped book differs from the table's (PEGS_WRITE_OPENING=1 writes it anew)"
        );
    }
    // Through the book, the games through each jump are the table's, from the start to the last level it covers
    // (its positions' children are its last level).
    let book = Opening::find(&board, start, finish).unwrap();
    let (_, _, deep) = english_centre_after(OPENING_LEVELS - 1);
    for pos in [start, deep] {
        assert_eq!(book.jump_counts(&board, pos), Some(table.jump_counts(pos)));
    }
    let (_, _, deeper) = english_centre_after(OPENING_LEVELS);
    assert_eq!(book.jump_counts(&board, deeper), None, "past the book");
    // Only for the game it was written for.
    assert!(Opening::find(&board, start, Finish::AnyOne).is_none());
    let other = board.full() & !(1 << board.hole(2, 3).unwrap());
    assert!(Opening::find(&board, other, Finish::Hole(centre)).is_none());
    let french = Board::named("french").unwrap();
    assert!(
        Opening::find(
            &french,
            french.full() & !(1 << centre),
            Finish::Hole(centre)
        )
        .is_none()
    );
}

#[test]
fn position_classes_never_change_and_rule_out_finishes_at_once() {
    for name in ["english", "french", "triangle", "diamond"] {
        let board = Board::named(name).unwrap();
        let start = board.full() & !1;
        let jumps = solve(&board, start, Finish::DeadEnd, &NoObserver)
            .unwrap()
            .unwrap();
        let mut pos = start;
        for j in jumps {
            pos ^= j.mask();
            assert_eq!(class_of(&board, pos), class_of(&board, start), "{name}");
        }
    }
    // The French board from the centre cannot end with one peg in the centre: said at once, not searched.
    let french = Board::named("french").unwrap();
    let centre = french.hole(3, 3).unwrap();
    let start = french.full() & !(1 << centre);
    assert_eq!(
        solve(&french, start, Finish::Hole(centre), &NoObserver),
        Ok(None)
    );
    // On the English board every hole of the centre's class is reachable, and the class check lets it through.
    let english = Board::named("english").unwrap();
    let centre = english.hole(3, 3).unwrap();
    let start = english.full() & !(1 << centre);
    assert!(
        solve(&english, start, Finish::Hole(centre), &NoObserver)
            .unwrap()
            .is_some()
    );
}

mod analysis;
mod checks;
mod disk;
mod estimate;
mod shared;
mod starts;
mod winning;
