//! What a player asks after every jump: can the finish still be reached from here, why not, and one game that
//! gets there. [`Analyst`] answers it for any position of any board and keeps, between questions about the same
//! game, what makes the next answer quick: the game's table of games (built once, resumed when a build is
//! stopped), and the positions a search found lost.
//!
//! An answer comes from the first of these that settles it: the rules (finished, no jump left); a short proof
//! (the rule-of-three class, or a pagoda function, each drawable on the board); the game's table where it is
//! built; the shipped opening where it holds the position; a depth-first search with a memo of lost positions; and,
//! where that search runs long on a board whose table fits, the game's table (bounded work, and the same table the
//! per-jump counts need). Where the table cannot fit, the search goes on to the end, reporting progress.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use progress::{Flow, Label, Observer, Progress, Unit};

use crate::board::{Board, Jump, Position, Symmetry};
use crate::count::{CountError, Finish, Limits, TAB_HOLES};
use crate::levels::PositionHasher;
use crate::opening::Opening;
use crate::pagoda::{self, Pagoda};
use crate::solve::finished;
use crate::table::{Table, TableBuild};

/// The unit a search's progress is counted in.
pub const POSITIONS: Unit = Unit::new("position", "positions searched", Label::Ordinal);

/// Positions the search visits before it hands over to the game's table, where the table fits ([`TAB_HOLES`]): a
/// few seconds. Over 300 random English positions the search alone settled every one within 0.71 s (BENCHMARKS.md).
pub const SEARCH_FIRST: u64 = 4_000_000;

/// Lost positions remembered (each a word in a hash set: about 16 bytes with the table's slack, so at most about
/// 130 MB); a search that finds more starts a fresh memo, so a long search on a big board holds no more.
const MEMO_CAP: usize = 8 << 20;

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

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The rules alone (finished, or no jump left, or the finish is "until no jump is left").
    Rules,
    /// A proof: the rule-of-three class or a pagoda function.
    Proof,
    /// The game's table of games.
    Table,
    /// The shipped opening book.
    Opening,
    /// A depth-first search.
    Search,
}

/// Why no game from a position reaches the finish.
#[derive(Clone, Debug, PartialEq)]
pub enum Lost {
    /// No jump is left, and this is not the finish.
    NoJumpLeft,
    /// The rule of three: every jump changes the number of pegs on the `marked` holes by 0 or 2, so its parity
    /// never changes; here it is `pegs`, at the finish `finish_pegs` (the other parity).
    Class {
        /// The holes counted.
        marked: Vec<u8>,
        /// Pegs on them now.
        pegs: u32,
        /// Pegs on them at the finish (for "one peg anywhere": at any finish this parity allows).
        finish_pegs: u32,
    },
    /// A pagoda function: no jump raises the total of these weights, and the position's total is below the
    /// finish's.
    Pagoda {
        /// The weight of each hole.
        weights: Vec<f64>,
        /// The position's total.
        total: f64,
        /// The finish's total (the least over the possible finishes).
        finish_total: f64,
    },
    /// Every game from here was looked at (by the table, the opening or the search), and none ends well.
    NoGame,
}

/// The answer for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Whether a game from here reaches the finish.
    pub solvable: bool,
    /// How many games do, where that is known (from the table or the opening).
    pub games: Option<u128>,
    /// One game from here to the finish, when asked for and solvable.
    pub solution: Option<Vec<Jump>>,
    /// Why not, when not.
    pub lost: Option<Lost>,
    /// Where the answer came from.
    pub source: Source,
}

impl Verdict {
    fn won(source: Source, games: Option<u128>, solution: Option<Vec<Jump>>) -> Verdict {
        Verdict {
            solvable: true,
            games,
            solution,
            lost: None,
            source,
        }
    }

    fn lost(source: Source, lost: Lost) -> Verdict {
        Verdict {
            solvable: false,
            games: Some(0),
            solution: None,
            lost: Some(lost),
            source,
        }
    }
}

/// The table kept for the game being played: built, or being built (a stopped build keeps its levels).
enum Kept {
    Built(Arc<Table>),
    Building(Box<TableBuild>),
}

/// Lost positions found by searches for one board and finish.
struct Memo {
    board: Board,
    finish: Finish,
    lost: HashSet<Position, BuildHasherDefault<PositionHasher>>,
}

/// Answers questions about the game being played and keeps what makes the next answer quick. Its owner (the
/// worker, through the protocol) keeps one for as long as the page plays.
pub struct Analyst {
    kept: Option<Kept>,
    memo: Option<Memo>,
    search_first: u64,
}

