//! Opening books for the partition strategies: the first guesses of a game, worked out ahead of time for the
//! sizes where working them out while a person waits is too slow (at 7x7 a third guess takes up to 3.4 s natively
//! on 2 threads, more than twice that in a browser tab; [`SHIPPED`] says where).
//!
//! The strategies are deterministic (ties go to a consistent guess, then the lowest code), so a guess is fixed
//! by the scores before it once the guesses before it were the strategy's own. A book is text, one position per
//! line: the scores that lead there, then the guess the strategy plays there (knuth's at 7x7, colours from 0),
//!
//! ```text
//! : 0,0,0,1,1,1,2
//! 1,2: 0,3,4,2,3,4,0
//! 1,2 0,3: 5,6,6,0,0,1,5
//! ```
//!
//! for every position of three codes or more before the book's depth (with fewer the guess is instant). A book
//! is consulted only when every guess of the history is the book's (a person who guesses for themselves, or a
//! game opened with another first guess, gets the guess worked out live), and gives exactly the guess the live
//! search would: the tests check each shipped book's positions against the split of every code, and a sample
//! of its guesses against the live choice. `puzzle-lab mastermind book --strategy S --depth D` writes them.
//!
//! They differ from the optimal strategy's books ([`crate::optimal`]): those hold whole trees, so they are
//! compact pre-order lists read into the search's memory; these hold a few levels and are looked up by the
//! scores alone, without splitting any codes.

use progress::{Flow, Label, NoObserver, Observer, Progress, Unit};

use crate::Listing;
use crate::listing::listed::Listed;
use crate::partition::scoring::best_guess;
use crate::search::Stopped;
use crate::strategy::{Strategy, StrategyError};
use crate::{Code, Feedback, Row, Spec};

#[cfg(test)]
mod tests;

/// A shipped book: where it plays, and how slow the game is past it.
struct Shipped {
    /// The game: pegs and colours, repeats allowed.
    pegs: u8,
    colors: u8,
    strategy: Strategy,
    /// The slowest guess past the book natively on 2 threads, in seconds, over every position the strategy
    /// reaches (docs/notebook.md, "Each guess's worst time").
    slowest_after: f64,
    /// Its file in `openings/` (and, in the browser's build, in the site's `openings/` folder).
    file: &'static str,
}

/// The shipped books, for the sizes and strategies whose slowest guesses take more than about 0.8 s natively on 2
/// threads (2 s in a browser tab): at 6x9 expected-size's third guess takes up to 0.88 s (knuth's 0.49, entropy's
/// 0.65), at 7x7 knuth's up to 1.36 s, expected-size's 1.84 s, entropy's 3.39 s; every later guess of theirs at most
/// 0.46 s. Most-parts needs none (its slowest guess takes 24 ms at 7x7). Measured over every position each strategy
/// reaches (`puzzle-lab --threads 2 --json mastermind book --depth 8`; docs/notebook.md, "Every guess timed").
const SHIPPED: [Shipped; 6] = [
    book(6, 9, Strategy::Knuth, 0.139, "6x9-knuth.txt"),
    book(6, 9, Strategy::Entropy, 0.150, "6x9-entropy.txt"),
    book(6, 9, Strategy::ExpectedSize, 0.174, "6x9-expected-size.txt"),
    book(7, 7, Strategy::Knuth, 0.179, "7x7-knuth.txt"),
    book(7, 7, Strategy::Entropy, 0.461, "7x7-entropy.txt"),
    book(7, 7, Strategy::ExpectedSize, 0.328, "7x7-expected-size.txt"),
];

/// How many guesses every shipped book holds: a game further on has no use for one.
const DEPTH: usize = 3;

/// The books' text, as `puzzle-lab mastermind book` writes it, in [`SHIPPED`]'s order, built into programs that
/// ask for it (the `openings` feature: the CLI). The browser's solver leaves them out of its first download (24 KB
/// gzip that only these two sizes use): its worker fetches a book when a game needs it ([`wanted`]).
/// Kept apart from [`SHIPPED`] so that code asking only how slow a game is (the page's wait note,
/// [`slowest_past_book`]) does not link the books.
#[cfg(any(feature = "openings", test))]
const TEXTS: [&str; 6] = [
    include_str!("../../openings/6x9-knuth.txt"),
    include_str!("../../openings/6x9-entropy.txt"),
    include_str!("../../openings/6x9-expected-size.txt"),
    include_str!("../../openings/7x7-knuth.txt"),
    include_str!("../../openings/7x7-entropy.txt"),
    include_str!("../../openings/7x7-expected-size.txt"),
];

