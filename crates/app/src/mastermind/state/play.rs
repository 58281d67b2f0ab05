//! How the game moves: the person's actions and the solver's answers, applied to the [`Game`] state.

use mastermind::{Code, Feedback, score};
use protocol::Reply;
use protocol::mastermind::{CountDto, MastermindAnswer};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{Action, BoardRow, Game, JobAnswer, Phase, next_seed};
use crate::mastermind::params::{Mode, Scoring};

impl Game {
    /// Draws the computer's secret from the game's seeds, here: a rule of the game, not a search, so the person
    /// guesses at once, while the solver is still starting (it draws the same code from the same seed).
    pub(super) fn draw_secret(&mut self) {
        let seed = next_seed(&mut self.seed);
        let code = Code::random(&self.spec, &mut StdRng::seed_from_u64(seed));
        self.secret = Some(code.pegs().to_vec());
        self.phase = Phase::Guessing;
    }

    pub(super) fn apply(&mut self, action: Action) {
        match action {
            Action::NewGame(settings) => {
                let started = self.started + 1;
                *self = Game::new(settings, next_seed(&mut self.seed));
                self.started = started;
            }
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
            Action::Undo if self.phase == Phase::Guessing && !self.rows.is_empty() => {
                if let Some(row) = self.rows.pop() {
                    self.undone.push(row);
                }
                self.after_taking_back_or_redoing();
            }
            Action::Redo if self.phase == Phase::Guessing && !self.undone.is_empty() => {
                // Only guesses that did not end the game were taken back, so playing one again cannot end it
                // either; its score and count come back with it.
                if let Some(row) = self.undone.pop() {
                    self.rows.push(row);
                }
                self.after_taking_back_or_redoing();
            }
            Action::GiveUp if self.phase == Phase::Guessing => {
                self.request = None;
                self.progress = None;
                self.gave_up = true;
                self.phase = Phase::Lost;
            }
            Action::RandomDraft if self.phase == Phase::EnteringSecret => {
                let (pegs, colors) = (usize::from(self.spec.pegs), self.spec.colors);
                let mut pool: Vec<u8> = (0..colors).collect();
                let mut code = Vec::with_capacity(pegs);
                for _ in 0..pegs {
                    let r = next_seed(&mut self.seed);
                    if self.spec.repeats {
                        code.push((r % u64::from(colors)) as u8);
                    } else {
                        code.push(pool.swap_remove((r % pool.len() as u64) as usize));
                    }
                }
                self.draft = code.into_iter().map(Some).collect();
                self.cursor = pegs - 1;
            }
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
                        self.phase = Phase::Failed("Search cancelled.".into());
                    }
                }
            }
            Action::Resume(strategy) if matches!(self.phase, Phase::Failed(_)) => {
                if let Some(s) = strategy {
                    self.settings.strategy = s;
                }
                match self.settings.mode {
                    Mode::Break if self.secret.is_none() => self.draw_secret(),
                    Mode::Break => self.phase = Phase::Guessing,
                    Mode::Make => self.after_scores_changed(),
                }
            }
            Action::Job(seq, answer) if self.request.as_ref().is_some_and(|r| r.seq == seq) => {
                self.answer(answer)
            }
            _ => {}
        }
    }

    /// The board after a guess was taken back or played again: the count is the latest row's (or every code's),
    /// and whatever was asked of the solver for the rows before is of no use.
    fn after_taking_back_or_redoing(&mut self) {
        self.inspect = None;
        let count = match self.rows.last() {
            None => self.spec.code_count().map(|n| CountDto {
                value: n.to_string(),
                exact: true,
            }),
            Some(r) => r.after.clone(),
        };
        self.request = None;
        self.progress = None;
        match count {
            Some(c) => self.set_remaining(c),
            None => self.count_in_background(),
        }
    }

    pub(super) fn submit(&mut self) {
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
                self.undone.clear();
                self.rows.push(BoardRow {
                    guess: code.pegs().to_vec(),
                    score: Some(fb),
                    after: None,
                    why: None,
                    split: None,
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

    pub(super) fn submit_score(&mut self) {
        let fb = self.score_draft;
        if let Some(row) = self.editing.take() {
            if let Some(r) = self.rows.get_mut(row) {
                r.score = Some(fb);
            }
            // Counts from this row on were for the old score, and the splits after it for the old codes.
            for r in self.rows.iter_mut().skip(row) {
                r.after = None;
            }
            for r in self.rows.iter_mut().skip(row + 1) {
                r.split = None;
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
    pub(super) fn after_scores_changed(&mut self) {
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
        // What the score leaves, at once where the guess's split is known (the next guess may take minutes).
        if let Some(left) = self.rows.last().and_then(BoardRow::left_by_score) {
            self.set_remaining(left);
        }
        self.ask_next_guess();
    }

    /// The count of codes consistent with every scored row: shown beside the board and kept on the last scored
    /// row for the chart.
    pub(super) fn set_remaining(&mut self, count: CountDto) {
        if let Some(r) = self.rows.iter_mut().rev().find(|r| r.score.is_some()) {
            r.after = Some(count.clone());
        }
        self.remaining = Some(count);
    }

    pub(super) fn answer(&mut self, answer: JobAnswer) {
        let (outcome, stats) = match answer {
            JobAnswer::Progress(progress) => {
                self.progress = Some(progress);
                return;
            }
            JobAnswer::Done(outcome, stats) => (outcome, stats),
        };
        let background = self.request.take().is_some_and(|r| r.background);
        self.progress = None;
        self.last = Some(stats);
        let answer = match outcome.reply() {
            // A background count that failed or was cancelled only leaves the count unknown.
            Reply::Cancelled | Reply::Failed(_) if background => return,
            Reply::Answer(a) => a,
            Reply::Cancelled => {
                self.phase = Phase::Failed("Search cancelled.".into());
                return;
            }
            Reply::Failed(message) => {
                self.phase = Phase::Failed(message);
                return;
            }
        };
        match answer {
            MastermindAnswer::Counted { count } => {
                self.set_remaining(count);
                if self.phase == Phase::Thinking {
                    // A count the person asked for: back to guessing.
                    self.phase = Phase::Guessing;
                }
            }
            MastermindAnswer::Benched { .. }
            | MastermindAnswer::Split { .. }
            | MastermindAnswer::Known { .. }
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
                handover,
                why,
                split,
            } => {
                self.set_remaining(remaining);
                self.note = note;
                self.played_by = Some(strategy);
                self.handover = handover;
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
                    split: split.map(|s| *s),
                });
                match (auto, guess) {
                    (Some(secret), Some(guess)) => {
                        let fb = score(&guess, &secret, self.spec.colors);
                        if let Some(r) = self.rows.last_mut() {
                            r.score = Some(fb);
                        }
                        if self.settings.step && !fb.is_win(self.spec.pegs) {
                            // What this score leaves, for the chart: from the guess's split, else counted while
                            // the person reads why.
                            self.phase = Phase::Paused;
                            match self.rows.last().and_then(BoardRow::left_by_score) {
                                Some(left) => self.set_remaining(left),
                                None => self.count_in_background(),
                            }
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