impl Default for Analyst {
    fn default() -> Analyst {
        Analyst {
            kept: None,
            memo: None,
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
        match self.kept.take() {
            Some(Kept::Built(t)) => t.bytes(),
            Some(Kept::Building(b)) => b.bytes(),
            None => 0,
        }
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
        let mut build = match self.kept.take() {
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
            self.kept = Some(Kept::Built(t.clone()));
            return Ok(t);
        }
        match ran {
            Err(CountError::Cancelled) | Ok(()) => {
                self.kept = Some(Kept::Building(Box::new(build)));
                Err(CountError::Cancelled)
            }
            // Too big: nothing worth keeping.
            Err(e) => Err(e),
        }
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
            return crate::solve::jump_counts(
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
        Ok(self.table(game, observer)?.jump_counts(pos))
    }

    /// Whether a game from `pos` reaches the finish, why not, and (with `want_solution`) one such game. Fails
    /// only when `observer` stops it.
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
        if let Some(t) = self.built(game) {
            return Ok(from_table(&t, pos, want_solution, Source::Table));
        }
        // The opening: exact for the positions it holds; a solution walks it to its edge, then searches.
        let mut prefix = Vec::new();
        let mut here = pos;
        if let Some(book) = Opening::find(board, game.start, game.finish)
            && let Some(games) = book.games_from(pos)
        {
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
        let games_known = (!prefix.is_empty())
            .then(|| Opening::find(board, game.start, game.finish).and_then(|b| b.games_from(pos)));
        let finish_verdict = |found: Option<Vec<Jump>>, source: Source| match found {
            Some(rest) => {
                let mut path = prefix.clone();
                path.extend(rest);
                let source = if prefix.is_empty() {
                    source
                } else {
                    Source::Opening
                };
                Verdict::won(source, games_known.flatten(), Some(path))
            }
            None => Verdict::lost(source, Lost::NoGame),
        };
        // A search first; past its first positions, the table where one can be built (bounded work that the
        // per-jump counts reuse), else the search to its end.
        if let Some(found) = self.search(
            board,
            here,
            game.finish,
            &finals,
            self.search_first,
            observer,
        )? {
            return Ok(finish_verdict(found, Source::Search));
        }
        if board.holes().len() <= TAB_HOLES {
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
        let found = self
            .search(board, here, game.finish, &finals, u64::MAX, observer)?
            .expect("a search without a budget ends with an answer");
        Ok(finish_verdict(found, Source::Search))
    }

    /// Depth-first search from `pos` for a game to one of `finals`, visiting at most `budget` new positions:
    /// `Some(Some(jumps))` found, `Some(None)` none exists, `None` out of budget.
    fn search(
        &mut self,
        board: &Board,
        pos: Position,
        finish: Finish,
        finals: &[Position],
        budget: u64,
        observer: &dyn Observer,
    ) -> Result<Option<Option<Vec<Jump>>>, CountError> {
        let memo = match self.memo.take() {
            Some(m) if m.board == *board && m.finish == finish => m,
            _ => Memo {
                board: board.clone(),
                finish,
                lost: HashSet::default(),
            },
        };
        let mut dfs = Dfs {
            learnt: Learnt::default(),
            board,
            finish,
            finals,
            // A symmetry that maps the finishes onto themselves keeps a lost position lost.
            symmetry: Symmetry::keeping_set(board, finals),
            lost: memo.lost,
            visited: 0,
            budget,
            observer,
            path: Vec::new(),
            reach: reach(board, finals),
        };
        observer.report(Progress::Tally {
            done: 0,
            total: 0,
            unit: POSITIONS,
        });
        let result = dfs.walk(pos);
        let lost = dfs.lost;
        let path = dfs.path;
        self.memo = Some(Memo {
            board: board.clone(),
            finish,
            lost,
        });
        match result {
            Ok(true) => Ok(Some(Some(path))),
            Ok(false) => Ok(Some(None)),
            Err(Stop::Budget) => Ok(None),
            Err(Stop::Cancelled) => Err(CountError::Cancelled),
        }
    }
}

/// The finishes a one-peg game can end on (none for a dead end).
fn finals(board: &Board, finish: Finish) -> Vec<Position> {
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

/// A rule-of-three proof, if one invariant alone rules out every finish: the labelling by `(row ± column) mod 3`
/// (where every jump's three holes get three labels), and the holes of two of its labels.
pub fn class_proof(board: &Board, pos: Position, finals: &[Position]) -> Option<Lost> {
    if finals.is_empty() {
        return None;
    }
    let labellings: [fn(i32, i32) -> i32; 2] = [|r, c| r + c, |r, c| r - c];
    for label in labellings {
        let of = |h: u8| {
            let (r, c) = board.holes()[usize::from(h)];
            label(i32::from(r), i32::from(c)).rem_euclid(3)
        };
        let valid = board.jumps().iter().all(|j| {
            let (x, y, z) = (of(j.from), of(j.over), of(j.to));
            x != y && y != z && x != z
        });
        if !valid {
            continue;
        }
        for pair in [[0, 1], [1, 2], [0, 2]] {
            let marked: Vec<u8> = (0..board.holes().len() as u8)
                .filter(|&h| pair.contains(&of(h)))
                .collect();
            let mask: Position = marked.iter().map(|&h| 1u64 << h).sum();
            let on = |p: Position| (p & mask).count_ones();
            let pegs = on(pos);
            if finals.iter().all(|&f| on(f) % 2 != pegs % 2) {
                return Some(Lost::Class {
                    marked,
                    pegs,
                    finish_pegs: on(finals[0]),
                });
            }
        }
    }
    None
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

enum Stop {
    Budget,
    Cancelled,
}

/// Pagoda functions a search learnt, as tables of the total of each byte of a position, with the least total of
/// the finishes: a position is lost when some function's total is below its finishes'.
#[derive(Default)]
struct Learnt {
    /// Per function: 8 tables of 256 totals, then the finishes' least total.
    tables: Vec<(Box<[[f64; 256]; 8]>, f64)>,
}

/// Functions a search keeps learning (each costs eight reads per position visited).
const LEARN_CAP: usize = 48;

/// A lost subtree this big has a pagoda proof looked for (a linear programme: about 5 ms).
const LEARN_FROM: u64 = 4096;

impl Learnt {
    fn add(&mut self, p: &Pagoda, finals: &[Position], full: Position) {
        let mut t = Box::new([[0.0; 256]; 8]);
        for (chunk, table) in t.iter_mut().enumerate() {
            for (byte, total) in table.iter_mut().enumerate() {
                *total = p.total(((byte as u64) << (8 * chunk)) & full);
            }
        }
        let least = finals
            .iter()
            .map(|&f| p.total(f))
            .fold(f64::INFINITY, f64::min);
        self.tables.push((t, least));
    }

    fn proves_lost(&self, pos: Position) -> bool {
        self.tables.iter().any(|(t, least)| {
            let total: f64 = (0..8).map(|c| t[c][(pos >> (8 * c)) as usize & 255]).sum();
            total + 1e-7 < *least
        })
    }
}

struct Dfs<'a> {
    learnt: Learnt,
    board: &'a Board,
    finish: Finish,
    finals: &'a [Position],
    symmetry: Symmetry,
    lost: HashSet<Position, BuildHasherDefault<PositionHasher>>,
    visited: u64,
    budget: u64,
    observer: &'a dyn Observer,
    path: Vec<Jump>,
    /// Each hole's squared distance to where the game ends (the finishes' centre), doubled: jumps towards it are
    /// tried first.
    reach: Vec<i32>,
}

/// Each hole's squared distance from the centre of `finals` (times the number of finals, to stay whole).
fn reach(board: &Board, finals: &[Position]) -> Vec<i32> {
    let n = finals.len().max(1) as i32;
    let at = |p: Position| board.holes()[p.trailing_zeros() as usize];
    let (sr, sc) = finals.iter().fold((0, 0), |(r, c), &f| {
        let (fr, fc) = at(f);
        (r + i32::from(fr), c + i32::from(fc))
    });
    board
        .holes()
        .iter()
        .map(|&(r, c)| {
            let (dr, dc) = (i32::from(r) * n - sr, i32::from(c) * n - sc);
            dr * dr + dc * dc
        })
        .collect()
}

impl Dfs<'_> {
    /// Remembers a lost position (a class of them, under the symmetry).
    fn remember(&mut self, key: Position) {
        if self.lost.len() >= MEMO_CAP {
            self.lost.clear();
        }
        self.lost.insert(key);
    }

    fn walk(&mut self, pos: Position) -> Result<bool, Stop> {
        if finished(self.board, pos, self.finish) {
            return Ok(true);
        }
        if pos.count_ones() <= 1 {
            return Ok(false);
        }
        let key = self.symmetry.canonical(pos);
        if self.lost.contains(&key) {
            return Ok(false);
        }
        if self.learnt.proves_lost(pos) {
            self.remember(key);
            return Ok(false);
        }
        self.visited += 1;
        let entered = self.visited;
        if self.visited > self.budget {
            return Err(Stop::Budget);
        }
        if self.visited.is_multiple_of(8192) {
            let flow = self.observer.report(Progress::Tally {
                done: self.visited,
                total: 0,
                unit: POSITIONS,
            });
            if flow == Flow::Stop || !self.observer.keep_going() {
                return Err(Stop::Cancelled);
            }
        }
        // Two pegs: a jump to a finish, or nothing.
        if pos.count_ones() == 2 {
            let won = self
                .board
                .jumps()
                .iter()
                .find(|j| j.legal(pos) && self.finals.contains(&(pos ^ j.mask())));
            if let Some(&j) = won {
                self.path.push(j);
                return Ok(true);
            }
            self.remember(key);
            return Ok(false);
        }
        let mut jumps = [Jump {
            from: 0,
            over: 0,
            to: 0,
        }; 96];
        let mut n = 0;
        self.board.for_each_legal(pos, |j| {
            if n < jumps.len() {
                jumps[n] = j;
                n += 1;
            }
        });
        let reach = &self.reach;
        jumps[..n].sort_unstable_by_key(|j| reach[usize::from(j.to)] - reach[usize::from(j.from)]);
        for &j in &jumps[..n] {
            self.path.push(j);
            if self.walk(pos ^ j.mask())? {
                return Ok(true);
            }
            self.path.pop();
        }
        self.remember(key);
        // A big lost subtree: a pagoda function that proves it lost may cut others like it.
        if self.visited - entered >= LEARN_FROM
            && self.learnt.tables.len() < LEARN_CAP
            && let Some(p) = pagoda::find(self.board, pos, self.finals)
        {
            self.learnt.add(&p, self.finals, self.board.full());
        }
        Ok(false)
    }
}
