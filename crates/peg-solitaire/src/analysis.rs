//! What a player asks after every jump: can the finish still be reached from here, why not, and one game that
//! gets there. [`Analyst`] answers it for any position of any board and keeps, between questions about the same
//! game, what makes the next answer quick: the game's table of games (built once, resumed when a build is
//! stopped), and the positions a search found lost.
//!
//! An answer comes from the first of these that settles it: the rules (finished, no jump left); a short proof
//! (the rule-of-three class, or a pagoda function, each drawable on the board); the game's table where it is
//! built; the shipped opening where it holds the position; the shipped winning book where it holds it (a game too
//! big for a table: the diamond's); a depth-first search with a memo of lost positions; and,
//! where that search runs long on a board whose table fits, the game's table (bounded work, and the same table the
//! per-jump counts need). Where the table cannot fit, the search goes on to the end, reporting progress.

use std::sync::Arc;

use progress::Observer;

use crate::beam::{WIDTH as BEAM_WIDTH, beam};
use crate::board::{Board, Jump, Position};
use crate::count::{CountError, Limits, TAB_HOLES};
use crate::finish::{Finish, finished};
use crate::opening::{OPENING_LEVELS, Opening};
use crate::pagoda::{self, Pagoda};
use crate::rule_of_three::class_proof;
use crate::search::{Memo, Run, search};
use crate::starts::shipped_games;
use crate::table::{Table, TableBuild};
use crate::verdict::{Lost, Source, Verdict};
use crate::winning::WinningBook;

/// Positions the search visits before it hands over to the game's table, where the table fits ([`TAB_HOLES`]): a
/// few seconds (BENCHMARKS.md, the rows "can the finish still be reached?").
pub const SEARCH_FIRST: u64 = 4_000_000;

/// Jumps into a game from which, while the game's own table is not built yet, the counts through each jump come
/// from a table of the positions ahead of the one asked about (built in seconds where the game's takes tens of
/// seconds: BENCHMARKS.md, "a link nine jumps into the English classic game") rather than from the game's table.
/// Fewer jumps in, that table is nearly the game's own, which is built instead; but where a shipped opening
/// book ends sooner, the table ahead takes over where the book ends ([`ahead_from`]).
pub const AHEAD_FROM: u32 = 8;

/// Jumps into `game` from which the counts through each jump come from a table of the positions ahead while the
/// game's own is not built: [`AHEAD_FROM`], or where the game's shipped opening book ends if that is sooner (so that
/// no position between the two waits for the game's whole table: on the English board's classic game, seven jumps
/// in; BENCHMARKS.md, "a link seven jumps into the English classic game").
pub fn ahead_from(game: Game) -> u32 {
    if Opening::ships(game.board, game.start, game.finish) {
        AHEAD_FROM.min(OPENING_LEVELS as u32)
    } else {
        AHEAD_FROM
    }
}

/// The first run's positions on a board whose table does not fit (a beam search comes next): a fraction of a second.
const BIG_FIRST: u64 = 300_000;

/// One game: a board, where it starts, where it ends.
#[derive(Clone, Copy, Debug)]
pub struct Game<'a> {
    /// The board.
    pub board: &'a Board,
    /// The position at the start.
    pub start: Position,
    /// Where games end.
    pub finish: Finish,
}

/// The table kept for the game being played: built, or being built (a stopped build keeps its levels).
enum Kept {
    Built(Arc<Table>),
    Building(Box<TableBuild>),
}

/// Answers questions about the game being played and keeps what makes the next answer quick. Its owner (the
/// worker, through the protocol) keeps one for as long as the page plays.
pub struct Analyst {
    kept: Option<Kept>,
    /// A table from a position of the game, for the positions ahead of it while the game's own is not built.
    ahead: Option<Kept>,
    memo: Option<Memo>,
    /// The game's winning book, where one ships (read once per game).
    winning: Option<WinningBook>,
    search_first: u64,
}

impl Default for Analyst {
    fn default() -> Analyst {
        Analyst {
            kept: None,
            ahead: None,
            memo: None,
            winning: None,
            search_first: SEARCH_FIRST,
        }
    }
}

impl Analyst {
    /// An analyst that knows nothing yet.
    pub fn new() -> Analyst {
        Analyst::default()
    }

    /// The same, searching `positions` before it builds the game's table where one fits (default
    /// [`SEARCH_FIRST`]; `u64::MAX`: search only, for measuring the search alone).
    pub fn searching_first(self, positions: u64) -> Analyst {
        Analyst {
            search_first: positions,
            ..self
        }
    }

