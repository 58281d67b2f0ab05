//! Game settings and their link form: `#/mastermind?pegs=5&colors=8&repeats=0&rows=12&mode=make&scoring=manual
//! &strategy=knuth&secret=3,1,4,1,5`. A bad parameter gets a message and its default; the rest still apply.

use mastermind::{Code, Spec, Strategy};

use super::state::{Mode, Scoring};
use crate::route::Query;

/// Smallest and largest values the page offers: every size the core plays.
pub const PEGS: (u32, u32) = (2, mastermind::MAX_PEGS as u32);
/// Colour range the page offers.
pub const COLORS: (u32, u32) = (2, mastermind::MAX_COLORS as u32);
/// Row limits the page offers (3000: the TopCoder rule for the largest games).
pub const ROWS: (u32, u32) = (1, mastermind::MAX_GUESSES as u32);
/// Row limits the settings menu lists (a link may ask for any in [`ROWS`]).
pub const ROW_CHOICES: [u32; 18] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 30, 50, 100, 300, 3000,
];

/// How modes are written in links.
const MODES: &[(&str, Mode)] = &[("break", Mode::Break), ("make", Mode::Make)];
/// How scorings are written in links.
const SCORINGS: &[(&str, Scoring)] = &[("auto", Scoring::Auto), ("manual", Scoring::Manual)];

/// The link name of `value` in `names` (every value has one).
fn link_name<T: PartialEq>(names: &[(&'static str, T)], value: T) -> &'static str {
    names
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("", |(name, _)| name)
}

/// Everything that defines a game before it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Size.
    pub spec: Spec,
    /// Rows the person gets to break the code.
    pub rows: u32,
    /// Who breaks the code.
    pub mode: Mode,
    /// How the computer's guesses are scored.
    pub scoring: Scoring,
    /// The computer's strategy.
    pub strategy: Strategy,
    /// A fixed secret (from the link).
    pub secret: Option<Code>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            spec: Spec::CLASSIC,
            rows: 10,
            mode: Mode::Break,
            scoring: Scoring::Auto,
            strategy: Strategy::Knuth,
            secret: None,
        }
    }
}

fn number(
    query: &Query,
    key: &str,
    default: u32,
    (lo, hi): (u32, u32),
    errors: &mut Vec<String>,
) -> u32 {
    match query.get(key) {
        None => default,
        Some(v) => match v.parse::<u32>() {
            Ok(n) if (lo..=hi).contains(&n) => n,
            _ => {
                errors.push(format!(
                    "{key}={v} is not allowed here (use {lo} to {hi}); using {default}"
                ));
                default
            }
        },
    }
}

fn choice<T: Copy>(
    query: &Query,
    key: &str,
    default: T,
    options: &[(&str, T)],
    errors: &mut Vec<String>,
) -> T {
    match query.get(key) {
        None => default,
        Some(v) => options
            .iter()
            .find(|(name, _)| name == v)
            .map(|(_, t)| *t)
            .unwrap_or_else(|| {
                let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
                errors.push(format!(
                    "{key}={v} is not one of {}; using the default",
                    names.join(", ")
                ));
                default
            }),
    }
}

impl Settings {
    /// Reads settings from a link's query; returns them with one message per parameter that was ignored.
    pub fn from_query(query: &Query) -> (Settings, Vec<String>) {
        let mut errors = Vec::new();
        let d = Settings::default();
        let pegs = number(query, "pegs", u32::from(d.spec.pegs), PEGS, &mut errors);
        let colors = number(
            query,
            "colors",
            u32::from(d.spec.colors),
            COLORS,
            &mut errors,
        );
        let repeats = choice(
            query,
            "repeats",
            true,
            &[("1", true), ("0", false), ("true", true), ("false", false)],
            &mut errors,
        );
        let spec = Spec::new(pegs, colors, repeats).unwrap_or_else(|e| {
            errors.push(format!("{e}; using the classic 4 pegs x 6 colours"));
            Spec::CLASSIC
        });
        let rows = number(query, "rows", d.rows, ROWS, &mut errors);
        let mode = choice(query, "mode", d.mode, MODES, &mut errors);
        let scoring = choice(query, "scoring", d.scoring, SCORINGS, &mut errors);
        let strategies: Vec<(&str, Strategy)> =
            Strategy::ALL.iter().map(|s| (s.name(), *s)).collect();
        let strategy = choice(query, "strategy", d.strategy, &strategies, &mut errors);
        let secret = query
            .get("secret")
            .and_then(|text| match Code::parse(&spec, text) {
                Ok(code) => Some(code),
                Err(e) => {
                    errors.push(format!(
                        "secret={text}: {e}; a random secret is used instead"
                    ));
                    None
                }
            });
        (
            Settings {
                spec,
                rows,
                mode,
                scoring,
                strategy,
                secret,
            },
            errors,
        )
    }

    /// The link query for these settings (without the secret: a link must not give it away).
    pub fn to_query(&self) -> String {
        let mode = link_name(MODES, self.mode);
        let scoring = link_name(SCORINGS, self.scoring);
        format!(
            "pegs={}&colors={}&repeats={}&rows={}&mode={mode}&scoring={scoring}&strategy={}",
            self.spec.pegs,
            self.spec.colors,
            u8::from(self.spec.repeats),
            self.rows,
            self.strategy.name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::Route;

    fn check(query: &str, expected_errors: &[&str]) -> Settings {
        let (s, errors) =
            Settings::from_query(&Route::parse(&format!("#/mastermind?{query}")).query());
        assert_eq!(errors, expected_errors);
        s
    }

    #[test]
    fn good_links() {
        assert_eq!(check("", &[]), Settings::default());
        let s = check(
            "pegs=5&colors=8&repeats=0&rows=12&mode=make&scoring=manual&strategy=first-consistent",
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
        let (again, _) =
            Settings::from_query(&Route::parse(&format!("#/mastermind?{}", s.to_query())).query());
        assert_eq!(again, s);
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
            "mode=watch&strategy=magic",
            &[
                "mode=watch is not one of break, make; using the default",
                "strategy=magic is not one of random-consistent, first-consistent, knuth, most-parts, entropy, expected-size, optimal, local-search; using the default",
            ],
        );
    }
}
