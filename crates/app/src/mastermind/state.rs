//! The Mastermind page's state and its reducer. Pure: no JS, so it is tested natively.
//!
//! The reducer never talks to the worker. When the game needs the solver it sets [`Game::request`] (a job with
//! a fresh sequence number); the page sends it and feeds the answer back as [`Action::Job`]. Answers to any
//! other sequence number are stale and ignored.

use std::rc::Rc;

use mastermind::{Code, Feedback, Spec, score};
use protocol::{
    Answer, CountDto, Job, MastermindAnswer, MastermindJob, Outcome, RowDto, RunStats, SpecDto,
};
use yew::Reducible;

use super::params::{Played, Settings};

/// Who breaks the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The person breaks the computer's code.
    Break,
    /// The computer breaks the person's code.
    Make,
}

/// How the computer's guesses are scored in [`Mode::Make`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The person enters the secret; the page scores.
    Auto,
    /// The person keeps the secret in mind and scores each guess.
    Manual,
}

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

/// One row of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    /// The guess's colours.
    pub guess: Vec<u8>,
    /// Its score, once known.
    pub score: Option<Feedback>,
    /// Codes consistent with this row and every row before it, once counted.
    pub after: Option<CountDto>,
    /// Why the computer chose this guess (its rows only).
    pub why: Option<String>,
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
    pub progress: Option<(u32, u32)>,
    /// What the last answered request cost.
    pub last: Option<RunStats>,
    /// The strategy that made the computer's latest guess.
    pub played_by: Option<String>,
    /// The row whose split of the codes is shown (hovered or chosen); `None`: the draft if complete, else the
    /// latest row.
    pub inspect: Option<usize>,
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
    /// Put a whole code in the draft (a suggested guess); ignored unless it is a code of this game.
    Fill(Vec<u8>),
    /// Show how this row (or, with `None`, the draft or latest row) split the codes.
    Inspect(Option<usize>),
    /// Count every code still possible, with progress (when the count beside the board is only a bound).
    CountAll,
    /// The solver answered request `seq`.
    Job(u32, JobAnswer),
}