    /// Lets go of everything kept; returns the bytes the table held.
    pub fn release(&mut self) -> u64 {
        self.memo = None;
        self.winning = None;
        [self.kept.take(), self.ahead.take()]
            .into_iter()
            .map(|kept| match kept {
                Some(Kept::Built(t)) => t.bytes(),
                Some(Kept::Building(b)) => b.bytes(),
                None => 0,
            })
            .sum()
    }

    /// Whether the game's own table is kept (built or being built), for tests of what answered.
    #[cfg(test)]
    pub(crate) fn holds_game_table(&self) -> bool {
        self.kept.is_some()
    }

    /// The table from a position of the game that answers for `pos`, if one is built.
    fn ahead_of(&self, game: Game, pos: Position) -> Option<Arc<Table>> {
        match &self.ahead {
            Some(Kept::Built(t)) if t.covers(game.board, game.finish, pos) => Some(t.clone()),
            _ => None,
        }
    }

    /// Keeps `book` for answers about its game (the page's worker fetches it: [`WinningBook::file_for`]).
    pub fn give_book(&mut self, book: WinningBook) {
        self.winning = Some(book);
    }

    /// Whether a winning book for `game` is kept.
    pub fn has_book(&self, game: Game) -> bool {
        self.winning
            .as_ref()
            .is_some_and(|b| b.answers(game.board, game.start, game.finish))
    }

