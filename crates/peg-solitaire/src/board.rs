//! Boards as data: the holes (addressed as (row, column) from 0 in the board's own layout), the jumps between them
//! as bit masks, and the board's symmetry group, with lookup tables that map a position under each symmetry in a
//! few table reads.

use std::fmt;

/// A position: bit `i` is set when hole `i` holds a peg (holes are numbered in reading order).
pub type Position = u64;

/// The most holes a board may have (a position is one 64-bit word).
pub const MAX_HOLES: usize = 64;

/// How holes neighbour each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Geometry {
    /// Square holes: jumps along rows and columns (4 directions).
    Square,
    /// A triangular grid: row `r` has holes at columns `0..=r`; jumps along rows, columns and the `(1, 1)`
    /// diagonal (6 directions).
    Triangle,
}

/// One jump: the peg at `from` jumps over `over` into the empty `to`, and the peg at `over` is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// Hole of the jumping peg.
    pub from: u8,
    /// Hole jumped over.
    pub over: u8,
    /// Hole landed in.
    pub to: u8,
}

impl Jump {
    /// The bits of the three holes.
    pub fn mask(self) -> Position {
        (1 << self.from) | (1 << self.over) | (1 << self.to)
    }

    /// Whether it can be played in `pos`: pegs at `from` and `over`, `to` empty.
    pub fn legal(self, pos: Position) -> bool {
        pos & self.mask() == (1 << self.from) | (1 << self.over)
    }

    /// Whether it can be played backwards in `pos` (a peg at `to`, `from` and `over` empty): the same test on the
    /// complemented position, which is why counting backwards is counting forwards on complements.
    pub fn legal_backwards(self, pos: Position) -> bool {
        pos & self.mask() == 1 << self.to
    }
}

