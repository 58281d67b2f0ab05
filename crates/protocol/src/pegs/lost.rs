//! Why no game reaches the finish, as it travels: the core's [`peg_solitaire::Lost`] as a message.

use peg_solitaire::{Lost, ParityCount};
use serde::{Deserialize, Serialize};

/// Why no game reaches the finish, as it travels (see [`peg_solitaire::Lost`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LostDto {
    /// No jump is left.
    NoJumpLeft,
    /// The rule of three: the parity of the pegs on the `marked` holes never changes.
    Class {
        /// The holes counted.
        marked: Vec<u8>,
        /// Pegs on them now.
        pegs: u32,
        /// Pegs on them at the finish.
        finish_pegs: u32,
    },
    /// The rule of three with two counts that rule out every finish between them.
    ClassPair {
        /// The first count.
        first: ParityDto,
        /// The second.
        second: ParityDto,
    },
    /// A pagoda function whose total here is below the finish's.
    Pagoda {
        /// Each hole's weight.
        weights: Vec<f64>,
        /// The position's total.
        total: f64,
        /// The finish's total.
        finish_total: f64,
    },
    /// Every game from here was looked at.
    NoGame,
}

/// Pegs on a set of holes whose parity no jump changes (see [`peg_solitaire::ParityCount`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParityDto {
    /// The holes counted.
    pub marked: Vec<u8>,
    /// Pegs on them now.
    pub pegs: u32,
}

impl From<ParityCount> for ParityDto {
    fn from(c: ParityCount) -> ParityDto {
        ParityDto {
            marked: c.marked,
            pegs: c.pegs,
        }
    }
}

impl From<Lost> for LostDto {
    fn from(l: Lost) -> LostDto {
        match l {
            Lost::NoJumpLeft => LostDto::NoJumpLeft,
            Lost::Class {
                marked,
                pegs,
                finish_pegs,
            } => LostDto::Class {
                marked,
                pegs,
                finish_pegs,
            },
            Lost::ClassPair { first, second } => LostDto::ClassPair {
                first: first.into(),
                second: second.into(),
            },
            Lost::Pagoda {
                weights,
                total,
                finish_total,
            } => LostDto::Pagoda {
                weights,
                total,
                finish_total,
            },
            Lost::NoGame => LostDto::NoGame,
        }
    }
}
