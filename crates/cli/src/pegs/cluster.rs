//! `pegs count --mpi`: the seed's design, every position owned by one rank (by its hash), each level's children
//! sent to their owners all-to-all; each rank holds its share of every level, and every rank gets the count.

use peg_solitaire::{CountError, Counted, Limits, count_shared};
use progress::{NoObserver, Observer};

use super::setup::Setup;
use crate::cluster::Cluster;
use crate::progress_line::ProgressLine;

/// The count, `limits.max_bytes` per rank; rank 0 reports its own share of each level (a line every few seconds
/// where stderr is not a terminal, as under mpirun: [`ProgressLine::logged`]).
pub(crate) fn count(cluster: &Cluster, s: &Setup, limits: &Limits) -> Result<Counted, String> {
    let progress = ProgressLine::logged();
    let inner: &dyn Observer = if cluster.is_root() {
        &progress
    } else {
        &NoObserver
    };
    let watch = cluster.signals().watch(inner);
    count_shared(&s.board, s.start, s.finish, limits, &watch, cluster).map_err(|e| match e {
        CountError::Cancelled if cluster.stopping() => "stopped by a signal".to_string(),
        e @ CountError::TooBig { .. } => format!(
            "{e} (on the fullest of {} ranks: --max-mb is per rank; more ranks hold less each)",
            cluster.size()
        ),
        e => e.to_string(),
    })
}
