//! Every code of a game small enough to list ([`listed`]), packed once and named by its index, with the colour
//! multisets of the codes and of their first pegs ([`multisets`]): what the strategies that score every code as a
//! guess, and the strategy tree, work on; and the opening books given to a program as it runs ([`books`]).

pub(crate) mod books;
pub(crate) mod listed;
pub(crate) mod multisets;
