//! The one shuffle of the crate.

/// Puts `xs` in a uniformly random order (Fisher-Yates, from the end). One loop for every shuffle in the crate,
/// so seeded games draw the same numbers wherever they shuffle.
pub(crate) fn shuffle<T>(xs: &mut [T], rng: &mut impl rand::Rng) {
    use rand::RngExt;
    for i in (1..xs.len()).rev() {
        xs.swap(i, rng.random_range(0..=i));
    }
}
