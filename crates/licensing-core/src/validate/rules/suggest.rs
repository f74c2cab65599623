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
    // Equal ignoring case is distance 0 (the distance compares lower-cased), so
    // the first such candidate is the first least one: one pass finds both.
    let pattern = Pattern::new(input.as_bytes());
    let mut best: Option<(usize, &'s str)> = None;
    for &c in candidates {
        // A distance is at least the difference in length, so most candidates
        // need none computed; a name longer than MAX_LEN is never suggested.
        if c.len() > MAX_LEN || c.len().abs_diff(input.len()) > MAX_EDITS {
            continue;
        }
        let d = pattern.distance(c.as_bytes());
        if d == 0 {
            return Some(c);
        }
        if d <= MAX_EDITS && d * 2 < c.len() && best.is_none_or(|(least, _)| d < least) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The most edits a suggestion may be away.
const MAX_EDITS: usize = 2;

/// The input, lower-cased, as a bit-parallel pattern (Myers 1999, in Hyyrö's
/// form for the whole-string distance): bit i of `positions[b]` is set where
/// the input's byte i is `b`, so one row of the edit-distance table is a few
/// word operations per byte of a candidate instead of a cell per byte pair.
/// Names of a shape share prefixes, so the table it replaced rarely left
/// early: two thirds of validating an order with 20 near-miss keys, natively
/// (docs/design.md, on the "did you mean" distance).
struct Pattern {
    positions: [u64; 256],
    /// The bit of the input's last byte (the input is 1 to MAX_LEN bytes).
    last: u64,
    len: usize,
}

impl Pattern {
    fn new(input: &[u8]) -> Self {
        let mut positions = [0u64; 256];
        for (i, &b) in input.iter().enumerate() {
            if let Some(p) = positions.get_mut(usize::from(b.to_ascii_lowercase())) {
                *p |= 1u64 << (i % 64);
            }
        }
        Self { positions, last: 1u64 << (input.len().saturating_sub(1) % 64), len: input.len() }
    }

    /// The edit distance between the input and `text`, both compared lower-cased.
    fn distance(&self, text: &[u8]) -> usize {
        // The vertical deltas of the table's current column, as two bit sets
        // (+1, -1); the score is the last row's value.
        let (mut plus, mut minus) = (u64::MAX, 0u64);
        let mut score = self.len;
        for &b in text {
            let eq = self.positions.get(usize::from(b.to_ascii_lowercase())).copied().unwrap_or(0);
            let xv = eq | minus;
            let xh = ((eq & plus).wrapping_add(plus) ^ plus) | eq;
            let h_plus = minus | !(xh | plus);
            let h_minus = plus & xh;
            if h_plus & self.last != 0 {
                score += 1;
            } else if h_minus & self.last != 0 {
                score = score.saturating_sub(1);
            }
            // Row 0 grows by one a column (the whole-string distance): a +1 shifts in.
            let h_plus = (h_plus << 1) | 1;
            let h_minus = h_minus << 1;
            plus = h_minus | !(xv | h_plus);
            minus = h_plus & xv;
        }
        score
    }
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
    fn the_bit_parallel_distance_agrees_with_the_plain_table() {
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
        // An empty input is never a pattern (`closest` returns first).
        for a in words.into_iter().filter(|a| !a.is_empty()) {
            let lower = a.to_ascii_lowercase();
            for b in words {
                let full = levenshtein(lower.as_bytes(), b.to_ascii_lowercase().as_bytes());
                assert_eq!(Pattern::new(a.as_bytes()).distance(b.as_bytes()), full, "{a} / {b}");
            }
        }
    }

    proptest::proptest! {
        /// Any input of 1 to MAX_LEN bytes against any text, mixed case and
        /// non-ASCII included: the 64th bit and a text longer than the input too.
        #[test]
        fn the_bit_parallel_distance_is_the_plain_table(
            a in "[aAbBc\u{e9}-]{1,32}|[ab]{60,64}",
            b in "[aAbBc\u{e9}-]{0,34}|[ab]{58,70}",
        ) {
            proptest::prop_assume!(a.len() <= MAX_LEN);
            let full = levenshtein(a.to_ascii_lowercase().as_bytes(), b.to_ascii_lowercase().as_bytes());
            proptest::prop_assert_eq!(Pattern::new(a.as_bytes()).distance(b.as_bytes()), full);
        }
    }

    /// `closest` as it was first written, two passes over the plain table: a
    /// name equal but for case, else the first of the least distance.
    fn closest_by_table<'s>(input: &str, candidates: &[&'s str]) -> Option<&'s str> {
        if input.is_empty() || input.len() > MAX_LEN {
            return None;
        }
        if let Some(c) = candidates.iter().find(|c| c.eq_ignore_ascii_case(input)) {
            return Some(c);
        }
        let lower = input.to_ascii_lowercase();
        candidates
            .iter()
            .filter(|c| c.len() <= MAX_LEN && c.len().abs_diff(lower.len()) <= MAX_EDITS)
            .map(|c| (levenshtein(lower.as_bytes(), c.to_ascii_lowercase().as_bytes()), *c))
            .filter(|(d, c)| *d <= MAX_EDITS && *d * 2 < c.len())
            .min_by_key(|(d, _)| *d)
            .map(|(_, c)| c)
    }

    proptest::proptest! {
        /// One pass gives the two passes' suggestion: case first, then the
        /// first of the least distance (ties and case-equal names included).
        #[test]
        fn one_pass_suggests_what_two_passes_did(
            input in "[aAbB\u{e9}]{0,7}",
            names in proptest::collection::vec("[aAbB\u{e9}]{0,7}", 0..8),
        ) {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            proptest::prop_assert_eq!(closest(&input, &names), closest_by_table(&input, &names));
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
        // The closest of several; of equally close ones, the first; a name equal
        // but for case before a closer-listed one a single edit away.
        assert_eq!(closest("abcdx", &["abcyy", "abcdy"]), Some("abcdy"));
        assert_eq!(closest("abcx", &["abcy", "abcz"]), Some("abcy"));
        assert_eq!(closest("abcd", &["abce", "ABCD"]), Some("ABCD"));
    }
}
