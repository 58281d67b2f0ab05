//! The page built with no game: the home page, and a wrong address (`page-home.js`).
fn main() {
    app::run();
}
