//! The peg solitaire game's state and its reducer. Pure: tested natively by answering its requests with
//! `protocol::execute`.
//!
//! After every jump the game asks the worker whether a game from here still reaches the finish (one solution, a
//! quick depth-first search), then how many games go through each legal jump (exact counts).

use std::rc::Rc;

use peg_solitaire::{Board, Finish, Jump, Position};
use protocol::pegs::{BoardDto, JumpDto, LostDto, PegsAnswer, PegsJob, VerdictDto, position_text};
use protocol::{Job, Reply};
use yew::Reducible;

mod types;

pub use types::{Action, Outlook, Request, Setup, StartFound};

/// Pegs from which on games to a dead end are counted per jump.
pub const DEAD_END_COUNTS_FROM: u32 = 20;

/// The game.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// The board.
    pub board: Rc<Board>,
    /// Its name.
    pub board_name: String,
    /// The layout of a board of your own.
    pub layout: Option<String>,
    /// The empty hole at the start.
    pub start: u8,
    /// Where games end.
    pub finish: Finish,
    /// Jumps played.
    pub moves: Vec<Jump>,
    /// Jumps undone, most recent last (redo plays them again).
    pub undone: Vec<Jump>,
    /// The peg picked up (a hole), waiting for where to jump.
    pub selected: Option<u8>,
    /// Whether a game from here reaches the finish.
    pub outlook: Outlook,
    /// Where the outlook came from (`table`, `opening`, `proof`, `search`, `rules`).
    pub outlook_source: String,
    /// What the worker noted about how the outlook was answered (a book it could not load).
    pub outlook_note: Option<String>,
    /// Positions a search for the outlook has visited so far, while it runs long.
    pub searched: Option<u64>,
    /// Whether the games through each jump are shown (the heat map, and the list for the picked-up peg).
    pub heat: bool,
    /// Games through each legal jump from here, once counted (`None` while counting).
    pub counts: Option<Vec<(Jump, u128)>>,
    /// A solution from here being shown, jump by jump: the jumps still to show.
    pub showing: Vec<Jump>,
    /// A solution was asked for: the next solve's answer is shown.
    pub show_wanted: bool,
    /// The solver played some of this game's jumps (a solution shown): its end is not the person's win.
    pub helped: bool,
    /// The request for the worker.
    pub request: Option<Request>,
    /// Why the last request failed.
    pub error: Option<String>,
    /// The game's table of every position, while the worker builds it for the current request (counts asked for
    /// past the shipped opening, or the table itself): levels made, out of all. A build stopped by a jump goes on
    /// from the levels it made, and its first report says how many.
    pub table_levels: Option<(u64, u64)>,
    /// Why the table (built in the background) failed twice: said quietly, not asked again; jumps are still answered.
    pub table_failed: Option<String>,
    /// The table's build failed once (a solver restarted under it): it is asked once more.
    table_retried: bool,
    /// A count of every game is running on the worker: the table is not built meanwhile.
    pub count_running: bool,
    /// On a board of one's own: a start that can be won, being looked for or found (`None`: not looked for, or
    /// the board's own start can be won).
    pub start_found: Option<StartFound>,
    seq: u32,
}

/// Whether `job` builds the game's table (on its own, or for the counts through each jump): work in the background.
fn builds_table(job: &Job) -> bool {
    matches!(
        job,
        Job::Pegs(PegsJob::BuildTable { .. } | PegsJob::JumpCounts { .. })
    )
}

fn jump(j: JumpDto) -> Jump {
    Jump {
        from: j.from,
        over: j.over,
        to: j.to,
    }
}

