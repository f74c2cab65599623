//! How long to wait before a retry.

/// Backoff before retry `attempt` (1-based): exponential from `base_ms`, capped at
/// 10 s, with full jitter from `random` in [0, 1).
pub fn backoff_ms(attempt: u32, base_ms: u32, random: f64) -> u32 {
    let ceiling = u64::from(base_ms).saturating_mul(1u64 << attempt.min(16)).min(10_000);
    let jitter = random.clamp(0.0, 1.0);
    // Half fixed, half random: never zero, never a thundering herd.
    (ceiling as f64 * (0.5 + 0.5 * jitter)) as u32
}

/// The wait a `Retry-After` header asks for, in milliseconds, as RFC 9110
/// reads it: delay-seconds of any length (`120`; past `u64` milliseconds it
/// saturates) or an HTTP date in any of its three forms, IMF-fixdate (`Sun, 06
/// Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and
/// asctime (`Sun Nov  6 08:49:37 1994`), against `now_ms` (Unix epoch ms; a
/// date needs it). `None` for a value that is none of these (the backoff
/// applies); a date in the past asks for no wait.
///
/// ```
/// use licensing_core::response::retry_after_ms;
/// assert_eq!(retry_after_ms("2", None), Some(2_000));
/// assert_eq!(retry_after_ms("99999999999", None), Some(99_999_999_999_000));
/// assert_eq!(retry_after_ms("Thu, 01 Jan 1970 00:00:10 GMT", Some(4_000.0)), Some(6_000));
/// assert_eq!(retry_after_ms("Thursday, 01-Jan-70 00:00:10 GMT", Some(4_000.0)), Some(6_000));
/// assert_eq!(retry_after_ms("Thu Jan  1 00:00:10 1970", Some(4_000.0)), Some(6_000));
/// assert_eq!(retry_after_ms("soon", Some(0.0)), None);
/// ```
pub fn retry_after_ms(value: &str, now_ms: Option<f64>) -> Option<u64> {
    let value = value.trim().as_bytes();
    if let Some(seconds) = digits(value) {
        return Some(seconds.saturating_mul(1000));
    }
    let now = now_ms?;
    let at = imf_fixdate(value).or_else(|| rfc850_date(value, now)).or_else(|| asctime_date(value))?;
    Some((at as f64 - now).max(0.0) as u64)
}

/// The number an all-ASCII-digit run spells, saturating at `u64::MAX`
/// (`None` for anything else). By hand, like the dates' fixed layouts below:
/// `str::parse` and `split` cost ~1 KB of gzipped wasm here.
fn digits(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n.saturating_mul(10).saturating_add(u64::from(b - b'0'));
    }
    Some(n)
}

/// The month of a three-letter name (`Jan` = 1).
fn month(name: Option<&[u8]>) -> Option<i64> {
    const MONTHS: &[u8; 36] = b"JanFebMarAprMayJunJulAugSepOctNovDec";
    let name = name?;
    MONTHS.chunks(3).position(|m| m == name).map(|at| at as i64 + 1)
}

/// Whether each `(at, byte)` is where `value` has it.
fn at_places(value: &[u8], places: &[(usize, u8)]) -> bool {
    places.iter().all(|&(at, c)| value.get(at) == Some(&c))
}

/// The number spelled by `value[from..to]`.
fn field(value: &[u8], from: usize, to: usize) -> Option<i64> {
    value.get(from..to).and_then(digits).map(|n| n as i64)
}

/// `hh:mm:ss` starting at `at`, checked, as seconds of the day.
fn time_of_day(value: &[u8], at: usize) -> Option<i64> {
    if !at_places(value, &[(at + 2, b':'), (at + 5, b':')]) {
        return None;
    }
    let (h, m, s) = (field(value, at, at + 2)?, field(value, at + 3, at + 5)?, field(value, at + 6, at + 8)?);
    (h <= 23 && m <= 59 && s <= 60).then_some((h * 60 + m) * 60 + s)
}

/// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`: every field at a fixed
/// place) as Unix epoch milliseconds.
fn imf_fixdate(value: &[u8]) -> Option<i64> {
    if value.len() != 29 || value.get(3..5) != Some(b", ") || value.get(25..) != Some(b" GMT") {
        return None;
    }
    if !at_places(value, &[(7, b' '), (11, b' '), (16, b' ')]) {
        return None;
    }
    epoch_ms(field(value, 12, 16)?, month(value.get(8..11))?, field(value, 5, 7)?, time_of_day(value, 17)?)
}

