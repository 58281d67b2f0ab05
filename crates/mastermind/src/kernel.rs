//! The kernel every strategy stands on: a game's size ([`spec`]), codes and rows, feedback and its reference
//! definition, codes as bit sets scored two ANDs and two population counts at a time ([`bits`]), the sixteen-lane
//! vector operations ([`vector`]) behind secrets laid out in columns ([`columns`]) and class sizes held in
//! registers ([`tally`]), the feedback benchmark's workload, and the one shuffle every seeded draw uses. Nothing
//! here knows a strategy.

pub(crate) mod bits;
pub(crate) mod code;
pub(crate) mod columns;
pub(crate) mod feedback;
pub(crate) mod random;
pub(crate) mod row;
pub(crate) mod spec;
pub(crate) mod tally;
pub(crate) mod vector;
pub(crate) mod workload;
