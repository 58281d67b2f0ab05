//! Cards and seats as the Cluedo pages write them: names, short names, and the class a card's kind is drawn with.

use cluedo::{Card, CardKind, Kind, NAMES};

/// The person's seat (at a table to watch, the computer whose hand and notebook are shown).
pub(super) const YOU: usize = 0;

pub(super) fn card_name(n: u8) -> &'static str {
    NAMES.get(usize::from(n)).copied().unwrap_or("?")
}

/// Who sits where: the kind of player at each seat, and whether the person plays seat 0 (else a computer plays it
/// too: a table to watch, the computers' own numbers starting at 1).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Seats {
    /// The kind at each seat (seat 0's is unused while the person plays it).
    pub(super) kinds: Vec<Kind>,
    /// Whether the person plays seat 0.
    pub(super) person: bool,
}

impl Seats {
    /// How many seats.
    pub(super) fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether `seat` is the person's.
    pub(super) fn is_person(&self, seat: usize) -> bool {
        self.person && seat == YOU
    }

    /// A computer's number as people read it: its seat while the person is seat 0, else one more.
    fn number(&self, seat: usize) -> usize {
        if self.person { seat } else { seat + 1 }
    }

    /// The seat's name ("You", "Computer 2 (random)").
    pub(super) fn name(&self, seat: usize) -> String {
        if self.is_person(seat) {
            "You".into()
        } else {
            format!(
                "Computer {} ({})",
                self.number(seat),
                self.kinds.get(seat).map_or("?", |k| k.name())
            )
        }
    }

    /// The seat's short name ("You", "C2").
    pub(super) fn short(&self, seat: usize) -> String {
        if self.is_person(seat) {
            "You".into()
        } else {
            format!("C{}", self.number(seat))
        }
    }
}

pub(super) fn kind_class(c: Card) -> &'static str {
    match c.kind() {
        CardKind::Suspect => "suspect",
        CardKind::Weapon => "weapon",
        CardKind::Room => "room",
    }
}