/// A row of [`SHIPPED`].
const fn book(
    pegs: u8,
    colors: u8,
    strategy: Strategy,
    slowest_after: f64,
    file: &'static str,
) -> Shipped {
    Shipped {
        pegs,
        colors,
        strategy,
        slowest_after,
        file,
    }
}

/// The place in [`SHIPPED`] of the shipped book of `strategy` at `spec`, if there is one.
fn shipped(spec: &Spec, strategy: Strategy) -> Option<usize> {
    SHIPPED.iter().position(|b| {
        (b.pegs, b.colors, b.strategy, true) == (spec.pegs, spec.colors, strategy, spec.repeats)
    })
}

/// The slowest guess of `strategy` at `spec` that its shipped book does not answer, natively on 2 threads in
/// seconds, where there is a book.
pub(crate) fn slowest_past_book(spec: &Spec, strategy: Strategy) -> Option<f64> {
    shipped(spec, strategy).map(|k| SHIPPED[k].slowest_after)
}

/// The book file (in the site's `openings/` folder) that a guess of `strategy` after `guesses` guesses at `spec`
/// would use, where this program neither has it built in nor was given it (or told it could not be had): whoever
/// runs the guess fetches it and hands it to [`give`] first.
pub fn wanted(
    spec: &Spec,
    strategy: Strategy,
    guesses: usize,
    listing: &Listing,
) -> Option<String> {
    let k = shipped(spec, strategy)?;
    let file = SHIPPED[k].file;
    let held = cfg!(feature = "openings") || listing.books().get(file).is_some();
    (guesses < DEPTH && !held).then(|| format!("openings/{file}"))
}

/// What fetching the book [`wanted`] named gave: its text, or why not (then the guesses it would have given are
/// worked out live, and say why).
pub fn give(spec: &Spec, strategy: Strategy, listing: &mut Listing, text: Result<String, String>) {
    if let Some(k) = shipped(spec, strategy) {
        listing.books_mut().give(SHIPPED[k].file, text);
    }
}

/// The text of book `k`, built in or given.
fn text(k: usize, listing: &Listing) -> Option<&str> {
    #[cfg(feature = "openings")]
    {
        let _ = listing;
        Some(TEXTS[k])
    }
    #[cfg(not(feature = "openings"))]
    listing.books().get(SHIPPED[k].file)?.ok()
}

/// Why the book of `strategy` at `spec` could not be had, where it was asked for, did not come, and would have
/// answered a guess after `guesses` guesses.
pub(crate) fn failed<'a>(
    spec: &Spec,
    strategy: Strategy,
    guesses: usize,
    listing: &'a Listing,
) -> Option<&'a str> {
    let file = SHIPPED[shipped(spec, strategy)?].file;
    (guesses < DEPTH)
        .then(|| listing.books().get(file)?.err())
        .flatten()
}

/// The guess the shipped book of `strategy` at `spec` plays after `history`, where this program holds the book,
/// every guess of `history` is the book's, and the position is in it.
pub(crate) fn booked(
    spec: &Spec,
    strategy: Strategy,
    history: &[Row],
    listing: &Listing,
) -> Option<Code> {
    guess_in(text(shipped(spec, strategy)?, listing)?, spec, history)
}

/// The guess `book` (text, as [`Entry::line`] writes it) plays after `history`, if every guess of `history`
/// is the book's and the position is in it.
pub(crate) fn guess_in(book: &str, spec: &Spec, history: &[Row]) -> Option<Code> {
    let answers: Vec<Feedback> = history.iter().map(|r| r.feedback).collect();
    // The book's guess at each prefix of the scores: the history's guesses must be these, and the last is
    // the answer.
    let mut guesses: Vec<Option<&str>> = vec![None; answers.len() + 1];
    for line in lines(book) {
        let (path, guess) = line.split_once(':')?;
        let path: Vec<Feedback> = path
            .split_whitespace()
            .map(|fb| fb.parse().ok())
            .collect::<Option<_>>()?;
        if path.len() <= answers.len() && answers.starts_with(&path) {
            guesses[path.len()] = Some(guess);
        }
    }
    let (last, before) = guesses.split_last()?;
    for (row, guess) in history.iter().zip(before) {
        if Code::parse(spec, (*guess)?).ok()? != row.guess {
            return None;
        }
    }
    Code::parse(spec, (*last)?).ok()
}

