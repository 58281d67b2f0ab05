//! What one seat can be sure of: each card's owners with the consistent deals behind them, the envelope where it
//! is certain, and which turns force a certain holder.

use crate::cards::{Card, Kind, Triple};
use crate::deduce::{Deals, DeduceError, MAX_OWNERS, deals};
use crate::view::View;

/// What one seat can be sure of, and the shares behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notebook {
    /// Players at the table.
    pub players: usize,
    /// Consistent deals.
    pub deals: u64,
    /// `counts[card][owner]`: consistent deals in which `owner` (a seat, or `players` for the envelope) holds it.
    pub counts: Vec<[u64; MAX_OWNERS]>,
}

/// Who holds a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A seat, from 0.
    Seat(usize),
    /// The envelope.
    Envelope,
}

impl Notebook {
    /// The notebook of `view`: every consistent deal counted.
    pub fn of(view: &View) -> Result<Notebook, DeduceError> {
        Ok(Notebook::from_deals(&deals(view)?, view.players()))
    }

    /// The notebook of deals already counted for a table of `players`.
    pub fn from_deals(d: &Deals, players: usize) -> Notebook {
        Notebook {
            players,
            deals: d.total(),
            counts: d.owner_counts(),
        }
    }

    fn owner(&self, o: usize) -> Owner {
        if o == self.players {
            Owner::Envelope
        } else {
            Owner::Seat(o)
        }
    }

    /// The owner of `card` in every consistent deal, if there is one.
    pub fn holder(&self, card: Card) -> Option<Owner> {
        let row = &self.counts[card.index()];
        (0..=self.players)
            .find(|&o| row[o] == self.deals)
            .map(|o| self.owner(o))
    }

    /// The share of consistent deals in which `owner` holds `card`.
    pub fn share(&self, card: Card, owner: Owner) -> f64 {
        let o = match owner {
            Owner::Seat(s) => s,
            Owner::Envelope => self.players,
        };
        self.counts[card.index()][o] as f64 / self.deals as f64
    }

    /// The possible owners of `card`, each with the consistent deals in which it holds it.
    pub fn owners(&self, card: Card) -> Vec<(Owner, u64)> {
        (0..=self.players)
            .filter(|&o| self.counts[card.index()][o] > 0)
            .map(|o| (self.owner(o), self.counts[card.index()][o]))
            .collect()
    }

    /// The envelope's card of each kind, where it is certain.
    pub fn envelope(&self) -> [Option<Card>; 3] {
        Kind::ALL.map(|k| {
            k.cards()
                .iter()
                .find(|&c| self.holder(c) == Some(Owner::Envelope))
        })
    }

    /// The envelope, when all three of its cards are certain.
    pub fn solved(&self) -> Option<Triple> {
        match self.envelope() {
            [Some(s), Some(w), Some(r)] => Some(Triple {
                suspect: s,
                weapon: w,
                room: r,
            }),
            _ => None,
        }
    }
}

/// The turns that force `card`'s holder: a smallest set found by dropping turns one at a time while the holder
/// stays certain (every turn left is needed; the hand and hand sizes always count). Empty when the hand alone
/// decides it; `None` when the holder is not certain.
pub fn why(view: &View, card: Card) -> Result<Option<Vec<usize>>, DeduceError> {
    let nb = Notebook::of(view)?;
    let Some(holder) = nb.holder(card) else {
        return Ok(None);
    };
    let mut keep: Vec<bool> = vec![true; view.turns().len()];
    for i in 0..keep.len() {
        keep[i] = false;
        let trial = view.filtered(|j| keep[j]);
        let still = match Notebook::of(&trial) {
            Ok(n) => n.holder(card) == Some(holder),
            Err(_) => false,
        };
        if !still {
            keep[i] = true;
        }
    }
    Ok(Some(
        keep.iter()
            .enumerate()
            .filter(|(_, k)| **k)
            .map(|(i, _)| i)
            .collect(),
    ))
}
