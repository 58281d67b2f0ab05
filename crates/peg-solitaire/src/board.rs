//! Boards as data: the holes (addressed as (row, column) from 0 in the board's own layout; named for people in
//! `names.rs`), the jumps between them as bit masks, and the board's symmetry group (as maps of holes; `symmetry.rs`
//! turns a subgroup into lookup tables).

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

    /// A jump drawn evenly from `pos`'s legal ones by the xorshift generator `rng` (advanced, never 0): the
    /// position after it and how many jumps there were to choose from; `None` at a dead end.
    pub fn random_jump(&self, pos: Position, rng: &mut u64) -> Option<(Position, u32)> {
        let mut choices = 0u32;
        self.for_each_legal(pos, |_| choices += 1);
        if choices == 0 {
            return None;
        }
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        let pick = (*rng % u64::from(choices)) as u32;
        let (mut seen, mut next) = (0u32, pos);
        self.for_each_legal(pos, |j| {
            if seen == pick {
                next = pos ^ j.mask();
            }
            seen += 1;
        });
        Some((next, choices))
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
