//! What playing every secret with a strategy measured: guesses per game, worst case, the histogram.

/// The result of playing every secret of a game with one strategy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayAllStats {
    /// Secrets played.
    pub games: u64,
    /// Guesses summed over all games (the winning guess counts).
    pub total_guesses: u64,
    /// The most guesses any game took.
    pub worst: u32,
    /// `histogram[n]` games took `n` guesses.
    pub histogram: Vec<u64>,
    /// Games not solved (an error, or [`MAX_GUESSES`] ran out); not counted in the others.
    pub failed: u64,
    /// Each reason another strategy chose some guesses (a fallback), with the number of games it happened in: a
    /// result played partly by another strategy says so wherever it is printed.
    pub fallbacks: std::collections::BTreeMap<String, u64>,
    /// Why games failed, each reason with the number of games it ended: every failed game is counted here once.
    pub failures: std::collections::BTreeMap<String, u64>,
}

impl PlayAllStats {
    /// Mean guesses per solved game; 0 when no game was solved.
    pub fn mean(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        self.total_guesses as f64 / self.games as f64
    }

    /// Counts one failed game, ended for `why`.
    pub fn record_failure(&mut self, why: String) {
        self.failed += 1;
        *self.failures.entry(why).or_insert(0) += 1;
    }

    /// Counts one solved game of `guesses` guesses.
    pub fn record(&mut self, guesses: u32) {
        self.games += 1;
        self.total_guesses += u64::from(guesses);
        self.worst = self.worst.max(guesses);
        let slot = guesses as usize;
        if self.histogram.len() <= slot {
            self.histogram.resize(slot + 1, 0);
        }
        self.histogram[slot] += 1;
    }

    /// Adds the games of `other`.
    pub fn merge(&mut self, other: &PlayAllStats) {
        self.games += other.games;
        self.total_guesses += other.total_guesses;
        self.worst = self.worst.max(other.worst);
        self.failed += other.failed;
        if self.histogram.len() < other.histogram.len() {
            self.histogram.resize(other.histogram.len(), 0);
        }
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
        for (note, n) in &other.fallbacks {
            *self.fallbacks.entry(note.clone()).or_insert(0) += n;
        }
        for (why, n) in &other.failures {
            *self.failures.entry(why.clone()).or_insert(0) += n;
        }
    }
}