    /// The winning book of `game` kept in `slot`: the one given, else the one built into the program (read the
    /// first time). A slot, not `self`, so that the search's memo can be borrowed beside it.
    fn winning_book<'a>(slot: &'a mut Option<WinningBook>, game: Game) -> Option<&'a WinningBook> {
        let kept = |b: &WinningBook| b.answers(game.board, game.start, game.finish);
        if !slot.as_ref().is_some_and(kept)
            && let Some(book) = WinningBook::embedded(game.board, game.start, game.finish)
        {
            *slot = Some(book);
        }
        slot.as_ref().filter(|b| kept(b))
    }

    /// The kept table if it is built for `game`.
    fn built(&self, game: Game) -> Option<Arc<Table>> {
        match &self.kept {
            Some(Kept::Built(t)) if t.answers(game.board, game.start, game.finish) => {
                Some(t.clone())
            }
            _ => None,
        }
    }

    /// The table of `game`: the one kept, the one being built finished, or a new one (which replaces any
    /// other). Stopped by `observer`, it keeps the levels made for the next call.
    pub fn table(&mut self, game: Game, observer: &dyn Observer) -> Result<Arc<Table>, CountError> {
        if let Some(t) = self.built(game) {
            return Ok(t);
        }
        let t = build_in(&mut self.kept, game, observer)?;
        // The game's table answers every position the one ahead did.
        self.ahead = None;
        Ok(t)
    }

    /// A table of the positions ahead of `pos` (`pos` is its start): the one kept where it answers for `pos`, else
    /// a new one (a stopped build of it is gone on with when asked about the same position again).
    fn table_ahead(
        &mut self,
        game: Game,
        pos: Position,
        observer: &dyn Observer,
    ) -> Result<Arc<Table>, CountError> {
        if let Some(t) = self.ahead_of(game, pos) {
            return Ok(t);
        }
        let here = Game { start: pos, ..game };
        build_in(&mut self.ahead, here, observer)
    }

    /// Every legal jump from `pos` with the games through it that reach the finish: from the shipped opening
    /// where it holds them, else from the game's table (built on the way); to a dead end, counted directly.
    pub fn jump_counts(
        &mut self,
        game: Game,
        pos: Position,
        observer: &dyn Observer,
    ) -> Result<Vec<(Jump, u128)>, CountError> {
        if game.finish == Finish::DeadEnd {
            return crate::per_jump::jump_counts(
                game.board,
                pos,
                game.finish,
                &Limits::BROWSER,
                observer,
            );
        }
        if let Some(counts) = Opening::find(game.board, game.start, game.finish)
            .and_then(|book| book.jump_counts(game.board, pos))
        {
            return Ok(counts);
        }
        if let Some(t) = self.built(game).or_else(|| self.ahead_of(game, pos)) {
            return Ok(t.jump_counts(pos));
        }
        // Some jumps in, a table of the positions ahead answers in seconds where the game's own takes far longer;
        // the game's table is built afterwards, as the page asks for it.
        if game.start.count_ones().saturating_sub(pos.count_ones()) >= ahead_from(game) {
            return Ok(self.table_ahead(game, pos, observer)?.jump_counts(pos));
        }
        Ok(self.table(game, observer)?.jump_counts(pos))
    }

    /// Whether a game from `pos`, a position of `game` (reached from its start), reaches the finish, why not, and
    /// (with `want_solution`) one such game. Fails only when `observer` stops it.
    pub fn assess(
        &mut self,
        game: Game,
        pos: Position,
        want_solution: bool,
        observer: &dyn Observer,
    ) -> Result<Verdict, CountError> {
        let board = game.board;
        if finished(board, pos, game.finish) {
            return Ok(Verdict::won(Source::Rules, Some(1), Some(Vec::new())));
        }
        let mut legal = Vec::new();
        board.for_each_legal(pos, |j| legal.push(j));
        if legal.is_empty() {
            return Ok(Verdict::lost(Source::Rules, Lost::NoJumpLeft));
        }
        let finals = finals(board, game.finish);
        if game.finish == Finish::DeadEnd {
            // Every game ends in a dead end: play the first jump until none is left.
            let mut path = Vec::new();
            let mut p = pos;
            while let Some(&j) = board.jumps().iter().find(|j| j.legal(p)) {
                path.push(j);
                p ^= j.mask();
            }
            return Ok(Verdict::won(Source::Rules, None, Some(path)));
        }
        if let Some(lost) = class_proof(board, pos, &finals) {
            return Ok(Verdict::lost(Source::Proof, lost));
        }
        if let Some(p) = pagoda::find(board, pos, &finals) {
            return Ok(Verdict::lost(Source::Proof, pagoda_proof(&p, pos, &finals)));
        }
        if shipped_games(board, game.start, game.finish) == Some(0) {
            // A start the board's shipped table counted to no game (the diamond's tip, which no rule rules
            // out): no game from any position of it reaches the finish either, and no search ends sooner than
            // that count did.
            return Ok(Verdict::lost(Source::Count, Lost::NoGame));
        }
        if let Some(t) = self.built(game).or_else(|| self.ahead_of(game, pos)) {
            return Ok(from_table(&t, pos, want_solution, Source::Table));
        }
        // The opening: exact for the positions it holds; a solution walks it to its edge, then searches.
        let mut prefix = Vec::new();
        let mut here = pos;
        let mut games_known = None;
        if let Some(book) = Opening::find(board, game.start, game.finish)
            && let Some(games) = book.games_from(pos)
        {
            games_known = Some(games);
            if games == 0 {
                return Ok(Verdict::lost(Source::Opening, Lost::NoGame));
            }
            if !want_solution {
                return Ok(Verdict::won(Source::Opening, Some(games), None));
            }
            while let Some((j, _)) = book
                .jump_counts(board, here)
                .and_then(|c| c.into_iter().filter(|c| c.1 > 0).max_by_key(|c| c.1))
            {
                prefix.push(j);
                here ^= j.mask();
            }
        }
        // The winning book: exact for the positions of its levels; a solution walks its winnable positions to its
        // last level, then searches.
        let mut walked_by = Source::Opening;
        if prefix.is_empty()
            && let Some(book) = Analyst::winning_book(&mut self.winning, game)
            && let Some(winnable) = book.winnable(pos)
        {
            if !winnable {
                return Ok(Verdict::lost(Source::Book, Lost::NoGame));
            }
            if !want_solution {
                return Ok(Verdict::won(Source::Book, None, None));
            }
            // Several ways to the book's edge, each given a short search: from some edges a game is found at once.
            let (found, first) = book.solution(pos, &mut self.memo, &finals, observer)?;
            if let Some(path) = found {
                return Ok(Verdict::won(Source::Book, None, Some(path)));
            }
            if let Some((path, end)) = first {
                (prefix, here) = (path, end);
            }
            walked_by = Source::Book;
        }
        let finish_verdict = |found: Option<Vec<Jump>>, source: Source| match found {
            Some(rest) => {
                let mut path = prefix.clone();
                path.extend(rest);
                let source = if prefix.is_empty() { source } else { walked_by };
                Verdict::won(source, games_known, Some(path))
            }
            None => Verdict::lost(source, Lost::NoGame),
        };
        // A search first; past its first positions, the table where one can be built (bounded work that the
        // per-jump counts reuse), else the search to its end.
        // Where no table fits, a short first run: a beam search comes next.
        let big = board.holes().len() > TAB_HOLES;
        let first = Run {
            budget: if big {
                self.search_first.min(BIG_FIRST)
            } else {
                self.search_first
            },
            seed: 0,
            spent: 0,
        };
        if let Some(found) = search(
            &mut self.memo,
            board,
            here,
            game.finish,
            &finals,
            first,
            observer,
        )? {
            return Ok(finish_verdict(found, Source::Search));
        }
        if !big {
            match self.table(game, observer) {
                Ok(t) if prefix.is_empty() => {
                    return Ok(from_table(&t, pos, want_solution, Source::Table));
                }
                Ok(t) => {
                    let rest = from_table(&t, here, true, Source::Table);
                    return Ok(finish_verdict(rest.solution, Source::Table));
                }
                Err(CountError::Cancelled) => return Err(CountError::Cancelled),
                // Too big after all: the search goes on to its end.
                Err(_) => {}
            }
        }
        // Where no table fits, a beam search may find a game in seconds where the full search would take hours.
        if big && let Some(found) = beam(board, here, game.finish, &finals, BEAM_WIDTH, observer)? {
            return Ok(finish_verdict(Some(found), Source::Search));
        }
        // To its end, in runs of twice the positions each time, the order of equally good jumps shuffled anew for
        // each (a search that went wrong early seldom recovers, a fresh order often finds a game at once); what a
        // run proved lost stays proved.
        let mut spent = first.budget;
        let mut budget = first.budget.max(1 << 20);
        for seed in 1.. {
            let run = Run {
                budget,
                seed,
                spent,
            };
            if let Some(found) = search(
                &mut self.memo,
                board,
                here,
                game.finish,
                &finals,
                run,
                observer,
            )? {
                return Ok(finish_verdict(found, Source::Search));
            }
            spent = spent.saturating_add(budget);
            budget = budget.saturating_mul(2);
        }
        unreachable!("the runs double until one ends")
    }
}

