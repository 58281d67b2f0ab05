//! The `Table` reducer: a game between the person (seat 0) and computer players, or of computers only (a table to
//! watch, seat 0 a computer too). The rules (who refutes, who is
//! out, the end) are the core's `Game`, applied here as moves arrive; every decision a computer makes, the
//! person's notebook, "why" and the hint are jobs on the worker, queued one after another.

use std::collections::VecDeque;
use std::rc::Rc;

use cluedo::{Game, Kind, Notebook, Phase};
use protocol::cluedo::{ActionDto, AskDto, CluedoAnswer, CluedoJob, ViewDto};
use protocol::{Job, Outcome, Reply};

use super::moves::Move;
use super::names::{Seats, YOU};
use rand::SeedableRng;
use rand::rngs::StdRng;
use yew::Reducible;

/// What a queued job is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A computer's move at this seat.
    Move(usize),
    /// The person's notebook.
    Notebook,
    /// A computer's notebook, revealed at the end.
    Reveal(usize),
    /// Why the person's notebook is sure of this card.
    Why(u8),
    /// "Suggest for me".
    Hint,
}

/// The job running now.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// Its number (a newer one supersedes it).
    pub seq: u32,
    /// What for.
    pub purpose: Purpose,
    /// The job.
    pub job: Job,
}

/// How a game is set up (from the link).
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The computer players' kinds, seats 1 and on.
    pub computers: Vec<Kind>,
    /// A table to watch: this kind plays seat 0 in the person's place.
    pub watch: Option<Kind>,
    /// The deal's seed.
    pub seed: u64,
    /// Milliseconds between computer moves; 0 to step by hand.
    pub pace_ms: u32,
    /// The moves made so far (a reload's, or a shared game's), played again before the game goes on.
    pub moves: Vec<Move>,
}

/// The table.
#[derive(Clone)]
pub struct Table {
    /// The game (its deal is the answer: drawn only at the end).
    pub game: Game,
    /// Who sits where.
    pub seats: Seats,
    /// The setup.
    pub setup: Setup,
    /// The job running.
    pub request: Option<Request>,
    queue: VecDeque<(Purpose, Job)>,
    seq: u32,
    /// The person's notebook, once counted.
    pub notebook: Option<Rc<Notebook>>,
    /// How many turns the notebook has taken in, and the milliseconds its count took in the worker.
    pub notebook_at: (usize, f64),
    /// Each computer's notebook, revealed at the end.
    pub revealed: Vec<Option<Rc<Notebook>>>,
    /// The turns (from 0) that make a card certain, for the card asked about.
    pub why: Option<(u8, Option<Vec<usize>>)>,
    /// The hint: what the expert player would do in the person's place, and why.
    pub hint: Option<ActionDto>,
    /// Why the hint, in a sentence.
    pub hint_why: Option<String>,
    /// The watched computer's last move that came with a reason (the expert's): its seat and why.
    pub reason: Option<(usize, String)>,
    /// What went wrong last, for people.
    pub error: Option<String>,
    /// Every move made, in order (the link keeps them, so a reload goes on from the same move).
    pub moves: Vec<Move>,
    /// Why the link's moves were not all played again, if they were not.
    pub notice: Option<String>,
    /// Bumped by every action: two tables are equal when they are the same version (the game has no `==`).
    version: u64,
}

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.version == other.version
    }
}

/// What can happen at the table.
pub enum Action {
    /// The person suggests.
    Suggest([u8; 3]),
    /// The person accuses.
    Accuse([u8; 3]),
    /// The person ends the turn after suggesting.
    EndTurn,
    /// The person shows this card.
    Show(u8),
    /// The computer to move may move now (its pace has passed, or "next" was pressed).
    Go,
    /// Ask for a hint.
    Hint,
    /// Ask why a card is certain.
    Why(u8),
    /// A job ended, taking so many milliseconds in the worker.
    Done(u32, Outcome, f64),
}

