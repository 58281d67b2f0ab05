//! The opening books a program was given while it runs ([`crate::partition::opening`] reads them): the browser's
//! solver leaves them out of its first download and its worker fetches the one a game needs.

/// Books given, by file name: the text, or why it could not be had.
#[derive(Default)]
pub struct Books(Vec<(String, Result<String, String>)>);

impl Books {
    /// Keeps what fetching `file` gave, in place of what an earlier fetch of it gave.
    pub(crate) fn give(&mut self, file: &str, text: Result<String, String>) {
        self.0.retain(|(f, _)| f != file);
        self.0.push((file.to_string(), text));
    }

    /// What fetching `file` gave, if it was fetched.
    pub(crate) fn get(&self, file: &str) -> Option<Result<&str, &str>> {
        self.0
            .iter()
            .find(|(f, _)| f == file)
            .map(|(_, t)| t.as_deref().map_err(String::as_str))
    }
}
