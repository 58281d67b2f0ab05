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

#[test]
fn stats_over_every_secret_match_knuth() {
    let v = json(&["mastermind", "stats", "--strategy", "knuth", "--all"]);
    // Knuth (1977): 5801 guesses over the 1296 secrets, never more than 5.
    assert_eq!(v["games"], 1296);
    assert_eq!(v["worst"], 5);
    assert_eq!(v["histogram"], serde_json::json!([0, 1, 6, 62, 533, 694]));
    assert!((v["mean"].as_f64().expect("mean") - 5801.0 / 1296.0).abs() < 1e-12);
    assert_eq!(v["strategy"], "knuth");
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
fn bad_input_is_named() {
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

#[test]
fn pegs_count_and_solve() {
    let v = json(&[
        "pegs", "count", "--board", "triangle", "--start", "0,0", "--finish", "any-one",
    ]);
    assert_eq!(v["solutions"], "29760");
    assert_eq!(
        (
            v["board"].as_str(),
            v["start"].as_str(),
            v["finish"].as_str()
        ),
        (Some("triangle"), Some("0,0"), Some("any-one"))
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
    assert_eq!(v["solution"][30]["to"], serde_json::json!([3, 3]));
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
        &["pegs", "count", "--start", "0,0"],
        "--start: there is no hole at 0,0 on this board (7 rows, 7 columns)",
    );
    refused(
        &["pegs", "count", "--finish", "3"],
        "--finish: '3' is not row,column",
    );
    refused(
        &["pegs", "count", "--finish", "dead-end", "--max-mb", "1"],
        "this count does not fit",
    );
}
