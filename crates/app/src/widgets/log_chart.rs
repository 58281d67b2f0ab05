//! A line chart of values over steps on a log scale (values may be huge and only bounds): what a search has
//! left after each step. Knows no game.

use protocol::group_digits;
use yew::prelude::*;

/// `log10` of a count written in decimal (counts may exceed `u128`'s range as text, never `f64`'s).
fn log10(value: &str) -> f64 {
    value.parse::<f64>().map_or(0.0, |v| v.max(1.0).log10())
}

/// A count in one short format, the same on charts, the peg board's heat map and the panels: exact up to 9,999
/// (`1,296`), then two figures and a power of ten (`2.4×10⁶`, `1.3×10¹³⁰`).
pub fn short_count(value: &str) -> String {
    let digits = value.len();
    if digits <= 4 {
        return group_digits(value);
    }
    // Past 9,999: two figures and a power of ten, one format at every size (no "million" beside "×10¹⁵").
    let exponent: String = (digits - 1).to_string().chars().map(superscript).collect();
    format!("{}.{}×10{exponent}", &value[..1], &value[1..2])
}

/// `10^t` in the same format: `1`, `10`, `100`, `1,000`, then `10⁴`, `10⁵`, ...
fn power_of_ten(t: u32) -> String {
    if t < 4 {
        group_digits(&10u64.pow(t).to_string())
    } else {
        format!(
            "10{}",
            t.to_string().chars().map(superscript).collect::<String>()
        )
    }
}

/// Which of the labels centred at `xs` (each `widths` wide, in order) to draw so that none overlaps another: from
/// the left, each that clears the one before; the last always (the latest value), at the cost of those it covers.
fn spaced(xs: &[f64], widths: &[f64]) -> Vec<bool> {
    const GAP: f64 = 4.0;
    let mut keep = vec![false; xs.len()];
    let mut right = f64::NEG_INFINITY;
    for i in 0..xs.len() {
        if xs[i] - widths[i] / 2.0 >= right + GAP {
            keep[i] = true;
            right = xs[i] + widths[i] / 2.0;
        }
    }
    if let Some(last) = xs.len().checked_sub(1)
        && !keep[last]
    {
        keep[last] = true;
        let left = xs[last] - widths[last] / 2.0;
        for i in (0..last).rev() {
            if keep[i] && xs[i] + widths[i] / 2.0 + GAP > left {
                keep[i] = false;
            }
        }
    }
    keep
}

fn superscript(d: char) -> char {
    match d {
        '0' => '⁰',
        '1' => '¹',
        '2' => '²',
        '3' => '³',
        '4' => '⁴',
        '5' => '⁵',
        '6' => '⁶',
        '7' => '⁷',
        '8' => '⁸',
        '9' => '⁹',
        other => other,
    }
}

/// One value of a [`LogChart`]: decimal text (it may exceed what `u128` holds), exact or a lower bound.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPoint {
    /// The value, in decimal.
    pub value: String,
    /// Whether it is exact (else a lower bound, drawn hollow and written "≥").
    pub exact: bool,
}

/// Props of [`LogChart`].
#[derive(Properties, PartialEq)]
pub struct ChartProps {
    /// The values after step 0, 1, 2, … (`None`: not known).
    pub values: Vec<Option<ChartPoint>>,
    /// The chart's caption.
    pub caption: AttrValue,
    /// What the values are, for the screen-reader summary ("Codes still possible").
    pub what: AttrValue,
    /// What one step is ("guess").
    pub step: AttrValue,
    /// The horizontal axis ("guesses").
    pub x_axis: AttrValue,
    /// The vertical axis ("codes").
    pub y_axis: AttrValue,
}

