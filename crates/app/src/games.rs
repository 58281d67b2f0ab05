//! The game list: the one place where the shell meets the games. Adding a game adds its entry here (its page
//! folder defines the entry); the header, the home page and routing read this list.

use crate::registry::{GameEntry, PageEntry, drawn};

/// Every game, in the order the home page shows them.
pub const GAMES: &[GameEntry] = &[
    GameEntry {
        name: "Mastermind",
        blurb: "Break the computer's code, or let it break yours. 2 to 100 pegs, 2 to 20 colours; strategies from random-consistent to Knuth's minimax, most parts, entropy, expected size and a local search for huge codes.",
        pages: &[
            PageEntry {
                path: "/mastermind",
                nav: "Mastermind",
                in_menu: true,
                view: drawn!("mastermind", crate::mastermind::game_page),
            },
            PageEntry {
                path: "/mastermind/stats",
                nav: "Compare strategies",
                in_menu: true,
                view: drawn!("mastermind", crate::mastermind::stats_page),
            },
            PageEntry {
                path: "/mastermind/embed",
                nav: "Embed",
                in_menu: true,
                view: drawn!("mastermind", crate::mastermind::embed_page),
            },
        ],
        id: "mastermind",
        here: cfg!(feature = "mastermind"),
    },
    GameEntry {
        name: "Peg solitaire",
        blurb: "Play the English, French, triangle and diamond boards from any start; see how many winning games go through each jump; count every game exactly on all threads.",
        pages: &[
            PageEntry {
                path: "/pegs",
                nav: "Peg solitaire",
                in_menu: true,
                view: drawn!("pegs", crate::pegs::page),
            },
            PageEntry {
                path: "/pegs/embed",
                nav: "Embed peg solitaire",
                in_menu: false,
                view: drawn!("pegs", crate::pegs::embed_page),
            },
        ],
        id: "pegs",
        here: cfg!(feature = "pegs"),
    },
    GameEntry {
        name: "Cluedo",
        blurb: "Play against 2 to 5 computer detectives of four strengths with a notebook that deduces exactly what is certain; simulate thousands of games on all threads.",
        pages: &[
            PageEntry {
                path: "/cluedo",
                nav: "Cluedo",
                in_menu: true,
                view: drawn!("cluedo", crate::cluedo::game_page),
            },
            PageEntry {
                path: "/cluedo/embed",
                nav: "Embed Cluedo",
                in_menu: false,
                view: drawn!("cluedo", crate::cluedo::embed_page),
            },
            PageEntry {
                path: "/cluedo/simulate",
                nav: "Cluedo simulations",
                in_menu: true,
                view: drawn!("cluedo", crate::cluedo::simulate_page),
            },
        ],
        id: "cluedo",
        here: cfg!(feature = "cluedo"),
    },
];

/// The page at `path` and its game, if a game has one.
pub fn find(path: &str) -> Option<(&'static GameEntry, &'static PageEntry)> {
    GAMES
        .iter()
        .find_map(|g| g.pages.iter().find(|p| p.path == path).map(|p| (g, p)))
}

/// The solver to run for the page at `path`: its game's, where this build draws it; none (empty) for a page of no
/// game (the home page, a wrong address) or of a game drawn by another build.
pub fn solver(path: &str) -> &'static str {
    find(path).filter(|(g, _)| g.here).map_or("", |(g, _)| g.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_unique_and_found_and_start_with_their_games_id() {
        let paths: Vec<&str> = GAMES.iter().flat_map(|g| g.pages).map(|p| p.path).collect();
        for (i, p) in paths.iter().enumerate() {
            assert!(p.starts_with('/'), "{p}");
            assert!(!paths[..i].contains(p), "{p} twice");
            assert_eq!(find(p).map(|(_, e)| e.path), Some(*p));
        }
        assert!(find("/mastermind").is_some());
        assert!(find("/nowhere").is_none());
        // web/boot.js loads a page's build by the address's first part: every page of a game starts with its id.
        for g in GAMES {
            assert!(
                !g.id.is_empty() && g.id.bytes().all(|b| b.is_ascii_lowercase()),
                "{}",
                g.id
            );
            for p in g.pages {
                let first = p.path.trim_start_matches('/').split('/').next();
                assert_eq!(first, Some(g.id), "{}", p.path);
            }
        }
    }

    #[test]
    fn a_page_starts_its_games_solver_where_this_build_draws_it() {
        for g in GAMES {
            for p in g.pages {
                assert_eq!(solver(p.path), if g.here { g.id } else { "" }, "{}", p.path);
            }
        }
        assert_eq!(solver(""), "");
        assert_eq!(solver("/nowhere"), "");
    }
}
