//! The page built for peg solitaire (`page-pegs.js`; web/boot.js loads it for its pages).
fn main() {
    app::run();
}
