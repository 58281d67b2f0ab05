//! Cluedo as the seed report played it: no board and no movement (any room may be suggested at any turn), 21
//! cards numbered as the seed numbers them, a person or computers at 2 to 6 seats.
//!
//! - [`cards`]: cards, kinds, sets, triples;
//! - [`game`]: a seeded [`Deal`], turns, refutations, accusations, the end;
//! - [`view`]: what one seat saw ([`View`]), the only thing a player or the notebook reasons from;
//! - [`deduce`]: exact deduction, the consistent deals counted without listing them, and uniform samples;
//! - [`notebook`]: each card's owners, what is certain, and the turns that force it;
//! - [`players`]: the computer players (`random`, `listening`, `mix`, `deduction`, `expert`), the suggestion they
//!   share in [`tactics`], and the expert's own reasons in [`expert`];
//! - [`simulate`]: many games on every thread, reproducible from a seed.
//!
//! ```
//! use cluedo::{Card, CardSet, Notebook, Owner, Triple, Turn, View};
//!
//! // Seat 0 of 3 holds six cards; seat 1 passes on Plum, Knife, Kitchen and seat 2 shows seat 0 the Knife.
//! let hand = CardSet::of([0, 1, 6, 13, 14, 15].map(|n| Card::new(n).unwrap()));
//! let mut view = View::new(3, 0, hand, vec![6, 6, 6]).unwrap();
//! let t = Triple::new([5, 7, 12].map(|n| Card::new(n).unwrap())).unwrap();
//! view.push(Turn::Suggest { by: 0, triple: t, shown_by: Some(2), card: Card::new(7) }).unwrap();
//! let notebook = Notebook::of(&view).unwrap();
//! assert_eq!(notebook.holder(Card::new(7).unwrap()), Some(Owner::Seat(2)));
//! assert_eq!(notebook.holder(Card::new(5).unwrap()), None); // seat 1 passed: Plum is seat 2's or the envelope's
//! assert_eq!(notebook.owners(Card::new(5).unwrap()).len(), 2);
//! ```

pub mod cards;
pub mod deduce;
pub mod expert;
pub mod game;
pub mod notebook;
pub mod players;
pub mod simulate;
pub mod tactics;
pub mod view;

pub use cards::{CARDS, Card, CardSet, Kind as CardKind, NAMES, Triple};
pub use deduce::{Deals, DeduceError, deals};
pub use game::{Deal, Game, MoveError, Phase, Played};
pub use notebook::{Notebook, Owner, why};
pub use players::{Action, Ask, Kind, act, act_why};
pub use simulate::{Ending, Simulation, simulate};
pub use view::{Turn, View, ViewError, hand_sizes};

#[cfg(test)]
mod tests;
