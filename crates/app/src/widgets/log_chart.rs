//! A line chart of values over steps on a log scale (values may be huge and only bounds): what a search has
//! left after each step. Knows no game.

use protocol::group_digits;
use yew::prelude::*;

/// `log10` of a count written in decimal (counts may exceed `u128`'s range as text, never `f64`'s).
fn log10(value: &str) -> f64 {
    value.parse::<f64>().map_or(0.0, |v| v.max(1.0).log10())
}

/// A count for a chart label: `1,296`, `2.4e6`, `1.3e130`.
pub fn short_count(value: &str) -> String {
    if value.len() <= 6 {
        return group_digits(value);
    }
    // In words a class reads aloud: 9.7 million, 1.2 billion; past trillions, a power of ten.
    let digits = value.len();
    let (unit, size) = match digits {
        7..=9 => ("million", 6),
        10..=12 => ("billion", 9),
        13..=15 => ("trillion", 12),
        _ => ("", digits - 1),
    };
    let whole = &value[..digits - size];
    let tenth = &value[digits - size..digits - size + 1];
    if unit.is_empty() {
        let exponent: String = (digits - 1).to_string().chars().map(superscript).collect();
        format!("{whole}.{tenth}×10{exponent}")
    } else {
        format!("{whole}.{tenth} {unit}")
    }
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
    let ticks: Vec<f64> = (0..)
        .map(|k| f64::from(k) * step)
        .take_while(|&t| t <= top)
        .collect();
    let points: Vec<(usize, &ChartPoint)> = counts
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.as_ref().map(|c| (i, c)))
        .collect();
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
                            { if t < 7.0 { short_count(&format!("{}", 10u64.pow(t as u32))) } else { format!("1e{t}") } }
                        </text>
                    </g>
                }) }
                { for (0..counts.len()).map(|i| html! {
                    <text class="x" x={format!("{:.1}", x(i))} y={format!("{}", H - 6.0)} text-anchor="middle">{ i }</text>
                }) }
                <text class="axis" x={format!("{}", W - 4.0)} y={format!("{}", H - 6.0)} text-anchor="end">{ props.x_axis.clone() }</text>
                <text class="axis" x="4" y="12">{ props.y_axis.clone() }</text>
                <path class="line" d={path} />
                { for points.iter().map(|(i, c)| {
                    let (cx, cy) = (x(*i), y(log10(&c.value)));
                    let label = format!("{}{}", if c.exact { "" } else { "≥" }, short_count(&c.value));
                    html! {
                        <g class={classes!("point", (!c.exact).then_some("bound"))} data-row={i.to_string()} data-value={c.value.clone()}>
                            <circle cx={format!("{cx:.1}")} cy={format!("{cy:.1}")} r="5" />
                            <text x={format!("{cx:.1}")} y={format!("{:.1}", cy - 9.0)} text-anchor="middle">{ label }</text>
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
            ("100000", "100,000"),
            ("2400000", "2.4 million"),
            ("9700000", "9.7 million"),
            ("10000000000", "10.0 billion"),
            ("123456789012345", "123.4 trillion"),
            ("1000000000000000", "1.0×10¹⁵"),
        ] {
            assert_eq!(short_count(v), s);
        }
        assert_eq!(log10("1000"), 3.0);
        assert_eq!(log10("0"), 0.0);
    }
}