impl Table {
    /// A new game.
    pub fn new(setup: &Setup) -> Table {
        let players = setup.computers.len() + 1;
        let mut rng = StdRng::seed_from_u64(setup.seed);
        let game = Game::new(players, &mut rng).unwrap_or_else(|_| {
            Game::new(3, &mut rng).unwrap_or_else(|_| unreachable!("3 players is a valid game"))
        });
        let mut kinds = vec![setup.watch.unwrap_or(Kind::Deduction)];
        kinds.extend(&setup.computers);
        kinds.truncate(game.players());
        let mut t = Table {
            game,
            seats: Seats {
                kinds,
                person: setup.watch.is_none(),
            },
            setup: setup.clone(),
            request: None,
            queue: VecDeque::new(),
            seq: 0,
            notebook: None,
            notebook_at: (0, 0.0),
            revealed: vec![None; players],
            why: None,
            hint: None,
            hint_why: None,
            reason: None,
            error: None,
            moves: Vec::new(),
            notice: None,
            version: 0,
        };
        // The moves of a reload or a shared link, played again without asking the computers.
        for (i, &(seat, action)) in setup.moves.iter().enumerate() {
            let played = action
                .action()
                .and_then(|a| t.game.play(seat, a).map_err(|e| e.to_string()));
            if let Err(e) = played {
                t.notice = Some(format!(
                    "moves: move {} of the link does not fit this deal ({e}); the game goes on from the move before it",
                    i + 1
                ));
                break;
            }
            t.moves.push((seat, action));
        }
        if matches!(t.game.phase(), Phase::Over { .. }) {
            for seat in 1..t.game.players() {
                t.enqueue(Purpose::Reveal(seat));
            }
        }
        t.enqueue(Purpose::Notebook);
        t
    }

    /// The seat to move and what it is asked (the core's answer), unless the game is over.
    pub fn mover(&self) -> Option<(usize, AskDto)> {
        self.game.to_move().map(|(seat, ask)| (seat, ask.into()))
    }

    /// How many actions the table has taken (it only grows: tests and benchmarks wait on it).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether a computer is to move and no move of its is asked for yet.
    pub fn computer_waiting(&self) -> bool {
        let asked = |p: &Purpose| matches!(p, Purpose::Move(_));
        self.mover()
            .is_some_and(|(seat, _)| !self.seats.is_person(seat))
            && !self.request.as_ref().is_some_and(|r| asked(&r.purpose))
            && !self.queue.iter().any(|(p, _)| asked(p))
    }

    fn view(&self, seat: usize) -> ViewDto {
        ViewDto::from(self.game.view(seat))
    }

