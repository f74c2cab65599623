//! "Did you mean ...?": the closest known name when a field or enum value differs
//! only in case or by a small edit.

/// Longest input we compare; anything longer is no typo of a field name.
const MAX_LEN: usize = 64;

/// The candidate equal ignoring ASCII case, else the one within edit distance 2
/// (and less than half its length), else none.
pub(crate) fn closest<'s>(input: &str, candidates: &[&'s str]) -> Option<&'s str> {
    if input.is_empty() || input.len() > MAX_LEN {
        return None;
    }
    if let Some(c) = candidates.iter().find(|c| c.eq_ignore_ascii_case(input)) {
        return Some(c);
    }
    // A distance is at least the difference in length, so most candidates need
    // no table at all; the rest are compared without a lowered copy of each
    // (one longer than MAX_LEN is too far: `distance_within`).
    let lower = input.to_ascii_lowercase();
    candidates
        .iter()
        .filter(|c| c.len().abs_diff(lower.len()) <= MAX_EDITS)
        .map(|c| (distance_within(lower.as_bytes(), c.as_bytes()), *c))
        .filter(|(d, c)| *d <= MAX_EDITS && *d * 2 < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// The most edits a suggestion may be away.
const MAX_EDITS: usize = 2;

/// The edit distance between `a` (lower-case) and `b` (compared lower-cased),
/// or `MAX_EDITS + 1` as soon as a row shows it will be more: the suggestion
/// was 15 % of validating a one-order body with one unknown field. One row of
/// bytes, updated in place (the cell above-left kept aside): half the code of
/// two rows swapped after each.
fn distance_within(a: &[u8], b: &[u8]) -> usize {
    let too_far = MAX_EDITS + 1;
    // Both are at most MAX_LEN bytes (checked by the caller), so every cell fits
    // a byte; a longer `b` is too far.
    let mut cells = [0u8; MAX_LEN + 1];
    let Some(row) = cells.get_mut(..=b.len()) else { return too_far };
    let mut column = 0u8;
    for cell in row.iter_mut() {
        *cell = column;
        column = column.saturating_add(1);
    }
    let Some((first, rest)) = row.split_first_mut() else { return too_far };
    let mut deleted = 0u8;
    for &ca in a {
        // The first column: the deletions so far; every row's least value is a
        // bound on the distance (the early exit below).
        deleted = deleted.saturating_add(1);
        let mut diag = *first;
        *first = deleted;
        let mut left = deleted;
        let mut row_min = deleted;
        for (cell, &cb) in rest.iter_mut().zip(b) {
            let up = *cell;
            let cost = u8::from(ca != cb.to_ascii_lowercase());
            let d = diag.saturating_add(cost).min(up.saturating_add(1)).min(left.saturating_add(1));
            diag = up;
            *cell = d;
            left = d;
            row_min = row_min.min(d);
        }
        if usize::from(row_min) > MAX_EDITS {
            return too_far;
        }
    }
    usize::from(rest.last().copied().unwrap_or(*first)).min(too_far)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain table, for reference.
    fn levenshtein(a: &[u8], b: &[u8]) -> usize {
        let mut prev: Vec<usize> = (0..=b.len()).collect();
        for (i, &ca) in a.iter().enumerate() {
            let mut cur = vec![i + 1];
            for (j, &cb) in b.iter().enumerate() {
                let d = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
                cur.push(d);
            }
            prev = cur;
        }
        prev[b.len()]
    }

    #[test]
    fn the_bounded_distance_agrees_with_the_plain_table() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "abc",
            "channelCode",
            "chanelCode",
            "channelcode",
            "assetNo",
            "assetNos",
            "color",
            "licenseType",
            "licensetype",
            "lisenceType",
            "orderType",
            "ordertype",
            "sequence",
            "sequnce",
            "x",
            "xy",
            "limitConcurrent",
            "limitconcurrent",
            "limitConcurent",
            "productUri",
            "productUrl",
            "srcLicenseOrderId",
        ];
        for a in words {
            let lower = a.to_ascii_lowercase();
            for b in words {
                let full = levenshtein(lower.as_bytes(), b.to_ascii_lowercase().as_bytes());
                assert_eq!(distance_within(lower.as_bytes(), b.as_bytes()), full.min(MAX_EDITS + 1), "{a} / {b}");
            }
        }
    }

    #[test]
    fn suggestions() {
        let known = ["channelCode", "channelOrderId", "assetNos", "licenseType"];
        assert_eq!(closest("channelcode", &known), Some("channelCode"));
        assert_eq!(closest("chanelCode", &known), Some("channelCode"));
        assert_eq!(closest("assetNo", &known), Some("assetNos"));
        assert_eq!(closest("color", &known), None);
        assert_eq!(closest("", &known), None);
        assert_eq!(closest("", &[""]), None, "nothing is suggested for an empty input");
    }

    #[test]
    fn the_bounds_of_a_suggestion() {
        // Inputs up to MAX_LEN bytes are compared; longer ones are no typo.
        let (fits, over) = ("a".repeat(MAX_LEN), "a".repeat(MAX_LEN + 1));
        assert_eq!(closest(&fits.to_uppercase(), &[fits.as_str()]), Some(fits.as_str()));
        assert_eq!(closest(&over, &[over.as_str()]), None);
        assert_eq!(closest(&"a".repeat(MAX_LEN - 1), &[over.as_str()]), None, "a candidate longer than MAX_LEN");
        // Fewer edits than half the candidate's length: 1 of 3, not 2 of 4.
        assert_eq!(closest("ab", &["abc"]), Some("abc"));
        assert_eq!(closest("abxy", &["abcd"]), None);
        assert_eq!(closest("abxyz", &["abcdz"]), Some("abcdz"));
        // The closest of several.
        assert_eq!(closest("abcdx", &["abcyy", "abcdy"]), Some("abcdy"));
    }
}
