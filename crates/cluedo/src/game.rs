//! A game without a board (as in the seed: any room may be suggested at any turn): a seeded deal, turns,
//! refutations by the first seat to the suggester's left who can, accusations, the end.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::cards::{Card, CardSet, Kind, Triple};
use crate::view::{PLAYERS, Turn, View, hand_sizes};

/// The cards as dealt: the envelope and every hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The envelope: one suspect, one weapon, one room.
    pub envelope: Triple,
    /// Each seat's hand.
    pub hands: Vec<CardSet>,
}

impl Deal {
    /// A random deal for `players` (2 to 6): the envelope drawn one card of each kind, the other 18 shuffled and
    /// dealt one at a time from seat 0, so earlier seats hold the extra cards.
    pub fn random(players: usize, rng: &mut impl Rng) -> Deal {
        let pick = |kind: Kind, rng: &mut dyn rand::Rng| {
            let cards: Vec<Card> = kind.cards().iter().collect();
            cards[rng.random_range(0..cards.len())]
        };
        let envelope = Triple {
            suspect: pick(Kind::Suspect, rng),
            weapon: pick(Kind::Weapon, rng),
            room: pick(Kind::Room, rng),
        };
        let mut rest: Vec<Card> = Card::all().filter(|c| !envelope.set().has(*c)).collect();
        rest.shuffle(rng);
        let mut hands = vec![CardSet::EMPTY; players];
        for (i, c) in rest.into_iter().enumerate() {
            hands[i % players] = hands[i % players].with(c);
        }
        Deal { envelope, hands }
    }

