//! The game's reducer, its requests answered by the real jobs (`protocol::execute`).

use super::*;
use protocol::{JobObserver, execute};

/// Answers the game's requests with the real jobs until it waits for the person.
fn settle(mut play: Play) -> Play {
    while let Some(r) = play.request.clone() {
        let outcome = execute(&r.job, &JobObserver::new());
        play.apply(Action::Done(r.seq, outcome));
    }
    play
}

/// A new triangle game, its first request not yet answered.
fn new_triangle() -> Play {
    let setup = Setup {
        board: "triangle".into(),
        layout: None,
        start: 0,
        finish: Finish::AnyOne,
        moves: Vec::new(),
        embed: false,
        heat: true,
        seek_start: false,
    };
    Play::new(Board::named("triangle").unwrap(), &setup)
}

fn triangle() -> Play {
    settle(new_triangle())
}

#[test]
fn a_game_is_played_by_clicks_with_counts_and_undo() {
    let mut g = triangle();
    assert_eq!(g.outlook, Outlook::Solvable);
    let counts = g.counts.clone().unwrap();
    assert_eq!(counts.iter().map(|c| c.1).sum::<u128>(), 29_760);
    // Pick the peg in hole 3 (row 2, column 0) and jump into the top.
    g.apply(Action::Hole(3));
    assert_eq!(g.selected, Some(3));
    g.apply(Action::Hole(0));
    assert_eq!(g.moves.len(), 1);
    let g2 = settle(g);
    assert_eq!(g2.outlook, Outlook::Solvable);
    assert_eq!(
        g2.counts
            .as_ref()
            .unwrap()
            .iter()
            .map(|c| c.1)
            .sum::<u128>(),
        14_880
    );
    let mut g3 = g2.clone();
    g3.apply(Action::Undo);
    assert!(g3.moves.is_empty());
    g3.apply(Action::Redo);
    assert_eq!(g3.moves, g2.moves);
    // An illegal target leaves the peg picked up and nothing played.
    let mut g4 = triangle();
    g4.apply(Action::Hole(3));
    g4.apply(Action::Hole(14));
    assert!(g4.moves.is_empty());
}

#[test]
fn a_solution_is_shown_to_the_end() {
    let mut g = triangle();
    g.apply(Action::ShowSolution);
    let mut g = settle(g);
    assert_eq!(g.showing.len(), 13);
    while !g.showing.is_empty() {
        g.apply(Action::StepSolution);
        g = settle(g);
    }
    assert!(g.won());
    assert_eq!(g.position().count_ones(), 1);
    assert_eq!(g.moves_text().split('.').count(), 13);
}

#[test]
fn the_table_levels_shown_are_the_current_count_requests_own() {
    let mut g = triangle();
    g.apply(Action::Hole(3));
    g.apply(Action::Hole(0));
    // A jump asks whether the finish is still reachable: no table there.
    let solve = g.request.clone().unwrap();
    g.apply(Action::Working(solve.seq, Some((1, 9))));
    assert_eq!(g.table_levels, None);
    let outcome = execute(&solve.job, &JobObserver::new());
    g.apply(Action::Done(solve.seq, outcome));
    // Then the counts: the table's levels are shown as they come, a stale request's are not.
    let counts = g.request.clone().unwrap();
    assert!(matches!(counts.job, Job::Pegs(PegsJob::JumpCounts { .. })));
    g.apply(Action::Working(counts.seq, Some((4, 9))));
    assert_eq!(g.table_levels, Some((4, 9)));
    g.apply(Action::Working(solve.seq, Some((1, 9))));
    assert_eq!(g.table_levels, Some((4, 9)));
    let g = settle(g);
    assert_eq!(g.table_levels, None);
    assert!(g.counts.is_some());
}

#[test]
fn a_count_of_every_game_pauses_the_tables_build() {
    let mut g = new_triangle();
    let is_build = |g: &Play| {
        g.request
            .as_ref()
            .is_some_and(|r| matches!(r.job, Job::Pegs(PegsJob::BuildTable { .. })))
    };
    // Whether solvable, then the counts; then the table is asked for.
    for _ in 0..2 {
        let r = g.request.clone().unwrap();
        let outcome = execute(&r.job, &JobObserver::new());
        g.apply(Action::Done(r.seq, outcome));
    }
    assert!(g.counts.is_some() && is_build(&g));
    g.apply(Action::CountRunning(true));
    assert!(g.request.is_none(), "the build waits for the count");
    g.apply(Action::CountRunning(false));
    assert!(is_build(&g), "and goes on after it");
    // Where the finish is out of reach, a count's end asks for no table.
    g.apply(Action::CountRunning(true));
    g.outlook = Outlook::Lost(LostDto::NoGame);
    g.apply(Action::CountRunning(false));
    assert!(g.request.is_none(), "no table for a lost game");
    // The counts through each jump, which build the table where it is not built yet, wait for the count too, and
    // are asked for again after it.
    let mut g = new_triangle();
    let r = g.request.clone().unwrap();
    g.apply(Action::Done(r.seq, execute(&r.job, &JobObserver::new())));
    let is_counts = |g: &Play| {
        g.request
            .as_ref()
            .is_some_and(|r| matches!(r.job, Job::Pegs(PegsJob::JumpCounts { .. })))
    };
    assert!(is_counts(&g) && g.counts.is_none());
    g.apply(Action::CountRunning(true));
    assert!(g.request.is_none(), "the counts wait for the count");
    g.apply(Action::CountRunning(false));
    assert!(is_counts(&g), "and are asked for after it");
}

