//! Mastermind's messages: its jobs and answers, and serialisable counterparts of the core's types (codes as
//! plain colour lists; the core carries no serde). [`run`](self::run) is its one arm of [`crate::execute`].

use serde::{Deserialize, Serialize};

use ::mastermind::{Row, Spec};

#[cfg(feature = "mastermind")]
mod run;
#[cfg(test)]
mod tests;

#[cfg(feature = "mastermind")]
pub(crate) use run::{fetched, run, wanted};

/// How a search's ranges are shared out over the pool's threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScheduleDto {
    /// Idle threads steal ranges from busy ones (what every search uses).
    #[default]
    Stealing,
    /// One fixed block of consecutive ranges per thread, as in the seed report (to show why not).
    Static,
}

impl From<ScheduleDto> for ::mastermind::search::Schedule {
    fn from(s: ScheduleDto) -> Self {
        match s {
            ScheduleDto::Stealing => ::mastermind::search::Schedule::Stealing,
            ScheduleDto::Static => ::mastermind::search::Schedule::Static,
        }
    }
}

/// A game size as it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecDto {
    /// Pegs per code.
    pub pegs: u32,
    /// Colours.
    pub colors: u32,
    /// Whether colours may repeat.
    pub repeats: bool,
}

impl From<Spec> for SpecDto {
    fn from(s: Spec) -> Self {
        SpecDto {
            pegs: u32::from(s.pegs),
            colors: u32::from(s.colors),
            repeats: s.repeats,
        }
    }
}

impl TryFrom<SpecDto> for Spec {
    type Error = String;
    fn try_from(s: SpecDto) -> Result<Spec, String> {
        Spec::new(s.pegs, s.colors, s.repeats).map_err(|e| e.to_string())
    }
}

/// A scored row as it travels: the guess's colours and its black and white pegs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowDto {
    /// Colours of the guess, from 0.
    pub guess: Vec<u8>,
    /// Black pegs.
    pub black: u8,
    /// White pegs.
    pub white: u8,
}

impl From<&Row> for RowDto {
    fn from(r: &Row) -> Self {
        RowDto {
            guess: r.guess.pegs().to_vec(),
            black: r.feedback.black,
            white: r.feedback.white,
        }
    }
}

impl RowDto {
    /// The row, checked against its game by the core ([`Row::new`]).
    pub fn to_row(&self, spec: &Spec) -> Result<Row, String> {
        Row::new(spec, self.guess.clone(), self.black, self.white).map_err(|e| e.to_string())
    }
}

/// Mastermind work the worker does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MastermindJob {
    /// Check the history for contradictions, then choose the next guess.
    NextGuess {
        /// Game size.
        spec: SpecDto,
        /// Rows so far.
        history: Vec<RowDto>,
        /// Strategy name (`random-consistent`, `knuth`, ...).
        strategy: String,
        /// Random seed.
        seed: u64,
        /// The scores were given by a person, so they may contradict each other. The exact strategies find that
        /// in their own search either way; before local search (which plays the closest code even when none
        /// fits) it asks for a separate, bounded check. Scores the page computed need none.
        #[serde(default = "yes")]
        check_scores: bool,
    },
    /// Count the codes consistent with the history.
    Count {
        /// Game size.
        spec: SpecDto,
        /// Rows so far.
        history: Vec<RowDto>,
        /// Count with the thorough budget (asked for by a person who watches its progress and can cancel;
        /// tens of seconds at the largest sizes) instead of the quick one used beside a game. Either way a count
        /// the budget cannot finish comes back as a lower bound.
        #[serde(default)]
        thorough: bool,
        /// Search with the ranges shared out this way, even when the answer is known without searching (an
        /// empty history): for watching how a search is split. `None`: the usual count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        schedule: Option<ScheduleDto>,
    },
    /// Split the codes consistent with `history` by the feedback `guess` would get from each, and score the split.
    Split {
        /// Game size.
        spec: SpecDto,
        /// Rows the codes must fit.
        history: Vec<RowDto>,
        /// The guess whose split is wanted.
        guess: Vec<u8>,
    },
    /// Play many games with one strategy and gather mean, worst and a histogram of guesses: every secret at
    /// once as a strategy tree (`games: None`; games whose codes can be listed, see `mastermind::strategy::listable`), or `games` seeded random secrets.
    /// Progress counts games.
    Play {
        /// Game size.
        spec: SpecDto,
        /// Strategy name.
        strategy: String,
        /// How many seeded games, or every secret.
        #[serde(default)]
        games: Option<u32>,
        /// Seed for the secrets and the strategy's random choices.
        seed: u64,
    },
    /// What the scores tell about the secret (a huge game's picture for people): colour-count bounds, the colours
    /// each peg can still be, a sample of codes that fit every score, a sentence on the last row.
    Knowledge {
        /// Game size.
        spec: SpecDto,
        /// Rows so far.
        history: Vec<RowDto>,
        /// Random seed for the sample's searches.
        seed: u64,
        /// Milliseconds the sample's searches may take together (at most [`MAX_KNOWLEDGE_MS`]).
        ms: u32,
    },
    /// Time the feedback kernel: score `guesses` random guesses against `secrets` random secrets on the pool,
    /// as the strategies do (the job's `millis` is the time; the CLI's `bench-feedback` runs the same work).
    BenchFeedback {
        /// Game size.
        spec: SpecDto,
        /// Guesses (shared out over the pool's threads).
        guesses: u32,
        /// Secrets each guess is scored against.
        secrets: u32,
        /// Seed for the random codes.
        seed: u64,
    },
}

