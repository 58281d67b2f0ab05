//! Cluedo's arm of [`crate::execute`]: one job run on the core.

use cluedo::simulate::simulate;
use cluedo::{Kind, Notebook, why};
use progress::Observer;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{CluedoAnswer, CluedoJob, SimulationDto, card};

fn kinds(names: &[String]) -> Result<Vec<Kind>, String> {
    names.iter().map(|n| Kind::parse(n)).collect()
}

/// Runs one Cluedo job on the core.
pub(crate) fn run(job: &CluedoJob, observer: &dyn Observer) -> Result<CluedoAnswer, String> {
    match job {
        CluedoJob::Notebook { view } => {
            let nb = Notebook::of(&view.view()?).map_err(|e| e.to_string())?;
            Ok(CluedoAnswer::Notebook((&nb).into()))
        }
        CluedoJob::Why { view, card: c } => {
            let turns = why(&view.view()?, card(*c)?).map_err(|e| e.to_string())?;
            Ok(CluedoAnswer::Why { card: *c, turns })
        }
        CluedoJob::Act {
            view,
            kind,
            ask,
            seed,
        } => {
            let view = view.view()?;
            let kind = Kind::parse(kind)?;
            let ask = ask.ask(&view)?;
            let mut rng = StdRng::seed_from_u64(*seed);
            let (action, why) = cluedo::act_why(kind, &view, ask, &mut rng);
            Ok(CluedoAnswer::Act(action.into(), why))
        }
        CluedoJob::Simulate {
            players,
            games,
            seed,
        } => {
            // The core checks the request (players, games), once.
            let kinds = kinds(players)?;
            let sim = simulate(&kinds, *games, *seed, observer)?.ok_or("cancelled")?;
            Ok(CluedoAnswer::Simulated(SimulationDto {
                players: sim.kinds.iter().map(|k| k.name().to_string()).collect(),
                games: sim.games,
                mean_rounds: sim.mean_rounds,
                std_rounds: sim.std_rounds,
                wins: sim.wins,
                no_winner: sim.no_winner,
                histogram: sim.histogram,
            }))
        }
    }
}
