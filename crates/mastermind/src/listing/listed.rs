//! Every code of a game small enough to list, packed once and named by its index (its rank in lexicographic
//! order). The strategies that score every code as a guess, and the strategy tree, work on these indices: no
//! code is copied or packed again inside their loops.

use rayon::prelude::*;

use crate::kernel::bits::{Bits, Secrets, listed_narrow};
use crate::listing::books::Books;
use crate::listing::multisets::Multisets;
use crate::strategy::{self, StrategyError};
use crate::{Code, Feedback, Row, Spec};

/// Every code of a game, in lexicographic order, with its bit sets: the pegs of all codes in one buffer (no
/// allocation per code), and the bit sets in 64-bit words where the game fits them, so that 8x8's 16,777,216 codes
/// take 512 MiB with their bit sets and colour multisets ([`strategy::bytes_per_listed_code`]).
pub(crate) struct Listed {
    /// The game.
    pub(crate) spec: Spec,
    /// The pegs of code `i` at `pegs[i * spec.pegs..]`.
    pegs: Vec<u8>,
    /// Code `i` as bit sets, for scoring ([`Listed::bits`]).
    bits: Packed,
    /// The colours of code `i` with their multiplicities, as a number among [`Multisets::colours`]: codes that
    /// are arrangements of the same colours share it.
    pub(crate) multiset: Vec<u32>,
    /// The colour multisets of the codes and of their first pegs.
    pub(crate) multisets: Multisets,
    /// [`Bits::place_bit`] of each peg and colour, at `peg * colors + colour`: a load where the walk that builds
    /// candidates places a peg, not a 128-bit shift (which wasm has no instruction for).
    pub(crate) place_bits: Vec<u128>,
}

impl Listed {
    /// Lists every code of `spec`, if they can be listed ([`strategy::listable`]).
    pub(crate) fn new(spec: &Spec) -> Result<Listed, StrategyError> {
        strategy::listable(spec).map_err(StrategyError::TooBig)?;
        device_gives(spec)?;
        let width = usize::from(spec.pegs);
        let mut pegs = Vec::new();
        let mut code = Vec::with_capacity(width);
        list(spec, &mut code, &mut pegs);
        let bits = if listed_narrow(spec) {
            Packed::Narrow(
                pegs.par_chunks(width)
                    .map(|c| Bits::new(c, spec.colors).words::<u64>())
                    .collect(),
            )
        } else {
            Packed::Wide(
                pegs.par_chunks(width)
                    .map(|c| Bits::new(c, spec.colors))
                    .collect(),
            )
        };
        let multisets = Multisets::new(spec);
        let multiset = pegs.par_chunks(width).map(|c| multisets.of(c)).collect();
        let place_bits = (0..width)
            .flat_map(|peg| (0..spec.colors).map(move |c| Bits::place_bit(peg, c, spec.colors)))
            .collect();
        Ok(Listed {
            spec: *spec,
            pegs,
            bits,
            multiset,
            multisets,
            place_bits,
        })
    }

    /// The index of `code`, a code of this game.
    pub(crate) fn index_of(&self, code: &Code) -> u32 {
        self.rank(code.pegs())
    }

