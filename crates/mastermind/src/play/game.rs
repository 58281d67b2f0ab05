//! One game: a history of scored guesses, the earliest row that contradicts the ones before it, and a game played
//! by a strategy against a secret. Every secret at once is `play_all.rs`.

use progress::Observer;

use crate::search::{self, Budget, Stopped};
use crate::strategy::{Strategy, StrategyError};
use crate::{Code, Listing, Row, Spec};

/// The earliest row `k` such that no code is consistent with rows `0..=k`, or `None` if some code fits them
/// all. A row whose score cannot occur at all (more pegs scored than exist, or `pegs-1` black with 1 white) is
/// reported without a search. Uses one search when the history is consistent, and a binary search over
/// prefixes (consistency only shrinks as rows are added) when it is not.
pub fn first_contradiction(
    spec: &Spec,
    history: &[Row],
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<Option<usize>, Stopped> {
    if let Some(k) = history
        .iter()
        .position(|r| !r.feedback.is_possible(spec.pegs))
    {
        return Ok(Some(k));
    }
    if search::exists(spec, history, budget, observer)? {
        return Ok(None);
    }
    // rows[..lo] are consistent, rows[..hi] are not; find the smallest such hi.
    let (mut lo, mut hi) = (0usize, history.len());
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if search::exists(spec, &history[..mid], budget, observer)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(Some(hi - 1))
}

/// Most guesses one game may take before it counts as failed: the TopCoder Marathon Match 2 rule for games up
/// to 100 pegs x 20 colours (the exact strategies need a few dozen at most).
pub const MAX_GUESSES: usize = 3000;

/// One game as it was played: its rows, every remark the strategy made, and the remarks of guesses another
/// strategy chose (fallbacks).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GamePlay {
    /// The rows, the last a win when the game was solved.
    pub rows: Vec<Row>,
    /// Every remark (fallbacks, approximations), in order, repeats dropped.
    pub notes: Vec<String>,
    /// Why another strategy chose some of the guesses, each reason once.
    pub fallbacks: Vec<String>,
}

/// One game: `strategy` guesses until it hits `secret` or [`MAX_GUESSES`] run out. The game is solved iff the last
/// row is a win.
pub fn play_game(
    spec: &Spec,
    strategy: Strategy,
    secret: &Code,
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl rand::Rng,
) -> Result<GamePlay, StrategyError> {
    play_game_watched(spec, strategy, secret, budget, observer, rng, &mut |_| {})
}

/// [`play_game`], calling `on_row` with each row as it is played (the CLI times every guess by it).
pub fn play_game_watched(
    spec: &Spec,
    strategy: Strategy,
    secret: &Code,
    budget: &Budget,
    observer: &dyn Observer,
    rng: &mut impl rand::Rng,
    on_row: &mut dyn FnMut(&Row),
) -> Result<GamePlay, StrategyError> {
    let mut played = GamePlay::default();
    // The game's codes, where its strategy lists them, are listed for its first guess and kept for the others.
    let mut listing = Listing::new();
    while played.rows.len() < MAX_GUESSES {
        let choice = crate::choose(
            strategy,
            spec,
            &played.rows,
            budget,
            observer,
            rng,
            &mut listing,
        )?;
        if let Some(why) = &choice.fallback
            && !played.fallbacks.contains(why)
        {
            played.fallbacks.push(why.clone());
        }
        played.notes.extend(choice.note);
        let feedback = crate::score(&choice.guess, secret, spec.colors);
        let row = Row {
            guess: choice.guess,
            feedback,
        };
        on_row(&row);
        played.rows.push(row);
        if feedback.is_win(spec.pegs) {
            break;
        }
    }
    played.notes.dedup();
    Ok(played)
}

#[cfg(test)]
mod tests;
