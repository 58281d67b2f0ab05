//! The Mastermind page's state and its reducer. Pure: no JS, so it is tested natively.
//!
//! The reducer never talks to the worker. When the game needs the solver it sets [`Game::request`] (a job with
//! a fresh sequence number); the page sends it and feeds the answer back as [`Action::Job`]. Answers to any
//! other sequence number are stale and ignored.

use std::rc::Rc;

use mastermind::{Code, Feedback, Spec, Strategy, score};
use protocol::mastermind::{CountDto, HandoverDto, MastermindJob, RowDto, SpecDto, SplitDto};
use protocol::{Job, Outcome, ProgressDto, RunStats};
use yew::Reducible;

use super::params::{Mode, Played, Scoring, Settings};

mod play;
mod row;

pub use row::BoardRow;

/// Where the game is.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Waiting for the solver (a secret, a guess, a check).
    Thinking,
    /// The person composes a guess.
    Guessing,
    /// The person enters the secret for the computer to break.
    EnteringSecret,
    /// The person scores the computer's latest guess.
    Scoring,
    /// The scores contradict each other from this row on (from 0); the person fixes one.
    Contradiction(usize),
    /// Step by step: the computer's latest guess is scored; it plays the next when asked ([`Action::Step`]).
    Paused,
    /// The code was broken in this many guesses.
    Won(usize),
    /// The person ran out of rows.
    Lost,
    /// Something went wrong; the message says what and nothing is lost.
    Failed(String),
}

/// A guess whose split of the codes possible before it is to be shown.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitTarget {
    /// The rows the codes must fit.
    pub history: Vec<RowDto>,
    /// The guess.
    pub guess: Vec<u8>,
    /// The score it got, if it was played.
    pub actual: Option<Feedback>,
    /// Which guess it is, for people ("row 3", "your next guess").
    pub label: String,
    /// How many codes fit `history`, when counted.
    pub known: Option<CountDto>,
    /// The split itself, where the computer's strategy worked it out with the guess (the panel then asks the
    /// solver for nothing: at 8x8 a split is seconds of work that would queue behind the next guess).
    pub split: Option<SplitDto>,
}

/// A request for the solver.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// Sequence number: only the answer with this number is taken.
    pub seq: u32,
    /// The job.
    pub job: Job,
    /// Whether the game goes on while it runs (a count beside the board): its failure only loses the count.
    pub background: bool,
}

/// The whole page state.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The settings this game was started with.
    pub settings: Settings,
    /// The game size.
    pub spec: Spec,
    /// The secret, when the page knows it.
    pub secret: Option<Vec<u8>>,
    /// Rows played.
    pub rows: Vec<BoardRow>,
    /// The code being composed (a guess, or the secret).
    pub draft: Vec<Option<u8>>,
    /// Which draft peg the next colour goes to.
    pub cursor: usize,
    /// The score being entered for the latest guess, or for the row being fixed.
    pub score_draft: Feedback,
    /// The row whose score is being fixed.
    pub editing: Option<usize>,
    /// Where the game is.
    pub phase: Phase,
    /// Codes consistent with the rows so far.
    pub remaining: Option<CountDto>,
    /// The strategy's remark on its last guess (a fallback, an approximation).
    pub note: Option<String>,
    /// The solver request in flight.
    pub request: Option<Request>,
    /// Progress of the request in flight.
    pub progress: Option<ProgressDto>,
    /// What the last answered request cost.
    pub last: Option<RunStats>,
    /// The strategy that made the computer's latest guess.
    pub played_by: Option<String>,
    /// Why another strategy made it than the one chosen.
    pub handover: Option<HandoverDto>,
    /// The row whose split of the codes is shown (hovered or chosen); `None`: the draft if complete, else the
    /// latest row.
    pub inspect: Option<usize>,
    /// Guesses taken back, the latest last, for [`Action::Redo`]; a new guess forgets them.
    pub undone: Vec<BoardRow>,
    /// The person gave up and the secret is shown.
    pub gave_up: bool,
    /// Games started on this page after the first (the "restored" banner speaks only of the first).
    pub started: u32,
    seq: u32,
    seed: u64,
}

/// Everything that can happen on the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start over with these settings.
    NewGame(Settings),
    /// Put a colour at the cursor.
    Pick(u8),
    /// Move the cursor to a peg.
    Focus(usize),
    /// Clear the peg before the cursor (or at it).
    Backspace,
    /// Move the cursor by this many pegs.
    Move(i32),
    /// Submit the draft (a guess, or the secret).
    Submit,
    /// Set the score being entered.
    SetScore(Feedback),
    /// Submit the entered score.
    SubmitScore,
    /// Start fixing a row's score.
    Edit(usize),
    /// Stop fixing a row's score.
    CancelEdit,
    /// Step by step: let the computer play its next guess.
    Step,
    /// Cancel the solver request in flight.
    Cancel,
    /// After a failed or cancelled search: go on from the same rows, with this strategy where one is given.
    Resume(Option<Strategy>),
    /// Put a whole code in the draft (a suggested guess); ignored unless it is a code of this game.
    Fill(Vec<u8>),
    /// Show how this row (or, with `None`, the draft or latest row) split the codes.
    Inspect(Option<usize>),
    /// Count every code still possible, with progress (when the count beside the board is only a bound).
    CountAll,
    /// Take back the latest guess (you break the code).
    Undo,
    /// Play again the guess taken back last (until a new guess is made).
    Redo,
    /// Stop and show the secret (you break the code).
    GiveUp,
    /// Put a random code in the draft (the secret you let the computer break).
    RandomDraft,
    /// The solver answered request `seq`.
    Job(u32, JobAnswer),
}

