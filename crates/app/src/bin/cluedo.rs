//! The page built for Cluedo (`page-cluedo.js`; web/boot.js loads it for its pages).
fn main() {
    app::run();
}
