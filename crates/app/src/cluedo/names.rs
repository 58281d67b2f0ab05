//! Cards and seats as the Cluedo pages write them: names, short names, and the class a card's kind is drawn with.

use cluedo::{Card, CardKind, Kind, NAMES};

use super::state::YOU;

pub(super) fn card_name(n: u8) -> &'static str {
    NAMES.get(usize::from(n)).copied().unwrap_or("?")
}

pub(super) fn seat_name(kinds: &[Kind], seat: usize) -> String {
    if seat == YOU {
        "You".into()
    } else {
        format!(
            "Computer {seat} ({})",
            kinds.get(seat).map_or("?", |k| k.name())
        )
    }
}

pub(super) fn short_seat(seat: usize) -> String {
    if seat == YOU {
        "You".into()
    } else {
        format!("C{seat}")
    }
}

pub(super) fn kind_class(c: Card) -> &'static str {
    match c.kind() {
        CardKind::Suspect => "suspect",
        CardKind::Weapon => "weapon",
        CardKind::Room => "room",
    }
}
