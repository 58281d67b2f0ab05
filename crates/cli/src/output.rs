//! How every subcommand prints its result: one JSON object on stdout with `--json`, else a few lines of text.

use std::time::Instant;

use serde_json::Value;

/// Where a subcommand's result goes, and the clock its `seconds` are read on.
pub struct Output {
    json: bool,
    started: Instant,
}

impl Output {
    /// JSON (`--json`) or text, timed from now.
    pub fn new(json: bool) -> Output {
        Output {
            json,
            started: Instant::now(),
        }
    }

    /// Seconds since the command started.
    pub fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Prints the result: `json` with `--json`, else the text `text` makes.
    pub fn emit(&self, json: Value, text: impl FnOnce() -> String) {
        if self.json {
            println!("{json}");
        } else {
            println!("{}", text());
        }
    }
}
