//! The cluster jobs under a real MPI launcher (`mpirun`, OpenMPI), at 2 and 4 ranks (or the counts in
//! `PUZZLE_LAB_MPI_RANKS`, e.g. "2,4"), oversubscribed on a small machine: every job gives the one-process answer,
//! dealt dynamically or statically; bad launches get a clear message; a signal stops every rank. Built only with
//! the `mpi` feature (`cargo test -p cli --features mpi --test mpi`, as `scripts/check` runs it).
#![cfg(feature = "mpi")]

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_puzzle-lab");

fn ranks() -> Vec<usize> {
    std::env::var("PUZZLE_LAB_MPI_RANKS")
        .unwrap_or_else(|_| "2,4".into())
        .split(',')
        .map(|n| n.trim().parse().expect("PUZZLE_LAB_MPI_RANKS: numbers"))
        .collect()
}

/// `mpirun -np N` as root on a machine with fewer cores than ranks: allowed, oversubscribed, not bound to one core.
fn mpirun(np: usize) -> Command {
    let mut cmd = Command::new("mpirun");
    cmd.args([
        "--oversubscribe",
        "--bind-to",
        "none",
        "-np",
        &np.to_string(),
    ])
    .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
    .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    .env("OMPI_MCA_btl_vader_single_copy_mechanism", "none");
    cmd
}

fn output(cmd: &mut Command) -> Output {
    cmd.output().expect("the command runs")
}

/// A result without what differs from run to run (time) or by launch (ranks, threads, memory per process).
fn result(out: &Output, what: &str) -> Value {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what} failed: {stderr}");
    let mut v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{what}: one JSON object on stdout ({e}): {stderr}"));
    for key in ["seconds", "ranks", "threads", "peak_bytes"] {
        v.as_object_mut().map(|o| o.remove(key));
    }
    v
}

/// A file the test writes, removed when the test ends, passed or failed.
struct TempFile(std::path::PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn every_cluster_job_gives_the_one_process_answer() {
    let file =
        TempFile(std::env::temp_dir().join(format!("puzzle-lab-mpi-{}.txt", std::process::id())));
    std::fs::write(&file.0, "ooooo\nooooo\nooooo\nooooo\n").expect("a board file");
    let board = file.0.to_string_lossy().to_string();
    let history = "--history 0,0,1,1,2,2:1,2;3,4,5,6,0,1:0,3";
    let jobs: Vec<Vec<String>> = [
        format!("mastermind count --pegs 6 --colors 7 {history}"),
        "mastermind stats --pegs 4 --colors 6 --strategy knuth --all".into(),
        "mastermind stats --pegs 4 --colors 7 --strategy expected-size --all --first 0,0,1,2"
            .into(),
        "mastermind stats --pegs 4 --colors 5 --strategy random-consistent --all --seed 3".into(),
        "mastermind stats --pegs 5 --colors 6 --strategy knuth --all --first 0,0,1,1,2 --answer 1,1".into(),
        "mastermind stats --pegs 5 --colors 7 --strategy most-parts --games 40 --seed 2".into(),
        "mastermind book --pegs 4 --colors 4".into(),
        "pegs count --board triangle --start a1 --finish any-one".into(),
        format!("pegs count --board-file {board} --start a1 --finish dead-end"),
        format!("pegs count --board-file {board} --start b2 --finish b2 --no-symmetry"),
        "cluedo simulate --players deduction,random,listening --games 300 --seed 5".into(),
    ]
    .iter()
    .map(|job| job.split_whitespace().map(String::from).collect())
    .collect();
    for job in &jobs {
        let alone = result(
            &output(Command::new(BIN).args(job).arg("--json")),
            &job.join(" "),
        );
        for np in ranks() {
            for deal in ["dynamic", "static"] {
                let what = format!("{} on {np} ranks, dealt {deal}", job.join(" "));
                let shared = result(
                    &output(
                        mpirun(np)
                            .arg(BIN)
                            .args(["--mpi", "--deal", deal])
                            .args(job)
                            .arg("--json"),
                    ),
                    &what,
                );
                assert_eq!(shared, alone, "{what}");
            }
        }
    }
}

#[test]
fn the_shared_peg_count_holds_less_on_each_rank() {
    // The English centre game: its two halves are levels of up to millions of positions, seconds to count.
    let job = [
        "pegs", "count", "--board", "english", "--start", "3,3", "--finish", "3,3",
    ];
    let peak = |out: &Output| {
        let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        (
            v["peak_bytes"].as_u64().expect("peak_bytes"),
            v["solutions"].clone(),
        )
    };
    let (alone, solutions) = peak(&output(Command::new(BIN).args(job).arg("--json")));
    let (two, shared) = peak(&output(
        mpirun(2).arg(BIN).arg("--mpi").args(job).arg("--json"),
    ));
    assert_eq!(shared, solutions);
    assert_eq!(solutions, "40861647040079968");
    // Each rank holds about half; hash tables grow in doublings, so allow some slack.
    assert!(
        two * 10 < alone * 6,
        "{two} bytes on each of 2 ranks against {alone} alone"
    );
}

#[test]
fn bad_launches_are_told_what_to_do() {
    let job = [
        "--mpi",
        "cluedo",
        "simulate",
        "--players",
        "random,random",
        "--games",
        "10",
    ];
    let out = output(Command::new(BIN).args(job));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("not started by an MPI launcher"),
        "{stderr}"
    );

    let out = output(mpirun(1).arg(BIN).args(job));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("this launch has one rank"), "{stderr}");

    let solve = ["--mpi", "mastermind", "solve", "--secret", "1,2,3,4"];
    let out = output(mpirun(2).arg(BIN).args(solve));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("`mastermind solve` does not run under --mpi"),
        "{stderr}"
    );
    // Said once, by rank 0, not once per rank.
    assert_eq!(
        stderr.matches("does not run under --mpi").count(),
        1,
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_signal_stops_every_rank() {
    // Long enough to be stopped in the middle: many seeded games of a big game.
    let job = [
        "--mpi",
        "mastermind",
        "stats",
        "--pegs",
        "7",
        "--colors",
        "9",
        "--strategy",
        "random-consistent",
    ];
    let child = mpirun(2)
        .arg(BIN)
        .args(job)
        .args(["--games", "1000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun starts");
    std::thread::sleep(Duration::from_secs(2));
    // What Slurm's scancel or a time limit does: SIGTERM to every rank.
    let killed = Command::new("pkill")
        .args(["-TERM", "-f", &format!("^{BIN} --mpi mastermind stats")])
        .status()
        .expect("pkill runs");
    assert!(killed.success(), "no rank was running");
    let t0 = Instant::now();
    let out = child.wait_with_output().expect("mpirun ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        t0.elapsed() < Duration::from_secs(10),
        "ranks took {:?} to stop",
        t0.elapsed()
    );
    assert!(!out.status.success());
    assert!(stderr.contains("stopped by a signal after"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