/// A solver event for the reducer.
#[derive(Clone, Debug, PartialEq)]
pub enum JobAnswer {
    /// Ranges done / total.
    Progress(u32, u32),
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
            inspect: None,
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
                        if !game.over() {
                            game.count_in_background();
                        }
                    }
                }
                None => {
                    let seed = next_seed(&mut game.seed);
                    game.ask(MastermindJob::NewSecret {
                        spec: spec.into(),
                        seed,
                    });
                }
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

    fn apply(&mut self, action: Action) {
        match action {
            Action::NewGame(settings) => *self = Game::new(settings, next_seed(&mut self.seed)),
            Action::Pick(c) if self.composing() && c < self.spec.colors && self.allows(c) => {
                self.draft[self.cursor] = Some(c);
                let n = self.draft.len();
                // Move to the next empty peg after the cursor, if any; else stay.
                if let Some(next) = (1..n)
                    .map(|k| (self.cursor + k) % n)
                    .find(|&i| self.draft[i].is_none())
                {
                    self.cursor = next;
                }
            }
            Action::Focus(i) if self.composing() && i < self.draft.len() => self.cursor = i,
            Action::Fill(code)
                if self.composing() && Code::new(&self.spec, code.clone()).is_ok() =>
            {
                self.draft = code.into_iter().map(Some).collect();
                self.cursor = self.draft.len() - 1;
            }
            Action::Inspect(row) => self.inspect = row.filter(|&r| r < self.rows.len()),
            Action::Move(d) if self.composing() => {
                let n = self.draft.len() as i32;
                self.cursor = (self.cursor as i32 + d).rem_euclid(n) as usize;
            }
            Action::Backspace if self.composing() => {
                if self.draft[self.cursor].is_none() && self.cursor > 0 {
                    self.cursor -= 1;
                }
                self.draft[self.cursor] = None;
            }
            Action::Submit => self.submit(),
            Action::SetScore(f) if f.is_possible(self.spec.pegs) => self.score_draft = f,
            Action::SubmitScore => self.submit_score(),
            Action::Edit(row)
                if self.settings.scoring == Scoring::Manual && self.settings.mode == Mode::Make =>
            {
                if let Some(score) = self.rows.get(row).and_then(|r| r.score) {
                    self.editing = Some(row);
                    self.score_draft = score;
                }
            }
            Action::CancelEdit => {
                self.editing = None;
                self.score_draft = Feedback::default();
            }
            Action::Step if self.phase == Phase::Paused => self.after_scores_changed(),
            Action::CountAll if self.phase == Phase::Guessing => {
                let job = self.count_job(true);
                self.ask(job);
            }
            Action::Cancel => {
                if let Some(req) = self.request.take() {
                    self.progress = None;
                    if self.settings.mode == Mode::Break && self.secret.is_some() {
                        // Only a count was cancelled: play on with the count as it was.
                        self.phase = Phase::Guessing;
                    } else if !req.background {
                        let fix = if self.settings.scoring == Scoring::Manual
                            && self.settings.mode == Mode::Make
                        {
                            ", or fix a score (✎) to search again"
                        } else {
                            ""
                        };
                        self.phase =
                            Phase::Failed(format!("Search cancelled. Start a new game{fix}."));
                    }
                }
            }
            Action::Job(seq, answer) if self.request.as_ref().is_some_and(|r| r.seq == seq) => {
                self.answer(answer)
            }
            _ => {}
        }
    }

    fn submit(&mut self) {
        let Some(code) = self.draft_code() else {
            return;
        };
        match self.phase {
            Phase::Guessing => {
                let Some(secret) = self
                    .secret
                    .as_ref()
                    .and_then(|s| Code::new(&self.spec, s.clone()).ok())
                else {
                    return;
                };
                let fb = score(&code, &secret, self.spec.colors);
                self.rows.push(BoardRow {
                    guess: code.pegs().to_vec(),
                    score: Some(fb),
                    after: None,
                    why: None,
                });
                self.draft = vec![None; usize::from(self.spec.pegs)];
                self.cursor = 0;
                if fb.is_win(self.spec.pegs) {
                    // A count still running for the previous row is of no use now.
                    self.request = None;
                    self.phase = Phase::Won(self.rows.len());
                    self.set_remaining(CountDto {
                        value: "1".into(),
                        exact: true,
                    });
                } else if self.rows.len() >= self.settings.rows as usize {
                    self.request = None;
                    self.phase = Phase::Lost;
                } else {
                    self.count_in_background();
                }
            }
            Phase::EnteringSecret => {
                self.secret = Some(code.pegs().to_vec());
                self.ask_next_guess();
            }
            _ => {}
        }
    }

    fn submit_score(&mut self) {
        let fb = self.score_draft;
        if let Some(row) = self.editing.take() {
            if let Some(r) = self.rows.get_mut(row) {
                r.score = Some(fb);
            }
            // Counts from this row on were for the old score.
            for r in self.rows.iter_mut().skip(row) {
                r.after = None;
            }
        } else if self.phase == Phase::Scoring {
            if let Some(r) = self.rows.last_mut() {
                r.score = Some(fb);
            }
        } else {
            return;
        }
        self.score_draft = Feedback::default();
        // The count shown was before this score: the next answer brings the new one.
        self.remaining = None;
        self.after_scores_changed();
    }

    /// After a score is added or fixed: won, or ask for the next guess (which also checks the scores).
    fn after_scores_changed(&mut self) {
        if let Some(i) = self
            .rows
            .iter()
            .position(|r| r.score.is_some_and(|f| f.is_win(self.spec.pegs)))
        {
            self.rows.truncate(i + 1);
            self.phase = Phase::Won(i + 1);
            self.set_remaining(CountDto {
                value: "1".into(),
                exact: true,
            });
            return;
        }
        self.ask_next_guess();
    }

    /// The count of codes consistent with every scored row: shown beside the board and kept on the last scored
    /// row for the chart.
    fn set_remaining(&mut self, count: CountDto) {
        if let Some(r) = self.rows.iter_mut().rev().find(|r| r.score.is_some()) {
            r.after = Some(count.clone());
        }
        self.remaining = Some(count);
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

    fn answer(&mut self, answer: JobAnswer) {
        let (outcome, stats) = match answer {
            JobAnswer::Progress(done, total) => {
                self.progress = Some((done, total));
                return;
            }
            JobAnswer::Done(outcome, stats) => (outcome, stats),
        };
        let background = self.request.take().is_some_and(|r| r.background);
        self.progress = None;
        self.last = Some(stats);
        let answer = match outcome {
            // A background count that failed or was cancelled only leaves the count unknown.
            Outcome::Cancelled | Outcome::Failed { .. } if background => return,
            Outcome::Ok {
                answer: Answer::Mastermind(a),
            } => a,
            Outcome::Cancelled => {
                self.phase = Phase::Failed("Search cancelled.".into());
                return;
            }
            Outcome::Failed { message } => {
                self.phase = Phase::Failed(message);
                return;
            }
        };
        match answer {
            MastermindAnswer::Secret { code } => {
                self.secret = Some(code);
                self.phase = Phase::Guessing;
            }
            MastermindAnswer::Counted { count } => {
                self.set_remaining(count);
                if self.phase == Phase::Thinking {
                    // A count the person asked for: back to guessing.
                    self.phase = Phase::Guessing;
                }
            }
            MastermindAnswer::Benched { .. }
            | MastermindAnswer::Split { .. }
            | MastermindAnswer::Played { .. } => {
                self.phase =
                    Phase::Failed("The solver answered a question this game did not ask.".into());
            }
            MastermindAnswer::Contradiction { row } => {
                // Unscored rows after the contradiction are dropped; scored ones stay for the person to fix.
                self.rows.retain(|r| r.score.is_some());
                self.phase = Phase::Contradiction(row);
                let none = CountDto {
                    value: "0".into(),
                    exact: true,
                };
                for r in self.rows.iter_mut().skip(row) {
                    r.after = Some(none.clone());
                }
                self.remaining = Some(none);
            }
            MastermindAnswer::Guess {
                code,
                remaining,
                strategy,
                note,
                why,
            } => {
                self.set_remaining(remaining);
                self.note = note;
                self.played_by = Some(strategy);
                self.rows.retain(|r| r.score.is_some());
                let auto = self
                    .secret
                    .as_ref()
                    .and_then(|s| Code::new(&self.spec, s.clone()).ok());
                let guess = Code::new(&self.spec, code.clone()).ok();
                self.rows.push(BoardRow {
                    guess: code,
                    score: None,
                    after: None,
                    why: Some(why),
                });
                match (auto, guess) {
                    (Some(secret), Some(guess)) => {
                        let fb = score(&guess, &secret, self.spec.colors);
                        if let Some(r) = self.rows.last_mut() {
                            r.score = Some(fb);
                        }
                        if self.settings.step && !fb.is_win(self.spec.pegs) {
                            // Count what this score leaves while the person reads why (for the chart).
                            self.phase = Phase::Paused;
                            self.count_in_background();
                        } else {
                            self.after_scores_changed();
                        }
                    }
                    _ => self.phase = Phase::Scoring,
                }
            }
        }
    }
}

