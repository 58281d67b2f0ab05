//! Optimal trees found ahead of time by [`super::Optimal`]'s search, for games where that search takes longer
//! than a person should wait. Each book lists, in pre-order with children in feedback order, the guess (code
//! index in lexicographic order) of every node holding at least three codes. A test checks each book against
//! its published total; `puzzle-lab mastermind book --pegs P --colors C` writes them.

use crate::Spec;

/// The book for `spec`, if one is shipped.
pub(super) fn book(spec: &Spec) -> Option<&'static [u16]> {
    match (spec.pegs, spec.colors, spec.repeats) {
        (4, 6, true) => Some(CLASSIC),
        _ => None,
    }
}

/// 4 pegs x 6 colours, repeats allowed: 5625 guesses over the 1296 secrets (Koyama and Lai 1993), worst 6.
const CLASSIC: &[u16] = &[
    8, 785, 1030, 1072, 820, 777, 1066, 826, 827, 814, 825, 815, 346, 1265, 537, 1049, 1151, 833,
    1181, 593, 645, 635, 964, 520, 970, 1060, 628, 557, 935, 591, 963, 639, 797, 715, 859, 929,
    395, 525, 1203, 761, 832, 569, 285, 421, 569, 280, 415, 419, 526, 823, 393, 567, 712, 787, 923,
    718, 353, 760, 417, 59, 343, 781, 351, 130, 407, 644, 263, 1256, 405, 367, 911, 950, 590, 638,
    860, 608, 1280, 262, 406, 215, 824, 893, 369, 1114, 333, 596, 694, 1004, 898, 677, 682, 137,
    136, 135, 339, 1008, 600, 1121, 1045, 509, 534, 941, 508, 581, 528, 365, 624, 588, 276, 256,
    257, 594, 503, 967, 502, 601, 708, 917, 579, 939, 316, 323, 484, 485, 298, 354, 255, 377, 376,
    490, 700, 307, 315, 297, 309, 112, 428, 479, 299, 284, 698, 402, 258, 583, 392, 932, 297, 477,
    374, 704, 614, 478, 67, 338, 1105, 453, 380, 465, 235, 366, 239, 241, 460, 69, 95, 65, 161,
    101, 448, 106, 180, 88, 243, 894, 174, 238, 63, 138, 58, 138, 132, 58, 467, 30, 551, 896, 368,
    227, 1052, 101, 452, 122, 465, 679, 155, 190, 310, 396, 613, 408, 293, 541, 472, 112, 233, 53,
    451, 192, 362, 91, 66, 450, 60, 75, 40, 58, 17, 443, 31, 68, 441, 81, 62, 58, 2, 224, 31, 9,
    48, 38,
];
