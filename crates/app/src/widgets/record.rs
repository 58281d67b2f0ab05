//! Your own record for a game, kept in this browser (`localStorage`): games played and won, the average and the
//! best of a number each won game has (guesses, rounds, pegs left: fewer is better), with a way to clear it. Knows
//! no game. The rules, each tested below:
//! - a game counts when the person sees it end on the page ([`use_record`]): a game already over when its page
//!   opened (a reload, Back or Forward, a shared link) is not counted again;
//! - each game counts once, by its id (its link, which names every move), whichever tab or visit ends it: the ids
//!   counted are kept beside the record;
//! - the page says whether the game was the person's win (a game finished by the solver is not);
//! - a record that cannot be saved (storage full or blocked) says so; other tabs redraw when it changes.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The record of one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    pub played: u32,
    pub won: u32,
    /// The sum of the won games' numbers, for their average.
    pub total: u64,
    /// The least number of a won game.
    pub best: Option<u32>,
}

impl Record {
    /// `text` as written by [`Record::text`]; an unreadable one is a fresh record.
    fn parse(text: &str) -> Record {
        let n: Vec<u64> = text.split(',').filter_map(|p| p.parse().ok()).collect();
        match n.as_slice() {
            [played, won, total, best] => Record {
                played: *played as u32,
                won: *won as u32,
                total: *total,
                best: (*best > 0).then_some(*best as u32),
            },
            _ => Record::default(),
        }
    }

    fn text(&self) -> String {
        format!(
            "{},{},{},{}",
            self.played,
            self.won,
            self.total,
            self.best.unwrap_or(0)
        )
    }

    /// The record with one more game: won with `number` (guesses, rounds...), or not won.
    pub fn with(&self, won: Option<u32>) -> Record {
        let mut r = self.clone();
        r.played += 1;
        if let Some(n) = won {
            r.won += 1;
            r.total += u64::from(n);
            r.best = Some(r.best.map_or(n, |b| b.min(n)));
        }
        r
    }
}

/// The record as stored, and the ids of the games it counts (most recent last).
#[derive(Clone, Debug, Default, PartialEq)]
struct Stored {
    record: Record,
    counted: Vec<String>,
}

/// How many game ids are remembered: older ones are forgotten (a game that old is not shown again by Back).
const REMEMBERED: usize = 500;

impl Stored {
    /// Counts game `id`, won with `number` or not won (`None`), unless it is counted already. Whether it was new.
    fn count(&mut self, id: &str, won: Option<u32>) -> bool {
        if self.counted.iter().any(|c| c == id) {
            return false;
        }
        self.record = self.record.with(won);
        self.counted.push(id.to_string());
        if self.counted.len() > REMEMBERED {
            let extra = self.counted.len() - REMEMBERED;
            self.counted.drain(..extra);
        }
        true
    }

    /// The ids as stored: one per line (a link holds no line break).
    fn ids_text(&self) -> String {
        self.counted.join("\n")
    }

