//! Winning books: which positions of a game's first levels can still reach the finish, for a game whose table is
//! too big to build where it is played (the diamond board's, from `d2` to `c5`; the French board's, `d2` to `d6`).
//! Early in such a game a lost position has a lost subtree of hundreds of millions of positions, which no search
//! proves lost in seconds; the book answers it at once.
//!
//! A book is built natively ([`build`]: forwards from the start and backwards from the finish to the middle, then
//! back to the start) and lists, level by level, the winnable classes of positions (every other position of the
//! level reached from the start is lost), or the lost ones where they are fewer. On the diamond board winnable
//! positions are few early on (its tenth level: 7,105 of 2,045,082), so the lists are small. The file
//! (`books/<board>-<start>-<finish>.book`):
//!
//! `PLWB`, a version byte (2), the number of levels `K`; then for each level `1..=K`: how many classes it lists
//! (4 bytes, little-endian; the top bit set where it lists the lost ones, fewer than the winnable ones on a board
//! where most early positions can still be won, as the French), then each class (its canonical position, sorted)
//! as its difference from the one before (from 0 for the first), in 7-bit groups, least significant first, the
//! high bit set on every group but the last.

mod build;

use progress::Observer;

use crate::board::{Board, Jump, Position};
use crate::count::{CountError, checked, group_for};
use crate::finish::Finish;
use crate::search::{Memo, Run, search};
use crate::symmetry::Symmetry;
use crate::varint;

pub use build::{BookBuilt, build};

/// The books shipped: board, start, finish (holes named as people name them), and the file in `books/`.
const SHIPPED: [(&str, &str, &str, &str); 2] = [
    ("diamond", "d2", "c5", "diamond-d2-c5.book"),
    ("french", "d2", "d6", "french-d2-d6.book"),
];

/// The books' bytes, built into the program (the CLI's): the page's worker fetches them instead, when a game
/// needs one, so that they are no part of the first visit's download.
#[cfg(feature = "books")]
const EMBEDDED: [(&str, &[u8]); 2] = [
    (
        "diamond-d2-c5.book",
        include_bytes!("../books/diamond-d2-c5.book"),
    ),
    (
        "french-d2-d6.book",
        include_bytes!("../books/french-d2-d6.book"),
    ),
];

/// A way through a book's winnable positions: its jumps, and where they end.
pub type Walk = (Vec<Jump>, Position);

/// Ways to a book's last level tried for a solution, and the positions each one's search may visit: from most
/// winnable positions there a game is found within a few thousand.
const EDGES: usize = 16;
const EDGE_SEARCH: u64 = 20_000;

/// The first bytes of a book.
const MAGIC: &[u8; 4] = b"PLWB";
/// The format's version.
const VERSION: u8 = 2;
/// In a level's count, the bit that says it lists the lost classes.
const LOST: u32 = 1 << 31;

/// A book, read: for each of its levels after the start, the winnable classes.
#[derive(Debug)]
pub struct WinningBook {
    board: Board,
    start: Position,
    finish: Finish,
    symmetry: Symmetry,
    /// Levels `1..=K`: whether the level lists its lost classes (else its winnable ones), and those classes, sorted.
    levels: Vec<(bool, Vec<Position>)>,
}

