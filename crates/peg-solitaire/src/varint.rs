//! Numbers in 7-bit groups, lowest first, the high bit set on every group but the last (LEB128): how the shipped
//! books (the winning books, the opening book) store sorted positions as small gaps.

/// Appends `x` to `out`.
pub(crate) fn write(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// The number at the start of `bytes`, and the bytes it took; none where it is cut short or too long for 64 bits.
pub(crate) fn read(bytes: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for (i, &b) in bytes.iter().enumerate().take(10) {
        value |= u64::from(b & 0x7f).checked_shl(7 * i as u32)?;
        if b & 0x80 == 0 {
            return Some((value, i + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_read_back_as_written() {
        let mut out = Vec::new();
        for x in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            out.clear();
            super::write(&mut out, x);
            assert_eq!(super::read(&out), Some((x, out.len())));
        }
        assert_eq!(super::read(&[0x80]), None, "cut short");
    }
}
