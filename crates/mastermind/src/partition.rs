//! How one guess splits a set of codes by the feedback each would give, and the scores the partition strategies
//! give that split: for showing people why a strategy chose a guess, and what their own guess would tell them.
//!
//! Under it, the partition strategies themselves (knuth, most-parts, entropy, expected-size): the candidate guesses
//! worth scoring, one per symmetry class ([`candidates`], with the bounds a walk building them may stop at,
//! [`within`] and [`atoms`]); scoring them ([`scoring`]: splits, floors, secrets arranged by colour multiset); and
//! the opening books worked out ahead of time for their first guesses ([`opening`]).

use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::kernel::bits::Bits;
use crate::listing::listed::Listed;
use crate::search::{self, Budget, Count, Stopped};
use crate::{Code, Feedback, Row, Spec, Strategy, score};
use progress::{Observer, group_digits};

pub(crate) mod atoms;
pub(crate) mod candidates;
pub mod opening;
pub(crate) mod scoring;
pub(crate) mod within;

/// The most consistent codes [`split_remaining`] lists to split them (beyond that it says the split is too big).
pub const MAX_SPLIT_CODES: usize = 1 << 20;

/// A guess's split of a set of codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Each feedback that occurs and how many codes give it, largest class first (ties by feedback).
    pub classes: Vec<(Feedback, u64)>,
    /// Codes split.
    pub total: u64,
    /// Whether the guess is itself one of the codes (it can win now).
    pub guess_included: bool,
}

impl Partition {
    /// The split with these classes (each feedback and its count), largest first (ties by feedback).
    pub(crate) fn of(
        mut classes: Vec<(Feedback, u64)>,
        total: u64,
        guess_included: bool,
    ) -> Partition {
        classes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        Partition {
            classes,
            total,
            guess_included,
        }
    }

    /// Knuth's score: the largest class (smaller is better).
    pub fn worst(&self) -> u64 {
        self.classes.first().map_or(0, |c| c.1)
    }

    /// Kooi's score: the number of classes (more is better).
    pub fn parts(&self) -> usize {
        self.classes.len()
    }

    /// Neuwirth's score: the information the feedback gives, in bits (more is better).
    pub fn entropy_bits(&self) -> f64 {
        let n = self.total as f64;
        self.classes
            .iter()
            .map(|&(_, k)| {
                let p = k as f64 / n;
                -p * p.log2()
            })
            .sum()
    }

    /// Irving's score: the expected size of the class the secret falls in (smaller is better).
    pub fn expected_size(&self) -> f64 {
        let n = self.total as f64;
        self.classes
            .iter()
            .map(|&(_, k)| (k as f64) * (k as f64))
            .sum::<f64>()
            / n.max(1.0)
    }
}

