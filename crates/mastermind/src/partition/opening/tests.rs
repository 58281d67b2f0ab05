use progress::NoObserver;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;
use crate::search::Budget;
use crate::{Listing, choose};

/// The book's lines as (scores, guess).
fn read(spec: &Spec, book: &str) -> Vec<(Vec<Feedback>, Code)> {
    lines(book)
        .map(|line| {
            let (path, guess) = line.split_once(':').expect("a line holds scores: guess");
            let path = path
                .split_whitespace()
                .map(|fb| fb.parse().expect("a score"))
                .collect();
            (path, Code::parse(spec, guess).expect("a code of the game"))
        })
        .collect()
}

/// The history that reaches the position after `answers` playing `book`'s guesses.
fn history_to(book: &[(Vec<Feedback>, Code)], answers: &[Feedback]) -> Vec<Row> {
    (0..answers.len())
        .map(|k| {
            let (_, guess) = book
                .iter()
                .find(|(path, _)| path.as_slice() == &answers[..k])
                .expect("every position on the way is in the book");
            Row {
                guess: guess.clone(),
                feedback: answers[k],
            }
        })
        .collect()
}

/// Checks that `book` holds exactly the positions of three codes or more its own guesses reach within `depth`
/// guesses; returns each position's scores with its number of codes.
fn check_positions(
    spec: &Spec,
    book: &[(Vec<Feedback>, Code)],
    depth: usize,
) -> Vec<(Vec<Feedback>, usize)> {
    let listed = Listed::new(spec).expect("listable");
    let mut reached = Vec::new();
    let mut stack = vec![(Vec::new(), (0..listed.len() as u32).collect::<Vec<u32>>())];
    while let Some((answers, set)) = stack.pop() {
        if set.len() < FEWEST_CODES || answers.len() >= depth {
            continue;
        }
        let (_, guess) = book
            .iter()
            .find(|(path, _)| *path == answers)
            .unwrap_or_else(|| panic!("{spec}: no guess after {answers:?} ({} codes)", set.len()));
        reached.push((answers.clone(), set.len()));
        for (fb, class) in listed.split(&set, listed.index_of(guess)) {
            let mut below = answers.clone();
            below.push(Feedback::from_index(fb));
            stack.push((below, class));
        }
    }
    assert_eq!(
        reached.len(),
        book.len(),
        "{spec}: positions the guesses do not reach"
    );
    reached
}

#[test]
fn feedback_index_round_trips() {
    for pegs in 2..=8u8 {
        for i in 0..Feedback::index_count(pegs) {
            assert_eq!(Feedback::from_index(i).index(), i);
        }
    }
}

#[test]
fn written_books_give_the_live_guesses() {
    let spec = Spec::new(4, 6, true).expect("4x6");
    for strategy in [
        Strategy::Knuth,
        Strategy::MostParts,
        Strategy::Entropy,
        Strategy::ExpectedSize,
    ] {
        let written = opening_book(&spec, strategy, 3, &NoObserver).expect("a book");
        let text: String = written.iter().map(|e| e.line() + "\n").collect();
        let book = read(&spec, &text);
        assert_eq!(book.len(), written.len());
        check_positions(&spec, &book, 3);
        for entry in &written {
            let history = history_to(&book, &entry.answers);
            assert_eq!(
                guess_in(&text, &spec, &history).as_ref(),
                Some(&entry.guess)
            );
            let live = choose(
                strategy,
                &spec,
                &history,
                &Budget::THOROUGH,
                &NoObserver,
                &mut StdRng::seed_from_u64(0),
                &mut Listing::new(),
            )
            .expect("a guess");
            assert_eq!(
                live.guess, entry.guess,
                "{strategy} after {:?}",
                entry.answers
            );
            assert_eq!(live.remaining.exact(), Some(entry.codes as u128));
        }
        // A history that leaves the book (another first guess) is worked out live.
        let other = Row {
            guess: Code::parse(&spec, "5,5,5,5").expect("a code"),
            feedback: Feedback { black: 1, white: 1 },
        };
        assert_ne!(other.guess, written[0].guess);
        assert_eq!(guess_in(&text, &spec, &[other]), None);
        // As is a position past the book's depth.
        let deep = written
            .iter()
            .find(|e| e.answers.len() == 2)
            .expect("a third guess");
        let mut past = history_to(&book, &deep.answers);
        past.push(Row {
            guess: deep.guess.clone(),
            feedback: Feedback { black: 0, white: 0 },
        });
        assert_eq!(guess_in(&text, &spec, &past), None);
    }
}

#[test]
fn opening_books_are_only_for_the_partition_strategies() {
    let spec = Spec::new(4, 6, true).expect("4x6");
    let refused = opening_book(&spec, Strategy::Optimal, 2, &NoObserver);
    assert!(matches!(refused, Err(StrategyError::TooBig(why)) if why.contains("knuth")));
}

