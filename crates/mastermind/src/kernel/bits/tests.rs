use super::*;
use crate::score_reference;
use proptest::prelude::*;

proptest! {
    #[test]
    fn bits_score_equals_reference((g, s, colors) in (1usize..=16, 2u8..=8).prop_flat_map(|(p, c)| {
        (prop::collection::vec(0..c, p), prop::collection::vec(0..c, p), Just(c))
    })) {
        let (gb, sb) = (Bits::new(&g, colors), Bits::new(&s, colors));
        let expected = score_reference(&g, &s);
        prop_assert_eq!(gb.score(&sb), expected);
        let class = |lanes_wide: bool| {
            let mut seen = Vec::new();
            let mut each = |block: &[u8], _| { seen.extend_from_slice(block); true };
            if lanes_wide {
                Lanes::<u128>::new([sb].into_iter()).each_block(gb.words(), &mut each);
            } else {
                Lanes::<u64>::new([sb].into_iter()).each_block(gb.words(), &mut each);
            }
            seen
        };
        prop_assert_eq!(class(true), vec![expected.index() as u8]);
        if g.len() * usize::from(colors) <= 64 {
            prop_assert_eq!(class(false), vec![expected.index() as u8]);
        }
    }
}

/// Every layout of the secrets ([`Secrets`]: columns, and bit sets in each word the game fits) gives each block
/// the reference's classes, in order, with the secrets left after it, for placed guesses and colours alone.
fn blocks_of(secrets: &Secrets, guess: &Bits) -> (Vec<u8>, Vec<usize>) {
    let (mut seen, mut left) = (Vec::new(), Vec::new());
    let whole = secrets.each_block(guess, |block, after| {
        seen.extend_from_slice(block);
        left.push(after);
        true
    });
    assert!(whole);
    (seen, left)
}

proptest! {
    #[test]
    fn every_layout_gives_the_reference_classes(
        (pegs, colors, codes, guesses) in (2usize..=16, 2u8..=12).prop_flat_map(|(p, c)| {
            let code = prop::collection::vec(0..c, p);
            (Just(p), Just(c), prop::collection::vec(code.clone(), 0..100), prop::collection::vec(code, 1..4))
        })
    ) {
        prop_assume!(pegs * usize::from(colors) <= 128);
        let spec = Spec::new(pegs as u32, u32::from(colors), true).unwrap();
        let bits: Vec<Bits> = codes.iter().map(|c| Bits::new(c, colors)).collect();
        let shape = Shape { pegs, colors };
        let mut layouts = vec![
            Secrets::new(&spec, bits.iter().copied()),
            Secrets::Columns(
                Columns::new(pegs, usize::from(colors), bits.iter().map(|b| b.colours_at(pegs, colors))),
                shape,
            ),
            Secrets::Wide(Lanes::new(bits.iter().copied())),
        ];
        if fits(&spec, u64::BITS) {
            layouts.push(Secrets::Narrow(Lanes::new(bits.iter().copied())));
        }
        for g in &guesses {
            let guess = Bits::new(g, colors);
            for guess in [guess, guess.colours_only()] {
                let want: Vec<u8> = bits.iter().map(|s| guess.score(s).index() as u8).collect();
                let blocks = want.len().div_ceil(BLOCK);
                let left: Vec<usize> = (1..=blocks).map(|k| want.len().saturating_sub(k * BLOCK)).collect();
                for secrets in &layouts {
                    prop_assert_eq!(secrets.len(), codes.len());
                    prop_assert_eq!(blocks_of(secrets, &guess), (want.clone(), left.clone()));
                }
            }
        }
    }
}

#[test]
fn a_scan_stops_when_told() {
    let spec = Spec::new(6, 9, true).unwrap();
    let codes: Vec<Bits> = (0..300u16)
        .map(|k| Bits::new(&[(k % 9) as u8, 1, 2, 3, 4, (k % 5) as u8], 9))
        .collect();
    let secrets = Secrets::new(&spec, codes.iter().copied());
    assert!(matches!(secrets, Secrets::Columns(..)));
    let mut blocks = 0;
    assert!(!secrets.each_block(&codes[0], |_, _| {
        blocks += 1;
        blocks < 2
    }));
    assert_eq!(blocks, 2);
}

#[test]
fn the_avx2_build_of_a_loop_gives_what_the_baseline_build_gives() {
    // Where the CPU has AVX2, `fast` runs the loop compiled for it (as far as LLVM inlines it there); called
    // directly, the same loop is compiled for the baseline target. Both must see the reference's classes.
    let spec = Spec::new(5, 8, true).unwrap();
    let mut state = 7u64;
    let mut code = || -> Bits {
        let pegs: Vec<u8> = (0..5)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                (state >> 59) as u8 % 8
            })
            .collect();
        Bits::new(&pegs, 8)
    };
    let secrets: Vec<Bits> = (0..300).map(|_| code()).collect();
    let guesses: Vec<Bits> = (0..50).map(|_| code()).collect();
    let reference: Vec<Vec<u8>> = guesses
        .iter()
        .map(|g| secrets.iter().map(|s| g.score(s).index() as u8).collect())
        .collect();
    // Bit sets (a position under `COLUMNS_FROM`) and columns (one over it).
    for n in [100, 300] {
        let lanes = Secrets::new(&spec, secrets[..n].iter().copied());
        let classes = |guess: &Bits| {
            let mut seen = Vec::new();
            lanes.each_block(guess, |block, _| {
                seen.extend_from_slice(block);
                true
            });
            seen
        };
        let baseline: Vec<Vec<u8>> = guesses.iter().map(classes).collect();
        let fast_build: Vec<Vec<u8>> = fast(
            #[inline(always)]
            || guesses.iter().map(classes).collect(),
        );
        assert_eq!(fast_build, baseline);
        let reference: Vec<Vec<u8>> = reference.iter().map(|r| r[..n].to_vec()).collect();
        assert_eq!(baseline, reference);
    }
}

#[test]
fn widest_listed_game_fits() {
    // 4 pegs of 17 colours without repeats is the only listed game over 64 bits.
    let g = [16u8, 15, 14, 13];
    let s = [13u8, 15, 0, 16];
    assert_eq!(
        Bits::new(&g, 17).score(&Bits::new(&s, 17)),
        Feedback { black: 1, white: 2 }
    );
    let all = [7u8; 16];
    assert_eq!(
        Bits::new(&all, 8).score(&Bits::new(&all, 8)),
        Feedback {
            black: 16,
            white: 0
        }
    );
}