    fn parse(record: Option<&str>, ids: Option<&str>) -> Stored {
        Stored {
            record: record.map(Record::parse).unwrap_or_default(),
            counted: ids
                .map(|t| {
                    t.lines()
                        .filter(|l| !l.is_empty())
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn key(game: &str) -> String {
    format!("puzzle-lab:record:{game}")
}

fn ids_key(game: &str) -> String {
    format!("{}:counted", key(game))
}

/// The record kept for `game`.
pub fn load(game: &str) -> Record {
    storage()
        .and_then(|s| s.get_item(&key(game)).ok().flatten())
        .map(|t| Record::parse(&t))
        .unwrap_or_default()
}

/// Counts a finished game of `game`, named by `id`: won with `number`, or not won (`None`). A game counted before
/// is not counted again. `Err` says why the record could not be saved.
fn count(game: &str, id: &str, won: Option<u32>) -> Result<(), String> {
    let unsaved = "your record cannot be saved in this browser (its storage is full, or turned off for this site)";
    let s = storage().ok_or_else(|| unsaved.to_string())?;
    let get = |k: &str| s.get_item(k).ok().flatten();
    let mut stored = Stored::parse(get(&key(game)).as_deref(), get(&ids_key(game)).as_deref());
    if !stored.count(id, won) {
        return Ok(());
    }
    // The ids first: a record whose ids could not be written would count the game again.
    s.set_item(&ids_key(game), &stored.ids_text())
        .and_then(|()| s.set_item(&key(game), &stored.record.text()))
        .map_err(|_| unsaved.to_string())
}

/// What the page knows of its last count: a version that changes with each, and why it was not saved, if not.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counted {
    version: u64,
    unsaved: Option<String>,
}

/// Counts the person's game of `game` when it ends on this page: `ended` is the finished game's id and its number
/// when won (`None` when lost, given up, or finished by the solver), `None` while it is not over. A game already over
/// when the page opened is not counted (it was when it ended). Hand the result to [`RecordView`].
#[hook]
pub fn use_record(game: &'static str, ended: Option<(String, Option<u32>)>) -> Counted {
    let counted = use_state(Counted::default);
    let opened = use_mut_ref(|| true);
    {
        let counted = counted.clone();
        use_effect_with(ended, move |ended| {
            let at_open = std::mem::replace(&mut *opened.borrow_mut(), false);
            if let Some((id, won)) = ended.as_ref().filter(|_| !at_open) {
                let unsaved = count(game, id, *won).err();
                counted.set(Counted {
                    version: counted.version + 1,
                    unsaved,
                });
            }
        });
    }
    (*counted).clone()
}

/// Props of [`RecordView`].
#[derive(Properties, PartialEq)]
pub struct RecordProps {
    /// The game's key in storage: "mastermind".
    pub game: AttrValue,
    /// What a won game's number counts: "guesses".
    pub unit: AttrValue,
    /// The page's last count ([`use_record`]).
    pub counted: Counted,
}

/// "Your record": played, won, average and best, and Clear; redrawn when another tab changes it.
#[component]
pub fn RecordView(props: &RecordProps) -> Html {
    let redraws = use_state(|| 0u32);
    {
        let (redraws, prefix) = (redraws.clone(), key(&props.game));
        use_effect_with(prefix, move |prefix| {
            let prefix = prefix.clone();
            let listener = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::StorageEvent)>::new(
                move |e: web_sys::StorageEvent| {
                    // A cleared storage has no key; any change to this game's record redraws it.
                    if e.key().is_none_or(|k| k.starts_with(&prefix)) {
                        redraws.set(*redraws + 1);
                    }
                },
            );
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w
                    .add_event_listener_with_callback("storage", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = &window {
                    let _ = w.remove_event_listener_with_callback(
                        "storage",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    let record = load(&props.game);
    let clear = {
        let (game, redraws) = (props.game.clone(), redraws.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = storage() {
                let _ = s.remove_item(&key(&game));
                let _ = s.remove_item(&ids_key(&game));
            }
            redraws.set(*redraws + 1);
        })
    };
    let line = if record.played == 0 {
        "No game finished in this browser yet.".to_string()
    } else {
        let average = match record.won {
            0 => String::new(),
            w => format!(
                ", {:.1} {} on average, best {}",
                record.total as f64 / f64::from(w),
                props.unit,
                record.best.unwrap_or(0)
            ),
        };
        format!("{} played, {} won{average}.", record.played, record.won)
    };
    let unsaved = props.counted.unsaved.as_ref().map(|why| {
        let mut why = why.clone();
        why.replace_range(..1, &why[..1].to_uppercase());
        html! { <span class="unsaved" role="alert">{ format!(" {why}: the game you just finished is not in it.") }</span> }
    });
    html! {
        <p class="record muted" data-played={record.played.to_string()} data-won={record.won.to_string()}>
            <strong>{ "Your record: " }</strong>{ line }
            if record.played > 0 { <button type="button" class="link" id="clear-record" onclick={clear}>{ "Clear" }</button> }
            { for unsaved }
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_add_up_and_the_text_reads_back() {
        let r = Record::default().with(Some(5)).with(None).with(Some(3));
        assert_eq!(
            r,
            Record {
                played: 3,
                won: 2,
                total: 8,
                best: Some(3)
            }
        );
        assert_eq!(Record::parse(&r.text()), r);
        assert_eq!(Record::parse("garbage"), Record::default());
        assert_eq!(Record::parse(&Record::default().text()), Record::default());
    }

    /// Back, Forward, Back over two finished games, and the same game finished in two tabs: each counts once.
    #[test]
    fn each_game_counts_once_by_its_id() {
        let mut s = Stored::default();
        assert!(s.count("#/mastermind?secret=a&played=1", Some(4)));
        assert!(s.count("#/mastermind?secret=b&played=2", None));
        for id in [
            "#/mastermind?secret=a&played=1",
            "#/mastermind?secret=b&played=2",
        ] {
            assert!(!s.count(id, Some(1)), "{id} again");
        }
        assert_eq!(
            (s.record.played, s.record.won, s.record.best),
            (2, 1, Some(4))
        );
        // What another tab reads back is the same record and the same ids.
        let other = Stored::parse(Some(&s.record.text()), Some(&s.ids_text()));
        assert_eq!(other, s);
        let mut other = other;
        assert!(!other.count("#/mastermind?secret=a&played=1", Some(4)));
        assert_eq!(other.record.played, 2);
    }

    #[test]
    fn old_ids_are_forgotten_and_unreadable_ones_are_empty() {
        let mut s = Stored::default();
        for g in 0..REMEMBERED + 10 {
            assert!(s.count(&format!("game {g}"), None));
        }
        assert_eq!(s.counted.len(), REMEMBERED);
        assert_eq!(s.counted.first().map(String::as_str), Some("game 10"));
        assert_eq!(s.record.played as usize, REMEMBERED + 10);
        assert_eq!(Stored::parse(None, Some("\n\n")), Stored::default());
    }
}
