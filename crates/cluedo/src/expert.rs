//! The `expert` player: exact deduction, and what a player who wants to win does beyond it.
//!
//! - **When to accuse**: at once when certain; else, after its own suggestion (which costs nothing and may settle
//!   it), as soon as the likeliest envelope is likely enough. Its chance comes from a uniform sample of the deals
//!   consistent with the view; the bar falls as the game goes on, since the other players grow surer too (a
//!   deduction player accuses the turn it is certain, 4.4 rounds in on average at a table of three).
//! - **Which suggestion**: the one after whose answer the likeliest envelope is most often right, over a sample of
//!   the consistent deals: a suggestion aimed at accusing right after it, where `deduction` asks what lowers the
//!   envelope's uncertainty most; measured against two and five deduction players, aiming at the accusation wins
//!   clearly more games (BENCHMARKS.md, "Cluedo, the expert"). Its own cards are among those tried: nobody can
//!   show them, so the answer is about the other cards.
//! - **Which card to show**: one the asker has already seen; else one already shown to someone else; else any. Every
//!   other player only sees that a card was shown, so showing the same few cards tells the table least.
//!
//! Each decision comes with a sentence saying why ([`Decision::why`]), for the page's "Suggest for me" and for a
//! watched table.

use rand::Rng;

use crate::cards::{CARDS, Card, CardSet, Triple};
use crate::deduce::{Deals, deals};
use crate::game::{Action, Ask};
use crate::notebook::Notebook;
use crate::tactics::{
    NONE, SHARE, WEIGHT, may_show, pin_down, random_card, seats_left, shown_me_from_left, shown_to,
};
use crate::view::{Turn, View};

/// Consistent deals sampled to judge how likely the likeliest envelope is.
const JUDGE: usize = 256;

/// An action and why it was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// What to do.
    pub action: Action,
    /// Why, in one sentence.
    pub why: String,
}

/// What the expert at `view`'s seat does when asked `ask`, and why.
pub fn decide(view: &View, ask: Ask, rng: &mut impl Rng) -> Decision {
    match ask {
        Ask::Show { by, options } => show(view, by, options, rng),
        Ask::Turn | Ask::AfterSuggestion => think(view, ask, rng),
    }
}

/// The card to show seat `by` among `options`. The reason does not name the card: it is read by every player
/// watching (the page shows a computer's reasons), and only the asker may see which card was shown.
fn show(view: &View, by: usize, options: CardSet, rng: &mut impl Rng) -> Decision {
    let to_asker = shown_to(view, by).and(options);
    if !to_asker.is_empty() {
        let card = random_card(to_asker, rng);
        return Decision {
            action: Action::Show(card),
            why: "The asker was shown this card before, so it learns nothing new.".into(),
        };
    }
    let shown_any = (0..view.players())
        .filter(|&s| s != view.me())
        .fold(CardSet::EMPTY, |acc, s| acc.or(shown_to(view, s)))
        .and(options);
    if !shown_any.is_empty() {
        let card = random_card(shown_any, rng);
        return Decision {
            action: Action::Show(card),
            why: "Another player was shown this card before, so no new card of this hand goes round the table."
                .into(),
        };
    }
    let card = random_card(options, rng);
    Decision {
        action: Action::Show(card),
        why: "None of these cards has been shown before, so any of them tells the table as much as another."
            .into(),
    }
}

/// The likeliest envelope among `n` deals drawn uniformly from `d`, with its share of them.
fn likeliest(d: &Deals, players: usize, n: usize, rng: &mut impl Rng) -> Option<(Triple, f64)> {
    let mut seen: Vec<(Triple, u32)> = Vec::new();
    for _ in 0..n {
        let owners = d.sample(rng);
        let cards: Vec<Card> = (0..CARDS)
            .filter(|&c| usize::from(owners[c]) == players)
            .filter_map(Card::new)
            .collect();
        let Some(Ok(t)) = <[Card; 3]>::try_from(cards).ok().map(Triple::new) else {
            continue;
        };
        match seen.iter_mut().find(|(x, _)| *x == t) {
            Some((_, k)) => *k += 1,
            None => seen.push((t, 1)),
        }
    }
    let (t, k) = seen.into_iter().max_by_key(|&(_, k)| k)?;
    Some((t, f64::from(k) / n.max(1) as f64))
}

/// The suggestion most likely to settle the game at once, and what its answers would tell, over a sample of deals.
pub(crate) struct Aim {
    pub(crate) triple: Triple,
    /// How often the likeliest envelope after the answer is right.
    pub(crate) chance: f64,
    /// How many different answers the sample gives it (the card shown, or nobody).
    pub(crate) answers: usize,
    /// The fewest and the most of the sample's envelopes an answer leaves.
    pub(crate) fewest: usize,
    pub(crate) most: usize,
    /// How many different envelopes the sample holds.
    pub(crate) envelopes: usize,
}

/// Consistent deals sampled to find the suggestion most likely to settle the game at once.
pub(crate) const WIN_NOW: usize = 128;

