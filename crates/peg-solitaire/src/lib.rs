//! Peg solitaire as a pure library: boards as data, positions as 64-bit words, and exact counts of every game.
//!
//! A jump takes a peg over a neighbour into an empty hole and removes the neighbour. The counts follow the seed
//! report's breadth-first search (a level per number of pegs, each position once with the number of paths into it)
//! and do better where it struggled: classes of positions under the symmetries that keep the start and the finish
//! (exact: a class stores the paths into the whole class), meeting in the middle where the finish is one peg
//! (a jump backwards is a jump forwards on the complemented position), 128-bit counts, and levels cut into many
//! more shards than threads so that work stealing keeps every thread busy. Progress is reported per shard and per
//! level ([`progress`]), and a count that would not fit says how much memory it would need.
//!
//! # Where each question is answered
//!
//! | question | modules, in the order it passes through them |
//! |---|---|
//! | the board, its holes and names | `board` (holes, jumps as masks, symmetries), `names` (`d4`), `finish` |
//! | how many games reach the finish? | `count` → `levels` (a level in shards, built on the pool; `shard`, `symmetry`) → `prune` (`pagoda`, `rule_of_three`); across processes `ranks` |
//! | about how many, where an exact count needs more memory than there is? | `estimate` (exact first levels, then random games weighed by their choices) → `levels` |
//! | which start of a board of one's own can be won? | `winnable` (`winnable_start`) → `analysis` (the finishes) → `rule_of_three`, `pagoda`, `search` |
//! | can the finish still be reached? | `analysis` ([`Analyst`]) → `rule_of_three`, [`pagoda`] (proofs) → `opening`, `winning`, `table`, `starts` (shipped and built figures; a winning book is built natively and fetched by the page's worker) → `search` (depth first, two sides on the pool sharing what they proved lost, never gives up) and `beam` (a quick game); the answer is a `verdict` |
//! | how many games go through each jump? | `table` (every reachable position, built once), else `per_jump` |
//!
//! ```
//! use peg_solitaire::{Board, Finish, Limits, count};
//!
//! let board = Board::named("triangle").unwrap();
//! let top = board.hole(0, 0).unwrap();
//! let start = board.full() & !(1 << top);
//! let counted = count(&board, start, Finish::AnyOne, &Limits::NATIVE, &progress::NoObserver).unwrap();
//! assert_eq!(counted.solutions, 29_760);
//! ```

mod analysis;
mod beam;
mod board;
mod count;
mod estimate;
mod finish;
mod levels;
mod names;
mod opening;
pub mod pagoda;
mod per_jump;
mod prune;
mod ranks;
mod rule_of_three;
mod search;
mod shard;
mod starts;
mod symmetry;
mod table;
mod varint;
mod verdict;
mod winnable;
mod winning;

pub use analysis::{AHEAD_FROM, Analyst, Game, SEARCH_FIRST, ahead_from, solve};
pub use board::{
    Board, BoardError, DIAMOND, ENGLISH, FRENCH, Geometry, Jump, MAX_HOLES, NAMED, Position,
};
pub use count::{
    CountError, Counted, LEVELS, LevelStats, Limits, TAB_HOLES, count, count_shared, human_bytes,
};
pub use estimate::{EstimatePlan, Estimated, REPEATS, estimate};
pub use finish::{Finish, finished};
pub use levels::SHARDS;
pub use opening::{OPENING_LEVELS, Opening};
pub use per_jump::jump_counts;
pub use ranks::{Alone, Ranks};
pub use rule_of_three::{class_of, class_proof};
pub use search::POSITIONS;
pub use starts::{
    StartCount, StartEstimate, StartOutlook, class_hole, parse_estimates, parse_table, shipped,
    shipped_estimate, shipped_estimates, shipped_games, start_holes, start_outlook, table_text,
};
pub use symmetry::Symmetry;
pub use table::{Table, TableBuild};
pub use verdict::{Lost, ParityCount, Source, Verdict};
pub use winnable::winnable_start;
pub use winning::{BookBuilt, WinningBook, build as build_book};

#[cfg(test)]
mod tests;
