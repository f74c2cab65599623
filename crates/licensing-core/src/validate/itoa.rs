//! Decimal integers into strings without `core::fmt`: `to_string()` on a number
//! pulls the formatting machinery (several KB) into the wasm for a few digits.

/// Appends `n` in decimal.
pub(crate) fn push(out: &mut String, n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        if let Some(slot) = buf.get_mut(i) {
            *slot = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    for &b in buf.get(i..).unwrap_or_default() {
        out.push(char::from(b));
    }
}

/// Appends `n` in decimal, with a `-` when negative.
pub(crate) fn push_signed(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push(out, n.unsigned_abs());
}

/// `n` in decimal.
pub(crate) fn signed(n: i64) -> String {
    let mut s = String::with_capacity(20);
    push_signed(&mut s, n);
    s
}

/// `n` in decimal.
pub(crate) fn unsigned(n: u64) -> String {
    let mut s = String::with_capacity(20);
    push(&mut s, n);
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn matches_to_string() {
        for n in [0i64, 7, 10, 99, 1_700_000_000_000, -1, i64::MIN, i64::MAX] {
            assert_eq!(super::signed(n), n.to_string());
        }
        assert_eq!(super::unsigned(u64::MAX), u64::MAX.to_string());
    }
}
