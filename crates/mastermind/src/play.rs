//! Playing: [`choose`] the next guess with a strategy (the one place that dispatches on [`crate::Strategy`]), one
//! game ([`game`]), every secret at once as a strategy tree ([`play_all`]), the search for an optimal book
//! ([`book_search`]), "what should I guess next?" in one call ([`advise`]), how long a guess may take
//! ([`wait`]), and the seed's match over its range of sizes, scored as it was ([`test_bed`]).

pub mod advise;
pub(crate) mod book_search;
pub(crate) mod choose;
#[cfg(test)]
pub(crate) mod fake_clock;
pub(crate) mod game;
pub(crate) mod play_all;
pub mod test_bed;
pub mod wait;
