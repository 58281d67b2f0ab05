//! A progress bar for a job's current piece of work: `done` of `total` units, named for screen readers. Knows no
//! game.

use yew::prelude::*;

/// Props of [`ProgressBar`].
#[derive(Properties, PartialEq)]
pub struct ProgressProps {
    /// Units finished.
    pub done: u64,
    /// Units in all (nothing is drawn while it is 0: the work has not said how much there is).
    pub total: u64,
    /// What the units are ("prefix ranges", "games").
    #[prop_or_default]
    pub unit: AttrValue,
    /// An id for the element.
    #[prop_or_default]
    pub id: Option<AttrValue>,
}

/// `<progress>` with its units in words.
#[component]
pub fn ProgressBar(props: &ProgressProps) -> Html {
    if props.total == 0 {
        return html! {};
    }
    let label = format!("{} of {} {}", props.done, props.total, props.unit);
    html! {
        <progress id={props.id.clone()} max={props.total.to_string()} value={props.done.min(props.total).to_string()}
            aria-label={label.clone()} title={label}></progress>
    }
}
