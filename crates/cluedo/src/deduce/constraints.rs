//! What one seat's view says about the deal, as constraints: each card's possible owners, "one of these cards is
//! held by one of these owners" clauses, and the hand sizes; simplified before the count.

use crate::cards::{CARDS, CardSet};
use crate::view::{Turn, View};

/// A card's possible owners, as bits (bit `players` is the envelope).
pub(super) type Owners = u8;

/// "Some card of `cards` is owned by one of `owners`".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct AtLeastOne {
    pub(super) cards: CardSet,
    pub(super) owners: Owners,
}

/// The constraints a view makes, simplified.
#[derive(Clone, Debug)]
pub(super) struct Constraints {
    pub(super) players: usize,
    pub(super) allowed: [Owners; CARDS],
    pub(super) clauses: Vec<AtLeastOne>,
    pub(super) sizes: Vec<usize>,
}

impl Constraints {
    pub(super) fn of(view: &View) -> Option<Constraints> {
        let p = view.players();
        let envelope: Owners = 1 << p;
        let everyone: Owners = (1 << (p + 1)) - 1;
        let me: Owners = 1 << view.me();
        let mut allowed = [everyone & !me; CARDS];
        for c in view.hand().iter() {
            allowed[c.index()] = me;
        }
        let mut clauses = Vec::new();
        for turn in view.turns() {
            for seat in turn.passers(p) {
                for c in triple_of(*turn).iter() {
                    allowed[c.index()] &= !(1 << seat);
                }
            }
            match *turn {
                Turn::Suggest {
                    shown_by: Some(r),
                    card: Some(c),
                    ..
                } => allowed[c.index()] &= 1 << r,
                Turn::Suggest {
                    shown_by: Some(r),
                    triple,
                    ..
                } => clauses.push(AtLeastOne {
                    cards: triple.set(),
                    owners: 1 << r,
                }),
                Turn::Suggest { shown_by: None, .. } => {}
                Turn::Accuse {
                    triple,
                    correct: true,
                    ..
                } => {
                    for c in triple.cards() {
                        allowed[c.index()] &= envelope;
                    }
                }
                Turn::Accuse {
                    triple,
                    correct: false,
                    ..
                } => clauses.push(AtLeastOne {
                    cards: triple.set(),
                    owners: everyone & !envelope,
                }),
            }
        }
        let mut cs = Constraints {
            players: p,
            allowed,
            clauses,
            sizes: view.hand_sizes().to_vec(),
        };
        cs.simplify().then_some(cs)
    }

    /// Drops met clauses, narrows clauses to cards that can meet them, turns one-card clauses into owners;
    /// false when some card or clause cannot be met at all.
    fn simplify(&mut self) -> bool {
        loop {
            if self.allowed.contains(&0) {
                return false;
            }
            let mut changed = false;
            let mut kept: Vec<AtLeastOne> = Vec::with_capacity(self.clauses.len());
            for cl in &self.clauses {
                if cl
                    .cards
                    .iter()
                    .any(|c| self.allowed[c.index()] & !cl.owners == 0)
                {
                    continue; // met in every deal
                }
                let cards = CardSet::of(
                    cl.cards
                        .iter()
                        .filter(|c| self.allowed[c.index()] & cl.owners != 0),
                );
                match cards.len() {
                    0 => return false,
                    1 => {
                        for c in cards.iter() {
                            self.allowed[c.index()] &= cl.owners;
                        }
                        changed = true;
                    }
                    _ => {
                        let cl = AtLeastOne {
                            cards,
                            owners: cl.owners,
                        };
                        if !kept.contains(&cl) {
                            kept.push(cl);
                        }
                    }
                }
            }
            self.clauses = kept;
            if !changed {
                return true;
            }
        }
    }
}

fn triple_of(turn: Turn) -> CardSet {
    match turn {
        Turn::Suggest { triple, .. } | Turn::Accuse { triple, .. } => triple.set(),
    }
}
