//! What a count is given and what it gives back: its [`Limits`], the [`Counted`] result level by level, and why it
//! stopped short ([`CountError`]), with the device check made before each level is built.

use std::fmt;
use std::path::PathBuf;

use progress::{Label, Unit};

/// The unit in which the levels of a count are tallied.
pub const LEVELS: Unit = Unit::new("level", "levels", Label::Ordinal);

/// The most holes a board may have for its counts of every game and its table of games to be offered in a browser
/// tab ([`Limits::BROWSER`]): the English board's 33 fit; on the French board's 37 the middle levels alone need about
/// 12 GB (`puzzle-lab pegs count --board french` says how much at the level where it stops).
pub const TAB_HOLES: usize = 33;

/// What a count may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes the levels' tables may hold at once; a count that would need more stops before it starts the level
    /// that would not fit and says how much it would need (unless levels may go to disk).
    pub max_bytes: u64,
    /// Where levels that do not fit in `max_bytes` may go to disk (a directory of the count's own is made there and
    /// removed when the count ends, also when it fails or is cancelled); none: they may not.
    pub spill_dir: Option<PathBuf>,
    /// Whether to use the board's symmetries (exactly: only those that keep the start and the finish).
    pub symmetry: bool,
    /// Whether to meet in the middle where the finish is one peg.
    pub meet_in_the_middle: bool,
    /// Whether to drop positions that pagoda functions prove cannot reach the finish (exact: they add nothing).
    pub prune: bool,
}

impl Limits {
    /// What a browser tab can give (wasm32 memory is at most 2 GiB, and the page lives there too).
    pub const BROWSER: Limits = Limits {
        max_bytes: 1 << 30,
        spill_dir: None,
        symmetry: true,
        meet_in_the_middle: true,
        prune: true,
    };
    /// A native run on this project's machines (24 GiB).
    pub const NATIVE: Limits = Limits {
        max_bytes: 12 << 30,
        spill_dir: None,
        symmetry: true,
        meet_in_the_middle: true,
        prune: true,
    };
}

/// One level of a count, as reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelStats {
    /// Pegs on its positions.
    pub pegs: u32,
    /// Distinct positions (every member of every class).
    pub positions: u64,
    /// Classes stored (positions up to the symmetries used).
    pub classes: u64,
    /// Paths from the start into the level's positions (from the finish, for the backward half).
    pub paths: u128,
    /// Whether it was reached backwards from the finish.
    pub backward: bool,
}

/// The result of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Games from the start to the finish.
    pub solutions: u128,
    /// Every level searched, forward levels first.
    pub levels: Vec<LevelStats>,
    /// Distinct positions searched (both halves).
    pub positions: u64,
    /// The most bytes the levels' tables held at once (on the rank that held most, when shared).
    pub peak_bytes: u64,
    /// The most bytes of levels on disk at once (0 when every level stayed in memory).
    pub disk_bytes: u64,
    /// How many times a level was gone through again: a level built on disk in several ranges of shards expands
    /// the one before it once per range, and a meet with a level on disk goes through its own once per range of
    /// the other read back. 0 where each was gone through once, on disk or not.
    pub rereads: u64,
    /// Symmetries used.
    pub symmetries: usize,
    /// Pegs of the level where the halves met, if they did.
    pub met_at: Option<u32>,
}

/// Why a count did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The observer asked to stop.
    Cancelled,
    /// The next level would not fit in `Limits::max_bytes`.
    TooBig {
        /// Pegs of the level that would not fit.
        pegs: u32,
        /// About how many bytes the count would need at once.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// The finish hole is not a hole of the board.
    NoSuchHole(u8),
    /// The start has no peg.
    Empty,
    /// This needs a one-peg finish (a hole, or any-one).
    NeedsOnePeg,
    /// A level's temporary files could not be written or read.
    Disk(String),
    /// The device did not give the memory the next level needs, asked before building it (a browser tab on a
    /// phone may refuse long before `Limits::max_bytes`).
    DeviceMemory {
        /// Pegs of the level that would not fit.
        pegs: u32,
        /// The bytes asked for.
        needed: u64,
    },
}

/// Whether this device gives `bytes` of memory now: the block is reserved and given back at once (the allocator
/// keeps it for the level about to be built). A refused grow in the middle of building a level would abort the
/// thread instead.
pub(crate) fn device_gives(bytes: u64) -> bool {
    usize::try_from(bytes).is_ok_and(|b| Vec::<u8>::new().try_reserve_exact(b).is_ok())
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Cancelled => f.write_str("cancelled"),
            CountError::TooBig {
                pegs,
                needed,
                limit,
            } => write!(
                f,
                "this count does not fit: the level of {pegs} pegs would need about {} of memory at once, more \
                 than the {} allowed here",
                human_bytes(*needed),
                human_bytes(*limit)
            ),
            CountError::NoSuchHole(h) => write!(f, "hole {h} is not on this board"),
            CountError::Empty => f.write_str("the start has no peg"),
            CountError::NeedsOnePeg => {
                f.write_str("this needs a finish with one peg (a hole, or any-one)")
            }
            CountError::Disk(e) => write!(f, "a level's temporary file failed: {e}"),
            CountError::DeviceMemory { pegs, needed } => write!(
                f,
                "this count needs more memory than this device gave: the level of {pegs} pegs needs about {} at \
                 once",
                human_bytes(*needed)
            ),
        }
    }
}

impl std::error::Error for CountError {}

/// Bytes for people: `812 MB`, `3.1 GB`.
pub fn human_bytes(n: u64) -> String {
    if n >= 1 << 30 {
        format!("{:.1} GB", n as f64 / f64::from(1u32 << 30))
    } else {
        format!("{} MB", n.div_ceil(1 << 20))
    }
}
