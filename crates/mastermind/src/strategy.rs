//! Strategies: the menu of ways the codebreaker chooses its next guess, their names, what they can do and why
//! they fail. Choosing is in [`crate::play::choose`]; scoring candidate guesses in `scoring`.
//!
//! `first-consistent` and `random-consistent` only need the consistent-code search and work at any size.
//! The partition strategies (`knuth`, `most-parts`, `entropy`, `expected-size`) score every code as a
//! candidate guess by how it splits the consistent codes into feedback classes, so they are limited to games
//! whose codes can all be listed; above that they answer with `random-consistent` and say so. All of them
//! break ties the way Knuth did: a consistent guess first, then the lowest code.

use std::fmt;
use std::str::FromStr;

use crate::Spec;
use crate::search::Stopped;

/// A way of choosing the next guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The lexicographically first code consistent with the history.
    FirstConsistent,
    /// A consistent code drawn at random (uniformly where the consistent codes can be counted).
    RandomConsistent,
    /// Knuth's minimax (1977): the guess whose largest feedback class is smallest.
    Knuth,
    /// Kooi's "most parts" (2005): the guess that splits the consistent codes into the most classes.
    MostParts,
    /// Neuwirth's entropy (1982): the guess whose feedback tells the most, in bits.
    Entropy,
    /// Irving's expected size (1979): the guess whose class, for a random consistent secret, is smallest on
    /// average.
    ExpectedSize,
    /// The guess that starts a tree with the fewest guesses on average over the secrets still possible
    /// (Koyama and Lai 1993), found by branch and bound (see [`crate::optimal`]).
    Optimal,
    /// Local search for a code (almost) consistent with every score, for games far too big to search
    /// exactly (see [`crate::local`]).
    LocalSearch,
    /// A sample of codes that fit every score, and of those the one whose answers split the sample most evenly
    /// (for huge games).
    SampledSplit,
    /// The seed's other approach to huge games: count the colours, then find each colour's pegs in turn, with a
    /// colour missing from the secret on the pegs a test leaves out (see [`crate::by_colour`]).
    ColourByColour,
}

impl Strategy {
    /// Every strategy, in the order menus show them.
    pub const ALL: [Strategy; 10] = [
        Strategy::RandomConsistent,
        Strategy::FirstConsistent,
        Strategy::Knuth,
        Strategy::MostParts,
        Strategy::Entropy,
        Strategy::ExpectedSize,
        Strategy::Optimal,
        Strategy::LocalSearch,
        Strategy::SampledSplit,
        Strategy::ColourByColour,
    ];

    /// The name used by the CLI, links and the worker protocol.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::FirstConsistent => "first-consistent",
            Strategy::RandomConsistent => "random-consistent",
            Strategy::Knuth => "knuth",
            Strategy::MostParts => "most-parts",
            Strategy::Entropy => "entropy",
            Strategy::ExpectedSize => "expected-size",
            Strategy::Optimal => "optimal",
            Strategy::LocalSearch => "local-search",
            Strategy::SampledSplit => "sampled-split",
            Strategy::ColourByColour => "colour-by-colour",
        }
    }

    /// Whether this strategy is one of those for huge games, which search for codes instead of listing them and
    /// choose by the scores themselves (no strategy tree to share between secrets).
    pub fn for_huge_games(self) -> bool {
        matches!(
            self,
            Strategy::LocalSearch | Strategy::SampledSplit | Strategy::ColourByColour
        )
    }

    /// Whether this strategy scores candidate guesses by the feedback classes they split the consistent codes
    /// into (and so needs every code listed).
    pub fn scores_partitions(self) -> bool {
        matches!(
            self,
            Strategy::Knuth | Strategy::MostParts | Strategy::Entropy | Strategy::ExpectedSize
        )
    }

    /// Whether this strategy chooses among every code listed (the partition strategies and optimal), so that a game
    /// too big to list, or a device without the listing's memory, hands it over.
    pub fn lists_codes(self) -> bool {
        self.scores_partitions() || self == Strategy::Optimal
    }

    /// One line for people choosing a strategy.
    pub fn describe(self) -> &'static str {
        match self {
            Strategy::FirstConsistent => {
                "plays the first code (in order) that fits every score so far"
            }
            Strategy::RandomConsistent => "plays a random code that fits every score so far",
            Strategy::Knuth => {
                "plays the code whose worst-case answer leaves the fewest possibilities"
            }
            Strategy::MostParts => {
                "plays the code whose answers split the possibilities into the most groups"
            }
            Strategy::Entropy => {
                "plays the code whose answer is expected to tell the most (in bits)"
            }
            Strategy::ExpectedSize => {
                "plays the code that leaves the fewest possibilities on average"
            }
            Strategy::Optimal => {
                "plays the code that solves in the fewest guesses on average (an exact search)"
            }
            Strategy::LocalSearch => {
                "finds colour counts, then an order of the pegs, that fit every score (for huge games)"
            }
            Strategy::SampledSplit => {
                "finds a sample of codes that fit every score, and plays the one whose answers split them most evenly (for huge games)"
            }
            Strategy::ColourByColour => {
                "counts the colours, then finds each colour's pegs in turn, halving (the seed's other approach to huge games)"
            }
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Strategy, String> {
        Strategy::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Strategy::ALL.iter().map(|s| s.name()).collect();
                format!("unknown strategy '{s}': choose one of {}", names.join(", "))
            })
    }
}

