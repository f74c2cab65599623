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

/// A JSON Pointer with each secret redacted from its keys as they decode
/// (`~1` is `/`, `~0` is `~`): a key that echoes a token with a `/` in it is
/// `…~1…` in the pointer, where the token's text is not.
///
/// ```
/// let path = licensing_verify::redact_pointer("/data/ab~1cd/x", &["ab/cd".into()]);
/// assert_eq!(path, "/data/[redacted]/x");
/// ```
pub fn redact_pointer(pointer: &str, secrets: &[String]) -> String {
    if secrets.iter().all(String::is_empty) {
        return pointer.to_owned();
    }
    let keys: Vec<String> = pointer
        .split('/')
        .map(|segment| {
            let key = segment.replace("~1", "/").replace("~0", "~");
            let clean = redact(&key, secrets);
            if clean == key {
                segment.to_owned()
            } else {
                clean.replace('~', "~0").replace('/', "~1")
            }
        })
        .collect();
    redact(&keys.join("/"), secrets)
}

/// A difference with each secret redacted from its message and paths.
pub(crate) fn redact_difference(d: &mut crate::Difference, secrets: &[String]) {
    d.message = redact(&d.message, secrets);
    d.path = redact_pointer(&d.path, secrets);
    d.example = redact_pointer(&d.example, secrets);
}
