//! Winning books checked two ways: built for games whose table fits, against the table on every position of every
//! level; and the shipped diamond book, whose table does not fit, against itself (a position is winnable exactly
//! when one of its children is), against pagoda proofs, and against games found by the search.

use progress::NoObserver;

use super::analysis::after;
use crate::pagoda;
use crate::{
    Analyst, Board, Finish, Game, Limits, Position, Source, Table, WinningBook, build_book,
    finished,
};

/// Every position (not only classes) of levels `1..=levels` after `start`.
fn positions(board: &Board, start: Position, levels: usize) -> Vec<Vec<Position>> {
    let mut out: Vec<Vec<Position>> = Vec::new();
    let mut level = vec![start];
    for _ in 0..levels {
        let mut next = Vec::new();
        for &p in &level {
            board.for_each_legal(p, |j| next.push(p ^ j.mask()));
        }
        next.sort_unstable();
        next.dedup();
        out.push(next.clone());
        level = next;
    }
    out
}

/// A book built for the game agrees with its table on every position of its levels.
fn agrees_with_the_table(board: &Board, start_hole: u8, finish: Finish, levels: usize) {
    let start = board.full() & !(1 << start_hole);
    let built = build_book(board, start, finish, levels, None, &NoObserver).unwrap();
    let book = WinningBook::read(board, start, finish, &built.bytes).unwrap();
    assert_eq!(book.levels(), levels);
    let table = Table::build(board, start, finish, &Limits::NATIVE, &NoObserver).unwrap();
    let (mut won, mut lost) = (0, 0);
    for (k, level) in positions(board, start, levels).iter().enumerate() {
        for &p in level {
            let games = table.games_from(p);
            assert_eq!(
                book.winnable(p),
                Some(games > 0),
                "{} level {}: {p:#x} has {games} games",
                board.name(),
                k + 1
            );
            if games > 0 {
                won += 1;
            } else {
                lost += 1;
            }
        }
    }
    assert!(
        won > 0 && lost > 0,
        "{}: {won} won, {lost} lost",
        board.name()
    );
}

#[test]
fn a_book_agrees_with_the_table_on_every_position() {
    let triangle = Board::named("triangle").unwrap();
    agrees_with_the_table(&triangle, 0, Finish::Hole(0), 6);
    agrees_with_the_table(&triangle, 0, Finish::AnyOne, 6);
    // The mirror through the top keeps the start: the book's classes are pairs of positions.
    agrees_with_the_table(&Board::triangle(6).unwrap(), 0, Finish::AnyOne, 8);
    agrees_with_the_table(&Board::triangle(6).unwrap(), 3, Finish::AnyOne, 8);
}

#[test]
fn a_book_for_another_game_or_cut_short_is_refused() {
    let board = Board::named("triangle").unwrap();
    let start = board.full() & !1;
    let built = build_book(&board, start, Finish::Hole(0), 5, None, &NoObserver).unwrap();
    let other = board.full() & !(1 << 3);
    let e = WinningBook::read(&board, other, Finish::Hole(3), &built.bytes).unwrap_err();
    assert!(e.contains("not this game's"), "{e}");
    let e = WinningBook::read(
        &board,
        start,
        Finish::Hole(0),
        &built.bytes[..built.bytes.len() - 1],
    )
    .unwrap_err();
    assert!(e.contains("cut short"), "{e}");
    let e = WinningBook::read(&board, start, Finish::Hole(0), b"PLWB").unwrap_err();
    assert!(e.contains("no header"), "{e}");
}

/// The diamond's game from `d2` to `c5`.
fn diamond() -> (Board, Position, Finish) {
    let board = Board::named("diamond").unwrap();
    let start = board.full() & !(1 << board.parse_hole("d2").unwrap());
    let finish = Finish::Hole(board.parse_hole("c5").unwrap());
    (board, start, finish)
}