/// The most time one [`MastermindJob::Knowledge`] may ask for its sample, in milliseconds.
pub const MAX_KNOWLEDGE_MS: u32 = 5_000;

/// The most seeded games one [`MastermindJob::Play`] may ask for.
pub const MAX_PLAYED_GAMES: u32 = 100_000;

/// The most feedbacks one [`MastermindJob::BenchFeedback`] may ask for (a few seconds on one thread).
pub const MAX_BENCH_FEEDBACKS: u64 = 1 << 28;

fn yes() -> bool {
    true
}

/// A count as it travels: exact, or a lower bound when the budget ran out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountDto {
    /// The count (decimal text: it may exceed what JSON numbers hold exactly).
    pub value: String,
    /// Whether `value` is exact (else it is a lower bound).
    pub exact: bool,
}

impl From<::mastermind::search::Count> for CountDto {
    fn from(c: ::mastermind::search::Count) -> Self {
        match c {
            ::mastermind::search::Count::Exact(n) => CountDto {
                value: n.to_string(),
                exact: true,
            },
            ::mastermind::search::Count::AtLeast(n) => CountDto {
                value: n.to_string(),
                exact: false,
            },
        }
    }
}

/// Mastermind answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MastermindAnswer {
    /// The next guess.
    Guess {
        /// Its colours.
        code: Vec<u8>,
        /// Codes consistent with the history before this guess.
        remaining: CountDto,
        /// The strategy that chose it.
        strategy: String,
        /// Why a fallback was used, if one was.
        note: Option<String>,
        /// Why another strategy than the one asked for chose it, as figures (the page words it).
        #[serde(default)]
        handover: Option<HandoverDto>,
        /// Why the strategy chose this guess, in one line for people.
        #[serde(default)]
        why: String,
        /// How it splits the codes consistent before it, where the strategy worked that out: the page shows what
        /// an answer leaves the moment the guess is scored (at 8x8 the next guess takes minutes).
        #[serde(default)]
        split: Option<Box<SplitDto>>,
    },
    /// Rows `0..=row` admit no secret: the scores contradict each other.
    Contradiction {
        /// The earliest row (from 0) that makes the history inconsistent.
        row: usize,
    },
    /// The number of consistent codes.
    Counted {
        /// The count.
        count: CountDto,
    },
    /// How a guess splits the codes still possible.
    Split {
        /// The split, or why it is not given.
        split: Result<SplitDto, String>,
    },
    /// Many games were played.
    Played {
        /// What they took.
        played: PlayedDto,
    },
    /// What the scores tell about the secret.
    Known {
        /// It.
        knowledge: KnowledgeDto,
    },
    /// A feedback benchmark ran.
    Benched {
        /// Feedbacks computed.
        feedbacks: u64,
        /// A checksum of every feedback class count (so the work cannot be skipped; same as the CLI's).
        checksum: u64,
    },
}

/// Many games of one strategy: mean, worst and histogram of guesses.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedDto {
    /// Games solved.
    pub games: u64,
    /// Mean guesses per solved game (0 when none was solved).
    pub mean: f64,
    /// The most guesses a game took.
    pub worst: u32,
    /// `histogram[n]` games took `n` guesses.
    pub histogram: Vec<u64>,
    /// Games not solved.
    pub failed: u64,
    /// What the strategy fell back on, and in how many games (empty when it played every guess itself).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fallbacks: Vec<(String, u64)>,
    /// Why games failed, and how many each reason ended (empty when every game was solved).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<(String, u64)>,
}