impl Play {
    /// A game from `setup` (its moves replayed as far as they are legal).
    pub fn new(board: Board, setup: &Setup) -> Play {
        let mut play = Play {
            board: Rc::new(board),
            board_name: setup.board.clone(),
            layout: setup.layout.clone(),
            start: setup.start,
            finish: setup.finish,
            moves: Vec::new(),
            undone: Vec::new(),
            selected: None,
            outlook: Outlook::Asking,
            outlook_source: String::new(),
            outlook_note: None,
            searched: None,
            heat: setup.heat,
            counts: None,
            showing: Vec::new(),
            show_wanted: false,
            request: None,
            error: None,
            table_levels: None,
            table_failed: None,
            table_retried: false,
            count_running: false,
            helped: false,
            start_found: None,
            seq: 0,
        };
        for &m in &setup.moves {
            if m.legal(play.position()) {
                play.moves.push(m);
            }
        }
        if setup.seek_start && play.moves.is_empty() {
            play.ask(PegsJob::WinnableStart {
                board: play.board_dto(),
            });
            play.start_found = Some(StartFound::Seeking);
        } else {
            play.ask_solvable();
        }
        play
    }

    /// The position at the start.
    pub fn start_position(&self) -> Position {
        self.board.full() & !(1 << self.start)
    }

