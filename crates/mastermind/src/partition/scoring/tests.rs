//! Tests of `scoring`: symmetry changes no choice, and the fast choice is the exact argmin a naive search finds.

use super::*;
use crate::{Code, Spec};
use progress::NoObserver;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Peg symmetry only drops candidates a lower, equally scoring and equally consistent candidate stands for:
/// every strategy picks the same guess with it as with colour symmetry alone, after random histories.
#[test]
fn peg_symmetry_changes_no_choice() {
    let mut rng = StdRng::seed_from_u64(3);
    // Positions where peg symmetry dropped a candidate: the test must see it at work.
    let mut cut = 0;
    for spec in [
        Spec::CLASSIC,
        Spec::new(3, 5, true).unwrap(),
        Spec::new(5, 3, true).unwrap(),
        Spec::new(4, 6, false).unwrap(),
    ] {
        let listed = Listed::new(&spec).unwrap();
        for _ in 0..40 {
            let secret = Code::random(&spec, &mut rng);
            let depth = rng.random_range(1..=3);
            let past: Vec<Code> = (0..depth)
                .map(|i| {
                    // Symmetric guesses now and then (0,0,1,1 and the like), where peg maps are many.
                    if i == 0 && rng.random_bool(0.5) {
                        first_guess_pattern(&spec)
                    } else {
                        Code::random(&spec, &mut rng)
                    }
                })
                .collect();
            let consistent: Vec<u32> = (0..listed.len() as u32)
                .filter(|&i| {
                    past.iter().all(|g| {
                        crate::score(g, &listed.code(i), spec.colors)
                            == crate::score(g, &secret, spec.colors)
                    })
                })
                .collect();
            let past: Vec<&[u8]> = past.iter().map(Code::pegs).collect();
            for strategy in [
                Strategy::Knuth,
                Strategy::MostParts,
                Strategy::ExpectedSize,
                Strategy::Entropy,
            ] {
                let choose = |candidates: &Candidates| {
                    Scoring {
                        strategy,
                        listed: &listed,
                        consistent: &consistent,
                        candidates,
                    }
                    .best(&NoObserver)
                    .ok()
                };
                let with = Candidates::new(&listed, &consistent, &past);
                let without = Candidates::colors_only(&listed, &consistent, &past);
                assert!(with.first.len() <= without.first.len());
                let all = |c: &Candidates| c.first.len() + c.rest().len();
                cut += usize::from(all(&with) < all(&without));
                assert_eq!(
                    choose(&with),
                    choose(&without),
                    "{spec} {strategy} {past:?}"
                );
            }
        }
    }
    assert!(cut > 100, "peg symmetry cut candidates in {cut} positions");
}

fn first_guess_pattern(spec: &Spec) -> Code {
    let pegs: Vec<u8> = (0..spec.pegs)
        .map(|i| if spec.repeats { i / 2 } else { i })
        .collect();
    Code::from_valid(pegs)
}

/// A guess's split by the strategy's definition, from the class sizes alone: lower is better. Entropy compares
/// `sum n ln n` exactly where the two products of `n^n` are equal (their prime exponents agree), by `f64`
/// otherwise.
struct NaiveRank {
    strategy: Strategy,
    sizes: Vec<u64>,
}

impl NaiveRank {
    fn cmp(&self, other: &NaiveRank) -> std::cmp::Ordering {
        let (a, b) = (&self.sizes, &other.sizes);
        let max = |s: &[u64]| s.iter().copied().max().unwrap_or(0);
        let squares = |s: &[u64]| s.iter().map(|&n| n * n).sum::<u64>();
        match self.strategy {
            Strategy::Knuth => max(a).cmp(&max(b)),
            Strategy::MostParts => b.len().cmp(&a.len()),
            Strategy::ExpectedSize => squares(a).cmp(&squares(b)),
            _ if exponents(a) == exponents(b) => std::cmp::Ordering::Equal,
            _ => {
                let sum = |s: &[u64]| s.iter().map(|&n| n as f64 * (n as f64).ln()).sum::<f64>();
                sum(a).total_cmp(&sum(b))
            }
        }
    }
}

/// `strategy`'s choice where `consistent` remain after the guesses `past` is [`naive_best`]'s.
fn assert_naive_choice(strategy: Strategy, listed: &Listed, consistent: &[u32], past: &[&[u8]]) {
    let fast = best_guess(strategy, listed, consistent, past, &NoObserver).unwrap();
    let best = naive_best(strategy, listed, consistent);
    assert_eq!(fast, best, "{} {strategy} after {past:?}", listed.spec);
}