impl From<::mastermind::PlayAllStats> for PlayedDto {
    fn from(s: ::mastermind::PlayAllStats) -> Self {
        PlayedDto {
            games: s.games,
            mean: s.mean(),
            worst: s.worst,
            histogram: s.histogram,
            failed: s.failed,
            fallbacks: s.fallbacks.into_iter().collect(),
            failures: s.failures.into_iter().collect(),
        }
    }
}

/// Why another strategy chose than the one asked for ([`::mastermind::Handover`]), as figures for the page to word.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum HandoverDto {
    /// Too many codes for it to list or search: the game's codes, in decimal (`None`: more than 2^128).
    TooManyCodes {
        /// The game's codes.
        codes: Option<String>,
    },
    /// Listing the codes takes `bytes`, and this device did not give that much memory.
    NoMemory {
        /// The listing's size.
        bytes: u64,
    },
    /// Its exact search ran past its budget on this guess.
    OverBudget,
    /// Its plan cannot go on in this game.
    PlanStuck,
}

impl From<::mastermind::Handover> for HandoverDto {
    fn from(h: ::mastermind::Handover) -> Self {
        use ::mastermind::Handover as H;
        match h {
            H::TooManyCodes { codes } => HandoverDto::TooManyCodes {
                codes: codes.map(|n| n.to_string()),
            },
            H::NoMemory { bytes } => HandoverDto::NoMemory {
                bytes: u64::try_from(bytes).unwrap_or(u64::MAX),
            },
            H::OverBudget => HandoverDto::OverBudget,
            H::PlanStuck => HandoverDto::PlanStuck,
        }
    }
}

/// A guess's split of the codes still possible, and the scores each partition strategy gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SplitDto {
    /// Codes split.
    pub total: u64,
    /// `(black, white, codes)` for each feedback that occurs, largest class first.
    pub classes: Vec<(u8, u8, u64)>,
    /// Whether the guess is itself still possible (it can win now).
    pub guess_possible: bool,
    /// Knuth's score: the largest class.
    pub worst: u64,
    /// Kooi's score: the number of classes.
    pub parts: u32,
    /// Neuwirth's score: bits of information.
    pub entropy_bits: f64,
    /// Irving's score: the expected size of the secret's class.
    pub expected_size: f64,
}

impl From<&::mastermind::partition::Partition> for SplitDto {
    fn from(p: &::mastermind::partition::Partition) -> Self {
        SplitDto {
            total: p.total,
            classes: p
                .classes
                .iter()
                .map(|(f, n)| (f.black, f.white, *n))
                .collect(),
            guess_possible: p.guess_included,
            worst: p.worst(),
            parts: p.parts() as u32,
            entropy_bits: p.entropy_bits(),
            expected_size: p.expected_size(),
        }
    }
}

/// What the scores tell about the secret ([`::mastermind::knowledge::Knowledge`]), as it travels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnowledgeDto {
    /// Scored rows it speaks of.
    pub rows: u32,
    /// The least and the greatest count of each colour.
    pub lo: Vec<u8>,
    /// See `lo`.
    pub hi: Vec<u8>,
    /// For each peg, the colours (bit `c`) it may still be, as far as certain rules see.
    pub possible: Vec<u32>,
    /// Codes in the sample (distinct codes found that fit every score, else the closest found).
    pub sample: u32,
    /// The most pegs by which a code of the sample misses the scores (0: they all fit).
    pub misses: u32,
    /// `shares[peg][colour]`: codes of the sample with that colour at that peg.
    pub shares: Vec<Vec<u8>>,
    /// One sentence on what the last row taught.
    pub lesson: String,
}

impl KnowledgeDto {
    /// The message for `known`, learnt from `rows` rows of a game with `colors` colours.
    pub fn new(known: &::mastermind::knowledge::Knowledge, rows: usize, colors: u8) -> Self {
        KnowledgeDto {
            rows: rows as u32,
            lo: known.bounds.lo.clone(),
            hi: known.bounds.hi.clone(),
            possible: known.possible.clone(),
            sample: known.sample.len() as u32,
            misses: known.misses,
            shares: known
                .shares(colors)
                .into_iter()
                .map(|peg| peg.into_iter().map(|n| n.min(255) as u8).collect())
                .collect(),
            lesson: known.lesson.clone(),
        }
    }
}
