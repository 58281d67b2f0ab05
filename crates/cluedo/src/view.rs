//! What one seat has seen: its hand, every hand's size, and the turns, with the card shown only where that seat
//! saw it. The computer players reason from a `View` and nothing else; `deduce` counts the deals consistent with
//! one; a person at a real table writes one as a log (`puzzle-lab cluedo deduce --log`).

use std::fmt;

use crate::cards::{Card, CardSet, Triple};

/// The fewest and the most players a view can have.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=6;

/// The cards not in the envelope, dealt to the players.
pub const DEALT: usize = 18;

/// Hand sizes when 18 cards are dealt one at a time from seat 0: earlier seats hold the extra cards.
pub fn hand_sizes(players: usize) -> Vec<usize> {
    (0..players)
        .map(|seat| DEALT / players + usize::from(seat < DEALT % players))
        .collect()
}

/// One turn as a seat saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// `by` suggested `triple`; `shown_by` refuted it (every seat from `by`'s left up to it passed), or nobody
    /// could (`None`: every other seat passed). `card` is the card shown, known only to the suggester and the
    /// refuter.
    Suggest {
        /// The suggesting seat.
        by: usize,
        /// What it suggested.
        triple: Triple,
        /// The seat that refuted it, if any.
        shown_by: Option<usize>,
        /// The card shown, where this view saw it.
        card: Option<Card>,
    },
    /// `by` accused `triple`; a wrong accusation eliminates the accuser (who goes on refuting), a correct one
    /// ends the game.
    Accuse {
        /// The accusing seat.
        by: usize,
        /// What it accused.
        triple: Triple,
        /// Whether the envelope held exactly these three cards.
        correct: bool,
    },
}

impl Turn {
    /// The seat that played the turn.
    pub fn by(self) -> usize {
        match self {
            Turn::Suggest { by, .. } | Turn::Accuse { by, .. } => by,
        }
    }

    /// The seats that passed on a suggestion, in order (none for an accusation).
    pub fn passers(self, players: usize) -> impl Iterator<Item = usize> {
        let (by, stop, n) = match self {
            Turn::Suggest { by, shown_by, .. } => (by, shown_by.unwrap_or(by), players),
            Turn::Accuse { by, .. } => (by, by, 0),
        };
        (1..n)
            .map(move |k| (by + k) % players)
            .take_while(move |&s| s != stop)
    }
}

/// What is wrong with a view, for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// The view itself is malformed (sizes, seats, cards).
    Malformed(String),
    /// Turn `turn` (counted from 1) names something impossible by its own shape (a seat out of range, a card shown
    /// that was not suggested, ...).
    BadTurn {
        /// The turn, from 1.
        turn: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::Malformed(m) => f.write_str(m),
            ViewError::BadTurn { turn, message } => write!(f, "turn {turn}: {message}"),
        }
    }
}

/// One seat's view of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    players: usize,
    me: usize,
    hand: CardSet,
    hand_sizes: Vec<usize>,
    turns: Vec<Turn>,
}

impl View {
    /// A view before any turn. Refuses player counts outside 2 to 6, a seat out of range, hand sizes that do not
    /// add up to 18, and a hand whose size is not its seat's.
    pub fn new(
        players: usize,
        me: usize,
        hand: CardSet,
        hand_sizes: Vec<usize>,
    ) -> Result<View, ViewError> {
        let bad = |m: String| Err(ViewError::Malformed(m));
        if !PLAYERS.contains(&players) {
            return bad(format!("{players} players: a game has 2 to 6"));
        }
        if me >= players {
            return bad(format!(
                "seat {me} is not at a table of {players} (seats are numbered 0 to {})",
                players - 1
            ));
        }
        if hand_sizes.len() != players {
            return bad(format!(
                "{} hand sizes for {players} players",
                hand_sizes.len()
            ));
        }
        let total: usize = hand_sizes.iter().sum();
        if total != DEALT {
            return bad(format!(
                "the hand sizes add up to {total}; the 18 cards outside the envelope are dealt"
            ));
        }
        if hand.len() != hand_sizes[me] {
            return bad(format!(
                "the hand has {} cards but seat {me}'s hand size is {}",
                hand.len(),
                hand_sizes[me]
            ));
        }
        Ok(View {
            players,
            me,
            hand,
            hand_sizes,
            turns: Vec::new(),
        })
    }

