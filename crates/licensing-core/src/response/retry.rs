//! How long to wait before a retry.

/// Backoff before retry `attempt` (1-based): exponential from `base_ms`, capped at
/// 10 s, with full jitter from `random` in [0, 1).
pub fn backoff_ms(attempt: u32, base_ms: u32, random: f64) -> u32 {
    let ceiling = u64::from(base_ms).saturating_mul(1u64 << attempt.min(16)).min(10_000);
    let jitter = random.clamp(0.0, 1.0);
    // Half fixed, half random: never zero, never a thundering herd.
    (ceiling as f64 * (0.5 + 0.5 * jitter)) as u32
}

/// The wait a `Retry-After` header asks for, in milliseconds: delay-seconds
/// (`120`) or an HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`, IMF-fixdate, the
/// form RFC 9110 says senders use) against `now_ms` (Unix epoch ms; a date
/// needs it). `None` for a value that is neither (the backoff applies); a
/// date in the past asks for no wait.
///
/// ```
/// use licensing_core::response::retry_after_ms;
/// assert_eq!(retry_after_ms("2", None), Some(2_000));
/// assert_eq!(retry_after_ms("Thu, 01 Jan 1970 00:00:10 GMT", Some(4_000.0)), Some(6_000));
/// assert_eq!(retry_after_ms("soon", Some(0.0)), None);
/// ```
pub fn retry_after_ms(value: &str, now_ms: Option<f64>) -> Option<u64> {
    let value = value.trim().as_bytes();
    if !value.is_empty() && value.len() <= 10 {
        if let Some(seconds) = digits(value) {
            return Some(seconds * 1000);
        }
    }
    let at = http_date_ms(value)?;
    Some((at as f64 - now_ms?).max(0.0) as u64)
}

/// The number an all-ASCII-digit run spells (`None` for anything else). By
/// hand, like the date's fixed layout below: `str::parse` and `split` cost
/// ~1 KB of gzipped wasm here.
fn digits(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u64::from(b - b'0');
    }
    Some(n)
}

/// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`: every field at a fixed
/// place) as Unix epoch milliseconds.
fn http_date_ms(value: &[u8]) -> Option<i64> {
    const MONTHS: &[u8; 36] = b"JanFebMarAprMayJunJulAugSepOctNovDec";
    if value.len() != 29 || value.get(3..5) != Some(b", ") || value.get(25..) != Some(b" GMT") {
        return None;
    }
    let field = |from: usize, to: usize| value.get(from..to).and_then(digits).map(|n| n as i64);
    let month = MONTHS.chunks(3).position(|m| Some(m) == value.get(8..11))? as i64 + 1;
    let separators = [(7, b' '), (11, b' '), (16, b' '), (19, b':'), (22, b':')];
    if separators.iter().any(|&(at, c)| value.get(at) != Some(&c)) {
        return None;
    }
    let (day, year) = (field(5, 7)?, field(12, 16)?);
    let (h, m, s) = (field(17, 19)?, field(20, 22)?, field(23, 25)?);
    if !(1..=31).contains(&day) || h > 23 || m > 59 || s > 60 {
        return None;
    }
    // Days from the civil date (Howard Hinnant's algorithm), proleptic Gregorian.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(((days * 24 + h) * 60 + m) * 60_000 + s * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_values() {
        assert_eq!(retry_after_ms("0", None), Some(0));
        assert_eq!(retry_after_ms(" 3 ", None), Some(3_000));
        assert_eq!(retry_after_ms("-1", None), None);
        assert_eq!(retry_after_ms("1.5", None), None);
        assert_eq!(retry_after_ms("", None), None);
        // RFC 9110's own example.
        assert_eq!(http_date_ms(b"Sun, 06 Nov 1994 08:49:37 GMT"), Some(784_111_777_000));
        assert_eq!(http_date_ms(b"Sun, 29 Feb 2032 00:00:00 GMT"), Some(1_961_625_600_000));
        // A date needs a clock; one in the past asks for no wait.
        assert_eq!(retry_after_ms("Sun, 06 Nov 1994 08:49:37 GMT", None), None);
        assert_eq!(retry_after_ms("Sun, 06 Nov 1994 08:49:37 GMT", Some(1e12)), Some(0));
        for bad in [
            "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 06 Xyz 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 8:49:37 GMT",
        ] {
            assert_eq!(http_date_ms(bad.as_bytes()), None, "{bad}");
        }
    }
}
