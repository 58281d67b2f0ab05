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
use super::names::Seats;
use rand::SeedableRng;
use rand::rngs::StdRng;
use yew::Reducible;

/// The person's seat (at a table to watch, the computer whose notebook is shown).
pub const YOU: usize = 0;

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
    /// The hint: what the deduction player would do in the person's place.
    pub hint: Option<ActionDto>,
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
                let ask = match self.game.phase() {
                    Phase::MayAccuse { .. } => AskDto::AfterSuggestion,
                    _ => AskDto::Turn,
                };
                CluedoJob::Act {
                    view: self.view(YOU),
                    kind: "deduction".into(),
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
                (Purpose::Move(seat), CluedoAnswer::Act(a)) => {
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
                (Purpose::Hint, CluedoAnswer::Act(a)) => self.hint = Some(a),
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
mod tests {
    use super::*;
    use cluedo::{Card, Owner};
    use protocol::{JobObserver, execute};

    /// Answers the table's requests with the real core, as the worker would, until none is left.
    fn settle(mut t: Rc<Table>) -> Rc<Table> {
        while let Some(r) = t.request.clone() {
            let outcome = execute(&r.job, &JobObserver::new());
            t = t.reduce(Action::Done(r.seq, outcome, 0.0));
        }
        t
    }

    #[test]
    fn a_whole_game_against_computers_ends_and_reveals_their_notebooks() {
        let setup = Setup {
            computers: vec![Kind::Deduction, Kind::Random],
            watch: None,
            seed: 3,
            pace_ms: 0,
            moves: Vec::new(),
        };
        let mut t = settle(Rc::new(Table::new(&setup)));
        assert!(t.notebook.is_some());
        for _ in 0..400 {
            if t.mover().is_none() {
                break;
            }
            t = match t.mover() {
                Some((YOU, AskDto::Show { options, .. })) => t.reduce(Action::Show(options[0])),
                Some((YOU, AskDto::AfterSuggestion)) => t.reduce(Action::EndTurn),
                Some((YOU, AskDto::Turn)) => {
                    // Play the hint.
                    let t = settle(t.reduce(Action::Hint));
                    match t.hint {
                        Some(ActionDto::Suggest { cards }) => t.reduce(Action::Suggest(cards)),
                        Some(ActionDto::Accuse { cards }) => t.reduce(Action::Accuse(cards)),
                        other => panic!("{other:?}"),
                    }
                }
                _ => t.reduce(Action::Go),
            };
            t = settle(t);
            assert_eq!(t.error, None);
        }
        assert!(matches!(t.game.phase(), Phase::Over { winner: Some(_) }));
        assert!(t.revealed[1..].iter().all(Option::is_some));
        // Its moves, as a link keeps them, bring back the same game: all of it, and its first half.
        for upto in [t.moves.len(), t.moves.len() / 2] {
            let again = settle(Rc::new(Table::new(&Setup {
                moves: t.moves[..upto].to_vec(),
                ..setup.clone()
            })));
            assert_eq!(again.notice, None);
            assert_eq!(again.moves, t.moves[..upto]);
            let played = again.game.played();
            assert_eq!(played, &t.game.played()[..played.len()]);
            if upto == t.moves.len() {
                assert_eq!(played.len(), t.game.played().len());
                assert_eq!(again.game.phase(), t.game.phase());
                assert!(again.revealed[1..].iter().all(Option::is_some));
            }
        }
        // A move that does not fit the deal ends the replay there, said once.
        let mut wrong = t.moves[..3].to_vec();
        wrong.push((YOU, ActionDto::Show { card: 99 }));
        let again = Table::new(&Setup {
            moves: wrong,
            ..setup.clone()
        });
        assert_eq!(again.moves, t.moves[..3]);
        assert!(
            again
                .notice
                .as_deref()
                .is_some_and(|n| n.starts_with("moves: move 4")),
            "{:?}",
            again.notice
        );
        // The person's notebook agrees with the deal wherever it is certain.
        let nb = t.notebook.clone().expect("counted");
        for c in Card::all() {
            if let Some(o) = nb.holder(c) {
                let truth = t.game.deal().holder(c).map_or(Owner::Envelope, Owner::Seat);
                assert_eq!(o, truth, "card {c:?}");
            }
        }
    }

    #[test]
    fn a_table_to_watch_plays_itself_to_the_end() {
        let setup = Setup {
            computers: vec![Kind::Random, Kind::Listening],
            watch: Some(Kind::Deduction),
            seed: 5,
            pace_ms: 0,
            moves: Vec::new(),
        };
        let mut t = settle(Rc::new(Table::new(&setup)));
        assert!(!t.seats.person && t.seats.name(0) == "Computer 1 (deduction)");
        let mut moves = 0;
        while t.mover().is_some() {
            assert!(
                t.computer_waiting(),
                "every seat is a computer's: {:?}",
                t.mover()
            );
            t = settle(t.reduce(Action::Go));
            assert_eq!(t.error, None);
            moves += 1;
            assert!(moves < 1000, "the game ends");
        }
        assert!(matches!(t.game.phase(), Phase::Over { winner: Some(_) }));
        // Seat 0's notebook followed the game; the others are revealed at the end.
        assert_eq!(t.notebook_at.0, t.game.view(YOU).turns().len());
        assert!(t.revealed[1..].iter().all(Option::is_some));
        // Its link brings back the same game, as watched.
        let again = settle(Rc::new(Table::new(&Setup {
            moves: t.moves.clone(),
            ..setup.clone()
        })));
        assert_eq!(again.game.phase(), t.game.phase());
        assert!(!again.seats.person);
    }

    #[test]
    fn a_computer_move_that_fails_can_be_asked_again() {
        let setup = Setup {
            computers: vec![Kind::Random, Kind::Random],
            watch: None,
            seed: 2,
            pace_ms: 0,
            moves: Vec::new(),
        };
        let t = settle(Rc::new(Table::new(&setup)));
        // The person suggests and ends the turn; a computer is to move.
        let t = settle(t.reduce(Action::Suggest([0, 6, 12])));
        let t = match t.mover() {
            Some((YOU, AskDto::AfterSuggestion)) => settle(t.reduce(Action::EndTurn)),
            _ => t,
        };
        assert!(t.computer_waiting());
        let t = t.reduce(Action::Go);
        let seq = t.request.as_ref().map(|r| r.seq).expect("a move asked for");
        let t = t.reduce(Action::Done(
            seq,
            Outcome::Failed {
                message: "the worker stopped".into(),
            },
            0.0,
        ));
        assert_eq!(t.error.as_deref(), Some("the worker stopped"));
        assert!(t.computer_waiting(), "the move can be asked again");
        let played = t.game.played().len();
        let t = settle(t.reduce(Action::Go));
        assert!(t.game.played().len() > played || !t.computer_waiting());
        assert_eq!(t.error, None);
    }

    #[test]
    fn moves_out_of_turn_are_refused_with_a_message() {
        let setup = Setup {
            computers: vec![Kind::Random, Kind::Random],
            watch: None,
            seed: 1,
            pace_ms: 0,
            moves: Vec::new(),
        };
        let t = settle(Rc::new(Table::new(&setup)));
        let t = t.reduce(Action::EndTurn);
        assert!(
            t.error
                .as_deref()
                .is_some_and(|e| e.contains("suggest or accuse first"))
        );
        let t = t.reduce(Action::Suggest([0, 1, 12]));
        assert!(
            t.error
                .as_deref()
                .is_some_and(|e| e.contains("two suspects")),
            "{:?}",
            t.error
        );
    }
}
