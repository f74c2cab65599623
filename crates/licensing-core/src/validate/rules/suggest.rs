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
    let lower = input.to_ascii_lowercase();
    candidates
        .iter()
        .filter(|c| c.len() <= MAX_LEN)
        .map(|c| (levenshtein(lower.as_bytes(), c.to_ascii_lowercase().as_bytes()), *c))
        .filter(|(d, c)| *d <= 2 && *d * 2 < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn levenshtein(a: &[u8], b: &[u8]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}
