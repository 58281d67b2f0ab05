//! What the page says when another strategy plays than the one chosen: one short line a player understands ("knuth
//! cannot list 3.3 × 10²³ codes; sampled-split plays instead"), the same words in the Strategy box, the game's status
//! and Compare strategies; the strategy's own figures stay behind a "why" disclosure. Where the game's size decides
//! it, it is said before the game (`mastermind::handover::for_size`, the rule the solver follows); memory and time
//! decide while it plays (each guess's `handover`).

use mastermind::handover::for_size;
use mastermind::{Spec, Strategy};
use protocol::group_digits;
use protocol::mastermind::HandoverDto;

/// A count of codes for people: its digits grouped up to a billion ("1,296"), else "3.3 × 10²³" (integer arithmetic
/// on the digits: parsing a float would add its parser to the page's download).
pub fn codes_text(decimal: &str) -> String {
    let digits = decimal.as_bytes();
    if digits.len() <= 9 || !digits.iter().all(u8::is_ascii_digit) {
        return group_digits(decimal);
    }
    // The first three digits, rounded to two: 332 -> 33, 996 -> 100 (one more power of ten).
    let first = digits[..3]
        .iter()
        .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    let (two, exponent) = match (first + 5) / 10 {
        100 => (10, digits.len()),
        two => (two, digits.len() - 1),
    };
    const SUPER: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let power: String = exponent
        .to_string()
        .bytes()
        .map(|d| SUPER[usize::from(d - b'0')])
        .collect();
    format!("{}.{} × 10{power}", two / 10, two % 10)
}

/// The line that says `played` plays instead of `asked`, and why.
pub fn line(asked: Strategy, played: &str, why: &HandoverDto) -> String {
    let lists = asked.lists_codes();
    match why {
        HandoverDto::TooManyCodes { codes } => {
            let codes = codes
                .as_deref()
                .map_or_else(|| "more than 10³⁸".to_string(), codes_text);
            let verb = if lists { "list" } else { "search exactly" };
            format!("{asked} cannot {verb} {codes} codes; {played} plays instead")
        }
        HandoverDto::NoMemory { bytes } => format!(
            "{asked} needs {} of memory to list the codes, more than this tab was given; {played} plays instead",
            mastermind::strategy::size_text(u128::from(*bytes))
        ),
        HandoverDto::OverBudget => {
            format!(
                "{asked}'s exact search ran out of time on this guess; {played} chose it instead"
            )
        }
        HandoverDto::PlanStuck => {
            format!("{asked} cannot go on in this game; {played} plays instead")
        }
    }
}

/// Who plays a `spec` game asked of `strategy` where the size alone rules it out, and the line that says so.
pub fn before_game(strategy: Strategy, spec: &Spec) -> Option<(Strategy, String)> {
    let (to, why) = for_size(strategy, spec)?;
    Some((to, line(strategy, to.name(), &HandoverDto::from(why))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_people_read_them() {
        assert_eq!(codes_text("1296"), "1,296");
        assert_eq!(codes_text("387420489"), "387,420,489");
        assert_eq!(codes_text("332525673007965087890625"), "3.3 × 10²³");
        assert_eq!(codes_text("9990000000"), "1.0 × 10¹⁰");
    }

    #[test]
    fn the_line_names_both_strategies_in_one_short_sentence() {
        let huge = Spec::new(20, 15, true).unwrap();
        let (to, said) = before_game(Strategy::Knuth, &huge).unwrap();
        assert_eq!(to, Strategy::SampledSplit);
        assert_eq!(
            said,
            "knuth cannot list 3.3 × 10²³ codes; sampled-split plays instead"
        );
        let (to, said) = before_game(Strategy::Entropy, &Spec::new(9, 9, true).unwrap()).unwrap();
        assert_eq!(to, Strategy::RandomConsistent);
        assert_eq!(
            said,
            "entropy cannot list 387,420,489 codes; random-consistent plays instead"
        );
        assert!(before_game(Strategy::Knuth, &Spec::CLASSIC).is_none());
        let memory = HandoverDto::NoMemory { bytes: 512 << 20 };
        assert_eq!(
            line(Strategy::Knuth, "random-consistent", &memory),
            "knuth needs 512 MiB of memory to list the codes, more than this tab was given; random-consistent plays \
             instead"
        );
    }
}