/// Why no guess could be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrategyError {
    /// No code fits every score: the history contradicts itself.
    Contradiction,
    /// The search was cancelled or ran out of budget.
    Stopped(Stopped),
    /// The request is too big to do exactly (the message says why).
    TooBig(String),
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategyError::Contradiction => {
                f.write_str("no code fits every score: the scores contradict each other")
            }
            StrategyError::Stopped(Stopped::Cancelled) => f.write_str("cancelled"),
            StrategyError::Stopped(Stopped::Budget) => {
                f.write_str("the search ran out of its time budget before finding a code")
            }
            StrategyError::TooBig(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StrategyError {}

impl From<Stopped> for StrategyError {
    fn from(s: Stopped) -> Self {
        StrategyError::Stopped(s)
    }
}

/// The most memory a game's listed codes may take (every code, as its pegs and its bit sets, and its index in the
/// set of codes still possible), for the strategies that list them all (`knuth`, [`crate::play::play_all`]): 1 GiB, which
/// lists 8x8 (16,777,216 codes, 512 MiB) natively and in a browser tab (whose memory stops at 2 GiB).
pub const MAX_LISTED_BYTES: u128 = 1 << 30;

/// Most pegs of a game whose codes are listed (its feedback classes are counted in bytes: 153 at 16 pegs).
pub const MAX_LISTED_PEGS: u8 = 16;

/// The most codes for which the page offers every secret played at once (7x7's 823,543 take minutes on two
/// threads; 8x8's 16,777,216 take days there, so they are a cluster job for the CLI's `stats --all --mpi`).
pub const MAX_PLAYED_ALL_IN_A_TAB: u128 = 1 << 20;

/// Bytes one listed code takes: its pegs, its bit sets (16 bytes where `pegs * colors <= 64`, else 32), the number
/// of its colour multiset and its index in the set of codes still possible.
pub fn bytes_per_listed_code(spec: &Spec) -> u128 {
    let bits = if crate::kernel::bits::listed_narrow(spec) {
        16
    } else {
        32
    };
    u128::from(spec.pegs) + bits + 4 + 4
}

/// The memory listing every code of `spec` takes, in bytes (`None`: more than `u128` holds).
pub fn listing_bytes(spec: &Spec) -> Option<u128> {
    spec.code_count()?.checked_mul(bytes_per_listed_code(spec))
}

/// Whether every code of `spec` can be listed, or why not (in words, with the memory it would take).
pub fn listable(spec: &Spec) -> Result<(), String> {
    if spec.pegs > MAX_LISTED_PEGS || u32::from(spec.pegs) * u32::from(spec.colors) > 128 {
        return Err(format!(
            "{spec}: codes of more than {MAX_LISTED_PEGS} pegs, or of more than 128 pegs times colours, are not \
             listed"
        ));
    }
    match listing_bytes(spec) {
        Some(bytes) if bytes <= MAX_LISTED_BYTES => Ok(()),
        bytes => Err(format!(
            "{spec} has {} codes, too many to list: listing them all takes {} ({} bytes a code), more than the {} allowed",
            spec.code_count()
                .map_or("more than 10^38".to_string(), |n| n.to_string()),
            bytes.map_or("more than 10^38 bytes".to_string(), size_text),
            bytes_per_listed_code(spec),
            size_text(MAX_LISTED_BYTES)
        )),
    }
}

/// A size in bytes for people, in binary units: "671 MiB", "1.0 GiB".
pub fn size_text(bytes: u128) -> String {
    let b = bytes as f64;
    match bytes {
        0..0x10_0000 => format!("{:.0} KiB", b / 1024.0),
        0x10_0000..0x4000_0000 => format!("{:.0} MiB", b / 1_048_576.0),
        _ => format!("{:.1} GiB", b / 1_073_741_824.0),
    }
}

/// More codes than this and the exact searches give way to [`FOR_HUGE`].
pub const MAX_SEARCHED_CODES: u128 = 1_000_000_000_000;

/// The strategy that chooses where the one asked for cannot (too many codes to search, or its exact search ran past
/// its budget), and the one the page suggests for huge games: the sampled split, which takes fewer guesses than
/// local search at every huge size measured, within 30 s a 100x20 game in a browser (BENCHMARKS.md).
pub const FOR_HUGE: Strategy = Strategy::SampledSplit;

/// Whether `spec` has too many codes for the exact consistent-code search to be sure of finishing in time.
pub fn too_big_to_search(spec: &Spec) -> bool {
    spec.code_count().is_none_or(|n| n > MAX_SEARCHED_CODES)
}
