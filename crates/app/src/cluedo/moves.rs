//! The moves of a game in its link (`moves=`), so that a reload, or the link sent to someone, goes on from the same
//! move: each move is its seat, a letter and its cards, comma-separated: `1s0.6.12` (seat 1 suggests cards 0, 6
//! and 12), `2w3` (seat 2 shows card 3), `0e` (seat 0 ends the turn), `3a1.7.13` (seat 3 accuses). The deal comes
//! from the link's seed, so the moves are all a game needs.

use protocol::cluedo::ActionDto;

/// A move: the seat that made it, and what it did.
pub type Move = (usize, ActionDto);

/// `moves` as a link's `moves=` value.
pub fn text(moves: &[Move]) -> String {
    let cards = |c: [u8; 3]| format!("{}.{}.{}", c[0], c[1], c[2]);
    moves
        .iter()
        .map(|&(seat, action)| match action {
            ActionDto::Suggest { cards: c } => format!("{seat}s{}", cards(c)),
            ActionDto::Accuse { cards: c } => format!("{seat}a{}", cards(c)),
            ActionDto::EndTurn => format!("{seat}e"),
            ActionDto::Show { card } => format!("{seat}w{card}"),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads a `moves=` value; the first move it cannot read ends the list, with a message. Whether the moves fit the
/// deal is the game's to say when they are played.
pub fn parse(text: &str, errors: &mut Vec<String>) -> Vec<Move> {
    let mut out = Vec::new();
    for (i, part) in text.split(',').filter(|p| !p.is_empty()).enumerate() {
        match parse_one(part) {
            Some(m) => out.push(m),
            None => {
                errors.push(format!(
                    "moves: move {} ('{part}') is not a seat followed by s, a, w or e and its cards; the game goes \
                     on from the move before it",
                    i + 1
                ));
                break;
            }
        }
    }
    out
}

fn parse_one(part: &str) -> Option<Move> {
    let at = part.find(|c: char| !c.is_ascii_digit())?;
    let seat: usize = part[..at].parse().ok()?;
    let (kind, rest) = part[at..].split_at(1);
    let three = || -> Option<[u8; 3]> {
        let v: Vec<u8> = rest
            .split('.')
            .map(|c| c.parse().ok())
            .collect::<Option<_>>()?;
        v.try_into().ok()
    };
    let action = match kind {
        "s" => ActionDto::Suggest { cards: three()? },
        "a" => ActionDto::Accuse { cards: three()? },
        "e" if rest.is_empty() => ActionDto::EndTurn,
        "w" => ActionDto::Show {
            card: rest.parse().ok()?,
        },
        _ => return None,
    };
    Some((seat, action))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip_and_bad_ones_are_named() {
        let moves = vec![
            (0, ActionDto::Suggest { cards: [0, 6, 12] }),
            (2, ActionDto::Show { card: 6 }),
            (0, ActionDto::EndTurn),
            (1, ActionDto::Accuse { cards: [5, 11, 20] }),
        ];
        let text = text(&moves);
        assert_eq!(text, "0s0.6.12,2w6,0e,1a5.11.20");
        let mut errors = Vec::new();
        assert_eq!(parse(&text, &mut errors), moves);
        assert!(errors.is_empty());
        let read = parse("0s0.6.12,2x6,0e", &mut errors);
        assert_eq!(read, moves[..1]);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].starts_with("moves: move 2 ('2x6')"), "{errors:?}");
        for bad in [
            "s0.6.12",
            "0s0.6",
            "0s0.6.12.3",
            "0e1",
            "0wx",
            "99999999999999999999s1.2.3",
        ] {
            let mut errors = Vec::new();
            assert!(parse(bad, &mut errors).is_empty(), "{bad}");
            assert_eq!(errors.len(), 1, "{bad}");
        }
    }
}
