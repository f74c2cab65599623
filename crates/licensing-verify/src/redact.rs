//! Secrets out of every text this crate hands back.

/// What a secret is replaced with.
pub(crate) const REDACTED: &str = "[redacted]";

/// `text` with every occurrence of each non-empty secret replaced by
/// `[redacted]` (the longest secrets first, so one that contains another is
/// replaced whole).
///
/// ```
/// assert_eq!(licensing_verify::redact("Bearer abc123 and abc123", &["abc123".into()]), "Bearer [redacted] and [redacted]");
/// ```
pub fn redact(text: &str, secrets: &[String]) -> String {
    let mut secrets: Vec<&str> = secrets.iter().map(String::as_str).filter(|s| !s.is_empty()).collect();
    secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
    let mut out = text.to_owned();
    for secret in secrets {
        if out.contains(secret) {
            out = out.replace(secret, REDACTED);
        }
    }
    out
}
