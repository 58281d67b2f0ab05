//! `cluedo simulate --mpi`: games dealt to the ranks in numbered ranges; each game is seeded by its number, so
//! rank 0 gets the same endings, in the same order, as one process and summarises them the same way.

use cluedo::Kind;
use cluedo::simulate::{Ending, Simulation, check, play_range, summarise};
use progress::NoObserver;

use crate::cluster::{Cluster, Deal, Ranges, units};

/// Bytes per ending on the wire: the round (4, little-endian) and the winning seat (255 for none).
const ENDING: usize = 5;

/// The simulation on rank 0, `None` on the other ranks.
pub(crate) fn simulate(
    cluster: &Cluster,
    deal: Deal,
    kinds: &[Kind],
    games: u64,
    seed: u64,
) -> Result<Option<Simulation>, String> {
    check(kinds, games)?;
    let signals = cluster.signals();
    let dealt = cluster.share(
        || Ranges::new(games, cluster.size(), 16, 64, deal),
        |piece| {
            let endings = play_range(kinds, seed, units(piece), &signals.watch(&NoObserver))
                .ok_or("stopped")?;
            let mut bytes = Vec::with_capacity(endings.len() * ENDING);
            for e in endings {
                bytes.extend_from_slice(&e.rounds.to_le_bytes());
                bytes.push(e.winner.map_or(u8::MAX, |w| w as u8));
            }
            Ok(bytes)
        },
    )?;
    let Some(dealt) = dealt else {
        return Ok(None);
    };
    let endings: Vec<Ending> = dealt
        .results()
        .iter()
        .flat_map(|bytes| bytes.chunks_exact(ENDING))
        .map(|b| Ending {
            rounds: u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            winner: (b[4] != u8::MAX).then_some(usize::from(b[4])),
        })
        .collect();
    if endings.len() as u64 != games {
        return Err(format!("{} of {games} games came back", endings.len()));
    }
    Ok(Some(summarise(kinds, &endings)))
}