/// Splits the listed codes `set` (sorted indices) by the feedback `guess` gets against each, on the bit sets and on
/// every thread: what [`split`] gives for the same codes, without building them.
pub(crate) fn split_listed(listed: &Listed, set: &[u32], guess: &Code) -> Partition {
    let g = Bits::new(guess.pegs(), listed.spec.colors);
    let slots = Feedback::index_count(listed.spec.pegs);
    let counts = set
        .par_iter()
        .fold(
            || vec![0u64; slots],
            |mut m, &i| {
                m[g.score(&listed.bits(i)).index()] += 1;
                m
            },
        )
        .reduce(
            || vec![0u64; slots],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let pegs = listed.spec.pegs;
    let classes = (0..=pegs)
        .flat_map(|black| (0..=pegs - black).map(move |white| Feedback { black, white }))
        .filter_map(|f| Some((f, counts[f.index()])).filter(|c| c.1 > 0))
        .collect();
    let index = listed.index_of(guess);
    Partition::of(classes, set.len() as u64, set.binary_search(&index).is_ok())
}

/// Splits `codes` by the feedback `guess` gets against each.
pub fn split(spec: &Spec, guess: &Code, codes: &[Code]) -> Partition {
    let counts = codes
        .par_iter()
        .fold(BTreeMap::new, |mut m: BTreeMap<Feedback, u64>, code| {
            *m.entry(score(guess, code, spec.colors)).or_insert(0) += 1;
            m
        })
        .reduce(BTreeMap::new, |mut a, b| {
            for (k, v) in b {
                *a.entry(k).or_insert(0) += v;
            }
            a
        });
    Partition::of(
        counts.into_iter().collect(),
        codes.len() as u64,
        codes.contains(guess),
    )
}

/// Splits the codes consistent with `history` by `guess`. `Ok(None)` when more than [`MAX_SPLIT_CODES`] codes
/// are consistent (too many to list within reasonable memory).
pub fn split_remaining(
    spec: &Spec,
    history: &[Row],
    guess: &Code,
    budget: &Budget,
    observer: &dyn Observer,
) -> Result<Option<Partition>, Stopped> {
    let Some(codes) = search::collect(spec, history, MAX_SPLIT_CODES, budget, observer)? else {
        return Ok(None);
    };
    Ok(Some(split(spec, guess, &codes)))
}

/// One line for people: why `strategy` chose a guess, given that guess's `split` of the codes that were
/// possible (when they could be listed) and how many there were.
pub fn explain(strategy: Strategy, remaining: &Count, split: Option<&Partition>) -> String {
    let (n, at_least) = match remaining {
        Count::Exact(n) => (*n, ""),
        Count::AtLeast(n) => (*n, "at least "),
    };
    if *remaining == Count::Exact(1) {
        return "only one code fits every score so far: it is the secret".into();
    }
    let codes = format!(
        "{at_least}{} code{}",
        group_digits(&n.to_string()),
        if n == 1 { "" } else { "s" }
    );
    let fit = if n == 1 { "fits" } else { "fit" };
    let Some(p) = split else {
        return match strategy {
            Strategy::LocalSearch | Strategy::SampledSplit if n == 0 => {
                "local search has not yet found a code that fits every score, so it \
                plays the closest one it found (its answer still narrows the search)"
                    .into()
            }
            Strategy::LocalSearch => format!(
                "{codes} still {fit}: too many to list, so local search looked for colour counts, then an order, \
                 that fit every score"
            ),
            Strategy::SampledSplit => format!(
                "{codes} still {fit}: too many to list, so local search drew a sample of codes that fit every \
                 score, and this one's answers split the sample most evenly"
            ),
            Strategy::ColourByColour => {
                "one colour at a time: its answer counts one colour's pegs among those it covers"
                    .into()
            }
            _ => format!("it fits every score so far, like the other {codes} still possible"),
        };
    };
    let can_win = if p.guess_included {
        ", and it could be the secret"
    } else {
        ", though it cannot be the secret itself"
    };
    match strategy {
        Strategy::FirstConsistent => {
            format!("the first code, in order, of the {codes} that fit every score so far")
        }
        Strategy::RandomConsistent => {
            format!("drawn at random from the {codes} that fit every score so far")
        }
        Strategy::Knuth => format!(
            "whatever the answer, at most {} of the {codes} will be left (the smallest worst case of any guess){can_win}",
            group_digits(&p.worst().to_string())
        ),
        Strategy::MostParts => format!(
            "its answers split the {codes} into {} groups, the most of any guess{can_win}",
            p.parts()
        ),
        Strategy::Entropy => format!(
            "its answer tells {:.2} bits on average about the {codes}, the most of any guess{can_win}",
            p.entropy_bits()
        ),
        Strategy::ExpectedSize => format!(
            "on average {:.1} of the {codes} will be left after its answer, the fewest of any guess{can_win}",
            p.expected_size()
        ),
        Strategy::Optimal => format!(
            "it starts the game tree with the fewest guesses on average over the {codes}; its answers split them \
             into {} groups of at most {}",
            p.parts(),
            group_digits(&p.worst().to_string())
        ),
        Strategy::LocalSearch | Strategy::SampledSplit | Strategy::ColourByColour => {
            format!("it fits every score so far, like the other {codes} still possible")
        }
    }
}

/// The first row (from 0) that `code` does not fit: the secret cannot be `code` because of that row's score.
/// `None` when `code` fits every row, so it is still possible.
pub fn ruled_out_by(spec: &Spec, code: &Code, history: &[Row]) -> Option<(usize, Feedback)> {
    history.iter().enumerate().find_map(|(i, row)| {
        let would = score(&row.guess, code, spec.colors);
        (would != row.feedback).then_some((i, would))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use progress::NoObserver;

    fn code(s: &str) -> Code {
        Code::parse(&Spec::CLASSIC, s).unwrap()
    }

    #[test]
    fn the_split_on_listed_codes_is_the_split_on_codes() {
        let spec = Spec::CLASSIC;
        let listed = Listed::new(&spec).unwrap();
        let history = [Row {
            guess: code("0,0,1,1"),
            feedback: Feedback { black: 1, white: 1 },
        }];
        let set = listed.consistent(&history);
        let codes: Vec<Code> = set.iter().map(|&i| listed.code(i)).collect();
        for guess in ["0,1,2,3", "2,2,3,3", &format!("{}", codes[5])] {
            let guess = Code::parse(&spec, guess).unwrap();
            assert_eq!(
                split_listed(&listed, &set, &guess),
                split(&spec, &guess, &codes)
            );
        }
    }

    #[test]
    fn one_code_left_is_said_plainly() {
        for strategy in Strategy::ALL {
            assert_eq!(
                explain(strategy, &Count::Exact(1), None),
                "only one code fits every score so far: it is the secret"
            );
        }
    }

    #[test]
    fn knuths_opening_splits_1296_codes_as_his_table_says() {
        // Knuth (1977): after 1122 the largest classes hold 256 codes each (no peg scored: the 4^4 codes without
        // colours 1 and 2; one white; one black); 13 of the 14 feedbacks occur (one black and three whites would need a
        // rearrangement of 1122 fixing exactly one peg).
        let spec = Spec::CLASSIC;
        let p = split_remaining(
            &spec,
            &[],
            &code("0,0,1,1"),
            &Budget::UNLIMITED,
            &NoObserver,
        )
        .unwrap()
        .unwrap();
        assert_eq!(p.total, 1296);
        assert_eq!(p.worst(), 256);
        assert_eq!(p.parts(), 13);
        assert_eq!(p.classes[0], (Feedback { black: 0, white: 0 }, 256));
        assert_eq!(p.classes[1], (Feedback { black: 0, white: 1 }, 256));
        assert_eq!(p.classes.iter().map(|c| c.1).sum::<u64>(), 1296);
        assert!(p.guess_included);
        // The 1,1 class is the 208 codes the crate's doc example counts.
        let one_one = p
            .classes
            .iter()
            .find(|c| c.0 == Feedback { black: 1, white: 1 });
        assert_eq!(one_one.map(|c| c.1), Some(208));
        // Less than log2(13) = 3.70 bits: the classes are far from even.
        assert!(
            (p.entropy_bits() - 2.8851).abs() < 1e-3,
            "{}",
            p.entropy_bits()
        );
        let squares: u64 = p.classes.iter().map(|c| c.1 * c.1).sum();
        assert_eq!(p.expected_size(), squares as f64 / 1296.0);
    }

    #[test]
    fn each_strategy_says_why_in_one_line() {
        let spec = Spec::CLASSIC;
        let p = split(&spec, &code("0,0,1,1"), &{
            let listed = Listed::new(&spec).unwrap();
            (0..listed.len() as u32)
                .map(|i| listed.code(i))
                .collect::<Vec<_>>()
        });
        let n = Count::Exact(1296);
        let check = |s: Strategy, expected: &str| assert_eq!(explain(s, &n, Some(&p)), expected);
        check(
            Strategy::Knuth,
            "whatever the answer, at most 256 of the 1,296 codes will be left (the smallest worst case of any guess), \
             and it could be the secret",
        );
        check(
            Strategy::MostParts,
            "its answers split the 1,296 codes into 13 groups, the most of any guess, and it could be the secret",
        );
        check(
            Strategy::RandomConsistent,
            "drawn at random from the 1,296 codes that fit every score so far",
        );
        assert_eq!(
            explain(Strategy::LocalSearch, &Count::AtLeast(5), None),
            "at least 5 codes still fit: too many to list, so local search looked for colour counts, then an \
             order, that fit every score"
        );
        assert!(
            explain(Strategy::LocalSearch, &Count::AtLeast(1), None)
                .starts_with("at least 1 code still fits:")
        );
        assert!(
            explain(Strategy::LocalSearch, &Count::AtLeast(0), None)
                .starts_with("local search has not yet found")
        );
    }

    #[test]
    fn a_code_is_ruled_out_by_the_first_row_it_does_not_fit() {
        let spec = Spec::CLASSIC;
        let row = |g: &str, black, white| Row {
            guess: code(g),
            feedback: Feedback { black, white },
        };
        let history = [row("0,0,1,1", 1, 1), row("2,3,4,5", 0, 2)];
        // 3,1,4,1 fits row 1 but would score 1 black 1 white against 2,3,4,5 (row 2 says 0 and 2).
        assert_eq!(
            ruled_out_by(&spec, &code("3,1,4,1"), &history),
            Some((1, Feedback { black: 1, white: 1 }))
        );
        // 1,0,3,2 fits row 1 (1 black: the 0; 1 white: the 1) and row 2 (the 2 and the 3, both misplaced).
        assert_eq!(ruled_out_by(&spec, &code("1,0,3,2"), &history), None);
    }
}
