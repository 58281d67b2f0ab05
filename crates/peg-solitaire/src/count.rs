//! Counting every game from a start to a finish, exactly, level by level: breadth first over classes of positions
//! under the symmetries that keep the start (and the finish) where they are, and, where the finish is one peg,
//! meeting in the middle: the games from the finish played backwards are games played forwards on complemented
//! positions, so the second half is one more forward search, often the same one.

use progress::Observer;

use crate::board::{Board, Position};
use crate::finish::Finish;
use crate::prune::Prune;
use crate::ranks::{Alone, Ranks};
use crate::rule_of_three::class_of;
use crate::symmetry::Symmetry;

mod contract;
mod meet;
mod run;

pub(crate) use contract::device_gives;
pub use contract::{CountError, Counted, LEVELS, LevelStats, Limits, TAB_HOLES, human_bytes};

pub(crate) use run::halted;
use run::{Run, Scratch};

/// Checks a request and lists its one-peg finishes that can be reached at all (none for a dead end): the start's
/// pegs and the finishes. A finish of another rule-of-three class than the start ([`class_of`]) is never
/// reached, so it is left out (its paths are zero; searching backwards from it would only waste memory).
pub(crate) fn checked(
    board: &Board,
    start: Position,
    finish: Finish,
) -> Result<(u32, Vec<Position>), CountError> {
    let pegs = start.count_ones();
    if pegs == 0 {
        return Err(CountError::Empty);
    }
    let finals = match finish.on(board).map_err(CountError::NoSuchHole)? {
        Finish::Hole(h) => vec![1 << h],
        Finish::AnyOne => (0..board.holes().len()).map(|h| 1u64 << h).collect(),
        Finish::DeadEnd => Vec::new(),
    };
    let class = class_of(board, start);
    let finals = finals
        .into_iter()
        .filter(|&f| class_of(board, f) == class)
        .collect();
    Ok((pegs, finals))
}

/// Whether the backward half starts where the forward one does: the complemented finishes are, up to symmetry,
/// the start alone (the centre game), so the forward levels serve both halves.
pub(crate) fn same_halves(symmetry: &Symmetry, start: Position, sources: &[Position]) -> bool {
    let mut s: Vec<Position> = sources.iter().map(|&p| symmetry.canonical(p)).collect();
    s.sort_unstable();
    s.dedup();
    s == [symmetry.canonical(start)]
}

/// Counts every game from `start` to `finish` on `board`.
pub fn count(
    board: &Board,
    start: Position,
    finish: Finish,
    limits: &Limits,
    observer: &dyn Observer,
) -> Result<Counted, CountError> {
    count_shared(board, start, finish, limits, observer, &Alone)
}

/// [`count`] shared across `ranks` (every rank calls it with the same request): each rank holds the positions it
/// owns, `limits.max_bytes` is per rank, and every rank gets the whole result. The same count on any number of
/// ranks.
pub fn count_shared(
    board: &Board,
    start: Position,
    finish: Finish,
    limits: &Limits,
    observer: &dyn Observer,
    ranks: &dyn Ranks,
) -> Result<Counted, CountError> {
    let (pegs, finals) = checked(board, start, finish)?;
    let symmetry = group_for(board, start, finish, &finals, limits.symmetry);
    // What each half prunes towards, learnt when its levels grow big (`Run::step`): forwards the finishes,
    // backwards (forwards on complements, from the complemented finishes) the start's complement.
    let sources: Vec<Position> = finals.iter().map(|&p| board.complement(p)).collect();
    let pruning = (limits.prune && finish != Finish::DeadEnd).then(|| {
        [
            (vec![start], finals.clone()),
            (sources, vec![board.complement(start)]),
        ]
    });
    let run = Run {
        board,
        symmetry: &symmetry,
        prune: [Prune::none(), Prune::none()],
        pruning,
        learnt: [false; 2],
        limits,
        disk_peak: 0,
        rereads: 0,
        scratch: Scratch::new(limits.spill_dir.as_deref()),
        observer,
        ranks,
        peak: 0,
        levels: Vec::new(),
        total_levels: u64::from(pegs),
    };
    let jumps_to_finish = pegs.saturating_sub(1);
    match finish {
        Finish::DeadEnd => run.dead_ends(start),
        _ if finals.is_empty() => run.unreachable(start),
        _ if !limits.meet_in_the_middle || jumps_to_finish < 2 => run.forward_to(start, &finals),
        _ => run.meet(start, &finals),
    }
}

/// The symmetries a count may use (all of them exact): those that keep the start, and, for a one-peg finish, map
/// the finishes onto themselves (the forward counts are symmetric under the first, the backward ones under the
/// second); only the identity when `use_symmetry` is off.
pub(crate) fn group_for(
    board: &Board,
    start: Position,
    finish: Finish,
    finals: &[Position],
    use_symmetry: bool,
) -> Symmetry {
    if !use_symmetry {
        return Symmetry::none(board);
    }
    match finish {
        Finish::Hole(_) | Finish::AnyOne => group_fixing_start_keeping(board, start, finals),
        Finish::DeadEnd => Symmetry::fixing(board, &[start]),
    }
}

/// The symmetries that fix `start` and map the set `finals` onto itself.
fn group_fixing_start_keeping(board: &Board, start: Position, finals: &[Position]) -> Symmetry {
    let keep: Vec<usize> = (0..board.symmetries().len())
        .filter(|&s| board.apply(s, start) == start)
        .filter(|&s| finals.iter().all(|&p| finals.contains(&board.apply(s, p))))
        .collect();
    Symmetry::of_indices(board, &keep)
}

#[cfg(test)]
mod device_tests {
    use super::*;

    /// A level the device cannot give is refused before it is built, with a message that says so.
    #[test]
    fn memory_the_device_refuses_is_said_before_a_level_is_built() {
        assert!(device_gives(1 << 20));
        assert!(!device_gives(1 << 63), "more than an address space holds");
        let e = CountError::DeviceMemory {
            pegs: 20,
            needed: 3 << 30,
        };
        assert_eq!(
            e.to_string(),
            "this count needs more memory than this device gave: the level of 20 pegs needs about 3.0 GB at once"
        );
    }
}