    fn job(&self, purpose: Purpose) -> Job {
        let seed =
            self.setup.seed ^ (self.game.played().len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Job::Cluedo(match purpose {
            Purpose::Move(seat) => {
                let ask = self.mover().map_or(AskDto::Turn, |m| m.1);
                CluedoJob::Act {
                    view: self.view(seat),
                    kind: self.seats.kinds[seat].name().into(),
                    ask,
                    seed,
                }
            }
            Purpose::Notebook => CluedoJob::Notebook {
                view: self.view(YOU),
            },
            Purpose::Reveal(seat) => CluedoJob::Notebook {
                view: self.view(seat),
            },
            Purpose::Why(card) => CluedoJob::Why {
                view: self.view(YOU),
                card,
            },
            Purpose::Hint => {
                // The person's own question: a turn, after a suggestion, or which card to show.
                let ask = match self.mover() {
                    Some((YOU, ask)) => ask,
                    _ => AskDto::Turn,
                };
                CluedoJob::Act {
                    view: self.view(YOU),
                    kind: Kind::Expert.name().into(),
                    ask,
                    seed,
                }
            }
        })
    }

    fn enqueue(&mut self, purpose: Purpose) {
        let job = self.job(purpose);
        self.queue.retain(|(p, _)| *p != purpose);
        self.queue.push_back((purpose, job));
        self.next();
    }

    fn next(&mut self) {
        if self.request.is_none()
            && let Some((purpose, job)) = self.queue.pop_front()
        {
            self.seq += 1;
            self.request = Some(Request {
                seq: self.seq,
                purpose,
                job,
            });
        }
    }

    /// After any move: the person's notebook is counted again; at the end, every computer's is revealed.
    fn after_move(&mut self) {
        self.hint = None;
        self.hint_why = None;
        self.why = None;
        self.enqueue(Purpose::Notebook);
        if matches!(self.game.phase(), Phase::Over { .. }) {
            for seat in 1..self.game.players() {
                self.enqueue(Purpose::Reveal(seat));
            }
        }
    }

    fn apply(&mut self, seat: usize, action: ActionDto) -> Result<(), String> {
        self.game
            .play(seat, action.action()?)
            .map_err(|e| e.to_string())?;
        self.moves.push((seat, action));
        self.after_move();
        Ok(())
    }

    fn person(&mut self, action: ActionDto) {
        self.error = self.apply(YOU, action).err();
    }

    fn finished(&mut self, seq: u32, outcome: Outcome, millis: f64) {
        let Some(req) = self.request.take_if(|r| r.seq == seq) else {
            return;
        };
        let turns = match &req.job {
            Job::Cluedo(CluedoJob::Notebook { view }) => view.turns.len(),
            _ => 0,
        };
        match outcome.reply::<CluedoAnswer>() {
            Reply::Answer(answer) => match (req.purpose, answer) {
                (Purpose::Move(seat), CluedoAnswer::Act(a, why)) => {
                    // Only the watched computer's reasons are shown: its hand and notebook are on the page
                    // already, where another computer's reason would tell what only it knows (its likeliest
                    // envelope) to the person playing against it.
                    if let Some(why) = why
                        && seat == YOU
                    {
                        self.reason = Some((seat, why));
                    }
                    self.error = self
                        .apply(seat, a)
                        .err()
                        .map(|e| format!("computer {seat}'s move was refused: {e}"));
                }
                (Purpose::Notebook, CluedoAnswer::Notebook(nb)) => match nb.notebook() {
                    Ok(nb) => {
                        self.notebook = Some(Rc::new(nb));
                        self.notebook_at = (turns, millis);
                    }
                    Err(e) => self.error = Some(e),
                },
                (Purpose::Reveal(seat), CluedoAnswer::Notebook(nb)) => match nb.notebook() {
                    Ok(nb) => self.revealed[seat] = Some(Rc::new(nb)),
                    Err(e) => self.error = Some(e),
                },
                (Purpose::Why(card), CluedoAnswer::Why { turns, .. }) => {
                    self.why = Some((card, turns))
                }
                (Purpose::Hint, CluedoAnswer::Act(a, why)) => {
                    self.hint = Some(a);
                    self.hint_why = why;
                }
                _ => self.error = Some("the solver answered another question".into()),
            },
            Reply::Cancelled => {}
            Reply::Failed(m) => self.error = Some(m),
        }
        self.next();
    }
}

impl Reducible for Table {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut t = (*self).clone();
        t.version += 1;
        match action {
            Action::Suggest(cards) => t.person(ActionDto::Suggest { cards }),
            Action::Accuse(cards) => t.person(ActionDto::Accuse { cards }),
            Action::EndTurn => t.person(ActionDto::EndTurn),
            Action::Show(card) => t.person(ActionDto::Show { card }),
            Action::Go => {
                if t.computer_waiting()
                    && let Some((seat, _)) = t.mover()
                {
                    t.enqueue(Purpose::Move(seat));
                }
            }
            Action::Hint => t.enqueue(Purpose::Hint),
            Action::Why(card) => t.enqueue(Purpose::Why(card)),
            Action::Done(seq, outcome, millis) => t.finished(seq, outcome, millis),
        }
        Rc::new(t)
    }
}

#[cfg(test)]
mod tests;
