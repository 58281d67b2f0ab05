//! Tests of `params`.

use super::*;
use crate::route::parse_query;

fn check(query: &str, expected_errors: &[&str]) -> Settings {
    let (s, errors) = Settings::from_query(&parse_query(query));
    assert_eq!(errors, expected_errors);
    s
}

#[test]
fn good_links() {
    assert_eq!(check("", &[]), Settings::default());
    let s = check(
        "pegs=5&colors=8&repeats=0&rows=12&mode=make&scoring=manual&strategy=first-consistent&step=1",
        &[],
    );
    assert_eq!(
        (s.spec, s.rows, s.mode, s.scoring),
        (
            Spec::new(5, 8, false).unwrap(),
            12,
            Mode::Make,
            Scoring::Manual
        )
    );
    let (again, _) = Settings::from_query(&parse_query(&s.to_query()));
    assert_eq!(again, s);
}

#[test]
fn secrets_hide_and_come_back_and_whole_games_round_trip() {
    for (spec, text) in [
        (Spec::CLASSIC, "3,1,4,1"),
        (Spec::new(10, 10, true).unwrap(), "9,8,7,6,5,4,3,2,1,0"),
        (
            Spec::new(100, 20, true).unwrap(),
            &(0..100)
                .map(|i| (i * 7 % 20).to_string())
                .collect::<Vec<_>>()
                .join(","),
        ),
    ] {
        let code = Code::parse(&spec, text).unwrap();
        let hidden = hide_secret(&spec, &code);
        assert!(!hidden.contains(','), "{hidden}");
        assert_eq!(reveal_secret(&spec, &hidden), Some(code.clone()));
        // Another size, or one digit changed, is refused.
        assert_eq!(
            reveal_secret(&Spec::new(spec.pegs.into(), 19, true).unwrap(), &hidden)
                .filter(|c| *c == code),
            None
        );
        let mut altered: Vec<char> = hidden.chars().collect();
        altered[0] = if altered[0] == '1' { '2' } else { '1' };
        let altered: String = altered.into_iter().collect();
        assert_eq!(reveal_secret(&spec, &altered), None, "{altered}");
    }
    // The classic secret is not in plain sight.
    let spec = Spec::CLASSIC;
    let hidden = hide_secret(&spec, &Code::parse(&spec, "3,1,4,1").unwrap());
    assert_ne!(&hidden[..4], "3141");
    let s = check(
        &format!("mode=make&scoring=manual&code={hidden}&played=0,0,1,1:1,1;2,3,4,5"),
        &[],
    );
    assert_eq!(
        s.secret.as_ref().map(|c| c.pegs().to_vec()),
        Some(vec![3, 1, 4, 1])
    );
    assert_eq!(
        s.played,
        vec![
            Played {
                guess: vec![0, 0, 1, 1],
                score: Some(Feedback { black: 1, white: 1 })
            },
            Played {
                guess: vec![2, 3, 4, 5],
                score: None
            },
        ]
    );
    let q = s.game_query(s.secret.as_ref(), &s.played);
    // The page writes colours from 1, as on the pegs, under the new name.
    assert!(q.contains("&guesses=1,1,2,2:1,1;3,4,5,6"), "{q}");
    assert!(!q.contains("played="), "{q}");
    let (again, errors) = Settings::from_query(&parse_query(&q));
    assert_eq!((again, errors), (s, vec![]));
    let s = check("palette=safe&embed=1", &[]);
    assert_eq!((s.palette, s.embed), (Palette::Safe, true));
}

#[test]
fn bad_links_get_messages_and_defaults() {
    let s = check(
        "pegs=999&colors=x",
        &[
            "pegs=999 is not allowed here (use 2 to 100); using 4",
            "colors=x is not allowed here (use 2 to 20); using 6",
        ],
    );
    assert_eq!(s.spec, Spec::CLASSIC);
    check(
        "pegs=8&colors=5&repeats=0",
        &[
            "8 pegs need at least 8 colours when colours may not repeat (you chose 5); using the classic 4 pegs x 6 colours",
        ],
    );
    check(
        "secret=1,2,9,9",
        &[
            "secret=1,2,9,9: peg 3 has colour 9, but colours go from 0 to 5; a random secret is used instead",
        ],
    );
    check(
        "code=zzzzz&played=0,0,1,1:1,1;0,0,9:0,0;1,1,1,1",
        &[
            "code=zzzzz is not a secret for 4 pegs x 6 colours (altered, or made for another size); a random secret is used instead",
            "played row 2: a code needs 4 pegs, this one has 3; the rows from there on are left out",
            "played: the row was played against a secret the link does not give (answer= or code=); left out, and \
             a new secret is drawn",
        ],
    );
    check(
        "played=0,0,1,1:3,1",
        &[
            "played row 1: the score is not black,white pegs possible with 4 pegs; the rows from there on are left out",
        ],
    );
    check(
        "mode=watch&strategy=magic",
        &[
            "mode=watch is not one of break, make; using the default",
            "strategy=magic is not one of random-consistent, first-consistent, knuth, most-parts, entropy, expected-size, optimal, local-search, sampled-split, colour-by-colour; using the default",
        ],
    );
}

