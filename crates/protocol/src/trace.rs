//! The live view of a job's work on the pool, as it travels: which thread ran which unit, and when. Knows no
//! game: a unit is named by the game ([`UnitDto`], from [`progress::Unit`]).

use serde::{Deserialize, Serialize};

/// What a job's work did on the pool since the last report. Times are milliseconds since the job started, on one
/// clock shared by all threads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    /// Pieces of work that began (a job may run several in turn: the latest is the one drawn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub searches: Vec<SearchBegun>,
    /// Units that finished.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<UnitRun>,
    /// Units left out because too many piled up unreported (the view is then incomplete, and says so).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dropped: u32,
    /// Figures the work found since the last report, `(index, value)` ([`progress::Progress::Figure`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub figures: Vec<(u64, u64)>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Trace {
    /// Nothing to report.
    pub fn is_empty(&self) -> bool {
        self.searches.is_empty()
            && self.runs.is_empty()
            && self.dropped == 0
            && self.figures.is_empty()
    }
}

/// One piece of work of a job: how many units it is cut into, and what a unit is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchBegun {
    /// Number of this piece of work within its job, from 0.
    pub search: u32,
    /// Units it is cut into.
    pub units: u32,
    /// What a unit is.
    pub unit: UnitDto,
    /// When it began.
    pub at: f64,
}

/// One unit as one thread ran it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitRun {
    /// The piece of work it belongs to.
    pub search: u32,
    /// Which unit.
    pub index: u32,
    /// The pool thread that ran it.
    pub thread: u32,
    /// When the thread started it.
    pub start: f64,
    /// When it finished.
    pub end: f64,
    /// What it found (consistent codes, solutions, ...).
    pub found: u64,
    /// The work it took, in the game's own steps.
    pub work: u64,
}

/// A [`progress::Unit`] as it travels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitDto {
    /// One unit: "prefix range".
    pub one: String,
    /// Several: "prefix ranges".
    pub many: String,
    /// How unit `i` is named: by number, or as `i` in `base` with `digits` digits (`digits` 0: by number).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub digits: u32,
    /// The base of the digits.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub base: u32,
}

impl From<progress::Unit> for UnitDto {
    fn from(u: progress::Unit) -> Self {
        let (digits, base) = match u.label {
            progress::Label::Ordinal => (0, 0),
            progress::Label::Digits { digits, base } => (digits, base),
        };
        UnitDto {
            one: u.one.to_string(),
            many: u.many.to_string(),
            digits,
            base,
        }
    }
}

impl UnitDto {
    /// Unit `index` for people, as [`progress::Unit::label`] names it.
    pub fn label(&self, index: u32) -> String {
        let label = if self.digits > 0 {
            progress::Label::Digits {
                digits: self.digits,
                base: self.base,
            }
        } else {
            progress::Label::Ordinal
        };
        label.name(&self.one, u64::from(index))
    }
}
