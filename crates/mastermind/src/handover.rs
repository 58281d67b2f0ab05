//! Why a strategy hands its guesses over to another, as figures (the page and the CLI word it). A handover for the
//! game's size is known before the game ([`for_size`]); one for memory or for its search's budget happens while it
//! plays, and the guess says so ([`crate::Choice::handover`]).

use crate::Spec;
use crate::strategy::{FOR_HUGE, Strategy, listable, too_big_to_search};

/// Why another strategy chose a guess than the one asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handover {
    /// The strategy lists every code, or searches them exactly, and the game has `codes` of them (`None`: more than
    /// `u128` holds), too many for it.
    TooManyCodes {
        /// The game's codes.
        codes: Option<u128>,
    },
    /// Listing the codes takes `bytes`, and this device did not give that much memory.
    NoMemory {
        /// The listing's size.
        bytes: u128,
    },
    /// Its exact search ran past its budget on this guess.
    OverBudget,
    /// Its plan cannot go on in this game (colour by colour without repeated colours, or with every colour in the
    /// secret).
    PlanStuck,
}

/// The strategy that plays every guess of a `spec` game asked of `strategy`, and why, where the game's size alone
/// rules `strategy` out. `choose` hands over the same way, so what the page says before the game is what plays.
pub fn for_size(strategy: Strategy, spec: &Spec) -> Option<(Strategy, Handover)> {
    let lists = strategy.lists_codes();
    let searches = matches!(
        strategy,
        Strategy::FirstConsistent | Strategy::RandomConsistent
    );
    if (lists && listable(spec).is_err()) || (searches && too_big_to_search(spec)) {
        let to = if too_big_to_search(spec) {
            FOR_HUGE
        } else {
            Strategy::RandomConsistent
        };
        return Some((
            to,
            Handover::TooManyCodes {
                codes: spec.code_count(),
            },
        ));
    }
    if strategy == Strategy::ColourByColour && !spec.repeats {
        return Some((Strategy::LocalSearch, Handover::PlanStuck));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Budget;
    use crate::{Listing, choose};
    use rand::SeedableRng;

    /// What is said before the game is what plays its first guess, for every strategy at sizes on both sides of
    /// each limit.
    #[test]
    fn the_size_handover_said_before_a_game_is_the_one_that_plays() {
        let sizes = [(4, 6, true), (9, 9, true), (13, 10, true), (4, 6, false)];
        for (pegs, colors, repeats) in sizes {
            let spec = Spec::new(pegs, colors, repeats).unwrap();
            for strategy in Strategy::ALL {
                let said = for_size(strategy, &spec);
                let mut rng = rand::rngs::StdRng::seed_from_u64(1);
                let choice = choose(
                    strategy,
                    &spec,
                    &[],
                    &Budget::INTERACTIVE,
                    &progress::NoObserver,
                    &mut rng,
                    &mut Listing::new(),
                )
                .unwrap();
                match said {
                    Some((to, why)) => {
                        assert_eq!(choice.played_by, to, "{spec} {strategy}");
                        assert_eq!(choice.handover, Some(why), "{spec} {strategy}");
                    }
                    None => {
                        assert_eq!(choice.played_by, strategy, "{spec} {strategy}");
                        assert_eq!(choice.handover, None, "{spec} {strategy}");
                    }
                }
            }
        }
    }
}
