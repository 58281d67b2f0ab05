//! Conway's rule of three as a proof a player can check on the board: label the holes by `(row + column) mod 3`,
//! or by `(row - column) mod 3` (on boards where each jump's three holes get three labels); every jump changes the
//! pegs on each label by one, so the parity of the pegs on any two labels never changes. A position whose parity
//! differs from every finish's is lost; where no one count rules out every finish (one peg anywhere: a count rules
//! out either the holes it covers or the others), two counts together may.

use crate::board::{Board, Position};
use crate::verdict::{Lost, ParityCount};

/// The labellings the rule of three counts with on `board`: each hole's label, `(row + column) mod 3` or
/// `(row - column) mod 3`, for each of the two that gives every jump's three holes three different labels.
fn labellings(board: &Board) -> Vec<Vec<u8>> {
    let rules: [fn(i32, i32) -> i32; 2] = [|r, c| r + c, |r, c| r - c];
    rules
        .iter()
        .filter_map(|rule| {
            let labels: Vec<u8> = board
                .holes()
                .iter()
                .map(|&(r, c)| rule(i32::from(r), i32::from(c)).rem_euclid(3) as u8)
                .collect();
            let of = |h: u8| labels[usize::from(h)];
            let valid = board.jumps().iter().all(|j| {
                let (x, y, z) = (of(j.from), of(j.over), of(j.to));
                x != y && y != z && x != z
            });
            valid.then_some(labels)
        })
        .collect()
}

/// Every set of holes the rule of three counts on `board`: the holes of two of the three labels, for each labelling.
fn counted_sets(board: &Board) -> Vec<Vec<u8>> {
    labellings(board)
        .iter()
        .flat_map(|labels| {
            [[0, 1], [1, 2], [0, 2]].map(|pair| {
                (0..labels.len() as u8)
                    .filter(|&h| pair.contains(&labels[usize::from(h)]))
                    .collect()
            })
        })
        .collect()
}

/// The position class of `pos` (Conway's "rule of three"): for each labelling, a jump changes the number of pegs on
/// each label by one, so the parities of pegs on labels 0 and 1 together, and on 1 and 2 together, never change.
/// Two positions of different classes are never reached one from the other.
pub fn class_of(board: &Board, pos: Position) -> u8 {
    labellings(board)
        .iter()
        .enumerate()
        .fold(0, |bits, (k, labels)| {
            let mut n = [0u32; 3];
            for (h, &label) in labels.iter().enumerate() {
                n[usize::from(label)] += (pos >> h & 1) as u32;
            }
            bits | (((n[0] + n[1]) % 2) as u8) << (2 * k)
                | (((n[1] + n[2]) % 2) as u8) << (2 * k + 1)
        })
}

/// A rule-of-three proof that no finish in `finals` is reached from `pos`: one count whose parity differs from every
/// finish's ([`Lost::Class`]), else two that rule out every finish between them ([`Lost::ClassPair`]).
pub fn class_proof(board: &Board, pos: Position, finals: &[Position]) -> Option<Lost> {
    if finals.is_empty() {
        return None;
    }
    let sets = counted_sets(board);
    let mask = |set: &[u8]| -> Position { set.iter().map(|&h| 1u64 << h).sum() };
    let on = |m: Position, p: Position| (p & m).count_ones();
    // Whether the count on `m` rules out the finish `f`: its parity there is not the position's.
    let rules_out = |m: Position, f: Position| on(m, f) % 2 != on(m, pos) % 2;
    for set in &sets {
        let m = mask(set);
        if finals.iter().all(|&f| rules_out(m, f)) {
            return Some(Lost::Class {
                marked: set.clone(),
                pegs: on(m, pos),
                finish_pegs: on(m, finals[0]),
            });
        }
    }
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let (ma, mb) = (mask(a), mask(b));
            if finals.iter().all(|&f| rules_out(ma, f) || rules_out(mb, f)) {
                let count = |set: &[u8], m| ParityCount {
                    marked: set.to_vec(),
                    pegs: on(m, pos),
                };
                return Some(Lost::ClassPair {
                    first: count(a, ma),
                    second: count(b, mb),
                });
            }
        }
    }
    None
}
