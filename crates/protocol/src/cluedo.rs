//! Cluedo's messages: a seat's view as it travels, its jobs (the notebook, why a cell is certain, a computer
//! player's move, a simulation) and answers, and its arm of [`crate::execute`]. Cards travel as their numbers.

use cluedo::deduce::MAX_OWNERS;
use cluedo::{Action, Ask, Card, CardSet, Notebook, Triple, Turn, View};
use serde::{Deserialize, Serialize};

/// A turn as it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnDto {
    /// `by` suggested `cards`; `shown_by` refuted (or nobody); `card` where this seat saw it.
    Suggest {
        /// The suggesting seat.
        by: u8,
        /// Suspect, weapon, room.
        cards: [u8; 3],
        /// The refuting seat.
        shown_by: Option<u8>,
        /// The card shown, where seen.
        card: Option<u8>,
    },
    /// `by` accused `cards`.
    Accuse {
        /// The accusing seat.
        by: u8,
        /// Suspect, weapon, room.
        cards: [u8; 3],
        /// Whether it was right.
        correct: bool,
    },
}

/// One seat's view as it travels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewDto {
    /// Players at the table.
    pub players: u8,
    /// The seat.
    pub me: u8,
    /// Its hand.
    pub hand: Vec<u8>,
    /// Every hand's size.
    pub hand_sizes: Vec<u8>,
    /// The turns it saw.
    pub turns: Vec<TurnDto>,
}

/// Card `n` as it travels, or why there is none.
pub fn card(n: u8) -> Result<Card, String> {
    Card::new(usize::from(n)).ok_or_else(|| format!("there is no card {n}"))
}

/// Three cards as they travel (suspect, weapon, room in any order), or why they are not a suggestion.
pub fn triple(cards: [u8; 3]) -> Result<Triple, String> {
    Triple::new([card(cards[0])?, card(cards[1])?, card(cards[2])?])
}

fn numbers(t: Triple) -> [u8; 3] {
    t.cards().map(|c| c.index() as u8)
}

impl TurnDto {
    /// The turn, or why it is malformed.
    pub fn turn(self) -> Result<Turn, String> {
        Ok(match self {
            TurnDto::Suggest {
                by,
                cards,
                shown_by,
                card: shown,
            } => Turn::Suggest {
                by: usize::from(by),
                triple: triple(cards)?,
                shown_by: shown_by.map(usize::from),
                card: shown.map(card).transpose()?,
            },
            TurnDto::Accuse { by, cards, correct } => Turn::Accuse {
                by: usize::from(by),
                triple: triple(cards)?,
                correct,
            },
        })
    }
}

impl From<Turn> for TurnDto {
    fn from(t: Turn) -> TurnDto {
        match t {
            Turn::Suggest {
                by,
                triple,
                shown_by,
                card,
            } => TurnDto::Suggest {
                by: by as u8,
                cards: numbers(triple),
                shown_by: shown_by.map(|s| s as u8),
                card: card.map(|c| c.index() as u8),
            },
            Turn::Accuse {
                by,
                triple,
                correct,
            } => TurnDto::Accuse {
                by: by as u8,
                cards: numbers(triple),
                correct,
            },
        }
    }
}

impl ViewDto {
    /// The view, or why it is malformed.
    pub fn view(&self) -> Result<View, String> {
        let hand = self
            .hand
            .iter()
            .map(|&n| card(n))
            .collect::<Result<Vec<_>, _>>()?;
        let sizes = self.hand_sizes.iter().map(|&s| usize::from(s)).collect();
        let mut view = View::with_hand(
            usize::from(self.players),
            usize::from(self.me),
            &hand,
            sizes,
        )
        .map_err(|e| e.to_string())?;
        for t in &self.turns {
            view.push(t.turn()?).map_err(|e| e.to_string())?;
        }
        Ok(view)
    }
}

impl From<&View> for ViewDto {
    fn from(v: &View) -> ViewDto {
        ViewDto {
            players: v.players() as u8,
            me: v.me() as u8,
            hand: v.hand().iter().map(|c| c.index() as u8).collect(),
            hand_sizes: v.hand_sizes().iter().map(|&s| s as u8).collect(),
            turns: v.turns().iter().map(|&t| t.into()).collect(),
        }
    }
}

/// What a computer player is asked, as it travels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AskDto {
    /// Its turn.
    Turn,
    /// After its suggestion.
    AfterSuggestion,
    /// Show `by` one of `options`.
    Show {
        /// The suggester.
        by: u8,
        /// The cards it can show.
        options: Vec<u8>,
    },
}

/// A move, as it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionDto {
    /// Suggest these.
    Suggest {
        /// Suspect, weapon, room.
        cards: [u8; 3],
    },
    /// Accuse these.
    Accuse {
        /// Suspect, weapon, room.
        cards: [u8; 3],
    },
    /// End the turn.
    EndTurn,
    /// Show this card.
    Show {
        /// The card.
        card: u8,
    },
}

impl From<Action> for ActionDto {
    fn from(a: Action) -> ActionDto {
        match a {
            Action::Suggest(t) => ActionDto::Suggest { cards: numbers(t) },
            Action::Accuse(t) => ActionDto::Accuse { cards: numbers(t) },
            Action::EndTurn => ActionDto::EndTurn,
            Action::Show(c) => ActionDto::Show {
                card: c.index() as u8,
            },
        }
    }
}

