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
    }
}