/// One game from `pos` to `finish` as its jumps (empty when `pos` is already finished), `None` when there is none
/// ([`Analyst::assess`] on a game that starts here). Fails only when `observer` stops it.
pub fn solve(
    board: &Board,
    pos: Position,
    finish: Finish,
    observer: &dyn Observer,
) -> Result<Option<Vec<Jump>>, CountError> {
    let game = Game {
        board,
        start: pos,
        finish,
    };
    let verdict = Analyst::new().assess(game, pos, true, observer)?;
    Ok(verdict.solution.filter(|_| verdict.solvable))
}

/// The table of `game` kept in `slot`: the one built, the one being built finished, or a new one (which replaces any
/// other). Stopped by `observer`, it keeps the levels made for the next call.
fn build_in(
    slot: &mut Option<Kept>,
    game: Game,
    observer: &dyn Observer,
) -> Result<Arc<Table>, CountError> {
    let mut build = match slot.take() {
        Some(Kept::Built(t)) if t.answers(game.board, game.start, game.finish) => {
            *slot = Some(Kept::Built(t.clone()));
            return Ok(t);
        }
        Some(Kept::Building(b)) if b.answers(game.board, game.start, game.finish) => *b,
        // Another game's table is let go first: both at once may not fit.
        other => {
            drop(other);
            TableBuild::new(game.board, game.start, game.finish, &Limits::BROWSER)?
        }
    };
    let ran = build.run(observer);
    if build.is_finished() {
        let t = Arc::new(build.into_table().ok_or(CountError::Cancelled)?);
        *slot = Some(Kept::Built(t.clone()));
        return Ok(t);
    }
    match ran {
        Err(CountError::Cancelled) | Ok(()) => {
            *slot = Some(Kept::Building(Box::new(build)));
            Err(CountError::Cancelled)
        }
        // Too big: nothing worth keeping.
        Err(e) => Err(e),
    }
}

/// The finishes a one-peg game can end on (none for a dead end).
pub(crate) fn finals(board: &Board, finish: Finish) -> Vec<Position> {
    match finish {
        Finish::Hole(h) => vec![1 << h],
        Finish::AnyOne => (0..board.holes().len()).map(|h| 1u64 << h).collect(),
        Finish::DeadEnd => Vec::new(),
    }
}

/// The answer from a built table.
fn from_table(t: &Table, pos: Position, want_solution: bool, source: Source) -> Verdict {
    let games = t.games_from(pos);
    if games == 0 {
        return Verdict::lost(source, Lost::NoGame);
    }
    let solution = want_solution.then(|| {
        let mut path = Vec::new();
        let mut p = pos;
        while let Some((j, _)) = t
            .jump_counts(p)
            .into_iter()
            .filter(|c| c.1 > 0)
            .max_by_key(|c| c.1)
        {
            path.push(j);
            p ^= j.mask();
        }
        path
    });
    Verdict::won(source, Some(games), solution)
}

fn pagoda_proof(p: &Pagoda, pos: Position, finals: &[Position]) -> Lost {
    Lost::Pagoda {
        weights: p.weights().to_vec(),
        total: p.total(pos),
        finish_total: finals
            .iter()
            .map(|&f| p.total(f))
            .fold(f64::INFINITY, f64::min),
    }
}