impl WinningBook {
    /// The file of the book shipped for games on `board` from `start` to `finish` (in `books/`, and at the root
    /// of the page's build), if one ships.
    pub fn file_for(board: &Board, start: Position, finish: Finish) -> Option<&'static str> {
        let Finish::Hole(to) = finish else {
            return None;
        };
        SHIPPED.iter().find_map(|&(name, from, fin, file)| {
            let named = Board::named(name).ok()?;
            let s = named.parse_hole(from).ok()?;
            let f = named.parse_hole(fin).ok()?;
            (*board == named && start == board.full() & !(1 << s) && to == f).then_some(file)
        })
    }

    /// The book built into this program for games on `board` from `start` to `finish`, read, if there is one.
    pub fn embedded(board: &Board, start: Position, finish: Finish) -> Option<WinningBook> {
        let file = WinningBook::file_for(board, start, finish)?;
        #[cfg(feature = "books")]
        {
            let bytes = EMBEDDED.iter().find(|e| e.0 == file)?.1;
            WinningBook::read(board, start, finish, bytes).ok()
        }
        #[cfg(not(feature = "books"))]
        {
            let _ = file;
            None
        }
    }

    /// A book from its bytes, checked: every class it lists is a canonical position of its level, on the board.
    pub fn read(
        board: &Board,
        start: Position,
        finish: Finish,
        bytes: &[u8],
    ) -> Result<WinningBook, String> {
        let bad = |why: &str| format!("not a winning book for this game: {why}");
        if bytes.len() < 6 || &bytes[..4] != MAGIC || bytes[4] != VERSION {
            return Err(bad("no header"));
        }
        let (_, finals) = checked(board, start, finish).map_err(|e| bad(&e.to_string()))?;
        let symmetry = group_for(board, start, finish, &finals, true);
        let mut at = 6;
        let mut levels = Vec::with_capacity(usize::from(bytes[5]));
        for k in 1..=u32::from(bytes[5]) {
            let head = bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .ok_or_else(|| bad("cut short"))?;
            at += 4;
            let (lost, n) = (head & LOST != 0, head & !LOST);
            let mut level = Vec::with_capacity(n as usize);
            let mut last = 0u64;
            for _ in 0..n {
                let (gap, used) = varint::read(&bytes[at..]).ok_or_else(|| bad("cut short"))?;
                at += used;
                last = last
                    .checked_add(gap)
                    .ok_or_else(|| bad("a position past 64 holes"))?;
                let right = last & !board.full() == 0
                    && last.count_ones() + k == start.count_ones()
                    && symmetry.canonical(last) == last
                    && level.last().is_none_or(|&p| p < last);
                if !right {
                    return Err(bad("its levels are not this game's"));
                }
                level.push(last);
            }
            levels.push((lost, level));
        }
        if at != bytes.len() {
            return Err(bad("bytes left over"));
        }
        Ok(WinningBook {
            board: board.clone(),
            start,
            finish,
            symmetry,
            levels,
        })
    }

    /// Whether this book is for games on `board` from `start` to `finish`.
    pub fn answers(&self, board: &Board, start: Position, finish: Finish) -> bool {
        self.board == *board && self.start == start && self.finish == finish
    }

    /// Levels after the start the book holds.
    pub fn levels(&self) -> usize {
        self.levels.len()
    }

    /// Whether a game from `pos` reaches the finish, if `pos` is the start or on one of the book's levels. `pos`
    /// must be reached from the start (as every position of a game is): a level lists the fewer of its winnable and
    /// its lost positions, and every other position of the level is of the other kind.
    pub fn winnable(&self, pos: Position) -> Option<bool> {
        let k = self.start.count_ones().checked_sub(pos.count_ones())? as usize;
        if k == 0 {
            // The start: winnable when one of its children is.
            let child = |j: &Jump| j.legal(pos) && self.winnable(pos ^ j.mask()) == Some(true);
            return (pos == self.start).then(|| self.board.jumps().iter().any(child));
        }
        let (lost, level) = self.levels.get(k - 1)?;
        Some(level.binary_search(&self.symmetry.canonical(pos)).is_ok() != *lost)
    }

    /// One game from a winnable `pos` on the book's levels: up to [`EDGES`] ways to the book's last level, each
    /// given a short search from where it ends ([`EDGE_SEARCH`] positions, sharing `memo`), and the first way, for
    /// a longer search where none of them found a game.
    pub(crate) fn solution(
        &self,
        pos: Position,
        memo: &mut Option<Memo>,
        finals: &[Position],
        observer: &dyn Observer,
    ) -> Result<(Option<Vec<Jump>>, Option<Walk>), CountError> {
        let ends = self.walks(pos, EDGES);
        for (path, end) in &ends {
            let run = Run {
                budget: EDGE_SEARCH,
                seed: 0,
                spent: 0,
            };
            if let Some(Some(rest)) =
                search(memo, &self.board, *end, self.finish, finals, run, observer)?
            {
                let mut path = path.clone();
                path.extend(rest);
                return Ok((Some(path), None));
            }
        }
        Ok((None, ends.into_iter().next()))
    }

    /// From a winnable `pos` on the book's levels, up to `most` ways through winnable positions to the book's last
    /// level, depth first: each the jumps and where they end (a winnable position the book holds no further).
    pub fn walks(&self, pos: Position, most: usize) -> Vec<Walk> {
        let mut out = Vec::new();
        self.walk_into(pos, &mut Vec::new(), most, &mut out);
        out
    }

    fn walk_into(&self, here: Position, path: &mut Vec<Jump>, most: usize, out: &mut Vec<Walk>) {
        let mut deeper = false;
        for &j in self.board.jumps() {
            if out.len() >= most {
                return;
            }
            if j.legal(here) && self.winnable(here ^ j.mask()) == Some(true) {
                deeper = true;
                path.push(j);
                self.walk_into(here ^ j.mask(), path, most, out);
                path.pop();
            }
        }
        if !deeper && out.len() < most {
            out.push((path.clone(), here));
        }
    }

    /// The book's bytes, for each of its levels' classes (sorted), each level with whether it lists the lost ones.
    fn bytes(levels: &[(bool, Vec<Position>)]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        out.push(levels.len() as u8);
        for (lost, level) in levels {
            let head = level.len() as u32 | if *lost { LOST } else { 0 };
            out.extend_from_slice(&head.to_le_bytes());
            let mut last = 0;
            for &p in level {
                varint::write(&mut out, p - last);
                last = p;
            }
        }
        out
    }
}