/// A solver event for the reducer.
#[derive(Clone, Debug, PartialEq)]
pub enum JobAnswer {
    /// How far the work is.
    Progress(ProgressDto),
    /// The end.
    Done(Outcome, RunStats),
}

/// The scored ones of `rows`, as they travel to the worker.
fn scored(rows: &[BoardRow]) -> Vec<RowDto> {
    rows.iter()
        .filter_map(|r| {
            r.score.map(|f| RowDto {
                guess: r.guess.clone(),
                black: f.black,
                white: f.white,
            })
        })
        .collect()
}

/// Advances a SplitMix64 state: seeds for the worker's random choices, reproducible from the first seed.
fn next_seed(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game {
    /// A new game. `seed` makes the computer's random choices reproducible.
    pub fn new(settings: Settings, seed: u64) -> Game {
        let spec = settings.spec;
        let mut game = Game {
            settings: settings.clone(),
            spec,
            secret: None,
            rows: Vec::new(),
            draft: vec![None; usize::from(spec.pegs)],
            cursor: 0,
            score_draft: Feedback::default(),
            editing: None,
            phase: Phase::Thinking,
            remaining: spec.code_count().map(|n| CountDto {
                value: n.to_string(),
                exact: true,
            }),
            note: None,
            request: None,
            progress: None,
            last: None,
            played_by: None,
            handover: None,
            inspect: None,
            undone: Vec::new(),
            gave_up: false,
            started: 0,
            seq: 0,
            seed,
        };
        let secret = settings.secret.as_ref().map(|c| c.pegs().to_vec());
        let played = &settings.played;
        match (settings.mode, settings.scoring) {
            (Mode::Break, _) => match &settings.secret {
                Some(secret) => {
                    game.secret = Some(secret.pegs().to_vec());
                    game.phase = Phase::Guessing;
                    if !played.is_empty() {
                        game.replay(played);
                        if matches!(game.phase, Phase::Won(_)) {
                            // The secret is the one code left (as when the game was won on the page).
                            game.set_remaining(CountDto {
                                value: "1".into(),
                                exact: true,
                            });
                        } else if !game.over() {
                            game.count_in_background();
                        }
                    }
                }
                None => game.draw_secret(),
            },
            (Mode::Make, Scoring::Auto) => match secret {
                Some(secret) => {
                    game.secret = Some(secret);
                    game.replay(played);
                    if game.over() {
                        // A shared game that was already won: nothing to ask.
                    } else if settings.step && !game.rows.is_empty() {
                        game.phase = Phase::Paused;
                        game.count_in_background();
                    } else {
                        game.ask_next_guess();
                    }
                }
                None => game.phase = Phase::EnteringSecret,
            },
            (Mode::Make, Scoring::Manual) => {
                game.replay(played);
                if game.rows.last().is_some_and(|r| r.score.is_none()) {
                    game.phase = Phase::Scoring;
                } else if !game.rows.is_empty() {
                    game.after_scores_changed();
                } else {
                    game.ask_next_guess();
                }
            }
        }
        game
    }

    /// Puts the rows of a shared or restored game on the board: scored from the secret when the page knows it,
    /// else with the scores the person gave (only the last row may lack one). Stops at a win or the last row.
    fn replay(&mut self, played: &[Played]) {
        let secret = self
            .secret
            .as_ref()
            .and_then(|s| Code::new(&self.spec, s.clone()).ok());
        for p in played {
            let score = match (&secret, Code::new(&self.spec, p.guess.clone())) {
                (Some(secret), Ok(guess)) => Some(score(&guess, secret, self.spec.colors)),
                _ => p.score,
            };
            let unscored = self.rows.last().is_some_and(|r| r.score.is_none());
            if unscored || self.over() {
                break;
            }
            self.rows.push(BoardRow {
                guess: p.guess.clone(),
                score,
                after: None,
                why: None,
                split: None,
            });
            if score.is_some_and(|f| f.is_win(self.spec.pegs)) {
                self.phase = Phase::Won(self.rows.len());
            } else if self.settings.mode == Mode::Break
                && self.rows.len() >= self.settings.rows as usize
            {
                self.phase = Phase::Lost;
            }
        }
    }

    /// The link query that reproduces this game as it stands: its settings, its secret when the page knows
    /// it (obfuscated), and its rows (with the scores a person gave).
    pub fn link_query(&self) -> String {
        let secret = self
            .secret
            .as_ref()
            .and_then(|s| Code::new(&self.spec, s.clone()).ok());
        let by_hand = secret.is_none();
        let played: Vec<Played> = self
            .rows
            .iter()
            .map(|r| Played {
                guess: r.guess.clone(),
                score: r.score.filter(|_| by_hand),
            })
            .collect();
        self.settings.game_query(secret.as_ref(), &played)
    }

    fn ask(&mut self, job: MastermindJob) {
        self.seq += 1;
        self.request = Some(Request {
            seq: self.seq,
            job: Job::Mastermind(job),
            background: false,
        });
        self.progress = None;
        self.phase = Phase::Thinking;
    }

    /// The scored rows, as they travel to the worker.
    pub fn history(&self) -> Vec<RowDto> {
        scored(&self.rows)
    }

    fn ask_next_guess(&mut self) {
        let seed = next_seed(&mut self.seed);
        let job = MastermindJob::NextGuess {
            spec: SpecDto::from(self.spec),
            history: self.history(),
            strategy: self.settings.strategy.name().to_string(),
            seed,
            // Only scores a person entered can contradict each other.
            check_scores: self.secret.is_none(),
        };
        self.ask(job);
    }

    /// Counts the codes still possible while the person goes on guessing.
    /// A count of the codes consistent with the rows so far (`thorough` when a person asked for it).
    fn count_job(&self, thorough: bool) -> MastermindJob {
        MastermindJob::Count {
            spec: SpecDto::from(self.spec),
            history: self.history(),
            thorough,
            schedule: None,
        }
    }

    fn count_in_background(&mut self) {
        self.seq += 1;
        let job = self.count_job(false);
        self.request = Some(Request {
            seq: self.seq,
            job: Job::Mastermind(job),
            background: true,
        });
        self.progress = None;
        self.remaining = None;
    }

    /// Whether colour `c` can go at the cursor (without repeats, a colour used elsewhere cannot).
    pub fn allows(&self, c: u8) -> bool {
        self.spec.repeats
            || !self
                .draft
                .iter()
                .enumerate()
                .any(|(i, d)| i != self.cursor && *d == Some(c))
    }

    /// The draft, when every peg has a colour.
    pub fn full_draft(&self) -> Option<Vec<u8>> {
        self.draft.iter().copied().collect()
    }

    /// Which guess's split of the codes to show: the inspected row's (of the codes possible before it), else
    /// the complete draft's (of the codes possible now), else the latest scored row's.
    pub fn split_target(&self) -> Option<SplitTarget> {
        let row = |k: usize| {
            let r = &self.rows[k];
            SplitTarget {
                history: scored(&self.rows[..k]),
                guess: r.guess.clone(),
                actual: r.score,
                label: format!("row {}", k + 1),
                known: self.counts().get(k).cloned().flatten(),
                split: r.split.clone(),
            }
        };
        if let Some(k) = self.inspect.filter(|&k| k < self.rows.len()) {
            return Some(row(k));
        }
        if self.phase == Phase::Guessing
            && let Some(guess) = self.full_draft()
        {
            return Some(SplitTarget {
                history: self.history(),
                guess,
                actual: None,
                label: "your next guess".into(),
                known: self.remaining.clone(),
                split: None,
            });
        }
        let last = self.rows.iter().rposition(|r| r.score.is_some())?;
        Some(row(last))
    }

    /// Whether the person is composing a code (a guess or the secret).
    pub fn composing(&self) -> bool {
        matches!(self.phase, Phase::Guessing | Phase::EnteringSecret)
    }

    fn draft_code(&self) -> Option<Code> {
        let pegs: Option<Vec<u8>> = self.draft.iter().copied().collect();
        Code::new(&self.spec, pegs?).ok()
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        matches!(self.phase, Phase::Won(_) | Phase::Lost)
    }

    /// Codes still possible after 0, 1, 2, … rows: the size of the code space, then each counted row's count.
    pub fn counts(&self) -> Vec<Option<CountDto>> {
        let space = self.spec.code_count().map(|n| CountDto {
            value: n.to_string(),
            exact: true,
        });
        std::iter::once(space)
            .chain(
                self.rows
                    .iter()
                    .take_while(|r| r.score.is_some())
                    .map(|r| r.after.clone()),
            )
            .collect()
    }
}

/// The page's reducer state: the game behind an `Rc`, so that views take it as a value (a clone is the `Rc`'s)
/// and tell two states apart by identity, not by comparing every row of a long game.
#[derive(Clone, Debug)]
pub struct Held(pub Rc<Game>);

impl PartialEq for Held {
    fn eq(&self, other: &Held) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for Held {
    type Target = Game;
    fn deref(&self) -> &Game {
        &self.0
    }
}

impl Reducible for Held {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self.0).clone();
        next.apply(action);
        Rc::new(Held(Rc::new(next)))
    }
}

#[cfg(test)]
mod tests;