/// The suggestion after whose answer the likeliest envelope is most likely right, with that chance, over `n` deals
/// drawn uniformly from `d`: for each answer it could get (who refutes with which card, a refuter showing a card it
/// has already shown this seat where it can, else each as often), the likeliest envelope among the deals that give
/// that answer. Tried: the cards some deal puts in the envelope, and for each kind one card of this seat's own (it
/// cannot be shown, so the answer is about the other two).
pub(crate) fn win_now(view: &View, d: &Deals, n: usize, rng: &mut impl Rng) -> Option<Aim> {
    const W: u32 = WEIGHT as u32;
    let (p, me) = (view.players(), view.me());
    let samples: Vec<[u8; CARDS]> = (0..n).map(|_| d.sample(rng)).collect();
    // Per sample, how many seats to this seat's left each card's holder sits; the cards each seat showed it.
    let left: Vec<[u8; CARDS]> = samples.iter().map(|o| seats_left(o, p, me)).collect();
    let shown_left = shown_me_from_left(view);
    // Each sample's envelope, numbered.
    let mut envelopes: Vec<u32> = Vec::new();
    let env_of: Vec<usize> = samples
        .iter()
        .map(|owners| {
            let set = (0..CARDS)
                .filter(|&c| usize::from(owners[c]) == p)
                .fold(0u32, |s, c| s | 1 << c);
            envelopes.iter().position(|&e| e == set).unwrap_or_else(|| {
                envelopes.push(set);
                envelopes.len() - 1
            })
        })
        .collect();
    let in_some_envelope = CardSet(envelopes.iter().fold(0, |a, &e| a | e));
    let candidates = crate::cards::Kind::ALL.map(|k| {
        let mut cards: Vec<Card> = in_some_envelope.and(k.cards()).iter().collect();
        if let Some(mine) = view.hand().and(k.cards()).iter().next() {
            cards.push(mine);
        }
        cards
    });
    let slots = envelopes.len();
    let mut table = vec![0u32; (CARDS + 1) * slots];
    let mut best: Option<(Triple, u32)> = None;
    for &s in &candidates[0] {
        for &w in &candidates[1] {
            for &r in &candidates[2] {
                let cards = [s, w, r];
                // The answers reached (their rows alone are summed and cleared).
                let mut reached = 0u32;
                let mut nobody = false;
                for (steps, &e) in left.iter().zip(&env_of) {
                    let Some(shown) = answer(cards, steps, &shown_left) else {
                        nobody = true;
                        table[CARDS * slots + e] += W;
                        continue;
                    };
                    let each = u32::from(SHARE[shown.count_ones() as usize]);
                    reached |= shown;
                    let mut bits = shown;
                    while bits != 0 {
                        table[bits.trailing_zeros() as usize * slots + e] += each;
                        bits &= bits - 1;
                    }
                }
                let rows = CardSet(reached)
                    .iter()
                    .map(|c| c.index())
                    .chain(nobody.then_some(CARDS));
                let mut right = 0;
                for o in rows {
                    let row = &mut table[o * slots..(o + 1) * slots];
                    right += row.iter().copied().max().unwrap_or(0);
                    row.iter_mut().for_each(|x| *x = 0);
                }
                if best.is_none_or(|(_, b)| right > b) {
                    best = Some((
                        Triple {
                            suspect: s,
                            weapon: w,
                            room: r,
                        },
                        right,
                    ));
                }
            }
        }
    }
    best.map(|(triple, right)| {
        let cards = [triple.suspect, triple.weapon, triple.room];
        // Per answer (the card shown, or nobody), which sampled envelopes give it.
        let mut gives = vec![false; (CARDS + 1) * slots];
        for (steps, &e) in left.iter().zip(&env_of) {
            match answer(cards, steps, &shown_left) {
                None => gives[CARDS * slots + e] = true,
                Some(mut bits) => {
                    while bits != 0 {
                        gives[bits.trailing_zeros() as usize * slots + e] = true;
                        bits &= bits - 1;
                    }
                }
            }
        }
        let left_by: Vec<usize> = gives
            .chunks(slots.max(1))
            .map(|row| row.iter().filter(|&&g| g).count())
            .filter(|&k| k > 0)
            .collect();
        Aim {
            triple,
            chance: f64::from(right) / f64::from(W * n.max(1) as u32),
            answers: left_by.len(),
            fewest: left_by.iter().copied().min().unwrap_or(0),
            most: left_by.iter().copied().max().unwrap_or(0),
            envelopes: slots,
        }
    })
}

/// The cards (as bits) the first seat to this seat's left holding one of `cards` may show it, in a deal where each
/// card's holder sits `steps` seats to the left; `None` where nobody can refute.
#[inline]
fn answer(cards: [Card; 3], steps: &[u8; CARDS], shown_left: &[u32]) -> Option<u32> {
    let near = cards.iter().map(|c| steps[c.index()]).min().unwrap_or(NONE);
    if near == NONE {
        return None;
    }
    let held = cards
        .iter()
        .filter(|c| steps[c.index()] == near)
        .fold(0u32, |h, c| h | 1 << c.index());
    Some(may_show(held, shown_left[usize::from(near)]))
}

