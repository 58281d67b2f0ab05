//! A subgroup of a board's symmetries as lookup tables: a position mapped under each symmetry in a few table reads,
//! the canonical member of a position's class (the least image), and a child's class from its parent's images.

use crate::board::{Board, Jump, Position};

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