/// Every shipped book holds exactly the positions its guesses reach, and its first guess and the guesses at its
/// smallest positions are the live search's (the big ones take seconds each: the book is there for them; the
/// generator is checked whole at 4x6 above).
#[test]
fn shipped_books_hold_their_positions_and_the_live_guesses() {
    for (shipped, text) in SHIPPED.iter().zip(TEXTS) {
        let (strategy, spec) = (
            shipped.strategy,
            Spec::new(shipped.pegs.into(), shipped.colors.into(), true),
        );
        let spec = spec.expect("a size");
        // As the browser's worker does where the books are not built in.
        let mut listing = Listing::new();
        if let Some(file) = wanted(&spec, strategy, 0, &listing) {
            assert_eq!(file, format!("openings/{}", shipped.file));
            give(&spec, strategy, &mut listing, Ok(text.to_string()));
        }
        assert_eq!(wanted(&spec, strategy, 0, &listing), None);
        let book = read(&spec, text);
        let depth = book
            .iter()
            .map(|(path, _)| path.len())
            .max()
            .expect("positions")
            + 1;
        let mut smallest = check_positions(&spec, &book, depth);
        smallest.sort_by(|(a, m), (b, n)| (m, a).cmp(&(n, b)));
        let listed = Listed::new(&spec).expect("listable");
        for (answers, _) in std::iter::once((Vec::new(), 0)).chain(smallest.into_iter().take(4)) {
            let history = history_to(&book, &answers);
            let (_, guess) = book
                .iter()
                .find(|(path, _)| *path == answers)
                .expect("in the book");
            assert_eq!(
                booked(&spec, strategy, &history, &listing).as_ref(),
                Some(guess)
            );
            let consistent = listed.consistent(&history);
            let past: Vec<&[u8]> = history.iter().map(|r| r.guess.pegs()).collect();
            let live =
                best_guess(strategy, &listed, &consistent, &past, &NoObserver).expect("a guess");
            assert_eq!(
                &listed.code(live),
                guess,
                "{strategy} at {spec} after {answers:?}"
            );
        }
        // `choose` plays the book's guesses, says so, and counts and splits the codes as it does live.
        let (answers, _) = book
            .iter()
            .find(|(path, _)| path.len() == 2)
            .expect("a third guess");
        let history = history_to(&book, answers);
        let choice = choose(
            strategy,
            &spec,
            &history,
            &Budget::INTERACTIVE,
            &NoObserver,
            &mut StdRng::seed_from_u64(0),
            &mut listing,
        )
        .expect("a guess");
        let consistent = listed.consistent(&history);
        assert_eq!(
            Some(&choice.guess),
            booked(&spec, strategy, &history, &listing).as_ref()
        );
        assert!(choice.note.is_some_and(|n| n.contains("opening book")));
        assert_eq!(choice.remaining.exact(), Some(consistent.len() as u128));
        assert_eq!(choice.split.map(|s| s.total), Some(consistent.len() as u64));
    }
}

/// Where the books are not built in, a game's first guesses at a book's size want it, and only those; a book that
/// could not be fetched leaves the guess to the live search, which says why; one that came is played from.
#[cfg(not(feature = "openings"))]
#[test]
fn a_book_is_wanted_by_the_first_guesses_and_its_failure_is_said() {
    let spec = Spec::new(6, 9, true).expect("6x9");
    let mut listing = Listing::new();
    assert_eq!(
        wanted(&spec, Strategy::Knuth, 0, &listing).as_deref(),
        Some("openings/6x9-knuth.txt")
    );
    assert_eq!(wanted(&spec, Strategy::Knuth, DEPTH, &listing), None);
    assert_eq!(wanted(&spec, Strategy::MostParts, 0, &listing), None);
    let small = Spec::new(4, 6, true).expect("4x6");
    assert_eq!(wanted(&small, Strategy::Knuth, 0, &listing), None);

    let first_guess = |listing: &mut Listing| {
        choose(
            Strategy::Knuth,
            &spec,
            &[],
            &Budget::INTERACTIVE,
            &NoObserver,
            &mut StdRng::seed_from_u64(0),
            listing,
        )
        .expect("a guess")
    };
    give(&spec, Strategy::Knuth, &mut listing, Err("HTTP 404".into()));
    assert_eq!(
        wanted(&spec, Strategy::Knuth, 0, &listing),
        None,
        "not asked for again"
    );
    let first = first_guess(&mut listing);
    let note = first.note.expect("a note");
    assert!(
        note.contains("could not be loaded (HTTP 404)") && note.contains("live"),
        "{note}"
    );
    // The live guess is the book's.
    let book = read(&spec, TEXTS[0]);
    assert_eq!(Some(&first.guess), book.first().map(|(_, g)| g));

    give(
        &spec,
        Strategy::Knuth,
        &mut listing,
        Ok(TEXTS[0].to_string()),
    );
    let again = first_guess(&mut listing);
    assert!(again.note.is_some_and(|n| n.contains("opening book for")));
}