    /// The position now.
    pub fn position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.start_position(), |p, j| p ^ j.mask())
    }

    /// The legal jumps from here.
    pub fn legal(&self) -> Vec<Jump> {
        let pos = self.position();
        self.board
            .jumps()
            .iter()
            .copied()
            .filter(|j| j.legal(pos))
            .collect()
    }

    /// Whether the game is over (no jump left).
    pub fn over(&self) -> bool {
        self.legal().is_empty()
    }

    /// Whether the game ended as the finish asks.
    pub fn won(&self) -> bool {
        peg_solitaire::finished(&self.board, self.position(), self.finish) && self.over()
    }

    /// The board as jobs carry it: its name, or its layout.
    pub fn board_dto(&self) -> BoardDto {
        match &self.layout {
            Some(rows) => BoardDto::Layout(rows.clone()),
            None => BoardDto::Named(self.board_name.clone()),
        }
    }

    fn ask(&mut self, job: PegsJob) {
        // Anything asked after the look for a start replaces it: the game goes on from the start it has.
        if self.start_found == Some(StartFound::Seeking) {
            self.start_found = None;
        }
        self.seq += 1;
        self.request = Some(Request {
            seq: self.seq,
            job: Job::Pegs(job),
        });
    }

    fn ask_solvable(&mut self) {
        self.outlook = Outlook::Asking;
        self.searched = None;
        self.counts = None;
        self.error = None;
        if self.over() {
            self.outlook = if self.won() {
                Outlook::Solvable
            } else {
                Outlook::Lost(LostDto::NoJumpLeft)
            };
            self.counts = Some(Vec::new());
            self.request = None;
            return;
        }
        self.ask_solve(false);
    }

    /// Asks whether the finish can still be reached from here (and, with `solution`, for one game there).
    fn ask_solve(&mut self, solution: bool) {
        self.searched = None;
        self.ask(PegsJob::Assess {
            board: self.board_dto(),
            start: position_text(self.start_position()),
            position: position_text(self.position()),
            finish: self.finish.into(),
            solution,
        });
    }

    /// Why no game from here reaches the finish, once that is known.
    pub fn lost(&self) -> Option<&LostDto> {
        match &self.outlook {
            Outlook::Lost(why) => Some(why),
            _ => None,
        }
    }

    fn ask_counts(&mut self) {
        // What the worker reports from here on (it says at once how many levels it kept from earlier).
        self.table_levels = None;
        self.ask(PegsJob::JumpCounts {
            board: self.board_dto(),
            start: position_text(self.start_position()),
            position: position_text(self.position()),
            finish: self.finish.into(),
        });
    }

    /// Counts from a shipped opening come at once; the table for the positions past it is built meanwhile (at
    /// once when it already is). A jump or a count of every game only pauses it (it goes on from its levels).
    fn ask_table(&mut self) {
        if self.finish != Finish::DeadEnd && !self.count_running && self.table_failed.is_none() {
            self.ask(PegsJob::BuildTable {
                board: self.board_dto(),
                start: position_text(self.start_position()),
                finish: self.finish.into(),
            });
        }
    }

    fn play(&mut self, j: Jump) {
        self.moves.push(j);
        self.selected = None;
        self.ask_solvable();
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Hole(h) => {
                let pos = self.position();
                let has_peg = pos >> h & 1 == 1;
                match self.selected {
                    Some(from) if from == h => self.selected = None,
                    Some(from) if !has_peg => {
                        if let Some(j) = self
                            .legal()
                            .into_iter()
                            .find(|j| j.from == from && j.to == h)
                        {
                            self.undone.clear();
                            self.showing.clear();
                            self.play(j);
                        }
                    }
                    _ if has_peg && self.legal().iter().any(|j| j.from == h) => {
                        self.selected = Some(h)
                    }
                    _ => self.selected = None,
                }
            }
            Action::Drop => self.selected = None,
            Action::Undo => {
                if let Some(j) = self.moves.pop() {
                    self.undone.push(j);
                    self.selected = None;
                    self.showing.clear();
                    self.ask_solvable();
                }
            }
            Action::Redo => {
                if let Some(j) = self.undone.pop() {
                    self.play(j);
                }
            }
            Action::Restart => {
                let undone: Vec<Jump> = self.moves.drain(..).rev().collect();
                self.undone.extend(undone);
                self.selected = None;
                self.showing.clear();
                self.helped = false;
                self.ask_solvable();
            }
            Action::ShowSolution => {
                // The button stays focusable when there is nothing to show (aria-disabled): ignore it then.
                if self.outlook == Outlook::Solvable && !self.over() && self.showing.is_empty() {
                    self.ask_solve(true);
                    // The answer starts the show.
                    self.show_wanted = true;
                }
            }
            Action::StepSolution => {
                if let Some(j) = self
                    .showing
                    .first()
                    .copied()
                    .filter(|j| j.legal(self.position()))
                {
                    self.showing.remove(0);
                    let rest = std::mem::take(&mut self.showing);
                    self.undone.clear();
                    self.helped = true;
                    self.play(j);
                    self.showing = rest;
                } else {
                    self.showing.clear();
                }
            }
            Action::Done(seq, outcome) if self.request.as_ref().is_some_and(|r| r.seq == seq) => {
                let asked = self.request.take().map(|r| r.job);
                match outcome.reply::<PegsAnswer>() {
                    Reply::Answer(PegsAnswer::Assessed(verdict)) => self.assessed(verdict),
                    Reply::Answer(PegsAnswer::JumpCounts { counts }) => {
                        self.table_levels = None;
                        self.counts = Some(
                            counts
                                .into_iter()
                                .map(|(j, n)| (jump(j), n.parse().unwrap_or(0)))
                                .collect(),
                        );
                        self.ask_table();
                    }
                    Reply::Answer(PegsAnswer::TableBuilt { .. }) => self.table_levels = None,
                    Reply::Answer(PegsAnswer::WinnableStart { found }) => {
                        self.start_found = match found {
                            Some((h, f)) if h == self.start && Finish::from(f) == self.finish => {
                                None
                            }
                            Some((h, f)) => {
                                let from = std::mem::replace(&mut self.start, h);
                                self.finish = f.into();
                                Some(StartFound::MovedFrom(from))
                            }
                            None => Some(StartFound::None),
                        };
                        self.ask_solvable();
                    }
                    Reply::Answer(_) => {
                        self.error = Some("the solver gave an unexpected answer".into())
                    }
                    // A look for a start that ended without one: the game opens on its own start.
                    Reply::Cancelled | Reply::Failed(_)
                        if self.start_found == Some(StartFound::Seeking) =>
                    {
                        self.start_found = None;
                        self.ask_solvable();
                    }
                    Reply::Cancelled => {}
                    // Nobody asked for the table: its failure is a quiet note, not the game's error.
                    Reply::Failed(message) if asked.as_ref().is_some_and(builds_table) => {
                        self.table_levels = None;
                        if std::mem::replace(&mut self.table_retried, true) {
                            self.table_failed = Some(message);
                        } else {
                            self.ask_table();
                        }
                    }
                    Reply::Failed(message) => {
                        if matches!(asked, Some(Job::Pegs(PegsJob::Assess { .. }))) {
                            self.outlook = Outlook::Unknown(message.clone());
                        }
                        self.error = Some(message);
                    }
                }
            }
            Action::Working(seq, Some((done, _)))
                if self.request.as_ref().is_some_and(|r| {
                    r.seq == seq
                        && matches!(
                            r.job,
                            Job::Pegs(PegsJob::Assess { .. } | PegsJob::WinnableStart { .. })
                        )
                }) =>
            {
                self.searched = Some(done);
            }
            Action::Working(seq, Some(levels))
                if self
                    .request
                    .as_ref()
                    .is_some_and(|r| r.seq == seq && builds_table(&r.job)) =>
            {
                self.table_levels = Some(levels);
            }
            Action::CountRunning(running) => {
                self.count_running = running;
                // The game's table, whether built on its own or for the counts through each jump, waits for the
                // count the person asked for (one job runs at a time on the pool).
                let building = self.request.as_ref().is_some_and(|r| builds_table(&r.job));
                if running && building {
                    // Dropping the request cancels the job; the worker keeps the levels made.
                    self.request = None;
                    self.table_levels = None;
                } else if !running
                    && self.request.is_none()
                    && self.outlook == Outlook::Solvable
                    && !self.over()
                {
                    // As after counts: only while the finish can still be reached (else the table is no use).
                    if self.counts.is_none() && self.counts_cheap() {
                        self.ask_counts();
                    } else if self.counts.is_some() {
                        self.ask_table();
                    }
                }
            }
            Action::Done(..) | Action::Working(..) => {}
        }
    }

    fn assessed(&mut self, v: VerdictDto) {
        self.searched = None;
        self.outlook_source = v.source.clone();
        self.outlook_note = v.note.clone();
        self.outlook = match v.lost {
            _ if v.solvable => Outlook::Solvable,
            Some(why) => Outlook::Lost(why),
            None => Outlook::Lost(LostDto::NoGame),
        };
        if std::mem::take(&mut self.show_wanted) {
            self.showing = v
                .solution
                .unwrap_or_default()
                .into_iter()
                .map(jump)
                .collect();
        }
        if v.solvable && self.counts_cheap() {
            self.ask_counts();
        } else if v.solvable {
            self.counts = None;
        } else {
            self.counts = Some(self.legal().into_iter().map(|j| (j, 0)).collect());
        }
    }

    /// Whether games through each jump are worth asking for here: for a one-peg finish on a board whose table fits
    /// in the tab (built once per game, it answers every position); to a dead end only from this many pegs down
    /// (every game to its end must be enumerated, which early on takes far longer than a move).
    pub fn counts_cheap(&self) -> bool {
        match self.finish {
            Finish::DeadEnd => self.position().count_ones() <= DEAD_END_COUNTS_FROM,
            _ => self.fits_in_tab() && self.table_failed.is_none(),
        }
    }

    /// Whether this board's counts of every game and its table fit in a browser tab.
    pub fn fits_in_tab(&self) -> bool {
        self.board.holes().len() <= peg_solitaire::TAB_HOLES
    }

    /// The moves as they go in a link: `from-to` hole names, `.` between jumps (`d2-d4.f3-d3`).
    pub fn moves_text(&self) -> String {
        self.moves
            .iter()
            .map(|j| {
                format!(
                    "{}-{}",
                    self.board.hole_text(j.from),
                    self.board.hole_text(j.to)
                )
            })
            .collect::<Vec<_>>()
            .join(".")
    }
}

impl Reducible for Play {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self { self } else { Rc::new(next) }
    }
}

#[cfg(test)]
mod tests;
