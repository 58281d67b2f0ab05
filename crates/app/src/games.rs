//! The game list: the one place where the shell meets the games. Adding a game adds its entry here (its page
//! folder defines the entry); the header, the home page and routing read this list.

use crate::registry::{GameEntry, PageEntry};

/// Every game, in the order the home page shows them.
pub const GAMES: &[GameEntry] = &[
    crate::mastermind::GAME,
    crate::pegs::GAME,
    crate::cluedo::GAME,
];

/// The page at `path`, if a game has one.
pub fn page(path: &str) -> Option<&'static PageEntry> {
    GAMES.iter().flat_map(|g| g.pages).find(|p| p.path == path)
}

/// The solver of the game whose page is at `path`; empty for a page of no game (the home page, a wrong address).
pub fn solver(path: &str) -> &'static str {
    GAMES
        .iter()
        .find(|g| g.pages.iter().any(|p| p.path == path))
        .map_or("", |g| g.solver)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_unique_and_found() {
        let paths: Vec<&str> = GAMES.iter().flat_map(|g| g.pages).map(|p| p.path).collect();
        for (i, p) in paths.iter().enumerate() {
            assert!(p.starts_with('/'), "{p}");
            assert!(!paths[..i].contains(p), "{p} twice");
            assert_eq!(page(p).map(|e| e.path), Some(*p));
        }
        assert!(page("/mastermind").is_some());
        assert!(page("/nowhere").is_none());
        // Every page of a game starts that game's solver (the embed builder is Mastermind's), no other page one.
        for g in GAMES {
            assert!(
                !g.solver.is_empty() && g.solver.bytes().all(|b| b.is_ascii_lowercase()),
                "{}",
                g.solver
            );
            for p in g.pages {
                assert_eq!(solver(p.path), g.solver, "{}", p.path);
            }
        }
        assert_eq!(solver("/embed"), "mastermind");
        assert_eq!(solver(""), "");
        assert_eq!(solver("/nowhere"), "");
    }
}