/// The shipped book of a game, read from its file.
fn shipped(board: &Board, start: Position, finish: Finish) -> WinningBook {
    let file = WinningBook::file_for(board, start, finish).expect("a book ships");
    let path = format!("{}/books/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    WinningBook::read(board, start, finish, &bytes).unwrap()
}

/// A shipped book, whose game's table does not fit, checked against itself (below its last level a position is
/// winnable exactly when a child is), against pagoda proofs (on a sample: each is a small linear programme), and
/// against a game the search finds from the start.
fn holds_together(name: &str, from: &str, to: &str, levels: usize) {
    let board = Board::named(name).unwrap();
    let start = board.full() & !(1 << board.parse_hole(from).unwrap());
    let finish = Finish::Hole(board.parse_hole(to).unwrap());
    let book = shipped(&board, start, finish);
    assert_eq!(book.levels(), levels);
    let finals = [1 << board.parse_hole(to).unwrap()];
    let (mut won, mut lost, mut proved) = (0u64, 0u64, 0u64);
    // Every position of the first ten levels (the diamond's eleventh and twelfth hold 30 million: random games
    // below check those).
    let listed = positions(&board, start, book.levels().min(10));
    for (k, level) in listed.iter().enumerate() {
        for (i, &p) in level.iter().enumerate() {
            let w = book.winnable(p).expect("every position of its levels");
            won += u64::from(w);
            lost += u64::from(!w);
            if k + 1 < book.levels() {
                let mut child = false;
                board.for_each_legal(p, |j| child |= book.winnable(p ^ j.mask()) == Some(true));
                assert_eq!(w, child, "{name} level {}: {p:#x}", k + 1);
            }
            if w && i % 1999 == 0 {
                assert!(pagoda::find(&board, p, &finals).is_none(), "{p:#x}");
            }
            if !w && i % 1999 == 0 && pagoda::find(&board, p, &finals).is_some() {
                proved += 1;
            }
        }
    }
    assert!(
        won > 0 && lost > 0 && proved > 0,
        "{name}: {won} winnable, {lost} lost, {proved} by a pagoda proof"
    );
    // Random games through the levels not listed: the same rule at every position.
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..300 {
        let mut p = start;
        for k in 1..book.levels() {
            let mut legal = Vec::new();
            board.for_each_legal(p, |j| legal.push(j));
            if legal.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            p ^= legal[(rng % legal.len() as u64) as usize].mask();
            let mut child = false;
            board.for_each_legal(p, |j| child |= book.winnable(p ^ j.mask()) == Some(true));
            assert_eq!(book.winnable(p), Some(child), "{name} level {k}: {p:#x}");
        }
    }
    // A few winnable positions of the last level listed: the search, which knows nothing of the book, finds a game.
    let last = listed.last().unwrap();
    let sample = last
        .iter()
        .filter(|&&p| book.winnable(p) == Some(true))
        .step_by(997)
        .take(3);
    for &p in sample {
        let game = Game {
            board: &board,
            start,
            finish,
        };
        let v = Analyst::new().assess(game, p, true, &NoObserver).unwrap();
        assert!(v.solvable, "{name}: {p:#x}");
        let end = v.solution.unwrap().iter().fold(p, |q, j| q ^ j.mask());
        assert!(finished(&board, end, finish));
    }
}

#[test]
fn the_shipped_diamond_book_holds_together() {
    holds_together("diamond", "d2", "c5", 12);
}

#[test]
fn the_shipped_french_book_holds_together() {
    holds_together("french", "d2", "d6", 8);
}

#[test]
fn early_diamond_positions_are_answered_by_the_book() {
    let (board, start, finish) = diamond();
    let game = Game {
        board: &board,
        start,
        finish,
    };
    let mut analyst = Analyst::new();
    analyst.give_book(shipped(&board, start, finish));
    assert!(analyst.has_book(game));
    // Lost one jump in: a search takes hours to show it.
    let v = analyst
        .assess(game, after(&board, start, "d4-d2"), true, &NoObserver)
        .unwrap();
    assert_eq!((v.solvable, v.source), (false, Source::Book));
    // Winnable: the book walks to its last level, then the search finishes the game.
    let here = after(&board, start, "f2-d2");
    let v = analyst.assess(game, here, true, &NoObserver).unwrap();
    assert_eq!((v.solvable, v.source), (true, Source::Book));
    let end = v.solution.unwrap().iter().fold(here, |p, j| {
        assert!(j.legal(p));
        p ^ j.mask()
    });
    assert!(finished(&board, end, finish));
}