    /// The seat holding `card`, or `None` for the envelope.
    pub fn holder(&self, card: Card) -> Option<usize> {
        self.hands.iter().position(|h| h.has(card))
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` may suggest or accuse.
    Turn {
        /// Whose turn.
        seat: usize,
    },
    /// `seat` must choose which of `options` to show the suggester.
    Refute {
        /// The refuting seat.
        seat: usize,
        /// The cards of the suggestion it holds (two or three).
        options: CardSet,
    },
    /// `seat` has suggested and may accuse or end its turn.
    MayAccuse {
        /// Whose turn.
        seat: usize,
    },
    /// The game is over: `winner` accused correctly, or nobody is left (`None`).
    Over {
        /// The winning seat.
        winner: Option<usize>,
    },
}

/// What a player is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Its turn: suggest or accuse.
    Turn,
    /// After its suggestion: accuse or end the turn.
    AfterSuggestion,
    /// Show the suggester `by` one of `options`.
    Show {
        /// The suggester.
        by: usize,
        /// The cards it can show.
        options: CardSet,
    },
}

/// A player's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Suggest these three.
    Suggest(Triple),
    /// Accuse these three.
    Accuse(Triple),
    /// End the turn without accusing.
    EndTurn,
    /// Show this card.
    Show(Card),
}

/// One turn as it happened, with the card shown (the page reveals it at the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The round it was played in, from 1.
    pub round: u32,
    /// The turn, with the card shown where one was.
    pub turn: Turn,
}

/// Why a move is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError(pub String);

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    deal: Deal,
    views: Vec<View>,
    played: Vec<Played>,
    phase: Phase,
    /// The suggestion waiting for a refutation.
    pending: Option<(usize, Triple)>,
    out: Vec<bool>,
    round: u32,
}

impl Game {
    /// A game of `players` (2 to 6) on a deal drawn from `rng`; seat 0 plays first.
    pub fn new(players: usize, rng: &mut impl Rng) -> Result<Game, MoveError> {
        if !PLAYERS.contains(&players) {
            return Err(MoveError(format!("{players} players: a game has 2 to 6")));
        }
        Ok(Game::with_deal(Deal::random(players, rng)))
    }

    /// A game on a given deal.
    pub fn with_deal(deal: Deal) -> Game {
        let players = deal.hands.len();
        let sizes = hand_sizes(players);
        let views = (0..players)
            .map(|s| {
                View::new(players, s, deal.hands[s], sizes.clone())
                    .expect("a dealt hand is a valid view")
            })
            .collect();
        Game {
            deal,
            views,
            played: Vec::new(),
            phase: Phase::Turn { seat: 0 },
            pending: None,
            out: vec![false; players],
            round: 1,
        }
    }

    /// The deal (the envelope is the answer: show it only at the end).
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// What `seat` has seen.
    pub fn view(&self, seat: usize) -> &View {
        &self.views[seat]
    }

    /// Every turn as it happened.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The round being played, from 1 (a round is one turn of every player still in).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The seat whose suggestion is waiting for a refutation.
    pub fn pending_suggester(&self) -> Option<usize> {
        self.pending.map(|(by, _)| by)
    }

    /// The suggestion waiting for a refutation.
    pub fn pending_suggestion(&self) -> Option<Triple> {
        self.pending.map(|(_, t)| t)
    }

    /// Whether `seat` was eliminated by a wrong accusation.
    pub fn is_out(&self, seat: usize) -> bool {
        self.out[seat]
    }

    /// How many players.
    pub fn players(&self) -> usize {
        self.deal.hands.len()
    }

    /// The seat to move and what it is asked, or `None` once the game is over: the one place that says whose turn
    /// it is (simulations, the page and the CLI all ask here).
    pub fn to_move(&self) -> Option<(usize, Ask)> {
        match self.phase {
            Phase::Turn { seat } => Some((seat, Ask::Turn)),
            Phase::MayAccuse { seat } => Some((seat, Ask::AfterSuggestion)),
            Phase::Refute { seat, options } => Some((
                seat,
                Ask::Show {
                    by: self.pending_suggester().unwrap_or(seat),
                    options,
                },
            )),
            Phase::Over { .. } => None,
        }
    }

    /// `seat` plays `action`: refused, with the reason, when it is not that seat's move or the rules forbid it.
    pub fn play(&mut self, seat: usize, action: Action) -> Result<(), MoveError> {
        match self.to_move() {
            Some((s, _)) if s == seat => {}
            Some((s, _)) => {
                return Err(MoveError(format!(
                    "it is seat {s}'s move, not seat {seat}'s"
                )));
            }
            None => return Err(MoveError("the game is over".into())),
        }
        match action {
            Action::Suggest(t) => self.suggest(t),
            Action::Accuse(t) => self.accuse(t).map(|_| ()),
            Action::EndTurn => self.end_turn(),
            Action::Show(c) => self.show(c),
        }
    }

    fn turn_seat(&self) -> Result<usize, MoveError> {
        match self.phase {
            Phase::Turn { seat } | Phase::MayAccuse { seat } => Ok(seat),
            Phase::Refute { seat, .. } => Err(MoveError(format!(
                "seat {seat} must first choose a card to show"
            ))),
            Phase::Over { .. } => Err(MoveError("the game is over".into())),
        }
    }

    /// The seat whose turn it is suggests `triple`. The first seat to its left holding any of the three refutes:
    /// with one such card it is shown at once; with more the game waits for [`Game::show`].
    pub fn suggest(&mut self, triple: Triple) -> Result<(), MoveError> {
        let by = match self.phase {
            Phase::Turn { seat } => seat,
            Phase::MayAccuse { .. } => return Err(MoveError("one suggestion per turn".into())),
            _ => {
                return Err(self
                    .turn_seat()
                    .err()
                    .unwrap_or(MoveError("not now".into())));
            }
        };
        let p = self.players();
        for k in 1..p {
            let seat = (by + k) % p;
            let options = self.deal.hands[seat].and(triple.set());
            match options.len() {
                0 => continue,
                1 => {
                    let card = options.iter().next();
                    self.record_suggestion(by, triple, Some(seat), card);
                    return Ok(());
                }
                _ => {
                    self.pending = Some((by, triple));
                    self.phase = Phase::Refute { seat, options };
                    return Ok(());
                }
            }
        }
        self.record_suggestion(by, triple, None, None);
        Ok(())
    }

    /// The refuting seat shows `card` (one of the options).
    pub fn show(&mut self, card: Card) -> Result<(), MoveError> {
        let (Phase::Refute { seat, options }, Some((by, triple))) = (self.phase, self.pending)
        else {
            return Err(MoveError("nobody is refuting a suggestion now".into()));
        };
        if !options.has(card) {
            return Err(MoveError(format!(
                "{} is not a card seat {seat} can show",
                card.name()
            )));
        }
        self.pending = None;
        self.record_suggestion(by, triple, Some(seat), Some(card));
        Ok(())
    }

    fn record_suggestion(
        &mut self,
        by: usize,
        triple: Triple,
        shown_by: Option<usize>,
        card: Option<Card>,
    ) {
        let turn = Turn::Suggest {
            by,
            triple,
            shown_by,
            card,
        };
        for (s, view) in self.views.iter_mut().enumerate() {
            let seen = if s == by || Some(s) == shown_by {
                card
            } else {
                None
            };
            view.push(Turn::Suggest {
                by,
                triple,
                shown_by,
                card: seen,
            })
            .expect("the game's own turns are well formed");
        }
        self.played.push(Played {
            round: self.round,
            turn,
        });
        self.phase = Phase::MayAccuse { seat: by };
    }

    /// The seat whose turn it is accuses `triple`: right, it wins; wrong, it is out (and goes on refuting).
    pub fn accuse(&mut self, triple: Triple) -> Result<bool, MoveError> {
        let by = self.turn_seat()?;
        let correct = triple == self.deal.envelope;
        let turn = Turn::Accuse {
            by,
            triple,
            correct,
        };
        for view in &mut self.views {
            view.push(turn)
                .expect("the game's own turns are well formed");
        }
        self.played.push(Played {
            round: self.round,
            turn,
        });
        if correct {
            self.phase = Phase::Over { winner: Some(by) };
        } else {
            self.out[by] = true;
            if self.out.iter().all(|&o| o) {
                self.phase = Phase::Over { winner: None };
            } else {
                self.pass_turn(by);
            }
        }
        Ok(correct)
    }

    /// The seat whose turn it is ends it (after its suggestion, without accusing).
    pub fn end_turn(&mut self) -> Result<(), MoveError> {
        match self.phase {
            Phase::MayAccuse { seat } => {
                self.pass_turn(seat);
                Ok(())
            }
            Phase::Turn { .. } => Err(MoveError("suggest or accuse first".into())),
            _ => self.turn_seat().map(|_| ()),
        }
    }

    fn pass_turn(&mut self, from: usize) {
        let p = self.players();
        let next = (1..=p)
            .map(|k| (from + k) % p)
            .find(|&s| !self.out[s])
            .unwrap_or(from);
        if next <= from {
            self.round += 1;
        }
        self.phase = Phase::Turn { seat: next };
    }
}
