//! A code: one colour (0-based) per peg, with parsing from the `3,1,4,1` form people and links use.

use std::fmt;

use rand::{Rng, RngExt};

use crate::Spec;

/// A code of `spec.pegs` colours, each below `spec.colors`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code(Vec<u8>);

/// Why a code could not be read or does not fit its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// A part between commas is not a number.
    NotANumber(String),
    /// The code has the wrong number of pegs.
    Length {
        /// Pegs expected.
        expected: u8,
        /// Pegs found.
        found: usize,
    },
    /// A colour index is too large.
    Color {
        /// Position of the peg, from 0.
        peg: usize,
        /// Colour found.
        color: u32,
        /// Colours in the game.
        colors: u8,
    },
    /// A colour repeats although the game forbids it.
    Repeat(u8),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::NotANumber(s) => write!(f, "'{s}' is not a colour number"),
            CodeError::Length { expected, found } => {
                write!(f, "a code needs {expected} pegs, this one has {found}")
            }
            CodeError::Color { peg, color, colors } => write!(
                f,
                "peg {} has colour {color}, but colours go from 0 to {}",
                peg + 1,
                colors - 1
            ),
            CodeError::Repeat(c) => write!(f, "colour {c} repeats, but this game forbids repeats"),
        }
    }
}

impl std::error::Error for CodeError {}

impl Code {
    /// Builds a code after checking it against `spec`.
    pub fn new(spec: &Spec, pegs: Vec<u8>) -> Result<Code, CodeError> {
        if pegs.len() != usize::from(spec.pegs) {
            return Err(CodeError::Length {
                expected: spec.pegs,
                found: pegs.len(),
            });
        }
        let mut seen = 0u32;
        for (peg, &c) in pegs.iter().enumerate() {
            if c >= spec.colors {
                return Err(CodeError::Color {
                    peg,
                    color: u32::from(c),
                    colors: spec.colors,
                });
            }
            if !spec.repeats && seen & (1 << c) != 0 {
                return Err(CodeError::Repeat(c));
            }
            seen |= 1 << c;
        }
        Ok(Code(pegs))
    }

    /// Reads `3,1,4,1` (colour indices from 0, separated by commas; spaces allowed).
    pub fn parse(spec: &Spec, text: &str) -> Result<Code, CodeError> {
        let pegs = text
            .split(',')
            .map(|part| {
                let part = part.trim();
                match part.parse::<u32>() {
                    Ok(c) if c < 256 => Ok(c as u8),
                    Ok(c) => Err(CodeError::Color {
                        peg: 0,
                        color: c,
                        colors: spec.colors,
                    }),
                    Err(_) => Err(CodeError::NotANumber(part.to_string())),
                }
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Code::new(spec, pegs)
    }

    /// A code drawn uniformly from every code of `spec`.
    pub fn random(spec: &Spec, rng: &mut impl Rng) -> Code {
        let mut pegs: Vec<u8> = Vec::with_capacity(usize::from(spec.pegs));
        if spec.repeats {
            pegs.extend((0..spec.pegs).map(|_| rng.random_range(0..spec.colors)));
        } else {
            let mut pool: Vec<u8> = (0..spec.colors).collect();
            for i in 0..usize::from(spec.pegs) {
                let j = rng.random_range(i..pool.len());
                pool.swap(i, j);
                pegs.push(pool[i]);
            }
        }
        Code(pegs)
    }

    /// The colours, one per peg.
    pub fn pegs(&self) -> &[u8] {
        &self.0
    }

    /// Builds a code from pegs already known to be valid (used by the search, which only makes valid codes).
    pub(crate) fn from_valid(pegs: Vec<u8>) -> Code {
        Code(pegs)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(spec: Spec, text: &str, expected: Result<&[u8], CodeError>) {
        assert_eq!(
            Code::parse(&spec, text).as_ref().map(|c| c.pegs()),
            expected.as_ref().map(|p| *p)
        );
    }

    #[test]
    fn parse() {
        let classic = Spec::CLASSIC;
        let no_rep = Spec::new(4, 6, false).unwrap();
        check(classic, "3,1,4,1", Ok(&[3, 1, 4, 1]));
        check(classic, " 0, 5 ,5,0", Ok(&[0, 5, 5, 0]));
        check(
            classic,
            "3,1,4",
            Err(CodeError::Length {
                expected: 4,
                found: 3,
            }),
        );
        check(classic, "3,1,x,1", Err(CodeError::NotANumber("x".into())));
        check(
            classic,
            "3,1,6,1",
            Err(CodeError::Color {
                peg: 2,
                color: 6,
                colors: 6,
            }),
        );
        check(no_rep, "3,1,4,1", Err(CodeError::Repeat(1)));
        check(classic, "", Err(CodeError::NotANumber(String::new())));
    }

    #[test]
    fn display_round_trips() {
        let spec = Spec::CLASSIC;
        let code = Code::parse(&spec, "0,5,2,2").unwrap();
        assert_eq!(Code::parse(&spec, &code.to_string()), Ok(code));
    }

    #[test]
    fn random_codes_are_valid() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for spec in [
            Spec::CLASSIC,
            Spec::new(6, 6, false).unwrap(),
            Spec::new(100, 20, true).unwrap(),
        ] {
            for _ in 0..50 {
                let code = Code::random(&spec, &mut rng);
                assert_eq!(Code::new(&spec, code.pegs().to_vec()), Ok(code));
            }
        }
    }

    use rand::SeedableRng;
}