/// Why a board could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// No board has this name.
    UnknownName(String),
    /// The layout has no hole.
    Empty,
    /// More holes than a position holds.
    TooManyHoles(usize),
    /// A character that is neither a hole nor a gap.
    BadCharacter {
        /// Row, from 1 (as in a text editor).
        line: usize,
        /// Column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// No jump is possible anywhere on the layout.
    NoJumps,
    /// A triangular layout whose row `r` does not have `r + 1` holes.
    NotATriangle(usize),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::UnknownName(n) => write!(
                f,
                "there is no board called '{n}': choose english, french, triangle, diamond, or give a layout"
            ),
            BoardError::Empty => {
                f.write_str("the layout has no hole: write 'o' for a hole, '.' or ' ' for none")
            }
            BoardError::TooManyHoles(n) => {
                write!(
                    f,
                    "the layout has {n} holes; at most {MAX_HOLES} fit in a position"
                )
            }
            BoardError::BadCharacter {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: '{found}' is neither a hole ('o') nor a gap ('.' or ' ')"
            ),
            BoardError::NoJumps => {
                f.write_str("no jump is possible on this layout: it needs three holes in a row")
            }
            BoardError::NotATriangle(r) => write!(
                f,
                "a triangular layout needs r + 1 holes on row r; row {} has another number",
                r + 1
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// A board: its holes, jumps and symmetries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    name: String,
    geometry: Geometry,
    rows: u8,
    cols: u8,
    /// `(row, column)` of each hole, in reading order.
    holes: Vec<(u8, u8)>,
    jumps: Vec<Jump>,
    /// The jumps landing in each hole, and those starting from it (legal moves are found from whichever of the
    /// empty holes and the pegs are fewer).
    into: Vec<Vec<Jump>>,
    from: Vec<Vec<Jump>>,
    /// Each symmetry as the image of every hole (the identity first).
    symmetries: Vec<Vec<u8>>,
}

/// The English board, 33 holes.
pub const ENGLISH: &str = "\
..ooo..
..ooo..
ooooooo
ooooooo
ooooooo
..ooo..
..ooo..";

/// The French board, 37 holes.
pub const FRENCH: &str = "\
..ooo..
.ooooo.
ooooooo
ooooooo
ooooooo
.ooooo.
..ooo..";

/// The diamond board, 41 holes.
pub const DIAMOND: &str = "\
....o....
...ooo...
..ooooo..
.ooooooo.
ooooooooo
.ooooooo.
..ooooo..
...ooo...
....o....";

/// The boards that have names: `(name, holes, a line for menus)`.
pub const NAMED: [(&str, usize, &str); 4] = [
    ("english", 33, "English, 33 holes"),
    ("french", 37, "French, 37 holes"),
    ("triangle", 15, "Triangle, 15 holes (six directions)"),
    ("diamond", 41, "Diamond, 41 holes"),
];

impl Board {
    /// A board by name: `english`, `french`, `triangle`, `diamond`.
    pub fn named(name: &str) -> Result<Board, BoardError> {
        let mut board = match name {
            "english" => Board::parse(ENGLISH)?,
            "french" => Board::parse(FRENCH)?,
            "diamond" => Board::parse(DIAMOND)?,
            "triangle" => Board::triangle(5)?,
            other => return Err(BoardError::UnknownName(other.to_string())),
        };
        board.name = name.to_string();
        Ok(board)
    }

    /// A triangle with `n` rows (row `r` has `r + 1` holes).
    pub fn triangle(n: u8) -> Result<Board, BoardError> {
        let holes = (0..n).flat_map(|r| (0..=r).map(move |c| (r, c))).collect();
        Board::build(format!("triangle-{n}"), Geometry::Triangle, holes)
    }

    /// A board from a text layout: one line per row, `o` (or `x`, `*`, `1`) for a hole, `.`, `-`, `0` or a space
    /// for none. A first line `triangle` makes it a triangular grid, whose row `r` lists `r + 1` holes.
    pub fn parse(layout: &str) -> Result<Board, BoardError> {
        let mut lines: Vec<&str> = layout.lines().collect();
        let geometry = match lines.first().map(|l| l.trim()) {
            Some("triangle") => {
                lines.remove(0);
                Geometry::Triangle
            }
            Some("square") => {
                lines.remove(0);
                Geometry::Square
            }
            _ => Geometry::Square,
        };
        let first_line = usize::from(
            layout
                .lines()
                .next()
                .is_some_and(|l| matches!(l.trim(), "triangle" | "square")),
        );
        let mut holes = Vec::new();
        for (r, line) in lines.iter().enumerate() {
            let mut c = 0u8;
            for (col, ch) in line.trim_end().chars().enumerate() {
                match ch {
                    'o' | 'O' | 'x' | 'X' | '*' | '1' => holes.push((r as u8, c)),
                    '.' | '-' | '0' | ' ' | '_' => {}
                    found => {
                        return Err(BoardError::BadCharacter {
                            line: r + 1 + first_line,
                            column: col + 1,
                            found,
                        });
                    }
                }
                if geometry == Geometry::Square || !matches!(ch, ' ') {
                    c = c.saturating_add(1);
                }
            }
        }
        if geometry == Geometry::Triangle {
            // Holes were numbered by their place among the row's non-space characters: renumber from 0.
            let mut fixed = Vec::new();
            let rows = holes.iter().map(|h| h.0).max().map_or(0, |m| m + 1);
            for r in 0..rows {
                let n = holes.iter().filter(|h| h.0 == r).count();
                if n != usize::from(r) + 1 {
                    return Err(BoardError::NotATriangle(usize::from(r)));
                }
                fixed.extend((0..=r).map(|c| (r, c)));
            }
            holes = fixed;
        }
        Board::build("custom".to_string(), geometry, holes)
    }

    fn build(name: String, geometry: Geometry, holes: Vec<(u8, u8)>) -> Result<Board, BoardError> {
        if holes.is_empty() {
            return Err(BoardError::Empty);
        }
        if holes.len() > MAX_HOLES {
            return Err(BoardError::TooManyHoles(holes.len()));
        }
        let rows = holes.iter().map(|h| h.0).max().unwrap_or(0) + 1;
        let cols = holes.iter().map(|h| h.1).max().unwrap_or(0) + 1;
        let find = |r: i32, c: i32| -> Option<u8> {
            holes
                .iter()
                .position(|&h| i32::from(h.0) == r && i32::from(h.1) == c)
                .map(|i| i as u8)
        };
        let dirs: &[(i32, i32)] = match geometry {
            Geometry::Square => &[(0, 1), (0, -1), (1, 0), (-1, 0)],
            Geometry::Triangle => &[(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)],
        };
        let mut jumps = Vec::new();
        for (i, &(r, c)) in holes.iter().enumerate() {
            for &(dr, dc) in dirs {
                let (r, c) = (i32::from(r), i32::from(c));
                if let (Some(over), Some(to)) = (find(r + dr, c + dc), find(r + 2 * dr, c + 2 * dc))
                {
                    jumps.push(Jump {
                        from: i as u8,
                        over,
                        to,
                    });
                }
            }
        }
        if jumps.is_empty() {
            return Err(BoardError::NoJumps);
        }
        let into = (0..holes.len() as u8)
            .map(|h| jumps.iter().copied().filter(|j| j.to == h).collect())
            .collect();
        let from = (0..holes.len() as u8)
            .map(|h| jumps.iter().copied().filter(|j| j.from == h).collect())
            .collect();
        let mut board = Board {
            name,
            geometry,
            rows,
            cols,
            holes,
            jumps,
            into,
            from,
            symmetries: Vec::new(),
        };
        board.symmetries = board.find_symmetries();
        Ok(board)
    }

    /// The symmetries of the board: maps of holes onto holes that map jumps onto jumps, the identity first.
    fn find_symmetries(&self) -> Vec<Vec<u8>> {
        let (rows, cols) = (i32::from(self.rows), i32::from(self.cols));
        let candidates: Vec<Transform> = match self.geometry {
            Geometry::Square => vec![
                Box::new(|r, c| (r, c)),
                Box::new(move |r, c| (r, cols - 1 - c)),
                Box::new(move |r, c| (rows - 1 - r, c)),
                Box::new(move |r, c| (rows - 1 - r, cols - 1 - c)),
                Box::new(|r, c| (c, r)),
                Box::new(move |r, c| (c, rows - 1 - r)),
                Box::new(move |r, c| (cols - 1 - c, r)),
                Box::new(move |r, c| (cols - 1 - c, rows - 1 - r)),
            ],
            Geometry::Triangle => {
                // Barycentric coordinates (a, b, d) = (c, r - c, n - 1 - r) sum to n - 1; the symmetries permute them.
                let n = rows;
                let to_rc = move |a: i32, _b: i32, d: i32| (n - 1 - d, a);
                vec![
                    Box::new(move |r, c| to_rc(c, r - c, n - 1 - r)),
                    Box::new(move |r, c| to_rc(r - c, c, n - 1 - r)),
                    Box::new(move |r, c| to_rc(c, n - 1 - r, r - c)),
                    Box::new(move |r, c| to_rc(n - 1 - r, r - c, c)),
                    Box::new(move |r, c| to_rc(r - c, n - 1 - r, c)),
                    Box::new(move |r, c| to_rc(n - 1 - r, c, r - c)),
                ]
            }
        };
        let jumps: std::collections::HashSet<Jump> = self.jumps.iter().copied().collect();
        let mut out: Vec<Vec<u8>> = Vec::new();
        for t in candidates {
            let image: Option<Vec<u8>> = self
                .holes
                .iter()
                .map(|&(r, c)| {
                    let (r2, c2) = t(i32::from(r), i32::from(c));
                    self.hole_at(r2, c2)
                })
                .collect();
            let Some(image) = image else { continue };
            let maps_jumps = self.jumps.iter().all(|j| {
                jumps.contains(&Jump {
                    from: image[usize::from(j.from)],
                    over: image[usize::from(j.over)],
                    to: image[usize::from(j.to)],
                })
            });
            if maps_jumps && !out.contains(&image) {
                out.push(image);
            }
        }
        out
    }

    fn hole_at(&self, r: i32, c: i32) -> Option<u8> {
        self.holes
            .iter()
            .position(|&h| i32::from(h.0) == r && i32::from(h.1) == c)
            .map(|i| i as u8)
    }

    /// The board's name (`english`, or `custom` for a layout).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How holes neighbour each other.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Rows and columns of the layout.
    pub fn size(&self) -> (u8, u8) {
        (self.rows, self.cols)
    }

    /// `(row, column)` of every hole, in bit order.
    pub fn holes(&self) -> &[(u8, u8)] {
        &self.holes
    }

    /// The hole at `(row, column)`, if there is one.
    pub fn hole(&self, row: u8, col: u8) -> Option<u8> {
        self.hole_at(i32::from(row), i32::from(col))
    }

    /// Hole `h` in the usual peg solitaire notation, as people read and type it everywhere: its column as a letter
    /// from `a` at the left, its row as a number from 1 at the top (the English board's centre is `d4`; a column
    /// past `z` is `aa`, `ab`, ...).
    pub fn hole_text(&self, h: u8) -> String {
        let (r, c) = self.holes[usize::from(h)];
        format!("{}{}", column_name(c), u32::from(r) + 1)
    }

    /// The hole written as [`Board::hole_text`] writes it (`d4`, any case), or as links made before wrote it
    /// (`row,column`, numbers from 0: `3,3`), or why there is none.
    pub fn parse_hole(&self, text: &str) -> Result<u8, String> {
        let t = text.trim();
        let bad =
            || format!("'{text}' is not a hole: write its column letter and row number, like d4");
        let (r, c) = match t.split_once(',') {
            Some((r, c)) => {
                let r: u8 = r.trim().parse().map_err(|_| bad())?;
                let c: u8 = c.trim().parse().map_err(|_| bad())?;
                (u32::from(r), u32::from(c))
            }
            None => {
                let split = t
                    .find(|ch: char| !ch.is_ascii_alphabetic())
                    .filter(|&i| i > 0)
                    .ok_or_else(bad)?;
                let (letters, digits) = t.split_at(split);
                let c = letters
                    .bytes()
                    .map(|b| u32::from(b.to_ascii_lowercase() - b'a') + 1)
                    .try_fold(0u32, |n, d| n.checked_mul(26)?.checked_add(d))
                    .filter(|&n| letters.len() <= 3 && n > 0)
                    .ok_or_else(bad)?
                    - 1;
                let r: u32 = digits.parse().map_err(|_| bad())?;
                (r.checked_sub(1).ok_or_else(bad)?, c)
            }
        };
        let found = u8::try_from(r)
            .ok()
            .zip(u8::try_from(c).ok())
            .and_then(|(r, c)| self.hole(r, c));
        found.ok_or_else(|| {
            format!(
                "there is no hole {} on this board (columns a to {}, rows 1 to {})",
                format_args!("{}{}", column_name(c.min(255) as u8), r + 1),
                column_name(self.cols.saturating_sub(1)),
                self.rows
            )
        })
    }

    /// The hole a game starts from when none is named: the centre of a square layout, the top of a triangle; `d2`
    /// on the French and diamond boards, from whose centres no game ends on one peg (see [`Board::default_finish`]).
    pub fn default_start(&self) -> u8 {
        if matches!(self.name.as_str(), "french" | "diamond") {
            return self.hole(1, 3).unwrap_or(0);
        }
        match self.geometry {
            Geometry::Triangle => 0,
            Geometry::Square => self.hole(self.rows / 2, self.cols / 2).unwrap_or(0),
        }
    }

    /// The hole the last peg ends in when no finish is named, for a game from `start`: `start` itself, except from
    /// `d2` on the French board (its classic game ends at `d6`; its centre game, and `d2` back to `d2`, cannot be
    /// won) and on the diamond board (to `c5`, a game its search finds in seconds; the centre game cannot be won).
    pub fn default_finish(&self, start: u8) -> u8 {
        let to = match self.name.as_str() {
            "french" => (5, 3),
            "diamond" => (4, 2),
            _ => return start,
        };
        if self.holes[usize::from(start)] != (1, 3) {
            return start;
        }
        self.hole(to.0, to.1).unwrap_or(start)
    }

    /// Every jump of the board.
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// Calls `f` for every legal jump in `pos`, looking only at the jumps into its empty holes or out of its pegs,
    /// whichever are fewer; returns whether there was one.
    #[inline]
    pub fn for_each_legal(&self, pos: Position, mut f: impl FnMut(Jump)) -> bool {
        let pegs = pos.count_ones() as usize;
        let (mut rest, lists) = if pegs * 2 > self.holes.len() {
            (self.complement(pos), &self.into)
        } else {
            (pos, &self.from)
        };
        let mut any = false;
        while rest != 0 {
            let h = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &j in &lists[h] {
                if j.legal(pos) {
                    any = true;
                    f(j);
                }
            }
        }
        any
    }

    /// Every hole filled.
    pub fn full(&self) -> Position {
        if self.holes.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.holes.len()) - 1
        }
    }

    /// The complement of `pos` on this board: holes with pegs become empty and the other way round.
    pub fn complement(&self, pos: Position) -> Position {
        !pos & self.full()
    }

    /// The symmetries, each as the image of every hole (the identity first).
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }

    /// Applies symmetry `s` to `pos`.
    pub fn apply(&self, s: usize, pos: Position) -> Position {
        let map = &self.symmetries[s];
        let mut out = 0;
        let mut rest = pos;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            out |= 1 << map[i];
            rest &= rest - 1;
        }
        out
    }

    /// The position class of `pos` (Conway's "rule of three"): for every labelling of the holes by 0, 1, 2 that gives
    /// the three holes of every jump three different labels, a jump changes the number of pegs on each label by one,
    /// so the parities of pegs on labels 0 and 1 together, and on 1 and 2 together, never change. Two positions of
    /// different classes are never reached one from the other.
    pub fn class_of(&self, pos: Position) -> u8 {
        let labellings: [fn(i32, i32) -> i32; 2] = [|r, c| r + c, |r, c| r - c];
        let mut bits = 0u8;
        for (k, label) in labellings.iter().enumerate() {
            let of = |h: u8| {
                let (r, c) = self.holes[usize::from(h)];
                label(i32::from(r), i32::from(c)).rem_euclid(3)
            };
            let valid = self.jumps.iter().all(|j| {
                let (x, y, z) = (of(j.from), of(j.over), of(j.to));
                x != y && y != z && x != z
            });
            if !valid {
                continue;
            }
            let mut n = [0u32; 3];
            for h in 0..self.holes.len() as u8 {
                if pos >> h & 1 == 1 {
                    n[of(h) as usize] += 1;
                }
            }
            bits |=
                (((n[0] + n[1]) % 2) as u8) << (2 * k) | (((n[1] + n[2]) % 2) as u8) << (2 * k + 1);
        }
        bits
    }

    /// The position as text, a row per line: `o` a peg, `.` an empty hole, ` ` no hole.
    pub fn show(&self, pos: Position) -> String {
        let mut grid = vec![vec![' '; usize::from(self.cols)]; usize::from(self.rows)];
        for (i, &(r, c)) in self.holes.iter().enumerate() {
            grid[usize::from(r)][usize::from(c)] = if pos >> i & 1 == 1 { 'o' } else { '.' };
        }
        grid.iter()
            .map(|row| row.iter().collect::<String>().trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A map of `(row, column)` to `(row, column)`: a candidate symmetry.
type Transform = Box<dyn Fn(i32, i32) -> (i32, i32)>;

/// Bits of a position mapped by one table read.
const CHUNK: usize = 11;

/// A subgroup of a board's symmetries, with tables that map a position in a few reads, and the canonical member
/// of a position's class (the least image).
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// Entry `(s * chunks + c) << CHUNK | v`: the image under symmetry `s` of the bits `v` in chunk `c` (three reads
    /// map an English position).
    table: Vec<u64>,
    chunks: usize,
    len: usize,
    /// `holes[s][h]`: the hole symmetry `s` maps hole `h` to, for the images of a jump's three holes.
    holes: Vec<[u8; 64]>,
}

/// Most symmetries a board has (the square's: 4 rotations, each reflected or not).
pub const MAX_SYMMETRIES: usize = 8;

impl Symmetry {
    /// The symmetries of `board` (by index) that keep every position in `fixed` fixed.
    pub fn fixing(board: &Board, fixed: &[Position]) -> Symmetry {
        let keep: Vec<usize> = (0..board.symmetries().len())
            .filter(|&s| fixed.iter().all(|&p| board.apply(s, p) == p))
            .collect();
        Symmetry::of(board, &keep)
    }

    /// The symmetries of `board` that map the set `fixed` onto itself (each member may move).
    pub fn keeping_set(board: &Board, fixed: &[Position]) -> Symmetry {
        let keep: Vec<usize> = (0..board.symmetries().len())
            .filter(|&s| fixed.iter().all(|&p| fixed.contains(&board.apply(s, p))))
            .collect();
        Symmetry::of(board, &keep)
    }

    /// Only the identity: every position is its own class.
    pub fn none(board: &Board) -> Symmetry {
        Symmetry::of(board, &[0])
    }

    /// The symmetries of `board` with these indices (index 0, the identity, should be among them).
    pub fn of_indices(board: &Board, keep: &[usize]) -> Symmetry {
        Symmetry::of(board, keep)
    }

    fn of(board: &Board, keep: &[usize]) -> Symmetry {
        // A layout's symmetries are those of its grid: at most the square's 8 (the triangle's 6).
        debug_assert!(keep.len() <= MAX_SYMMETRIES);
        let chunks = board.holes().len().div_ceil(CHUNK);
        let mut table = Vec::with_capacity((keep.len() * chunks) << CHUNK);
        for &s in keep {
            for c in 0..chunks {
                for v in 0..1u64 << CHUNK {
                    table.push(board.apply(s, (v << (CHUNK * c)) & board.full()));
                }
            }
        }
        let holes = keep
            .iter()
            .map(|&s| {
                let mut map = [0u8; 64];
                for (h, to) in map.iter_mut().enumerate().take(board.holes().len()) {
                    *to = board.apply(s, 1 << h).trailing_zeros() as u8;
                }
                map
            })
            .collect();
        Symmetry {
            table,
            chunks,
            len: keep.len(),
            holes,
        }
    }

    /// How many symmetries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none (never: the identity is always kept).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The image of `pos` under symmetry `s` of this group.
    #[inline]
    pub fn image(&self, s: usize, pos: Position) -> Position {
        let mask = (1u64 << CHUNK) - 1;
        let mut out = 0;
        for c in 0..self.chunks {
            let v = ((pos >> (CHUNK * c)) & mask) as usize;
            out |= self.table[((s * self.chunks + c) << CHUNK) | v];
        }
        out
    }

    /// The canonical member of `pos`'s class: its least image.
    #[inline]
    pub fn canonical(&self, pos: Position) -> Position {
        (1..self.len).fold(pos, |m, s| m.min(self.image(s, pos)))
    }

    /// The images of `pos` under every symmetry (the identity's first), for [`Symmetry::canonical_after`]; the
    /// slots past [`Symmetry::len`] are unused.
    #[inline]
    pub fn images(&self, pos: Position) -> [Position; MAX_SYMMETRIES] {
        let mut images = [pos; MAX_SYMMETRIES];
        for (s, image) in images.iter_mut().enumerate().take(self.len).skip(1) {
            *image = self.image(s, pos);
        }
        images
    }

    /// The canonical member of the class of `pos ^ j.mask()`, given `images` of `pos`: a symmetry maps holes to
    /// holes, so the image of the child is the parent's image with the jump's three holes' images flipped (a few
    /// reads of a small table, instead of mapping the whole child again).
    #[inline]
    pub fn canonical_after(&self, images: &[Position; MAX_SYMMETRIES], j: Jump) -> Position {
        let mut least = Position::MAX;
        for (image, map) in images.iter().zip(&self.holes) {
            let flip = (1 << map[usize::from(j.from)])
                | (1 << map[usize::from(j.over)])
                | (1 << map[usize::from(j.to)]);
            least = least.min(image ^ flip);
        }
        least
    }

    /// How many distinct positions `pos`'s class holds.
    pub fn class_size(&self, pos: Position) -> u128 {
        // At most 8 images: count the distinct ones without allocating (this runs once per stored class).
        let mut images = [0u64; MAX_SYMMETRIES];
        let mut distinct = 0;
        for s in 0..self.len.min(MAX_SYMMETRIES) {
            let img = self.image(s, pos);
            if !images[..distinct].contains(&img) {
                images[distinct] = img;
                distinct += 1;
            }
        }
        distinct as u128
    }
}

/// Column `c` (from 0) as a letter: `a` to `z`, then `aa`, `ab`, ...
fn column_name(c: u8) -> String {
    let mut n = u32::from(c) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        n -= 1;
        letters.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
    }
    letters.iter().rev().collect()
}