impl ActionDto {
    /// The move, or why it names no real cards.
    pub fn action(self) -> Result<Action, String> {
        Ok(match self {
            ActionDto::Suggest { cards } => Action::Suggest(triple(cards)?),
            ActionDto::Accuse { cards } => Action::Accuse(triple(cards)?),
            ActionDto::EndTurn => Action::EndTurn,
            ActionDto::Show { card: c } => Action::Show(card(c)?),
        })
    }
}

impl From<Ask> for AskDto {
    fn from(a: Ask) -> AskDto {
        match a {
            Ask::Turn => AskDto::Turn,
            Ask::AfterSuggestion => AskDto::AfterSuggestion,
            Ask::Show { by, options } => AskDto::Show {
                by: by as u8,
                options: options.iter().map(|c| c.index() as u8).collect(),
            },
        }
    }
}

impl AskDto {
    /// What the seat of `view` is asked, or why it cannot be (a refuter shows one of its own cards).
    pub fn ask(&self, view: &View) -> Result<Ask, String> {
        Ok(match self {
            AskDto::Turn => Ask::Turn,
            AskDto::AfterSuggestion => Ask::AfterSuggestion,
            AskDto::Show { by, options } => {
                let options = CardSet::of(
                    options
                        .iter()
                        .map(|&n| card(n))
                        .collect::<Result<Vec<_>, _>>()?,
                );
                if options.and(view.hand()) != options || options.is_empty() {
                    return Err("a refuter shows one of its own cards".into());
                }
                Ask::Show {
                    by: usize::from(*by),
                    options,
                }
            }
        })
    }
}

/// A Cluedo job.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CluedoJob {
    /// The notebook of a view: every consistent deal counted.
    Notebook {
        /// The seat's view.
        view: ViewDto,
    },
    /// The turns that make `card`'s holder certain.
    Why {
        /// The seat's view.
        view: ViewDto,
        /// The card.
        card: u8,
    },
    /// What a computer player of `kind` does (also the "suggest for me" hint, as `deduction`).
    Act {
        /// The seat's view.
        view: ViewDto,
        /// `random`, `listening`, `mix`, `deduction`.
        kind: String,
        /// What it is asked.
        ask: AskDto,
        /// Seeds its choices.
        seed: u64,
    },
    /// Many games of computer players.
    Simulate {
        /// One kind per seat.
        players: Vec<String>,
        /// Games.
        games: u64,
        /// Seed.
        seed: u64,
    },
}

/// The notebook as it travels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotebookDto {
    /// Players.
    pub players: u8,
    /// Consistent deals.
    pub deals: u64,
    /// `counts[card][owner]`: deals in which `owner` (a seat, or `players` for the envelope) holds the card.
    pub counts: Vec<Vec<u64>>,
}

impl From<&Notebook> for NotebookDto {
    fn from(nb: &Notebook) -> NotebookDto {
        NotebookDto {
            players: nb.players as u8,
            deals: nb.deals,
            counts: nb
                .counts
                .iter()
                .map(|row| row[..=nb.players].to_vec())
                .collect(),
        }
    }
}

impl NotebookDto {
    /// The core's notebook, whose answers (holder, share, envelope) the page draws; or why the counts are
    /// malformed.
    pub fn notebook(&self) -> Result<Notebook, String> {
        let players = usize::from(self.players);
        if self.deals == 0 {
            return Err("no deal agrees with this notebook".into());
        }
        if !cluedo::view::PLAYERS.contains(&players) || self.counts.len() != cluedo::CARDS {
            return Err(format!(
                "a notebook of {} cards for {players} players",
                self.counts.len()
            ));
        }
        let mut counts = vec![[0; MAX_OWNERS]; cluedo::CARDS];
        for (row, given) in counts.iter_mut().zip(&self.counts) {
            if given.len() != players + 1 || given.iter().any(|&n| n > self.deals) {
                return Err("a notebook row has the wrong owners".into());
            }
            row[..=players].copy_from_slice(given);
        }
        Ok(Notebook {
            players,
            deals: self.deals,
            counts,
        })
    }
}

/// What a simulation found, as it travels.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimulationDto {
    /// One kind per seat.
    pub players: Vec<String>,
    /// Games played.
    pub games: u64,
    /// Mean rounds.
    pub mean_rounds: f64,
    /// Their standard deviation.
    pub std_rounds: f64,
    /// Wins by seat.
    pub wins: Vec<u64>,
    /// Games nobody won.
    pub no_winner: u64,
    /// Games by the round they ended in.
    pub histogram: Vec<u64>,
}

/// A Cluedo answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CluedoAnswer {
    /// A notebook.
    Notebook(NotebookDto),
    /// The turns (from 0) that force a card's holder; `None` when it is not certain.
    Why {
        /// The card.
        card: u8,
        /// The turns, from 0.
        turns: Option<Vec<usize>>,
    },
    /// A computer player's move, and why in a sentence where its kind says (the expert).
    Act(ActionDto, Option<String>),
    /// A simulation.
    Simulated(SimulationDto),
}

#[cfg(feature = "cluedo")]
mod run;
#[cfg(feature = "cluedo")]
pub(crate) use run::run;

#[cfg(test)]
mod tests;