/// An RFC 850 date (`Sunday, 06-Nov-94 08:49:37 GMT`, obsolete). Its year has
/// two digits: as RFC 9110 says, one that would be more than 50 years after
/// `now_ms` is the latest past year with those digits.
fn rfc850_date(value: &[u8], now_ms: f64) -> Option<i64> {
    let comma = value.iter().position(|&b| b == b',')?;
    let rest = value.get(comma + 1..)?;
    if rest.len() != 23 || !at_places(rest, &[(0, b' '), (3, b'-'), (7, b'-'), (10, b' ')]) {
        return None;
    }
    if rest.get(19..) != Some(b" GMT") {
        return None;
    }
    let years = now_ms / 31_556_952_000.0; // mean Gregorian years since 1970
                                           // A clock no date can be read against (a test's clock at 1e300, or before
                                           // year 0): none, and the backoff applies (the century was an overflow).
    if !(-1970.0..=8000.0).contains(&years) {
        return None;
    }
    let this_year = 1970 + years as i64;
    let mut year = this_year - this_year.rem_euclid(100) + field(rest, 8, 10)?;
    if year > this_year + 50 {
        year -= 100;
    }
    epoch_ms(year, month(rest.get(4..7))?, field(rest, 1, 3)?, time_of_day(rest, 11)?)
}

/// An asctime date (`Sun Nov  6 08:49:37 1994`, obsolete; the day may be
/// padded with a space).
fn asctime_date(value: &[u8]) -> Option<i64> {
    if value.len() != 24 || !at_places(value, &[(3, b' '), (7, b' '), (10, b' '), (19, b' ')]) {
        return None;
    }
    let day = match value.get(8) {
        Some(b' ') => field(value, 9, 10)?,
        _ => field(value, 8, 10)?,
    };
    epoch_ms(field(value, 20, 24)?, month(value.get(4..7))?, day, time_of_day(value, 11)?)
}

/// A civil date and a time of day (seconds) as Unix epoch milliseconds
/// (Howard Hinnant's days-from-civil, proleptic Gregorian).
fn epoch_ms(year: i64, month: i64, day: i64, seconds: i64) -> Option<i64> {
    if !(1..=31).contains(&day) {
        return None;
    }
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some((days * 86_400 + seconds) * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-24, for the two-digit years of RFC 850 dates.
    const NOW: f64 = 1_795_478_400_000.0;

    #[test]
    fn retry_after_values() {
        assert_eq!(retry_after_ms("0", None), Some(0));
        assert_eq!(retry_after_ms(" 3 ", None), Some(3_000));
        assert_eq!(retry_after_ms("-1", None), None);
        assert_eq!(retry_after_ms("1.5", None), None);
        assert_eq!(retry_after_ms("", None), None);
        // delay-seconds has no length limit: long values wait long (and saturate).
        assert_eq!(retry_after_ms("99999999999", None), Some(99_999_999_999_000));
        assert_eq!(retry_after_ms("1000000000000", None), Some(1_000_000_000_000_000));
        assert_eq!(retry_after_ms(&"9".repeat(40), None), Some(u64::MAX));
        // RFC 9110's own examples of the three forms.
        assert_eq!(imf_fixdate(b"Sun, 06 Nov 1994 08:49:37 GMT"), Some(784_111_777_000));
        assert_eq!(rfc850_date(b"Sunday, 06-Nov-94 08:49:37 GMT", NOW), Some(784_111_777_000));
        assert_eq!(asctime_date(b"Sun Nov  6 08:49:37 1994"), Some(784_111_777_000));
        assert_eq!(asctime_date(b"Sun Nov 06 08:49:37 1994"), Some(784_111_777_000));
        assert_eq!(imf_fixdate(b"Sun, 29 Feb 2032 00:00:00 GMT"), Some(1_961_625_600_000));
        // Two digits: no more than 50 years ahead of now, else the century before.
        assert_eq!(rfc850_date(b"Sunday, 29-Feb-32 00:00:00 GMT", NOW), Some(1_961_625_600_000));
        assert_eq!(rfc850_date(b"Friday, 01-Jan-77 00:00:00 GMT", NOW), Some(220_924_800_000));
        assert_eq!(rfc850_date(b"Wednesday, 01-Jan-76 00:00:00 GMT", NOW), Some(3_345_062_400_000));
        // A date needs a clock; one in the past asks for no wait; one ahead, its distance.
        assert_eq!(retry_after_ms("Sun, 06 Nov 1994 08:49:37 GMT", None), None);
        assert_eq!(retry_after_ms("Sun, 06 Nov 1994 08:49:37 GMT", Some(1e12)), Some(0));
        assert_eq!(retry_after_ms("Sunday, 06-Nov-94 08:49:37 GMT", Some(784_111_767_000.0)), Some(10_000));
        assert_eq!(retry_after_ms("Sun Nov  6 08:49:37 1994", Some(784_111_767_000.0)), Some(10_000));
        // A clock no two-digit year can be read against (it overflowed the century).
        for clock in [1e300, -1e300, f64::MAX, 1e18] {
            assert_eq!(retry_after_ms("Sunday, 06-Nov-94 08:49:37 GMT", Some(clock)), None, "{clock}");
        }
        for bad in [
            "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 06 Xyz 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 8:49:37 GMT",
            "Sun, 06 Nov 1994 24:49:37 GMT",
            "Sunday, 06-Nov-1994 08:49:37 GMT",
            "Sunday, 06 Nov 94 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 UTC",
            "Sun Nov  6 08:49:37 94",
            "Sun Nov 6 08:49:37 1994",
            "Sun Nov  6 08-49-37 1994",
        ] {
            assert_eq!(retry_after_ms(bad, Some(NOW)), None, "{bad}");
        }
    }
}
