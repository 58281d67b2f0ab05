//! A Cluedo link read and written: the table's settings (`players`, `seed`, `you`, `watch`, moves), what is wrong with
//! them in words, and the link that reproduces a table.

use cluedo::Kind;

use super::moves;
use super::state::Setup;
use crate::route::Query;

pub(super) fn embedded(query: &Query) -> bool {
    query.get("embed").is_some_and(|v| v == "1")
}

/// Keeps `players` (from a link) within `seats` as far as the link allows, with a message when it is not: the first
/// ones where there are too many, deduction players added where there are too few.
pub(super) fn fit_players(
    players: &mut Vec<Kind>,
    seats: std::ops::RangeInclusive<usize>,
    noun: &str,
    seats_note: &str,
    errors: &mut Vec<String>,
) {
    let given = players.len();
    let kept = given.clamp(*seats.start(), *seats.end());
    if kept == given {
        return;
    }
    let what = if kept < given {
        format!("the first {kept} play")
    } else {
        format!("{kept} play (deduction players added)")
    };
    errors.push(format!(
        "players: {given} {noun}{}; a game has {} to {}{seats_note}, so {what}",
        if given == 1 { "" } else { "s" },
        seats.start(),
        seats.end()
    ));
    players.resize(kept, Kind::Deduction);
}

/// Reads `kinds` (comma-separated kinds), with a message for each part that was ignored.
pub(super) fn kinds(text: &str, errors: &mut Vec<String>) -> Vec<Kind> {
    text.split(',')
        .filter(|k| !k.trim().is_empty())
        .filter_map(|k| Kind::parse(k).map_err(|e| errors.push(e)).ok())
        .collect()
}

/// The game a link describes: `players=deduction,random` (the computers, 2 to 5), `seed=N`, `pace=MS|step`,
/// `watch=KIND` (a computer of that kind plays the first seat: a table of computers only, to watch); with no seed
/// (or a bad one) a random deal.
pub(super) fn setup(query: &Query) -> (Setup, Vec<String>) {
    setup_with(
        query,
        js_sys::Math::random().to_bits() ^ (js_sys::Date::now() as u64),
    )
}

/// [`setup`] with `random` as the seed where the link gives none: pure, tested natively.
pub(super) fn setup_with(query: &Query, random: u64) -> (Setup, Vec<String>) {
    let mut errors = Vec::new();
    let mut computers: Vec<Kind> = query
        .get("players")
        .map(|t| kinds(t, &mut errors))
        .unwrap_or_else(|| vec![Kind::Deduction, Kind::Listening]);
    fit_players(
        &mut computers,
        2..=5,
        "computer player",
        " (with you, 3 to 6 seats)",
        &mut errors,
    );
    let seed = match query.get("seed") {
        None => random,
        Some(t) => t.parse().unwrap_or_else(|_| {
            errors.push(format!(
                "seed: '{t}' is not a whole number; a random deal is used"
            ));
            random
        }),
    };
    let pace_ms = match query.get("pace").map(String::as_str) {
        None => 900,
        Some("step") => 0,
        Some(t) => match t.parse::<u32>() {
            Ok(ms) if ms <= 10_000 => ms,
            _ => {
                errors.push(format!(
                    "pace: '{t}' is not 'step' or milliseconds up to 10000; 900 is used"
                ));
                900
            }
        },
    };
    let watch = query.get("watch").and_then(|t| {
        Kind::parse(t)
            .map_err(|e| errors.push(format!("watch: {e}; you play the first seat")))
            .ok()
    });
    let moves = query
        .get("moves")
        .map(|t| moves::parse(t, &mut errors))
        .unwrap_or_default();
    (
        Setup {
            computers,
            watch,
            seed,
            pace_ms,
            moves,
        },
        errors,
    )
}

/// The link to the game `setup` starts with `moves` played (none: the game it starts).
pub(super) fn game_link(setup: &Setup, moves: &[moves::Move]) -> String {
    let link = link(setup);
    if moves.is_empty() {
        link
    } else {
        format!("{link}&moves={}", moves::text(moves))
    }
}

/// The link to the game `setup` starts (its players, deal and pace; not its moves).
pub(super) fn link(setup: &Setup) -> String {
    let players: Vec<&str> = setup.computers.iter().map(|k| k.name()).collect();
    let pace = if setup.pace_ms == 0 {
        "step".to_string()
    } else {
        setup.pace_ms.to_string()
    };
    let watch = setup
        .watch
        .map_or(String::new(), |k| format!("&watch={}", k.name()));
    format!(
        "players={}{watch}&seed={}&pace={pace}",
        players.join(","),
        setup.seed
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::parse_query;

    fn open(query: &str) -> (Setup, Vec<String>) {
        setup_with(&parse_query(query), 42)
    }

    #[test]
    fn a_link_sets_up_the_game_it_names() {
        let (s, errors) = open("players=random,deduction,listening&seed=7&pace=step");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            s.computers,
            [Kind::Random, Kind::Deduction, Kind::Listening]
        );
        assert_eq!((s.seed, s.pace_ms), (7, 0));
        let (s, errors) = open("");
        assert!(errors.is_empty());
        assert_eq!(s.computers, [Kind::Deduction, Kind::Listening]);
        assert_eq!(
            (s.seed, s.pace_ms),
            (42, 900),
            "a random deal, the usual pace"
        );
    }

    #[test]
    fn bad_parts_of_a_link_are_named_and_replaced() {
        let (s, errors) = open("players=deduction,wizard&seed=x&pace=fast");
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert!(errors[0].contains("wizard"));
        assert!(
            errors[1].starts_with("players: 1 computer player;"),
            "{errors:?}"
        );
        assert_eq!(
            s.computers,
            [Kind::Deduction, Kind::Deduction],
            "the one given, and one added"
        );
        assert!(errors[2].starts_with("seed: 'x' is not a whole number"));
        assert_eq!(s.seed, 42);
        assert!(errors[3].starts_with("pace: 'fast'"));
        assert_eq!(s.pace_ms, 900);
        let (s, errors) = open("players=random,random,random,random,random,listening&pace=20000");
        assert_eq!(
            s.computers,
            [Kind::Random; 5],
            "the first 5 seats the link asked for"
        );
        assert!(errors[0].ends_with("so the first 5 play"), "{errors:?}");
        assert_eq!(errors.len(), 2, "{errors:?}");
    }

    #[test]
    fn a_table_to_watch_is_a_link_too() {
        let (s, errors) = open("players=random,listening&watch=deduction&seed=9&pace=150");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(s.watch, Some(Kind::Deduction));
        assert_eq!(
            link(&s),
            "players=random,listening&watch=deduction&seed=9&pace=150"
        );
        let (again, _) = open(&link(&s));
        assert_eq!(again, s);
        let (s, errors) = open("watch=wizard&seed=1");
        assert_eq!(s.watch, None, "the person plays");
        assert!(
            errors[0].starts_with("watch: ") && errors[0].ends_with("you play the first seat"),
            "{errors:?}"
        );
    }
}
