//! The game list: the one place where the shell meets the games. Adding a game adds its entry here (its page
//! folder defines the entry); the header, the home page and routing read this list.

use crate::registry::{GameEntry, PageEntry};

/// Every game, in the order the home page shows them.
pub const GAMES: &[GameEntry] = &[
    crate::mastermind::GAME,
    crate::pegs::GAME,
    crate::cluedo::GAME,
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
