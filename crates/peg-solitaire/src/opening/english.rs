//! The English board's classic game, centre to centre: the games to the finish from every position of its first seven
//! levels after the start (3697 classes, each by its least image under the board's 8 symmetries). The entries are
//! those `puzzle-lab --json pegs table --board english --opening 7` prints, in `english-centre.book` as
//! `opening::encode` writes them; the tests check them against a table built there (and write the file anew with
//! `PEGS_WRITE_OPENING=1`).

/// Levels after the start the book holds.
pub(crate) const LEVELS: usize = 7;

/// The book's entries, (canonical position, games to the centre) sorted by position, encoded by `opening::encode`:
/// 27 KB, where the entries as numbers took 118 KB of the solver's download (29 KB compressed; this, 24 KB).
pub(crate) const CENTRE_TO_CENTRE: &[u8] = include_bytes!("english-centre.book");
