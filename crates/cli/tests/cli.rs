//! Runs the `puzzle-lab` binary as scripts and BENCHMARKS.md do, and checks its JSON and its messages for bad
//! input (a clear line on stderr and a failing exit status, never a panic).

use std::process::{Command, Output};

use serde_json::Value;

fn puzzle_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzle-lab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs a command that must succeed with `--json` and returns its one JSON object.
fn json(args: &[&str]) -> Value {
    let out = puzzle_lab(&[args, &["--json"]].concat());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

/// Runs a command that must fail, and checks its message.
fn refused(args: &[&str], message: &str) {
    let out = puzzle_lab(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?} printed a result");
    assert!(
        stderr.contains(message),
        "{args:?}: expected '{message}' in: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
}

#[test]
fn solve_prints_every_guess() {
    let v = json(&[
        "mastermind",
        "solve",
        "--secret",
        "3,1,4,1",
        "--strategy",
        "knuth",
    ]);
    assert_eq!(v["solved"], true);
    let guesses = v["guesses"].as_array().expect("guesses");
    assert!(guesses.len() <= 5, "knuth needs at most 5 guesses at 4x6");
    assert_eq!(v["count"], guesses.len());
    assert_eq!(
        guesses[0],
        serde_json::json!([0, 0, 1, 1]),
        "Knuth opens with 1122"
    );
    assert_eq!(guesses.last(), Some(&serde_json::json!([3, 1, 4, 1])));
    assert_eq!(
        v["guess_seconds"].as_array().map(Vec::len),
        Some(guesses.len())
    );
}

#[test]
fn count_is_exact_and_in_decimal_text() {
    // Knuth (1977): the opening 1122 scored one black and one white leaves 208 codes.
    let v = json(&["mastermind", "count", "--history", "0,0,1,1:1,1"]);
    assert_eq!(
        (v["consistent"].as_str(), v["exact"].as_bool()),
        (Some("208"), Some(true))
    );
    for schedule in ["static", "stealing"] {
        let v = json(&[
            "mastermind",
            "count",
            "--history",
            "0,0,1,1:1,1",
            "--schedule",
            schedule,
            "--threads",
            "2",
        ]);
        assert_eq!(v["consistent"], "208", "{schedule}");
    }
}

/// `stats --all` below one answer to Knuth's 1122 at 4x6: the answer goes last.
const PART_OF_4X6: [&str; 6] = [
    "mastermind",
    "stats",
    "--all",
    "--first",
    "0,0,1,1",
    "--answer",
];

#[test]
fn stats_over_every_secret_match_knuth() {
    let v = json(&["mastermind", "stats", "--strategy", "knuth", "--all"]);
    // Knuth (1977): 5801 guesses over the 1296 secrets, never more than 5.
    assert_eq!(v["games"], 1296);
    assert_eq!(v["worst"], 5);
    assert_eq!(v["histogram"], serde_json::json!([0, 1, 6, 62, 533, 694]));
    assert!((v["mean"].as_f64().expect("mean") - 5801.0 / 1296.0).abs() < 1e-12);
    assert_eq!(v["strategy"], "knuth");
    // The part of the tree below 1122's answer 1,1: Knuth's 208 codes, each game counting the first guess.
    let part = json(&[&PART_OF_4X6[..], &["1,1"]].concat());
    assert_eq!(
        (part["games"].as_u64(), part["answer"].as_str()),
        (Some(208), Some("1,1"))
    );
    assert_eq!(part["histogram"][1], 0);
    assert!(part["worst"].as_u64().is_some_and(|w| (3..=5).contains(&w)));
    let v = json(&[
        "mastermind",
        "stats",
        "--strategy",
        "random-consistent",
        "--games",
        "20",
        "--seed",
        "3",
    ]);
    assert_eq!(
        (v["games"].as_u64(), v["failed"].as_u64()),
        (Some(20), Some(0))
    );
}

#[test]
fn opening_books_follow_knuths_table_and_time_every_position() {
    // Knuth (1977): after 1122, no peg leaves 256 codes and he plays 3345 (colours from 0 here: 2,2,3,4).
    let v = json(&["mastermind", "book", "--strategy", "knuth", "--depth", "2"]);
    let positions = v["positions"].as_array().expect("positions");
    assert_eq!(positions[0]["line"], ": 0,0,1,1");
    assert_eq!(positions[0]["codes"], 1296);
    let none = positions
        .iter()
        .find(|p| p["line"].as_str().is_some_and(|l| l.starts_with("0,0:")))
        .expect("the position after no peg");
    assert_eq!(
        (none["line"].as_str(), none["codes"].as_u64()),
        (Some("0,0: 2,2,3,4"), Some(256))
    );
    assert!(positions.iter().all(|p| p["ms"].as_f64().is_some()));
    assert_eq!(v["slowest"].as_array().map(Vec::len), Some(2));
    // The text is a book as shipped: comments, then one position a line.
    let out = puzzle_lab(&["mastermind", "book", "--strategy", "knuth", "--depth", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.starts_with("# knuth's first 1 guesses"))
    );
    assert_eq!(text.lines().last(), Some(": 0,0,1,1"));
    refused(
        &["mastermind", "book", "--strategy", "first-consistent"],
        "books are written for the strategies that score every code",
    );
}

#[test]
fn bad_input_is_named() {
    let part = PART_OF_4X6;
    refused(
        &[&part[..], &["3,1"]].concat(),
        "no code scores 3 blacks and 1 whites with 4 pegs",
    );
    refused(
        &[&part[..], &["1"]].concat(),
        "--answer '1': expected black,white",
    );
    refused(
        &["mastermind", "stats", "--games", "3", "--answer", "1,1"],
        "--answer picks a part of the games of --all",
    );
    refused(
        &["mastermind", "count", "--pegs", "101"],
        "101 pegs is not possible: choose 2 to 100",
    );
    refused(
        &["mastermind", "count", "--colors", "21"],
        "21 colours is not possible",
    );
    refused(
        &["mastermind", "solve", "--secret", "3,1,4,9"],
        "--secret: peg 4 has colour 9, but colours go from 0 to 5",
    );
    refused(
        &["mastermind", "solve", "--secret", "3,1,4"],
        "a code needs 4 pegs, this one has 3",
    );
    refused(
        &["mastermind", "count", "--history", "0,0,1,1:3,2"],
        "history entry 1 ('0,0,1,1:3,2'): 3 black and 2 white is more scoring pegs than the 4 a code has",
    );
    refused(
        &["mastermind", "count", "--history", "0,0,1,1:300,0"],
        "'300' is not a number of pegs",
    );
    refused(
        &["mastermind", "count", "--history", "0,0,1,1"],
        "expected code:black,white",
    );
    refused(
        &[
            "mastermind",
            "solve",
            "--secret",
            "3,1,4,1",
            "--strategy",
            "best",
        ],
        "unknown strategy 'best'",
    );
    refused(
        &["mastermind", "stats", "--strategy", "knuth"],
        "say either --all (every secret) or --games N",
    );
    refused(
        &[
            "mastermind",
            "stats",
            "--pegs",
            "10",
            "--colors",
            "10",
            "--all",
        ],
        "too many",
    );
    refused(
        &["mastermind", "count", "--threads", "0"],
        "--threads must be at least 1",
    );
    refused(&["chess"], "unrecognized subcommand 'chess'");
}

/// `pegs estimate` on a game whose exact count is shipped: the estimate, its error and how far it is from the count.
#[test]
fn pegs_estimate_says_how_far_it_is_from_a_shipped_count() {
    let v = json(&[
        "pegs",
        "estimate",
        "--board",
        "english",
        "--finish",
        "dead-end",
        "--keep",
        "5000",
        "--repeats",
        "4",
    ]);
    assert_eq!(v["shipped"], "577116156815309849672");
    assert_eq!(v["repeats"].as_array().map(Vec::len), Some(4));
    let (games, error) = (
        v["games"].as_f64().unwrap(),
        v["relative_error"].as_f64().unwrap(),
    );
    assert!(
        games > 5e20 && games < 6.5e20 && error > 0.0 && error < 0.2,
        "{v}"
    );
    assert!(
        v["standard_errors_off"].as_f64().unwrap().abs() < 4.0,
        "{v}"
    );
    refused(&["pegs", "estimate", "--keep", "0"], "0 is not in 1..");
}

#[test]
fn pegs_count_and_solve() {
    let v = json(&[
        "pegs", "count", "--board", "triangle", "--start", "a1", "--finish", "any-one",
    ]);
    assert_eq!(v["solutions"], "29760");
    assert_eq!(
        (
            v["board"].as_str(),
            v["start"].as_str(),
            v["finish"].as_str()
        ),
        (Some("triangle"), Some("a1"), Some("any-one"))
    );
    let levels = v["levels"].as_array().expect("levels");
    assert_eq!(levels[0]["pegs"], 14);
    assert!(v["peak_bytes"].as_u64().is_some() && v["positions"].as_u64().is_some());
    // The same without symmetry or meeting in the middle.
    let plain = json(&[
        "pegs",
        "count",
        "--board",
        "triangle",
        "--finish",
        "any-one",
        "--no-symmetry",
        "--no-meet",
    ]);
    assert_eq!(plain["solutions"], "29760");
    let v = json(&["pegs", "solve", "--board", "english"]);
    assert_eq!(v["solution"].as_array().map(Vec::len), Some(31));
    assert_eq!(v["solution"][30]["to"], "d4");
    // Holes as links made before wrote them (row,column from 0) are still read.
    let v = json(&[
        "pegs", "solve", "--board", "english", "--start", "3,3", "--finish", "d4",
    ]);
    assert_eq!(v["start"], "d4");
    // Random positions asked as the page asks them, every answer checked against the table.
    let v = json(&[
        "pegs",
        "assess",
        "--board",
        "triangle",
        "--positions",
        "40",
        "--check",
    ]);
    assert_eq!(v["positions"], 40);
    assert_eq!(v["checked"], true);
    let counted: u64 = v["by_source"]
        .as_object()
        .expect("by source")
        .values()
        .filter_map(serde_json::Value::as_u64)
        .sum();
    assert_eq!(counted, 40);
    let dir = std::env::temp_dir().join(format!("puzzle-lab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let layout = dir.join("plus.txt");
    std::fs::write(&layout, "..o..\n..o..\nooooo\n..o..\n..o..\n").expect("layout");
    let v = json(&[
        "pegs",
        "count",
        "--board-file",
        layout.to_str().expect("path"),
        "--finish",
        "dead-end",
    ]);
    assert_eq!(v["board"], "custom");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "ooo\noq\n").expect("layout");
    refused(
        &["pegs", "count", "--board-file", bad.to_str().expect("path")],
        "line 2, column 2: 'q' is neither a hole",
    );
    refused(
        &["pegs", "count", "--board", "hexagon"],
        "there is no board called 'hexagon'",
    );
    refused(
        &["pegs", "count", "--start", "a1"],
        "--start: there is no hole a1 on this board (columns a to g, rows 1 to 7)",
    );
    refused(
        &["pegs", "count", "--finish", "3"],
        "--finish: '3' is not a hole: write its column letter and row number, like d4",
    );
    refused(
        &[
            "pegs",
            "count",
            "--finish",
            "dead-end",
            "--max-mb",
            "1",
            "--no-disk",
        ],
        "this count does not fit",
    );
    // With levels on disk, a limit below one shard of a level still says so.
    refused(
        &["pegs", "count", "--finish", "dead-end", "--max-mb", "1"],
        "this count does not fit",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const LOG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/cluedo-log.json");

#[test]
fn cluedo_simulate_is_the_same_on_any_thread_count() {
    let args = [
        "cluedo",
        "simulate",
        "--players",
        "deduction,random,listening",
        "--games",
        "60",
        "--seed",
        "4",
    ];
    let one = json(&[&args[..], &["--threads", "1"]].concat());
    let two = json(&[&args[..], &["--threads", "2"]].concat());
    for key in [
        "players",
        "games",
        "mean_rounds",
        "std_rounds",
        "wins",
        "rounds_histogram",
    ] {
        assert_eq!(one[key], two[key], "{key}");
    }
    assert_eq!(
        one["players"],
        serde_json::json!(["deduction", "random", "listening"])
    );
    assert_eq!(one["games"], 60);
    let wins: u64 = one["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .map(|w| w.as_u64().expect("n"))
        .sum();
    assert_eq!(wins + one["no_winner"].as_u64().expect("n"), 60);
    assert!(one["mean_rounds"].as_f64().expect("mean") > 1.0);
}

#[test]
fn cluedo_deduce_reads_a_real_tables_log() {
    let v = json(&["cluedo", "deduce", "--log", LOG]);
    // 26040 is the core's count for this log, not checked here against an independent one: a brute force over
    // the log's deals is out of reach in a test, and no one counted this table's log by hand. The count itself is
    // checked against brute force on random small logs in the core (`deduction_equals_brute_force_...`); this
    // test checks that the CLI reads a real table's log and reports it.
    assert_eq!(v["deals"], 26040);
    let holders = v["holders"].as_array().expect("21 holders");
    assert_eq!(holders.len(), 21);
    assert_eq!(holders[0], 0, "my own card");
    assert_eq!(holders[15], 1, "shown to me by seat 1");
    assert_eq!(
        holders[5], 3,
        "seat 3 refuted 5, 9, 12; 12 is mine and 9 is seat 1's"
    );
    assert_eq!(holders[2], Value::Null);
    let s2 = v["shares"][2].as_object().expect("shares of card 2");
    assert_eq!(
        s2.keys().collect::<Vec<_>>(),
        ["1", "envelope"],
        "seats 0, 2 and 3 passed on it"
    );
    let total: f64 = s2.values().map(|x| x.as_f64().expect("share")).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

#[test]
fn cluedo_logs_that_cannot_be_true_are_refused_with_their_turn() {
    let dir = std::env::temp_dir().join(format!("cluedo-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("write");
        p.to_string_lossy().into_owned()
    };
    let head = r#""players": 4, "me": 0, "hand": [0, 6, 12, 13, 14], "hand_sizes": [5, 5, 4, 4]"#;
    // Turn 2: seat 1 passes on the Conservatory it showed me in turn 1.
    let f = write(
        "passes.json",
        &format!(
            r#"{{{head}, "turns": [{{"by": 0, "suggest": [1, 7, 15], "shown_by": 1, "card": 15}},
            {{"by": 0, "suggest": [2, 8, 15], "shown_by": 2}}]}}"#
        ),
    );
    let out = puzzle_lab(&["cluedo", "deduce", "--log", &f]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("turn 2 cannot be true"));
    // Malformed: named, not guessed at.
    for (text, message) in [
        (r#"{"players": 4}"#.to_string(), "\"me\" is missing"),
        (
            format!(r#"{{{head}, "turns": [{{"by": 1, "suggest": [1, 7], "shown_by": 2}}]}}"#),
            "turn 1: \"suggest\" names 2 cards",
        ),
        (
            format!(
                r#"{{{head}, "turns": [{{"by": 1, "suggest": [1, 7, "rope"], "shown_by": 2}}]}}"#
            ),
            "'rope' is not a card",
        ),
        (
            r#"{"players": 4, "me": 0, "hand": [0, 6, 12, 13], "hand_sizes": [5, 5, 4, 4]}"#.into(),
            "the hand has 4 cards",
        ),
        ("[1, 2".into(), "not JSON"),
    ] {
        let f = write("bad.json", &text);
        refused(&["cluedo", "deduce", "--log", &f], message);
    }
    refused(
        &["cluedo", "simulate", "--players", "deduction,clever"],
        "'clever' is not a kind of player",
    );
    refused(
        &["cluedo", "simulate", "--players", "random"],
        "1 players: a game has 2 to 6",
    );
}

#[test]
fn a_strategy_that_falls_back_says_so_where_the_result_is_printed() {
    // Knuth scores every code against every secret only where they can be listed in 1 GiB; 9x8 has 134,217,728.
    let knuth_9x8 = |games: &'static str| {
        [
            "mastermind",
            "stats",
            "--pegs",
            "9",
            "--colors",
            "8",
            "--strategy",
            "knuth",
            "--games",
            games,
        ]
    };
    let v = json(&knuth_9x8("6"));
    assert_eq!(v["strategy"], "knuth");
    let fallbacks = v["fallbacks"].as_array().expect("a list");
    assert_eq!(fallbacks.len(), 1, "{fallbacks:?}");
    assert_eq!(fallbacks[0]["games"], 6);
    let reason = fallbacks[0]["reason"].as_str().expect("text");
    assert!(reason.contains("random-consistent"), "{reason}");
    let text = puzzle_lab(&knuth_9x8("2"));
    assert!(String::from_utf8_lossy(&text.stdout).contains("not all knuth: in 2 of 2 games"));
    // Where knuth plays every guess itself, the list is empty.
    let v = json(&[
        "mastermind",
        "stats",
        "--pegs",
        "4",
        "--colors",
        "6",
        "--strategy",
        "knuth",
        "--games",
        "3",
    ]);
    assert_eq!(v["fallbacks"], serde_json::json!([]));
}

/// The default build has no MPI, and says how to get it (the `mpi` feature's own tests are in `crates/cli/tests/mpi.rs`).
#[cfg(not(feature = "mpi"))]
#[test]
fn mpi_in_a_build_without_it_says_how_to_get_it() {
    refused(
        &["--mpi", "cluedo", "simulate", "--players", "random,random"],
        "built without MPI; build it with `cargo build --release -p cli --features mpi`",
    );
}