    /// The index of the code with these pegs.
    pub(crate) fn rank(&self, pegs: &[u8]) -> u32 {
        if self.spec.repeats {
            // Lexicographic order of codes with repeats is counting in base `colors`.
            let base = u32::from(self.spec.colors);
            pegs.iter().fold(0, |r, &c| r * base + u32::from(c))
        } else {
            let (mut low, mut high) = (0, self.len());
            while low < high {
                let mid = (low + high) / 2;
                if self.pegs(mid as u32) < pegs {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            low as u32
        }
    }

    /// The pegs of code `i`.
    pub(crate) fn pegs(&self, i: u32) -> &[u8] {
        let width = usize::from(self.spec.pegs);
        &self.pegs[i as usize * width..][..width]
    }

    /// The indices of the codes that fit every row of `history` (scored on the bit sets, on every thread), in
    /// order.
    pub(crate) fn consistent(&self, history: &[Row]) -> Vec<u32> {
        let rows: Vec<(Bits, Feedback)> = history
            .iter()
            .map(|r| (Bits::new(r.guess.pegs(), self.spec.colors), r.feedback))
            .collect();
        (0..self.len() as u32)
            .into_par_iter()
            .filter(|&i| {
                let code = self.bits(i);
                rows.iter().all(|(guess, fb)| guess.score(&code) == *fb)
            })
            .collect()
    }

    /// The indices of `codes` (codes of this game, sorted), sorted.
    pub(crate) fn indices_of(&self, codes: &[Code]) -> Vec<u32> {
        codes.iter().map(|c| self.index_of(c)).collect()
    }

    /// The codes of `set` (indices) laid out for scoring one guess against them all ([`Secrets`]).
    pub(crate) fn secrets(&self, set: &[u32]) -> Secrets {
        Secrets::new(&self.spec, set.iter().map(|&i| self.bits(i)))
    }

    /// Code `i`.
    pub(crate) fn code(&self, i: u32) -> Code {
        Code::from_valid(self.pegs(i).to_vec())
    }

    /// The codes of `set` (sorted indices) that `guess` does not win against, split by feedback: each
    /// non-empty class with its [`crate::Feedback::index`], in feedback order, each class sorted.
    pub(crate) fn split(&self, set: &[u32], guess: u32) -> Vec<(usize, Vec<u32>)> {
        let pegs = self.spec.pegs;
        let g = self.bits(guess);
        let mut classes: Vec<Vec<u32>> = vec![Vec::new(); Feedback::index_count(pegs)];
        for &s in set {
            let fb = g.score(&self.bits(s));
            if !fb.is_win(pegs) {
                classes[fb.index()].push(s);
            }
        }
        classes
            .into_iter()
            .enumerate()
            .filter(|(_, class)| !class.is_empty())
            .collect()
    }

    /// How many codes there are.
    pub(crate) fn len(&self) -> usize {
        match &self.bits {
            Packed::Narrow(words) => words.len(),
            Packed::Wide(bits) => bits.len(),
        }
    }

    /// Code `i` as bit sets, for scoring ([`Bits`]).
    #[inline(always)]
    pub(crate) fn bits(&self, i: u32) -> Bits {
        match &self.bits {
            Packed::Narrow(words) => {
                let (place, count) = words[i as usize];
                Bits::from_words(place.into(), count.into())
            }
            Packed::Wide(bits) => bits[i as usize],
        }
    }
}

/// The codes' bit sets in the narrowest words their game fits: two `u64` a code where `pegs * colors <= 64` (8x8,
/// 7x7, 6x9: 16 bytes a code less than [`Bits`] takes, 256 MiB at 8x8), else as they are.
enum Packed {
    Narrow(Vec<(u64, u64)>),
    Wide(Vec<Bits>),
}

/// The codes of the last game a player chose guesses in, listed once and kept between its guesses by whoever plays
/// them (a game's loop, the worker between jobs): listing 8x8's 16,777,216 codes takes 1.7 s natively and 1.6 s or
/// more in a browser tab, for every guess otherwise. Holds one game's codes at most: another game's replace them.
/// It holds the opening books given to it too ([`Books`]), so that a game's first guesses can use them.
#[derive(Default)]
pub struct Listing {
    listed: Option<Listed>,
    books: Books,
}

impl Listing {
    /// An empty listing: the first guess lists its game's codes.
    pub fn new() -> Listing {
        Listing::default()
    }

    /// The codes of `spec`, listed now unless they already are.
    pub(crate) fn of(&mut self, spec: &Spec) -> Result<&Listed, StrategyError> {
        if self.listed.as_ref().is_some_and(|l| l.spec != *spec) {
            // The old game's codes go before the new ones are listed: at 8x8 they take 512 MiB.
            self.listed = None;
        }
        let listed = match self.listed.take() {
            Some(listed) => listed,
            None => Listed::new(spec)?,
        };
        Ok(self.listed.insert(listed))
    }

    /// The opening books given to it ([`crate::opening::wanted`]).
    pub(crate) fn books(&self) -> &Books {
        &self.books
    }

    /// The same, to give it one.
    pub(crate) fn books_mut(&mut self) -> &mut Books {
        &mut self.books
    }
}

/// Whether this device gives the memory a listing of `spec` takes, asked before listing: a browser tab on a phone
/// may refuse to grow its memory long before the listing limit, and a refused grow in the middle of listing
/// aborts the thread. The block is reserved and given back at once: the allocator keeps it for the listing.
fn device_gives(spec: &Spec) -> Result<(), StrategyError> {
    let Some(bytes) = strategy::listing_bytes(spec).and_then(|b| usize::try_from(b).ok()) else {
        return Ok(()); // listable, so this cannot happen; the listing's own limits apply
    };
    Vec::<u8>::new().try_reserve_exact(bytes).map_err(|_| {
        StrategyError::TooBig(format!(
            "listing the codes of {spec} takes {}, and this device did not give that much memory",
            strategy::size_text(bytes as u128)
        ))
    })
}

/// Appends every code of `spec` that begins with `code` to `out`, in lexicographic order.
fn list(spec: &Spec, code: &mut Vec<u8>, out: &mut Vec<u8>) {
    if code.len() == usize::from(spec.pegs) {
        out.extend_from_slice(code);
        return;
    }
    for c in 0..spec.colors {
        if spec.repeats || !code.contains(&c) {
            code.push(c);
            list(spec, code, out);
            code.pop();
        }
    }
}