/// Values after each step on a log scale, with the same numbers in words for screen readers.
#[component]
pub fn LogChart(props: &ChartProps) -> Html {
    const W: f64 = 640.0;
    const H: f64 = 200.0;
    const LEFT: f64 = 52.0;
    const BOTTOM: f64 = 26.0;
    const TOP: f64 = 18.0;
    let counts = &props.values;
    let top = counts
        .iter()
        .flatten()
        .map(|c| log10(&c.value))
        .fold(1.0, f64::max)
        .ceil();
    let n = counts.len().max(2) - 1;
    let x = |i: usize| LEFT + (W - LEFT - 76.0) * i as f64 / n as f64;
    let y = |l: f64| TOP + (H - TOP - BOTTOM) * (1.0 - l / top);
    let step = (top / 5.0).ceil().max(1.0);
    // Step numbers 18 px apart at least: every one, or every second, fifth, ...
    let x_every = [1, 2, 5, 10, 20, 50]
        .into_iter()
        .find(|k| (W - LEFT - 76.0) / n as f64 * *k as f64 >= 18.0)
        .unwrap_or(100);
    let ticks: Vec<f64> = (0..)
        .map(|k| f64::from(k) * step)
        .take_while(|&t| t <= top)
        .collect();
    let points: Vec<(usize, &ChartPoint)> = counts
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.as_ref().map(|c| (i, c)))
        .collect();
    let label = |c: &ChartPoint| {
        format!(
            "{}{}",
            if c.exact { "" } else { "≥" },
            short_count(&c.value)
        )
    };
    // A point on the axis sits beside the tick labels: its label starts at the point instead of being centred on
    // it, so that it does not cover them.
    let on_axis = |cx: f64| cx < LEFT + 1.0;
    let width = |c: &ChartPoint| label(c).chars().count() as f64 * 7.5;
    // Labels are 12 px bold: about 7.5 px a character (a superscript or "×" counts as one).
    let shown = spaced(
        &points
            .iter()
            .map(|(i, c)| {
                let cx = x(*i);
                if on_axis(cx) { cx + width(c) / 2.0 } else { cx }
            })
            .collect::<Vec<_>>(),
        &points.iter().map(|(_, c)| width(c)).collect::<Vec<_>>(),
    );
    let path = points
        .iter()
        .enumerate()
        .map(|(k, (i, c))| {
            let cmd = if k == 0 { 'M' } else { 'L' };
            format!("{cmd}{:.1},{:.1}", x(*i), y(log10(&c.value)))
        })
        .collect::<Vec<_>>()
        .join(" ");
    let summary = format!(
        "{}: {}",
        props.what,
        counts
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let v = c.as_ref().map_or("not counted".to_string(), |c| {
                    format!("{}{}", if c.exact { "" } else { "at least " }, c.value)
                });
                if i == 0 {
                    format!("before any {} {v}", props.step)
                } else {
                    format!("after {} {i} {v}", props.step)
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    );
    html! {
        <figure class="chart card" data-points={points.len().to_string()}>
            <figcaption>{ props.caption.clone() }</figcaption>
            <svg viewBox={format!("0 0 {W} {H}")} role="img" aria-label={summary}>
                { for ticks.iter().map(|&t| html! {
                    <g class="tick">
                        <line x1={format!("{LEFT}")} x2={format!("{}", W - 10.0)} y1={format!("{:.1}", y(t))} y2={format!("{:.1}", y(t))} />
                        <text x={format!("{}", LEFT - 6.0)} y={format!("{:.1}", y(t) + 4.0)} text-anchor="end">
                            { power_of_ten(t as u32) }
                        </text>
                    </g>
                }) }
                { for (0..counts.len()).filter(|i| i % x_every == 0).map(|i| html! {
                    <text class="x" x={format!("{:.1}", x(i))} y={format!("{}", H - 6.0)} text-anchor="middle">{ i }</text>
                }) }
                <text class="axis" x={format!("{}", W - 4.0)} y={format!("{}", H - 6.0)} text-anchor="end">{ props.x_axis.clone() }</text>
                <text class="axis" x="4" y="12">{ props.y_axis.clone() }</text>
                <path class="line" d={path} />
                { for points.iter().zip(shown).map(|((i, c), show)| {
                    let (cx, cy) = (x(*i), y(log10(&c.value)));
                    let label = label(c);
                    let anchor = if on_axis(cx) { "start" } else { "middle" };
                    html! {
                        <g class={classes!("point", (!c.exact).then_some("bound"))} data-row={i.to_string()} data-value={c.value.clone()}>
                            <title>{ format!("{}{}", if c.exact { "" } else { "at least " }, group_digits(&c.value)) }</title>
                            <circle cx={format!("{cx:.1}")} cy={format!("{cy:.1}")} r="5" />
                            if show {
                                <text x={format!("{cx:.1}")} y={format!("{:.1}", cy - 9.0)} text-anchor={anchor}>{ label }</text>
                            }
                        </g>
                    }
                }) }
            </svg>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_short_on_the_chart() {
        for (v, s) in [
            ("7", "7"),
            ("1296", "1,296"),
            ("12345", "1.2×10⁴"),
            ("9700000", "9.7×10⁶"),
            ("142400000000000", "1.4×10¹⁴"),
            ("4800000000000000", "4.8×10¹⁵"),
        ] {
            assert_eq!(short_count(v), s);
        }
        assert_eq!(power_of_ten(3), "1,000");
        assert_eq!(power_of_ten(8), "10⁸");
        assert_eq!(log10("1000"), 3.0);
        assert_eq!(log10("0"), 0.0);
    }

    #[test]
    fn chart_labels_never_overlap_and_the_latest_is_always_shown() {
        // Three labels 40 px wide, 30 px apart: the middle one gives way.
        assert_eq!(spaced(&[0.0, 30.0, 60.0], &[40.0; 3]), [true, false, true]);
        // The last clears what it covers, even a label kept before it.
        assert_eq!(spaced(&[0.0, 50.0, 70.0], &[40.0; 3]), [true, false, true]);
        assert_eq!(spaced(&[0.0, 100.0], &[40.0; 2]), [true, true]);
        assert!(spaced(&[], &[]).is_empty());
    }
}
