//! The page built for Mastermind (`page-mastermind.js`; web/boot.js loads it for its pages).
fn main() {
    app::run();
}