/// How sure the expert must be to accuse, after its suggestion: fairly sure at first, less so as the others near
/// certainty (each round brings them closer), and less sure the more players are still in (one of them is the more
/// likely to be certain by the expert's next turn). Tuned by simulation against two and five deduction players
/// (BENCHMARKS.md, "Cluedo, the expert").
fn bar(view: &View) -> f64 {
    let mine = view
        .turns()
        .iter()
        .filter(|t| matches!(t, Turn::Suggest { by, .. } if *by == view.me()))
        .count() as f64;
    let others = (0..view.players())
        .filter(|&s| s != view.me() && !view.eliminated(s))
        .count() as f64;
    let crowd = others - 2.0;
    let start = BAR_START - BAR_START_PER_PLAYER * crowd;
    let least = BAR_LEAST - BAR_LEAST_PER_PLAYER * crowd;
    // Against one other player a gamble below this lost more games than it won.
    let least = if others < 2.0 {
        least.max(BAR_LEAST_HEADS_UP)
    } else {
        least
    };
    (start - BAR_FALL * mine).max(least).clamp(0.05, 1.0)
}

/// Against two others: the bar before the expert's first suggestion, how much it falls with each of them, and the
/// least it falls to; and how much the first and the last are lower for each other player beyond two.
const BAR_START: f64 = 0.8;
const BAR_FALL: f64 = 0.1;
const BAR_LEAST: f64 = 0.4;
const BAR_START_PER_PLAYER: f64 = 0.133;
const BAR_LEAST_PER_PLAYER: f64 = 0.083;
const BAR_LEAST_HEADS_UP: f64 = 0.7;

fn think(view: &View, ask: Ask, rng: &mut impl Rng) -> Decision {
    let Ok(d) = deals(view) else {
        // A game's own view is always consistent; if not, end the turn rather than fail.
        return Decision {
            action: Action::EndTurn,
            why: "The notes contradict each other, so the turn ends.".into(),
        };
    };
    let notebook = Notebook::from_deals(&d, view.players());
    if let Some(t) = notebook.solved() {
        return Decision {
            action: Action::Accuse(t),
            why: format!("Every deal that fits the game puts {t} in the envelope."),
        };
    }
    let (best, share) =
        likeliest(&d, view.players(), JUDGE, rng).unwrap_or((notebook_guess(&notebook), 0.0));
    let bar = bar(view);
    // A suggestion first costs nothing and may settle it: a gamble waits until after it.
    if ask == Ask::AfterSuggestion && share >= bar {
        return Decision {
            action: Action::Accuse(best),
            why: format!(
                "{best} is in the envelope in {:.0} % of the deals that fit the game, above the {:.0} % it asks at this point of the game, with this many players still in.",
                100.0 * share,
                100.0 * bar
            ),
        };
    }
    if ask == Ask::AfterSuggestion {
        return Decision {
            action: Action::EndTurn,
            why: format!(
                "The likeliest envelope, {best}, fits only {:.0} % of the deals: not enough to risk the game.",
                100.0 * share
            ),
        };
    }
    match win_now(view, &d, WIN_NOW, rng) {
        Some(aim) => Decision {
            action: Action::Suggest(aim.triple),
            why: format!(
                "Of all suggestions, this one's answer is the likeliest to let it accuse at once; over {} of the {} deals that fit the game ({} between them), {}, and the best guess after the answer is right about {:.0} % of the time.",
                WIN_NOW,
                progress::group_digits(&notebook.deals.to_string()),
                envelopes(aim.envelopes),
                match (aim.answers, aim.fewest == aim.most) {
                    (1, _) => format!(
                        "its one possible answer would leave {}",
                        envelopes(aim.fewest)
                    ),
                    (a, true) => format!(
                        "each of its {a} possible answers would leave {}",
                        envelopes(aim.fewest)
                    ),
                    (a, false) => format!(
                        "its {a} possible answers would leave {} to {}",
                        aim.fewest,
                        envelopes(aim.most)
                    ),
                },
                100.0 * aim.chance,
            ),
        },
        None => {
            let triple = pin_down(view, &notebook, rng);
            Decision {
                action: Action::Suggest(triple),
                why: format!(
                    "{triple} asks about the envelope card still in most doubt, with cards nobody can show for the rest."
                ),
            }
        }
    }
}

/// "1 envelope", "12 envelopes".
fn envelopes(n: usize) -> String {
    if n == 1 {
        "1 envelope".into()
    } else {
        format!("{n} envelopes")
    }
}

/// The envelope the notebook finds likeliest card by card (when no sample could be drawn).
fn notebook_guess(notebook: &Notebook) -> Triple {
    let best = |kind: crate::cards::Kind| {
        kind.cards()
            .iter()
            .max_by_key(|&c| notebook.counts[c.index()][notebook.players])
            .unwrap_or_else(|| kind.cards().iter().next().expect("every kind has cards"))
    };
    Triple {
        suspect: best(crate::cards::Kind::Suspect),
        weapon: best(crate::cards::Kind::Weapon),
        room: best(crate::cards::Kind::Room),
    }
}
