//! Your own record for a game, kept in this browser (`localStorage`): games played and won, the average and the
//! best of a number each won game has (guesses, rounds, pegs left: fewer is better), with a way to clear it. Each
//! game's page tells it when a game of the person's ends; a finished game is counted once, however often its page
//! is drawn or reloaded. Knows no game.

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

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn key(game: &str) -> String {
    format!("puzzle-lab:record:{game}")
}

/// The record kept for `game`.
pub fn load(game: &str) -> Record {
    storage()
        .and_then(|s| s.get_item(&key(game)).ok().flatten())
        .map(|t| Record::parse(&t))
        .unwrap_or_default()
}

/// Counts a finished game of `game`, named by `id` (its link: the same finished game is not counted twice): won
/// with `number`, or not won (`None`).
pub fn count(game: &str, id: &str, won: Option<u32>) {
    let Some(s) = storage() else { return };
    let last = format!("{}:last", key(game));
    if s.get_item(&last).ok().flatten().as_deref() == Some(id) {
        return;
    }
    let _ = s.set_item(&key(game), &load(game).with(won).text());
    let _ = s.set_item(&last, id);
}

/// Props of [`RecordView`].
#[derive(Properties, PartialEq)]
pub struct RecordProps {
    /// The game's key in storage: "mastermind".
    pub game: AttrValue,
    /// What a won game's number counts: "guesses".
    pub unit: AttrValue,
    /// Changes when a game ends, to read the record again.
    pub version: u64,
}

/// "Your record": played, won, average and best, and Clear.
#[component]
pub fn RecordView(props: &RecordProps) -> Html {
    let cleared = use_state(|| 0u32);
    let record = load(&props.game);
    let _ = (props.version, *cleared);
    let clear = {
        let (game, cleared) = (props.game.clone(), cleared.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = storage() {
                let _ = s.remove_item(&key(&game));
            }
            cleared.set(*cleared + 1);
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
    html! {
        <p class="record muted" data-played={record.played.to_string()} data-won={record.won.to_string()}>
            <strong>{ "Your record: " }</strong>{ line }
            if record.played > 0 { <button type="button" class="link" id="clear-record" onclick={clear}>{ "Clear" }</button> }
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
}