/// The table is built in the background: where it fails (a tab short of memory), the game says so quietly, never as
/// its error, asks for it no more, and every jump is still answered.
#[test]
fn a_table_that_cannot_be_built_is_a_quiet_note_and_the_game_goes_on() {
    let mut g = new_triangle();
    for _ in 0..2 {
        let r = g.request.clone().unwrap();
        g.apply(Action::Done(r.seq, execute(&r.job, &JobObserver::new())));
    }
    let r = g.request.clone().unwrap();
    assert!(matches!(r.job, Job::Pegs(PegsJob::BuildTable { .. })));
    g.apply(Action::Working(r.seq, Some((3, 13))));
    let failed = || protocol::Outcome::Failed {
        message: "The solver stopped: one of its threads failed (unreachable)".into(),
    };
    // Once more first (a solver restarted under it), then given up.
    g.apply(Action::Done(r.seq, failed()));
    let again = g.request.clone().unwrap();
    assert!(matches!(again.job, Job::Pegs(PegsJob::BuildTable { .. })));
    assert_eq!((g.error.as_ref(), g.table_failed.as_ref()), (None, None));
    g.apply(Action::Done(again.seq, failed()));
    assert_eq!(g.error, None, "no error for what nobody asked for");
    assert_eq!(g.table_levels, None, "no bar left standing");
    assert!(
        g.table_failed
            .as_deref()
            .is_some_and(|w| w.contains("unreachable"))
    );
    assert!(g.request.is_none() && !g.counts_cheap(), "not asked again");
    // A jump is still answered (whether the finish can be reached), and asks for no table.
    let j = g.legal()[0];
    g.apply(Action::Hole(j.from));
    g.apply(Action::Hole(j.to));
    let g = settle(g);
    assert_eq!((g.moves.len(), &g.outlook), (1, &Outlook::Solvable));
    assert!(g.error.is_none() && g.table_failed.is_some());
}

/// A game whose end the solver played is finished, but not the person's win; starting over makes it theirs again.
#[test]
fn a_shown_solution_is_not_the_persons_win() {
    let mut g = triangle();
    g.apply(Action::ShowSolution);
    g = settle(g);
    while !g.showing.is_empty() {
        g.apply(Action::StepSolution);
        g = settle(g);
    }
    assert!(g.over() && g.won(), "the solution was played to the finish");
    assert!(g.helped);
    g.apply(Action::Restart);
    assert!(!g.helped && g.moves.is_empty());
}

/// The game a link opens, its requests not yet answered.
fn opened(query: &str) -> Play {
    let (board, setup, errors) = crate::pegs::link::setup(&crate::route::parse_query(query));
    assert!(errors.is_empty(), "{errors:?}");
    Play::new(board, &setup)
}

#[test]
fn a_board_of_ones_own_opens_on_a_start_that_can_be_won() {
    // A row of three: its own start (the centre) leaves two pegs; it opens on an end, back in that end, and says so.
    let g = opened("layout=ooo");
    assert_eq!(g.start_found, Some(StartFound::Seeking));
    assert!(matches!(
        g.request.as_ref().map(|r| &r.job),
        Some(Job::Pegs(PegsJob::WinnableStart { .. }))
    ));
    let g = settle(g);
    let b1 = g.board.parse_hole("b1").unwrap();
    assert_eq!(g.start_found, Some(StartFound::MovedFrom(b1)));
    assert_eq!(
        (g.board.hole_text(g.start), g.finish.text(&g.board)),
        ("a1".into(), "a1".into())
    );
    assert_eq!(g.outlook, Outlook::Solvable);
    assert!(crate::pegs::link::link(&g, false).contains("start=a1&finish=a1"));
    // Where no start can be won, it stays on its own start and says so; the outlook proves it lost.
    let g = settle(opened("layout=ooooo"));
    assert_eq!(g.start_found, Some(StartFound::None));
    assert_eq!(g.board.hole_text(g.start), "c1");
    assert!(matches!(g.outlook, Outlook::Lost(_)));
    // The English board as a layout: its own start can be won, nothing to say.
    let english = peg_solitaire::ENGLISH.replace('\n', "/");
    let mut g = opened(&format!("layout={english}"));
    let r = g.request.clone().unwrap();
    g.apply(Action::Done(r.seq, execute(&r.job, &JobObserver::new())));
    assert_eq!(
        (g.start_found, g.board.hole_text(g.start)),
        (None, "d4".into())
    );
    assert!(matches!(
        g.request.as_ref().map(|r| &r.job),
        Some(Job::Pegs(PegsJob::Assess { .. }))
    ));
    // A start or finish named in the link is kept as named, even where it cannot be won.
    let g = settle(opened("layout=ooo&start=b1"));
    assert_eq!(
        (g.start_found, g.board.hole_text(g.start)),
        (None, "b1".into())
    );
    // A jump before the answer: the game goes on from its own start.
    let mut g = opened("layout=oooo");
    let a1 = g.board.parse_hole("a1").unwrap();
    let c1 = g.board.parse_hole("c1").unwrap();
    assert_eq!(g.board.hole_text(g.start), "c1");
    let stale = g.request.clone().unwrap();
    g.apply(Action::Hole(a1));
    g.apply(Action::Hole(c1));
    assert_eq!((g.moves.len(), g.start_found), (1, None));
    g.apply(Action::Done(
        stale.seq,
        execute(&stale.job, &JobObserver::new()),
    ));
    assert_eq!(g.board.hole_text(g.start), "c1");
}
