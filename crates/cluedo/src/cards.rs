//! The 21 cards, numbered as the seed report's sample output numbers them (0-5 suspects, 6-11 weapons, 12-20
//! rooms), sets of cards as bits, and the one-of-each-kind triples suggestions and accusations name.

use std::fmt;

/// How many cards there are.
pub const CARDS: usize = 21;

/// The cards' names, by number (the seed's spelling, capitalised).
pub const NAMES: [&str; CARDS] = [
    "Miss Scarlet",
    "Colonel Mustard",
    "Mrs. White",
    "Reverend Green",
    "Mrs. Peacock",
    "Professor Plum",
    "Candlestick",
    "Knife",
    "Lead pipe",
    "Revolver",
    "Hangman's knot",
    "Spanner",
    "Kitchen",
    "Dining room",
    "Ballroom",
    "Conservatory",
    "Billiard room",
    "Library",
    "Study",
    "Hall",
    "Lounge",
];

/// The three kinds of card; the envelope holds one of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Cards 0-5.
    Suspect,
    /// Cards 6-11.
    Weapon,
    /// Cards 12-20.
    Room,
}

impl Kind {
    /// The three kinds, in card order.
    pub const ALL: [Kind; 3] = [Kind::Suspect, Kind::Weapon, Kind::Room];

    /// The cards of this kind.
    pub fn cards(self) -> CardSet {
        match self {
            Kind::Suspect => CardSet(0b111111),
            Kind::Weapon => CardSet(0b111111 << 6),
            Kind::Room => CardSet(0b1_1111_1111 << 12),
        }
    }

    /// The kind's index: 0 suspect, 1 weapon, 2 room.
    pub fn index(self) -> usize {
        self as usize
    }

    /// "suspect", "weapon", "room".
    pub fn name(self) -> &'static str {
        ["suspect", "weapon", "room"][self as usize]
    }
}

/// One card, 0 to 20.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Card `n`, if there is one.
    pub fn new(n: usize) -> Option<Card> {
        (n < CARDS).then_some(Card(n as u8))
    }

    /// Every card, in order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..CARDS as u8).map(Card)
    }

    /// Its number.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Its kind.
    pub fn kind(self) -> Kind {
        match self.0 {
            0..=5 => Kind::Suspect,
            6..=11 => Kind::Weapon,
            _ => Kind::Room,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        NAMES[self.index()]
    }

    /// A card from its number ("15") or its name, case-insensitive ("conservatory", "Mrs. White"; "Mrs White"
    /// and "Hangmans knot" too: dots and apostrophes are optional).
    pub fn parse(text: &str) -> Result<Card, String> {
        let text = text.trim();
        if let Ok(n) = text.parse::<usize>() {
            return Card::new(n)
                .ok_or_else(|| format!("there is no card {n}: cards are numbered 0 to 20"));
        }
        let plain = |s: &str| {
            s.chars()
                .filter(|c| c.is_alphanumeric() || *c == ' ')
                .collect::<String>()
                .to_lowercase()
        };
        let wanted = plain(text);
        Card::all().find(|c| plain(c.name()) == wanted).ok_or_else(|| {
            format!("'{text}' is not a card: use a number from 0 to 20 or a name such as 'Mrs. White' or 'Kitchen'")
        })
    }

    /// The set holding only this card.
    pub fn set(self) -> CardSet {
        CardSet(1 << self.0)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name(), self.0)
    }
}

/// A set of cards as 21 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u32);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 21 cards.
    pub const ALL: CardSet = CardSet((1 << CARDS) - 1);

    /// The set of these cards.
    pub fn of(cards: impl IntoIterator<Item = Card>) -> CardSet {
        cards.into_iter().fold(CardSet::EMPTY, |s, c| s.with(c))
    }

    /// Whether `card` is in the set.
    pub fn has(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// The set with `card` added.
    pub fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.0)
    }

    /// The set with `card` removed.
    pub fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.0))
    }

    /// Cards in both.
    pub fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in either.
    pub fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in this set and not in `other`.
    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// How many cards.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there is no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards, in order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let bits = self.0;
        (0..CARDS as u8)
            .filter(move |i| bits & (1 << i) != 0)
            .map(Card)
    }
}

/// One suspect, one weapon and one room: what a suggestion or an accusation names, and what the envelope holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Triple {
    /// The suspect.
    pub suspect: Card,
    /// The weapon.
    pub weapon: Card,
    /// The room.
    pub room: Card,
}

impl Triple {
    /// Three cards, one of each kind, in any order; anything else is refused with a message.
    pub fn new(cards: [Card; 3]) -> Result<Triple, String> {
        let find = |kind: Kind| {
            let mut it = cards.iter().filter(|c| c.kind() == kind);
            match (it.next(), it.next()) {
                (Some(&c), None) => Ok(c),
                (None, _) => Err(format!("names no {}", kind.name())),
                (Some(_), Some(_)) => Err(format!("names two {}s", kind.name())),
            }
        };
        Ok(Triple {
            suspect: find(Kind::Suspect)?,
            weapon: find(Kind::Weapon)?,
            room: find(Kind::Room)?,
        })
    }

    /// The three cards, suspect first.
    pub fn cards(self) -> [Card; 3] {
        [self.suspect, self.weapon, self.room]
    }

    /// The three cards as a set.
    pub fn set(self) -> CardSet {
        CardSet::of(self.cards())
    }
}

impl fmt::Display for Triple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}",
            self.suspect.name(),
            self.weapon.name(),
            self.room.name()
        )
    }
}
