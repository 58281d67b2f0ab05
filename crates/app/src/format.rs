//! Numbers for people, shared by every page.

/// Milliseconds for people: 0.42, 3.1, 250.
pub fn fmt_ms(ms: f64) -> String {
    if ms < 1.0 {
        format!("{ms:.2}")
    } else if ms < 10.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.0}")
    }
}

/// Bytes for people, in binary units: "512 MiB", "1.0 GiB".
pub fn fmt_bytes(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}