impl Reducible for Game {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mastermind::params::Settings;
    use protocol::{JobObserver, execute};

    /// Runs the requested job on the core right here (as the worker would) and feeds the answer back.
    fn serve(game: &mut Game) {
        while let Some(req) = game.request.clone() {
            let outcome = execute(&req.job, &JobObserver::new());
            game.apply(Action::Job(
                req.seq,
                JobAnswer::Done(outcome, RunStats::default()),
            ));
        }
    }

    fn settings(query: &str) -> Settings {
        let (settings, errors) = Settings::from_query(
            &crate::route::Route::parse(&format!("#/mastermind?{query}")).query(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        settings
    }

    fn type_code(game: &mut Game, code: &[u8]) {
        for &c in code {
            game.apply(Action::Pick(c));
        }
        game.apply(Action::Submit);
    }

    #[test]
    fn person_breaks_a_fixed_secret() {
        let mut g = Game::new(settings("mode=break&secret=3,1,4,1"), 1);
        assert_eq!(g.phase, Phase::Guessing);
        type_code(&mut g, &[0, 0, 1, 1]);
        serve(&mut g);
        assert_eq!(g.rows[0].score, Some(Feedback { black: 1, white: 1 }));
        assert_eq!(g.remaining.as_ref().map(|c| c.value.as_str()), Some("208"));
        type_code(&mut g, &[3, 1, 4, 1]);
        assert_eq!(g.phase, Phase::Won(2));
        let counts: Vec<_> = g.counts().into_iter().map(|c| c.map(|c| c.value)).collect();
        assert_eq!(
            counts,
            [Some("1296".into()), Some("208".into()), Some("1".into())]
        );
    }

    #[test]
    fn the_split_shown_follows_the_inspected_row_then_the_draft_then_the_latest_row() {
        let mut g = Game::new(settings("mode=break&secret=3,1,4,1"), 1);
        assert_eq!(g.split_target(), None);
        type_code(&mut g, &[0, 0, 1, 1]);
        serve(&mut g);
        type_code(&mut g, &[2, 3, 4, 5]);
        serve(&mut g);
        let latest = g.split_target().unwrap();
        assert_eq!((latest.label.as_str(), latest.history.len()), ("row 2", 1));
        assert_eq!(latest.actual, Some(Feedback { black: 1, white: 1 }));
        // A suggested code fills the draft; a complete draft is split against every row.
        g.apply(Action::Fill(vec![3, 1, 4, 1]));
        let draft = g.split_target().unwrap();
        assert_eq!(
            (draft.label.as_str(), draft.history.len(), draft.actual),
            ("your next guess", 2, None)
        );
        g.apply(Action::Fill(vec![9, 9, 9, 9])); // not a code of 4x6: ignored
        assert_eq!(g.full_draft(), Some(vec![3, 1, 4, 1]));
        g.apply(Action::Inspect(Some(0)));
        let first = g.split_target().unwrap();
        assert_eq!((first.label.as_str(), first.history.len()), ("row 1", 0));
        g.apply(Action::Inspect(Some(7)));
        assert_eq!(g.inspect, None);
    }

    /// The game a link reproduces: its settings read back from the query.
    fn reopen(g: &Game) -> Game {
        Game::new(settings(&g.link_query()), 2)
    }

    #[test]
    fn a_link_reproduces_the_game_in_progress() {
        // You break a random secret: the link carries it, hidden, and the guesses.
        let mut g = Game::new(settings("mode=break&pegs=5&colors=7"), 1);
        serve(&mut g);
        let secret = g.secret.clone().unwrap();
        type_code(&mut g, &[0, 0, 1, 1, 2]);
        serve(&mut g);
        type_code(&mut g, &[3, 3, 4, 4, 5]);
        serve(&mut g);
        let link = g.link_query();
        assert!(
            !link.contains(
                &secret
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        );
        let mut again = reopen(&g);
        serve(&mut again);
        assert_eq!(again.secret, g.secret);
        assert_eq!(
            again
                .rows
                .iter()
                .map(|r| (r.guess.clone(), r.score))
                .collect::<Vec<_>>(),
            g.rows
                .iter()
                .map(|r| (r.guess.clone(), r.score))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            (again.phase.clone(), again.remaining.clone()),
            (Phase::Guessing, g.remaining.clone())
        );

        // The computer breaks a secret kept in mind: the link carries the person's scores and the guess awaiting
        // its score.
        let mut g = Game::new(
            settings("mode=make&scoring=manual&strategy=first-consistent"),
            1,
        );
        serve(&mut g);
        score_last(&mut g, 0, 0);
        assert_eq!(g.phase, Phase::Scoring);
        let again = reopen(&g);
        assert_eq!(again.phase, Phase::Scoring);
        assert_eq!(again.history(), g.history());
        assert_eq!(again.rows.len(), 2);

        // A finished game reopens finished.
        let mut g = Game::new(settings("mode=break&secret=3,1,4,1"), 1);
        type_code(&mut g, &[3, 1, 4, 1]);
        assert_eq!(reopen(&g).phase, Phase::Won(1));
    }

    #[test]
    fn person_asks_for_a_full_count_and_plays_on() {
        let mut g = Game::new(settings("mode=break&pegs=5&colors=8&secret=7,6,5,4,3"), 1);
        type_code(&mut g, &[0, 0, 1, 1, 2]);
        g.apply(Action::CountAll);
        assert_eq!(g.phase, Phase::Thinking);
        assert!(matches!(
            &g.request,
            Some(Request {
                background: false,
                ..
            })
        ));
        serve(&mut g);
        assert_eq!(g.phase, Phase::Guessing);
        assert_eq!(g.remaining.as_ref().map(|c| c.exact), Some(true));
        // Cancelling one goes back to guessing too.
        g.apply(Action::CountAll);
        g.apply(Action::Cancel);
        assert_eq!(
            (g.phase.clone(), g.request.is_none()),
            (Phase::Guessing, true)
        );
    }

    #[test]
    fn person_loses_after_the_last_row() {
        let mut g = Game::new(settings("mode=break&secret=3,1,4,1&rows=2"), 1);
        type_code(&mut g, &[0, 0, 0, 0]);
        serve(&mut g);
        type_code(&mut g, &[0, 0, 0, 0]);
        assert_eq!(g.phase, Phase::Lost);
    }

    #[test]
    fn computer_breaks_an_entered_secret() {
        let mut g = Game::new(settings("mode=make&scoring=auto&strategy=knuth"), 1);
        assert_eq!(g.phase, Phase::EnteringSecret);
        type_code(&mut g, &[5, 4, 3, 2]);
        serve(&mut g);
        assert!(matches!(g.phase, Phase::Won(n) if n <= 5), "{:?}", g.phase);
    }

    #[test]
    fn step_by_step_the_computer_waits_and_explains_each_guess() {
        let mut g = Game::new(
            settings("mode=make&scoring=auto&strategy=knuth&step=1&secret=5,4,3,2"),
            1,
        );
        serve(&mut g);
        let mut steps = 0;
        while g.phase == Phase::Paused {
            // While paused, the codes the latest score leaves are counted for the chart.
            assert_eq!(g.counts().len(), g.rows.len() + 1);
            assert!(g.counts().iter().all(Option::is_some), "{:?}", g.counts());
            let why = g
                .rows
                .last()
                .and_then(|r| r.why.clone())
                .unwrap_or_default();
            assert!(why.contains("whatever the answer, at most"), "{why}");
            g.apply(Action::Step);
            serve(&mut g);
            steps += 1;
        }
        assert!(
            matches!(g.phase, Phase::Won(n) if n == steps + 1),
            "{:?} after {steps}",
            g.phase
        );
        // Knuth's first guess on 1296 codes: 1122 leaves at most 256.
        assert_eq!(
            g.rows[0].why.as_deref(),
            Some(
                "whatever the answer, at most 256 of the 1296 codes will be left (the smallest worst case of any \
                 guess), and it could be the secret"
            )
        );
    }

    fn score_last(game: &mut Game, black: u8, white: u8) {
        game.apply(Action::SetScore(Feedback { black, white }));
        game.apply(Action::SubmitScore);
        serve(game);
    }

    #[test]
    fn wrong_manual_score_is_caught_and_fixed() {
        let mut g = Game::new(
            settings("mode=make&scoring=manual&strategy=first-consistent"),
            1,
        );
        serve(&mut g);
        // The person says none of colours 0-4 appear: the first consistent guesses are 0000, 1111, ..., 5555.
        for c in 0..5u8 {
            assert_eq!(g.rows[usize::from(c)].guess, vec![c; 4]);
            score_last(&mut g, 0, 0);
        }
        assert_eq!(g.rows[5].guess, vec![5, 5, 5, 5]);
        // Only 5555 is left, yet the person scores it one black: row 6 (index 5) contradicts the rows above.
        score_last(&mut g, 1, 0);
        assert_eq!(g.phase, Phase::Contradiction(5));
        // The mistake was row 1: the secret has three 0s. Fixing it makes the rows consistent again.
        g.apply(Action::Edit(0));
        g.apply(Action::SetScore(Feedback { black: 3, white: 0 }));
        g.apply(Action::SubmitScore);
        serve(&mut g);
        assert_eq!(g.phase, Phase::Scoring);
        assert_eq!(g.remaining.as_ref().map(|c| c.value.as_str()), Some("4"));
        assert_eq!(g.rows.len(), 7);
        // The counts after the fixed row are the new ones: 1296, then 4 codes with three 0s and one 5 (each row
        // after the first rules nothing more out), and the count for the unscored 7th row is not known yet.
        let counts: Vec<_> = g.counts().into_iter().map(|c| c.map(|c| c.value)).collect();
        assert_eq!(counts.len(), 7);
        assert_eq!(counts[0].as_deref(), Some("1296"));
        assert_eq!(counts[6].as_deref(), Some("4"));
    }

    #[test]
    fn stale_answers_are_ignored() {
        let mut g = Game::new(settings("mode=make&scoring=manual"), 1);
        let seq = g.request.as_ref().map(|r| r.seq).unwrap_or_default();
        g.apply(Action::Job(
            seq + 5,
            JobAnswer::Done(Outcome::Cancelled, RunStats::default()),
        ));
        assert_eq!(g.phase, Phase::Thinking);
    }
}