    /// A view before any turn from a hand given as a list, refusing a list that names a card twice (then as
    /// [`View::new`]): the one place a hand read from outside is checked.
    pub fn with_hand(
        players: usize,
        me: usize,
        hand: &[Card],
        hand_sizes: Vec<usize>,
    ) -> Result<View, ViewError> {
        let set = CardSet::of(hand.iter().copied());
        if set.len() != hand.len() {
            let twice = hand
                .iter()
                .enumerate()
                .find(|(i, c)| hand[..*i].contains(c))
                .map_or("a card".to_string(), |(_, c)| c.name().to_string());
            return Err(ViewError::Malformed(format!(
                "the hand names {twice} twice"
            )));
        }
        View::new(players, me, set, hand_sizes)
    }

    /// Adds a turn, refusing one whose shape is impossible: seats out of range, a refuter who is the suggester,
    /// a card shown that was not suggested or that this seat could not have seen, an eliminated seat playing.
    /// (Whether it can be true with the cards is [`crate::deduce`]'s question.)
    pub fn push(&mut self, turn: Turn) -> Result<(), ViewError> {
        let n = self.turns.len() + 1;
        let bad = |message: String| Err(ViewError::BadTurn { turn: n, message });
        let by = turn.by();
        if by >= self.players {
            return bad(format!(
                "seat {by} is not at the table (seats 0 to {})",
                self.players - 1
            ));
        }
        if self.eliminated(by) {
            return bad(format!(
                "seat {by} plays after a wrong accusation eliminated it"
            ));
        }
        if let Turn::Suggest {
            shown_by,
            card,
            triple,
            ..
        } = turn
        {
            if let Some(r) = shown_by {
                if r >= self.players {
                    return bad(format!(
                        "seat {r} is not at the table (seats 0 to {})",
                        self.players - 1
                    ));
                }
                if r == by {
                    return bad(format!("seat {by} cannot refute its own suggestion"));
                }
            }
            if let Some(c) = card {
                if shown_by.is_none() {
                    return bad(format!("{} was shown but nobody refuted", c.name()));
                }
                if by != self.me && shown_by != Some(self.me) {
                    return bad("a card shown is seen only by the suggester and the refuter".into());
                }
                if !triple.set().has(c) {
                    return bad(format!("{} was shown but not suggested", c.name()));
                }
            }
        }
        self.turns.push(turn);
        Ok(())
    }

    /// How many players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// This view's seat.
    pub fn me(&self) -> usize {
        self.me
    }

    /// This seat's hand.
    pub fn hand(&self) -> CardSet {
        self.hand
    }

    /// Every seat's hand size.
    pub fn hand_sizes(&self) -> &[usize] {
        &self.hand_sizes
    }

    /// The turns so far.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The same view with only its first `n` turns.
    pub fn prefix(&self, n: usize) -> View {
        View {
            turns: self.turns[..n.min(self.turns.len())].to_vec(),
            ..self.clone()
        }
    }

    /// The same view with only the turns `keep` says yes to.
    pub fn filtered(&self, keep: impl Fn(usize) -> bool) -> View {
        let turns = self
            .turns
            .iter()
            .enumerate()
            .filter(|(i, _)| keep(*i))
            .map(|(_, t)| *t)
            .collect();
        View {
            turns,
            ..self.clone()
        }
    }

    /// Whether `seat` made a wrong accusation.
    pub fn eliminated(&self, seat: usize) -> bool {
        self.turns
            .iter()
            .any(|t| matches!(t, Turn::Accuse { by, correct: false, .. } if *by == seat))
    }

    /// The cards this seat knows are not in the envelope without reasoning: its hand and the cards shown to it.
    pub fn seen(&self) -> CardSet {
        self.turns.iter().fold(self.hand, |seen, t| match *t {
            Turn::Suggest {
                by, card: Some(c), ..
            } if by == self.me => seen.with(c),
            _ => seen,
        })
    }

    /// How often each card was named in a suggestion or an accusation, by anyone.
    pub fn times_named(&self) -> [u32; crate::cards::CARDS] {
        let mut times = [0; crate::cards::CARDS];
        for t in &self.turns {
            let (Turn::Suggest { triple, .. } | Turn::Accuse { triple, .. }) = *t;
            for c in triple.cards() {
                times[c.index()] += 1;
            }
        }
        times
    }
}
