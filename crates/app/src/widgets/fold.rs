//! A page's settings, folded a tap away where the board must come first (a phone, a frame): drawn as they are, or
//! inside a `<details>` whose summary says what they are set to.

use yew::prelude::*;

/// Props of [`Fold`].
#[derive(Properties, PartialEq)]
pub struct FoldProps {
    /// Fold them (closed until tapped).
    pub folded: bool,
    /// The folded box's id.
    pub id: AttrValue,
    /// What they are set to, in a line: the folded box's summary.
    pub summary: AttrValue,
    /// The settings.
    pub children: Html,
}

/// The settings, folded or not.
#[component]
pub fn Fold(props: &FoldProps) -> Html {
    if props.folded {
        html! {
            <details class="embed-settings" id={props.id.clone()}>
                <summary>{ props.summary.clone() }</summary>
                { props.children.clone() }
            </details>
        }
    } else {
        props.children.clone()
    }
}
