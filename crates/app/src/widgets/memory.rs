//! What a job will ask of the device's memory, said before it starts: the figure the page knows (a listing's exact
//! size, a count's limit) beside what the browser says the device has (`navigator.deviceMemory`, where it tells:
//! Chromium rounds it to 0.25-8 GB). Knows no game: each game words what the memory is for.

use wasm_bindgen::JsValue;

/// Jobs that ask less than this are not announced: every device the app runs on gives it.
pub const ANNOUNCED_FROM_BYTES: u64 = 256 << 20;

/// The device's memory in GB as the browser reports it, if it does.
pub fn device_gb() -> Option<f64> {
    let navigator = web_sys::window()?.navigator();
    js_sys::Reflect::get(&navigator, &JsValue::from_str("deviceMemory"))
        .ok()?
        .as_f64()
        .filter(|gb| *gb > 0.0)
}

/// "512 MiB of memory (this device reports 4 GB)" for a job of `bytes` (the caller says "about" or "up to"), or
/// nothing below [`ANNOUNCED_FROM_BYTES`]; `device_gb` as [`device_gb`] gives it.
pub fn needs(bytes: u64, device_gb: Option<f64>) -> Option<String> {
    if bytes < ANNOUNCED_FROM_BYTES {
        return None;
    }
    let size = crate::format::fmt_bytes(bytes);
    Some(match device_gb {
        // Browsers report 0.25 to 8 GB: whole numbers from 1 (a fixed precision keeps one float formatter).
        Some(gb) if gb >= 1.0 => format!("{size} of memory (this device reports {gb:.0} GB)"),
        Some(gb) => format!("{size} of memory (this device reports {gb:.2} GB)"),
        None => format!("{size} of memory"),
    })
}

#[cfg(test)]
mod tests {
    use super::needs;

    #[test]
    fn only_big_jobs_are_announced_with_the_devices_memory_where_known() {
        assert_eq!(needs(100 << 20, Some(4.0)), None);
        assert_eq!(
            needs(512 << 20, Some(4.0)).as_deref(),
            Some("512 MiB of memory (this device reports 4 GB)")
        );
        assert_eq!(needs(1 << 30, None).as_deref(), Some("1.0 GiB of memory"));
    }
}