/// The lowest code by (rank, inconsistent, index) among every code of `listed`, ranked naively with `crate::score`
/// on `consistent` (sorted indices).
fn naive_best(strategy: Strategy, listed: &Listed, consistent: &[u32]) -> u32 {
    let spec = listed.spec;
    let all: Vec<Code> = (0..listed.len() as u32).map(|i| listed.code(i)).collect();
    let rank = |g: &Code| {
        let mut sizes = std::collections::BTreeMap::new();
        for &s in consistent {
            *sizes
                .entry(crate::score(g, &all[s as usize], spec.colors))
                .or_insert(0u64) += 1;
        }
        NaiveRank {
            strategy,
            sizes: sizes.into_values().collect(),
        }
    };
    let inconsistent = |i: u32| consistent.binary_search(&i).is_err();
    let (mut best, mut best_rank) = (0u32, rank(&all[0]));
    for i in 1..listed.len() as u32 {
        let r = rank(&all[i as usize]);
        let order = r
            .cmp(&best_rank)
            .then(inconsistent(i).cmp(&inconsistent(best)));
        if order == std::cmp::Ordering::Less {
            (best, best_rank) = (i, r);
        }
    }
    best
}

/// Knuth's choice late in a game, where secrets that hold the same colours are left and only blacks tell them apart
/// (the walk drops a candidate once its first pegs leave more of them together than the limit allows: `Atoms`), is
/// the naive argmin too: after histories of three or four guesses, in positions the scan does not count small.
#[test]
fn knuth_late_in_a_game_is_the_exact_argmin() {
    let mut rng = StdRng::seed_from_u64(5);
    for spec in [
        Spec::new(5, 6, true).unwrap(),
        Spec::new(6, 5, true).unwrap(),
    ] {
        let listed = Listed::new(&spec).unwrap();
        let (mut checked, mut with_atoms) = (0, 0);
        while checked < 12 {
            let secret = listed.index_of(&Code::random(&spec, &mut rng));
            let past: Vec<u32> = (0..rng.random_range(3..=4))
                .map(|_| listed.index_of(&Code::random(&spec, &mut rng)))
                .collect();
            let answer = |g: u32, s: u32| listed.bits(g).score(&listed.bits(s));
            let consistent: Vec<u32> = (0..listed.len() as u32)
                .filter(|&i| past.iter().all(|&g| answer(g, i) == answer(g, secret)))
                .collect();
            if !(6..=80).contains(&consistent.len()) {
                continue;
            }
            checked += 1;
            // Secrets that hold the same colours and agree from some peg on: the walk's atoms have groups here.
            let atoms = crate::partition::atoms::Atoms::new(&listed, &consistent);
            with_atoms += usize::from(!atoms.is_empty());
            let pegs: Vec<&[u8]> = past.iter().map(|&g| listed.pegs(g)).collect();
            assert_naive_choice(Strategy::Knuth, &listed, &consistent, &pegs);
        }
        assert!(
            with_atoms >= 6,
            "{spec}: {with_atoms} of the positions had atoms"
        );
    }
}

/// The prime exponents of the product of `n^n` over `sizes`: `sum n ln n`, exactly.
fn exponents(sizes: &[u64]) -> Vec<u64> {
    let mut e = vec![0u64; 1024];
    for &n in sizes {
        let (mut m, mut p) = (n, 2);
        while m > 1 {
            while m % p == 0 {
                e[p as usize] += n;
                m /= p;
            }
            p += 1;
        }
    }
    e
}

/// The guess each strategy picks after random histories is the lowest, by (rank, inconsistent, index), of every
/// code ranked naively with `crate::score`: the fast path's symmetry cuts, shared bounds, tie cutoffs and slices
/// change nothing. The independent check behind figures that differ from the GPU solver's (its expected-size and
/// entropy ranks are 32-bit floats rounded to 6 and 9 digits, so near-ties fall differently there).
#[test]
fn the_fast_choice_is_the_exact_argmin_of_a_naive_search() {
    let mut rng = StdRng::seed_from_u64(11);
    for spec in [
        Spec::new(5, 5, true).unwrap(),
        Spec::new(4, 7, true).unwrap(),
        // Knuth's class sizes in three and four vectors of lanes (36 and 55 classes), as at 7 and 8 pegs.
        Spec::new(7, 3, true).unwrap(),
        Spec::new(9, 2, true).unwrap(),
    ] {
        let listed = Listed::new(&spec).unwrap();
        let all: Vec<Code> = (0..listed.len() as u32).map(|i| listed.code(i)).collect();
        let mut checked = 0;
        while checked < 10 {
            let secret = Code::random(&spec, &mut rng);
            let past: Vec<Code> = (0..rng.random_range(1..=2))
                .map(|_| Code::random(&spec, &mut rng))
                .collect();
            let consistent: Vec<u32> = (0..listed.len() as u32)
                .filter(|&i| {
                    past.iter().all(|g| {
                        crate::score(g, &all[i as usize], spec.colors)
                            == crate::score(g, &secret, spec.colors)
                    })
                })
                .collect();
            if !(3..=300).contains(&consistent.len()) {
                continue;
            }
            checked += 1;
            let pegs: Vec<&[u8]> = past.iter().map(Code::pegs).collect();
            for strategy in [
                Strategy::Knuth,
                Strategy::MostParts,
                Strategy::ExpectedSize,
                Strategy::Entropy,
            ] {
                assert_naive_choice(strategy, &listed, &consistent, &pegs);
            }
        }
    }
}
