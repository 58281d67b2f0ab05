//! Game settings and their link form: `#/mastermind?pegs=5&colors=8&repeats=0&rows=12&mode=make&scoring=manual
//! &strategy=knuth&step=1&palette=safe&embed=1&code=…&guesses=…`. A bad parameter gets a message and its default;
//! the rest still apply.
//!
//! A fixed secret travels obfuscated as `code=` (so a shared link does not show it at a glance; anyone
//! determined can still decode it — this is a game, not a safe); `answer=4,2,5,2` in plain colours is accepted
//! too, for tutorial authors. `guesses=` lists the guesses so far (`1,1,2,2;3,4,5,6`), each with its score when
//! the person gave it (`1,1,2,2:1,1`): a link with it reproduces the game in progress. Colours in links are
//! numbered from 1, as on the pegs.
//!
//! Links made before that numbered colours from 0, as `secret=3,1,4,1` and `played=0,0,1,1;2,3,4,5`: those two
//! names keep their old numbering, so a link already shared or printed in a tutorial still means the same game.
//! The page writes only the new names.

use mastermind::{Code, Feedback, Spec, Strategy};

use crate::route::Query;

/// Who breaks the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The person breaks the computer's code.
    Break,
    /// The computer breaks the person's code.
    Make,
}

/// How the computer's guesses are scored in [`Mode::Make`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The person enters the secret; the page scores.
    Auto,
    /// The person keeps the secret in mind and scores each guess.
    Manual,
}

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
/// How yes/no settings are written in links.
const FLAGS: &[(&str, bool)] = &[("1", true), ("0", false), ("true", true), ("false", false)];
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
    /// The computer plays one guess at a time, each explained, when the person asks for the next.
    pub step: bool,
    /// Peg colours.
    pub palette: Palette,
    /// The compact layout for embedding in another page: the board and its controls only.
    pub embed: bool,
    /// Rows already played (a shared or restored game).
    pub played: Vec<Played>,
}

/// A row of a shared game: the guess and, when a person gave it, its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Colours of the guess.
    pub guess: Vec<u8>,
    /// Its score, if it was given by hand (else the page scores it from the secret).
    pub score: Option<Feedback>,
}

/// Peg colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Palette {
    /// Bright toy colours.
    Classic,
    /// Colours told apart with the common colour-vision deficiencies (Okabe and Ito's first eight, then
    /// light and dark tones), for classrooms; every peg shows its number either way.
    Safe,
}

/// How palettes are written in links.
pub const PALETTES: &[(&str, Palette)] = &[("classic", Palette::Classic), ("safe", Palette::Safe)];

/// The obfuscated form of a secret for links: each peg shifted by a key that depends on its place and the
/// game size, written as one base-36 digit, then a check digit. Not encryption: it only keeps the secret out
/// of plain sight.
pub fn hide_secret(spec: &Spec, code: &Code) -> String {
    let colors = u32::from(spec.colors);
    let mut sum = 0u32;
    let mut out: String = code
        .pegs()
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let v = (u32::from(c) + key(spec, i)) % colors;
            sum += v * (i as u32 + 1);
            char::from_digit(v, 36).unwrap_or('0')
        })
        .collect();
    out.push(char::from_digit(sum % 36, 36).unwrap_or('0'));
    out
}

/// Reads [`hide_secret`]'s form back; `None` if it was not made for this game size or was altered.
pub fn reveal_secret(spec: &Spec, text: &str) -> Option<Code> {
    let colors = u32::from(spec.colors);
    let digits: Vec<u32> = text
        .chars()
        .map(|ch| ch.to_digit(36))
        .collect::<Option<_>>()?;
    let (check, pegs) = digits.split_last()?;
    if pegs.len() != usize::from(spec.pegs) || pegs.iter().any(|&v| v >= colors) {
        return None;
    }
    let sum: u32 = pegs
        .iter()
        .enumerate()
        .map(|(i, v)| v * (i as u32 + 1))
        .sum();
    if sum % 36 != *check {
        return None;
    }
    let code = pegs
        .iter()
        .enumerate()
        .map(|(i, &v)| ((v + colors - key(spec, i) % colors) % colors) as u8)
        .collect();
    Code::new(spec, code).ok()
}