/// The lines of a book that hold positions (not comments or blank).
fn lines(book: &str) -> impl Iterator<Item = &str> {
    book.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// One position of a book.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The scores that lead to it (each after the book's guess before it).
    pub answers: Vec<Feedback>,
    /// The guess the strategy plays there.
    pub guess: Code,
    /// How many codes are still possible there.
    pub codes: usize,
    /// How long working out the guess took, in milliseconds on the caller's clock (none where it has none).
    pub ms: Option<f64>,
}

impl Entry {
    /// The entry as a line of a book.
    pub fn line(&self) -> String {
        let path: Vec<String> = self.answers.iter().map(Feedback::to_string).collect();
        format!("{}: {}", path.join(" "), self.guess)
    }
}

/// The unit in which writing a book reports its progress: the branches below the first guess.
pub const BRANCHES: Unit = Unit::new("branch", "branches of the first guess", Label::Ordinal);

/// Positions with fewer codes than this are left out of books: their guess is instant.
const FEWEST_CODES: usize = 3;

/// Works out the book of `strategy` at `spec`: the guess at every position of [`FEWEST_CODES`] or more codes
/// that the strategy's own guesses reach within `depth` guesses (depth 1: the first guess alone), in the order
/// of the scores. Positions are worked out one at a time, each on every thread, so each entry's `ms` is how
/// long a person playing that position waits natively. Tells `observer` how many of the first guess's
/// branches are done ([`Progress::Tally`] of [`BRANCHES`]) and stops when it says so.
pub fn opening_book(
    spec: &Spec,
    strategy: Strategy,
    depth: u32,
    observer: &dyn Observer,
) -> Result<Vec<Entry>, StrategyError> {
    if !strategy.scores_partitions() {
        return Err(StrategyError::TooBig(format!(
            "books are written for the strategies that score every code as a guess (knuth, most-parts, \
             entropy, expected-size), not {strategy}"
        )));
    }
    let listed = Listed::new(spec)?;
    let all: Vec<u32> = (0..listed.len() as u32).collect();
    let mut book = Vec::new();
    let walk = Walk {
        listed: &listed,
        strategy,
        depth,
        observer,
    };
    walk.position(&all, &mut Vec::new(), &mut Vec::new(), &mut book)?;
    Ok(book)
}

/// What [`opening_book`]'s walk down the strategy's tree needs at every position.
struct Walk<'a> {
    listed: &'a Listed,
    strategy: Strategy,
    depth: u32,
    observer: &'a dyn Observer,
}

impl Walk<'_> {
    /// Adds the position where `consistent` remain after `guesses` and `answers`, and the positions below it
    /// within the book's depth, to `book`.
    fn position(
        &self,
        consistent: &[u32],
        guesses: &mut Vec<u32>,
        answers: &mut Vec<Feedback>,
        book: &mut Vec<Entry>,
    ) -> Result<(), StrategyError> {
        if consistent.len() < FEWEST_CODES || guesses.len() as u32 >= self.depth {
            return Ok(());
        }
        if !self.observer.keep_going() {
            return Err(StrategyError::Stopped(Stopped::Cancelled));
        }
        let listed = self.listed;
        let past: Vec<&[u8]> = guesses.iter().map(|&g| listed.pegs(g)).collect();
        let started = self.observer.clock_ms();
        let guess = best_guess(self.strategy, listed, consistent, &past, &NoObserver)?;
        let ms = started.zip(self.observer.clock_ms()).map(|(a, b)| b - a);
        book.push(Entry {
            answers: answers.clone(),
            guess: listed.code(guess),
            codes: consistent.len(),
            ms,
        });
        let below = listed.split(consistent, guess);
        let total = below.len() as u64;
        guesses.push(guess);
        for (done, (fb, class)) in below.iter().enumerate() {
            answers.push(Feedback::from_index(*fb));
            self.position(class, guesses, answers, book)?;
            answers.pop();
            if guesses.len() == 1 {
                let tally = Progress::Tally {
                    done: done as u64 + 1,
                    total,
                    unit: BRANCHES,
                };
                if self.observer.report(tally) == Flow::Stop {
                    return Err(StrategyError::Stopped(Stopped::Cancelled));
                }
            }
        }
        guesses.pop();
        Ok(())
    }
}
