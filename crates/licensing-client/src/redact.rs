//! The client's token kept out of what it repeats: what a failing hook said,
//! why a body could not be written as JSON, why an option could not be read.
//! Each of these is text the caller's own code made, and may hold the token.

/// `text` with every occurrence of `secret` written as `[redacted]` (an empty
/// `secret`: `text` as it is).
pub fn redact(text: &str, secret: &str) -> String {
    let mut out = String::with_capacity(text.len());
    redact_into(&mut out, text, secret);
    out
}

/// [`redact`], appended to `out`. By hand: `str::replace` brings the two-way
/// string search, 4.7 KB of gzipped wasm.
pub(crate) fn redact_into(out: &mut String, text: &str, secret: &str) {
    let (bytes, needle) = (text.as_bytes(), secret.as_bytes());
    let mut start = 0;
    let mut i = 0;
    while !needle.is_empty() && i + needle.len() <= bytes.len() {
        if bytes.get(i..i + needle.len()) == Some(needle) {
            out.push_str(text.get(start..i).unwrap_or_default());
            out.push_str("[redacted]");
            i += needle.len();
            start = i;
        } else {
            i += 1;
        }
    }
    out.push_str(text.get(start..).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn every_occurrence_is_redacted_and_nothing_else() {
        assert_eq!(redact("a tok b toktok", "tok"), "a [redacted] b [redacted][redacted]");
        assert_eq!(redact("é tok é", "tok"), "é [redacted] é");
        assert_eq!(redact("nothing here", "tok"), "nothing here");
        assert_eq!(redact("to", "tok"), "to");
        assert_eq!(redact("any text", ""), "any text");
    }
}