fn key(spec: &Spec, i: usize) -> u32 {
    let x = (i as u32 + 1)
        .wrapping_mul(2_654_435_761)
        .wrapping_add(u32::from(spec.pegs) * 97 + u32::from(spec.colors) * 31);
    (x >> 16) % u32::from(spec.colors)
}

/// How a link numbers colours: `answer=` and `guesses=` from 1, as on the pegs; the older `secret=` and
/// `played=` from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Colours from 1 (what the page writes).
    FromOne,
    /// Colours from 0 (links made before colours were numbered as on the pegs).
    FromZero,
}

impl Numbering {
    fn first(self) -> u32 {
        match self {
            Numbering::FromOne => 1,
            Numbering::FromZero => 0,
        }
    }
}

/// Reads a code written `4,2,5,2` with colours numbered as `numbering` says; the message names colours the same
/// way.
pub fn parse_code(spec: &Spec, text: &str, numbering: Numbering) -> Result<Code, String> {
    let first = numbering.first();
    let last = first + u32::from(spec.colors) - 1;
    let colours = text
        .split(',')
        .map(|part| {
            let part = part.trim();
            part.parse::<u32>()
                .map_err(|_| format!("'{part}' is not a colour number"))
        })
        .collect::<Result<Vec<u32>, String>>()?;
    if colours.len() != usize::from(spec.pegs) {
        return Err(format!(
            "a code needs {} pegs, this one has {}",
            spec.pegs,
            colours.len()
        ));
    }
    let pegs = colours
        .iter()
        .enumerate()
        .map(|(i, &c)| match c {
            c if (first..=last).contains(&c) => Ok((c - first) as u8),
            c => Err(format!(
                "peg {} has colour {c}, but colours go from {first} to {last}",
                i + 1
            )),
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Code::new(spec, pegs).map_err(|e| match e {
        mastermind::CodeError::Repeat(c) => format!(
            "colour {} repeats, but this game forbids repeats",
            u32::from(c) + first
        ),
        e => e.to_string(),
    })
}

fn code_text(pegs: &[u8]) -> String {
    pegs.iter()
        .map(|&c| (u32::from(c) + 1).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `guesses=` for these rows (colours from 1).
fn played_text(rows: &[Played]) -> String {
    rows.iter()
        .map(|r| match r.score {
            Some(f) => format!("{}:{},{}", code_text(&r.guess), f.black, f.white),
            None => code_text(&r.guess),
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// Reads `guesses=` (or the older `played=`, `name` says which, with its numbering); the first bad row ends the
/// list, with a message.
fn parse_played(
    spec: &Spec,
    name: &str,
    text: &str,
    numbering: Numbering,
    errors: &mut Vec<String>,
) -> Vec<Played> {
    let mut rows = Vec::new();
    for (i, part) in text.split(';').filter(|p| !p.trim().is_empty()).enumerate() {
        let (code, score) = match part.split_once(':') {
            Some((c, s)) => (c, Some(s)),
            None => (part, None),
        };
        let guess = match parse_code(spec, code, numbering) {
            Ok(c) => c.pegs().to_vec(),
            Err(e) => {
                errors.push(format!(
                    "{name} row {}: {e}; the rows from there on are left out",
                    i + 1
                ));
                break;
            }
        };
        let score = match score.map(str::parse::<Feedback>) {
            None => None,
            Some(Ok(fb)) if fb.is_possible(spec.pegs) => Some(fb),
            Some(_) => {
                errors.push(format!(
                    "{name} row {}: the score is not black,white pegs possible with {} pegs; the rows from there on \
                     are left out",
                    i + 1,
                    spec.pegs
                ));
                break;
            }
        };
        rows.push(Played { guess, score });
    }
    rows
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
            step: false,
            palette: Palette::Classic,
            embed: false,
            played: Vec::new(),
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
        let repeats = choice(query, "repeats", true, FLAGS, &mut errors);
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
        let step = choice(query, "step", false, FLAGS, &mut errors);
        let palette = choice(query, "palette", d.palette, PALETTES, &mut errors);
        let embed = choice(query, "embed", false, FLAGS, &mut errors);
        // `answer=` (colours from 1) before the older `secret=` (from 0).
        let plain = [
            ("answer", Numbering::FromOne),
            ("secret", Numbering::FromZero),
        ]
        .into_iter()
        .find_map(|(name, numbering)| query.get(name).map(|text| (name, text, numbering)))
        .and_then(
            |(name, text, numbering)| match parse_code(&spec, text, numbering) {
                Ok(code) => Some(code),
                Err(e) => {
                    errors.push(format!(
                        "{name}={text}: {e}; a random secret is used instead"
                    ));
                    None
                }
            },
        );
        let hidden = query.get("code").and_then(|text| {
            let code = reveal_secret(&spec, text);
            if code.is_none() {
                errors.push(format!(
                    "code={text} is not a secret for {spec} (altered, or made for another size); a random \
                     secret is used instead"
                ));
            }
            code
        });
        let secret = plain.or(hidden);
        let (name, mut played) = [
            ("guesses", Numbering::FromOne),
            ("played", Numbering::FromZero),
        ]
        .into_iter()
        .find_map(|(name, numbering)| {
            query
                .get(name)
                .map(|t| (name, parse_played(&spec, name, t, numbering, &mut errors)))
        })
        .unwrap_or_default();
        let mut rows = rows;
        // Only rows the person scored by hand stand without the secret; the others are scored from it.
        let scored_by_hand = mode == Mode::Make && scoring == Scoring::Manual;
        if !played.is_empty() && secret.is_none() && !scored_by_hand {
            errors.push(format!(
                "{name}: {} played against a secret the link does not give (answer= or code=); left out, and a \
                 new secret is drawn",
                if played.len() == 1 {
                    "the row was".to_string()
                } else {
                    format!("the {} rows were", played.len())
                }
            ));
            played.clear();
        }
        if played.len() > rows as usize {
            // More rows than the game allows: a link edited by hand. Keep the game, as long as a game can be.
            let fits = played.len().min(ROWS.1 as usize);
            errors.push(format!(
                "rows={rows} is fewer than the {} rows the link lists; the game has {fits} rows{}",
                played.len(),
                if fits < played.len() {
                    format!(" (the most a game has), the rows past {fits} are left out")
                } else {
                    String::new()
                }
            ));
            played.truncate(fits);
            rows = fits as u32;
        }
        (
            Settings {
                spec,
                rows,
                mode,
                scoring,
                strategy,
                secret,
                step,
                palette,
                embed,
                played,
            },
            errors,
        )
    }

    /// The link query for a whole game: these settings, the secret (obfuscated) and the rows played. Opening
    /// it reproduces the game.
    pub fn game_query(&self, secret: Option<&Code>, played: &[Played]) -> String {
        let mut q = self.to_query();
        if let Some(code) = secret {
            q.push_str(&format!("&code={}", hide_secret(&self.spec, code)));
        }
        if !played.is_empty() {
            q.push_str(&format!("&guesses={}", played_text(played)));
        }
        q
    }

    /// The link query for these settings (without the secret and rows: a new game).
    pub fn to_query(&self) -> String {
        let mode = link_name(MODES, self.mode);
        let scoring = link_name(SCORINGS, self.scoring);
        format!(
            "pegs={}&colors={}&repeats={}&rows={}&mode={mode}&scoring={scoring}&strategy={}&step={}&palette={}{}",
            self.spec.pegs,
            self.spec.colors,
            u8::from(self.spec.repeats),
            self.rows,
            self.strategy.name(),
            u8::from(self.step),
            link_name(PALETTES, self.palette),
            if self.embed { "&embed=1" } else { "" }
        )
    }
}

#[cfg(test)]
mod tests;