#[test]
fn links_number_colours_from_one_and_old_links_keep_their_meaning() {
    // The same game written the new way (colours from 1) and the old way (from 0).
    let new = check("answer=4,2,5,2&guesses=1,1,2,2:1,1;3,4,5,6", &[]);
    let old = check("secret=3,1,4,1&played=0,0,1,1:1,1;2,3,4,5", &[]);
    assert_eq!(new, old);
    assert_eq!(
        new.secret.as_ref().map(|c| c.pegs().to_vec()),
        Some(vec![3, 1, 4, 1])
    );
    // The new name wins where a link has both.
    let both = check("answer=1,1,1,1&secret=3,1,4,1", &[]);
    assert_eq!(
        both.secret.as_ref().map(|c| c.pegs().to_vec()),
        Some(vec![0, 0, 0, 0])
    );
    // Messages number colours as the link does.
    check(
        "answer=0,2,7,2",
        &[
            "answer=0,2,7,2: peg 1 has colour 0, but colours go from 1 to 6; a random secret is used instead",
        ],
    );
    check(
        "repeats=0&pegs=4&colors=6&answer=1,2,3,3",
        &[
            "answer=1,2,3,3: colour 3 repeats, but this game forbids repeats; a random secret is used instead",
        ],
    );
    check(
        "answer=1,2,3,4&guesses=1,1,2,2:1,1;1,1,7,1",
        &[
            "guesses row 2: peg 3 has colour 7, but colours go from 1 to 6; the rows from there on are left out",
        ],
    );
    check(
        "guesses=1,1,2,2:1,1",
        &[
            "guesses: the row was played against a secret the link does not give (answer= or code=); left out, and \
             a new secret is drawn",
        ],
    );
    check(
        "secret=1,1,1,x",
        &["secret=1,1,1,x: 'x' is not a colour number; a random secret is used instead"],
    );
    assert_eq!(
        parse_code(&Spec::CLASSIC, "6,6,6,6", Numbering::FromOne).map(|c| c.pegs().to_vec()),
        Ok(vec![5, 5, 5, 5])
    );
    assert!(parse_code(&Spec::CLASSIC, "6,6,6,6", Numbering::FromZero).is_err());
}

/// A whole 100x20 game in a link (about 24 KB): every row comes back, and a link listing more rows than its
/// `rows=` keeps them all, saying so.
#[test]
fn long_games_in_links_keep_every_row() {
    let spec = Spec::new(100, 20, true).unwrap();
    let code = |r: usize| -> Vec<u8> { (0..100).map(|i| ((i * 7 + r * 3) % 20) as u8).collect() };
    let text = |c: &[u8]| {
        c.iter()
            .map(|x| (x + 1).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let guesses: Vec<String> = (0..95).map(|r| format!("{}:0,0", text(&code(r)))).collect();
    let answer = text(
        &(0..100)
            .map(|i| ((i * 3 + 5) % 20) as u8)
            .collect::<Vec<_>>(),
    );
    let query = format!(
        "pegs=100&colors=20&rows=300&answer={answer}&guesses={}",
        guesses.join(";")
    );
    assert!(query.len() > 24_000, "{}", query.len());
    let s = check(&query, &[]);
    assert_eq!(s.played.len(), 95);
    assert_eq!(s.played[94].guess, code(94));
    assert_eq!(s.spec, spec);
    let short = query.replace("rows=300", "rows=50");
    let s = check(
        &short,
        &["rows=50 is fewer than the 95 rows the link lists; the game has 95 rows"],
    );
    assert_eq!((s.rows, s.played.len()), (95, 95));
}
