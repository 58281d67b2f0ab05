//! How every subcommand prints its result: one JSON object on stdout with `--json`, else a few lines of text.

use std::time::Instant;

use serde_json::Value;

/// Where a subcommand's result goes, the clock its `seconds` are read on, and, under `--mpi`, the ranks it is
/// shared across (only rank 0 prints).
pub struct Output {
    json: bool,
    started: Instant,
    #[cfg(feature = "mpi")]
    cluster: Option<(crate::cluster::Cluster, crate::cluster::Deal)>,
}

impl Output {
    /// JSON (`--json`) or text, timed from now.
    pub fn new(json: bool) -> Output {
        Output {
            json,
            started: Instant::now(),
            #[cfg(feature = "mpi")]
            cluster: None,
        }
    }

    /// The same output for a job shared across `cluster`, dealt as `deal` says.
    #[cfg(feature = "mpi")]
    pub fn on(self, cluster: crate::cluster::Cluster, deal: crate::cluster::Deal) -> Output {
        Output {
            cluster: Some((cluster, deal)),
            ..self
        }
    }

    /// The ranks of an `--mpi` run, and how to deal them work.
    #[cfg(feature = "mpi")]
    pub fn cluster(&self) -> Option<(&crate::cluster::Cluster, crate::cluster::Deal)> {
        self.cluster.as_ref().map(|(c, d)| (c, *d))
    }

    /// Processes the job is shared across: the ranks under `--mpi`, else 1.
    pub fn ranks(&self) -> usize {
        #[cfg(feature = "mpi")]
        if let Some((cluster, _)) = &self.cluster {
            return cluster.size();
        }
        1
    }

    /// `Err` under `--mpi` for a command that is not shared across ranks (`what` names it).
    pub fn alone(&self, what: &str) -> Result<(), String> {
        #[cfg(feature = "mpi")]
        if self.cluster.is_some() {
            return Err(format!(
                "`{what}` does not run under --mpi (the cluster jobs: mastermind count, stats and book, pegs count, \
                 cluedo simulate); leave out --mpi"
            ));
        }
        let _ = what;
        Ok(())
    }

    /// Whether this process prints (every process but MPI ranks other than 0).
    fn speaks(&self) -> bool {
        #[cfg(feature = "mpi")]
        if let Some((cluster, _)) = &self.cluster {
            return cluster.is_root();
        }
        true
    }

    /// Seconds since the command started.
    pub fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Prints the result: `json` with `--json`, else the text `text` makes.
    pub fn emit(&self, json: Value, text: impl FnOnce() -> String) {
        if !self.speaks() {
            return;
        }
        // Written, not `println!`: a reader that stops early (`| head`) closes the pipe, and a panic is no
        // message for a person; the result simply goes unread.
        use std::io::Write;
        let line = if self.json { json.to_string() } else { text() };
        let _ = writeln!(std::io::stdout().lock(), "{line}");
    }
}

/// Why a command failed, and the exit status that says so: 1 for most errors, 2 for input refused as impossible
/// or malformed (a Cluedo log that cannot be true).
pub(crate) struct Failure {
    pub(crate) message: String,
    pub(crate) status: u8,
}

impl Failure {
    /// Input refused: exit status 2.
    pub(crate) fn refused(message: String) -> Failure {
        Failure { message, status: 2 }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure { message, status: 1 }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::from(message.to_string())
    }
}
