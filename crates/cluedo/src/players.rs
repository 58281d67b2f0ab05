//! The computer players. Each reasons only from its own seat's [`View`].
//!
//! - `random` (the seed's "default"): suggests, kind by kind, a card at random among those it has not seen;
//!   accuses, at the start of a turn, once one card of each kind is left unseen.
//! - `listening`: the same, but prefers the cards named least often so far (ties at random).
//! - `mix`: `random` on even seats, `listening` on odd ones (the seed's mixed games).
//! - `deduction`: counts the deals consistent with its view ([`crate::deduce`]), accuses as soon as the envelope
//!   is certain (never wrongly; also right after its own suggestion, as the rules allow), and otherwise suggests
//!   what splits a sample of the consistent deals most evenly among the answers it could get.
//!
//! The seed's kinds refute with a card at random among those they can show; `deduction` shows a card it has
//! already shown the suggester when it can (teaching it nothing new).

use rand::Rng;

use crate::cards::{CardSet, Kind as CardKind, Triple};
use crate::deduce::deals;
pub use crate::game::{Action, Ask};
use crate::notebook::Notebook;
use crate::tactics::{SAMPLES, best_suggestion, only, pin_down, random_card, shown_to};
use crate::view::View;

/// A kind of computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Suggests at random among the cards it has not seen (the seed's "default").
    Random,
    /// Prefers the cards named least often.
    Listening,
    /// `Random` on even seats, `Listening` on odd ones.
    Mix,
    /// Exact deduction.
    Deduction,
    /// Exact deduction, and what a player who wants to win does beyond it ([`crate::expert`]).
    Expert,
}

impl Kind {
    /// Every kind, in menu order.
    pub const ALL: [Kind; 5] = [
        Kind::Random,
        Kind::Listening,
        Kind::Mix,
        Kind::Deduction,
        Kind::Expert,
    ];

    /// Its name in links, logs and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Listening => "listening",
            Kind::Mix => "mix",
            Kind::Deduction => "deduction",
            Kind::Expert => "expert",
        }
    }

    /// A kind by name (`default` is the seed's name for `random`).
    pub fn parse(name: &str) -> Result<Kind, String> {
        match name.trim().to_lowercase().as_str() {
            "random" | "default" => Ok(Kind::Random),
            "listening" => Ok(Kind::Listening),
            "mix" => Ok(Kind::Mix),
            "deduction" => Ok(Kind::Deduction),
            "expert" => Ok(Kind::Expert),
            other => Err(format!(
                "'{other}' is not a kind of player: use random, listening, mix, deduction or expert"
            )),
        }
    }

    /// What this kind plays as at `seat` (`mix` is `random` on even seats, `listening` on odd).
    pub fn at_seat(self, seat: usize) -> Kind {
        match self {
            Kind::Mix if seat.is_multiple_of(2) => Kind::Random,
            Kind::Mix => Kind::Listening,
            k => k,
        }
    }
}

/// What `kind` does at `view`'s seat when asked `ask`, with why in a sentence where the kind says (the expert).
pub fn act_why(kind: Kind, view: &View, ask: Ask, rng: &mut impl Rng) -> (Action, Option<String>) {
    match kind.at_seat(view.me()) {
        Kind::Expert => {
            let d = crate::expert::decide(view, ask, rng);
            (d.action, Some(d.why))
        }
        kind => (act(kind, view, ask, rng), None),
    }
}

/// What `kind` does at `view`'s seat when asked `ask`.
pub fn act(kind: Kind, view: &View, ask: Ask, rng: &mut impl Rng) -> Action {
    let kind = kind.at_seat(view.me());
    match (kind, ask) {
        (Kind::Expert, ask) => crate::expert::decide(view, ask, rng).action,
        (Kind::Deduction, Ask::Show { by, options }) => {
            let shown_before = shown_to(view, by).and(options);
            Action::Show(random_card(
                if shown_before.is_empty() {
                    options
                } else {
                    shown_before
                },
                rng,
            ))
        }
        (_, Ask::Show { options, .. }) => Action::Show(random_card(options, rng)),
        (Kind::Deduction, ask) => deduction(view, ask, rng),
        (_, Ask::AfterSuggestion) => Action::EndTurn,
        (kind, Ask::Turn) => {
            let unseen = CardSet::ALL.minus(view.seen());
            if let [Some(s), Some(w), Some(r)] = CardKind::ALL.map(|k| only(unseen.and(k.cards())))
            {
                return Action::Accuse(Triple {
                    suspect: s,
                    weapon: w,
                    room: r,
                });
            }
            let times = view.times_named();
            let pick = |k: CardKind, rng: &mut dyn rand::Rng| {
                let options = unseen.and(k.cards());
                if kind == Kind::Listening {
                    let least = options.iter().map(|c| times[c.index()]).min().unwrap_or(0);
                    random_card(
                        CardSet::of(options.iter().filter(|c| times[c.index()] == least)),
                        rng,
                    )
                } else {
                    random_card(options, rng)
                }
            };
            Action::Suggest(Triple {
                suspect: pick(CardKind::Suspect, rng),
                weapon: pick(CardKind::Weapon, rng),
                room: pick(CardKind::Room, rng),
            })
        }
    }
}

fn deduction(view: &View, ask: Ask, rng: &mut impl Rng) -> Action {
    let Ok(d) = deals(view) else {
        // A game's own view is always consistent; if not, fall back on the seed's rule rather than fail.
        return act(Kind::Random, view, ask, rng);
    };
    let notebook = Notebook::from_deals(&d, view.players());
    if let Some(t) = notebook.solved() {
        return Action::Accuse(t);
    }
    match ask {
        Ask::AfterSuggestion => Action::EndTurn,
        _ => Action::Suggest(
            best_suggestion(view, &d, SAMPLES, rng)
                .unwrap_or_else(|| pin_down(view, &notebook, rng)),
        ),
    }
}
