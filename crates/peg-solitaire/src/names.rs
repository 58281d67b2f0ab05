//! Holes as people name them (column letter, row number: the English board's centre is `d4`; links made before that
//! wrote `row,column` from 0, still read), and the game each board opens on.

use crate::board::{Board, Geometry};

impl Board {
    /// Hole `h` in the usual peg solitaire notation, as people read and type it everywhere: its column as a letter
    /// from `a` at the left, its row as a number from 1 at the top (the English board's centre is `d4`; a column
    /// past `z` is `aa`, `ab`, ...).
    pub fn hole_text(&self, h: u8) -> String {
        let (r, c) = self.holes()[usize::from(h)];
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
                column_name(self.size().1.saturating_sub(1)),
                self.size().0
            )
        })
    }

    /// The hole a game starts from when none is named: the centre of a square layout, the top of a triangle; `d2`
    /// on the French and diamond boards, from whose centres no game ends on one peg (see [`Board::default_finish`]).
    pub fn default_start(&self) -> u8 {
        if matches!(self.name(), "french" | "diamond") {
            return self.hole(1, 3).unwrap_or(0);
        }
        let (rows, cols) = self.size();
        match self.geometry() {
            Geometry::Triangle => 0,
            Geometry::Square => self.hole(rows / 2, cols / 2).unwrap_or(0),
        }
    }

    /// The hole the last peg ends in when no finish is named, for a game from `start`: `start` itself, except from
    /// `d2` on the French board (its classic game ends at `d6`; its centre game, and `d2` back to `d2`, cannot be
    /// won) and on the diamond board (to `c5`, a game its search finds in seconds; the centre game cannot be won).
    pub fn default_finish(&self, start: u8) -> u8 {
        let to = match self.name() {
            "french" => (5, 3),
            "diamond" => (4, 2),
            _ => return start,
        };
        if self.holes()[usize::from(start)] != (1, 3) {
            return start;
        }
        self.hole(to.0, to.1).unwrap_or(start)
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
