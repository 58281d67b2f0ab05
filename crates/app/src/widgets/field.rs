//! What a form field's change event says: the value of the `<select>`, `<input>` or `<textarea>` it came from. One
//! place for every page's menus and fields.

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The value of the field `e` came from (empty when it came from no field).
pub fn value(e: &Event) -> String {
    if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
        return s.value();
    }
    if let Some(i) = e.target_dyn_into::<HtmlInputElement>() {
        return i.value();
    }
    e.target_dyn_into::<HtmlTextAreaElement>()
        .map(|t| t.value())
        .unwrap_or_default()
}

/// The index of the option chosen in the `<select>` `e` came from.
pub fn selected_index(e: &Event) -> Option<usize> {
    e.target_dyn_into::<HtmlSelectElement>()
        .and_then(|s| usize::try_from(s.selected_index()).ok())
}

/// Whether the checkbox `e` came from is ticked.
pub fn checked(e: &Event) -> bool {
    e.target_dyn_into::<HtmlInputElement>()
        .is_some_and(|i| i.checked())
}
