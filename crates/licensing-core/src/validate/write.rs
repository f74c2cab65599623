//! JSON text out, by hand: the report and the examples are strings, booleans and
//! flat maps, and writing them directly keeps a JSON serializer out of the wasm.

/// Appends `s` as a JSON string literal (quotes and escapes).
pub(crate) fn string(out: &mut String, s: &str) {
    out.push('"');
    let mut plain_from = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape: Option<&str> = match b {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            0..=0x1f => None,
            _ => continue,
        };
        out.push_str(s.get(plain_from..i).unwrap_or_default());
        match escape {
            Some(e) => out.push_str(e),
            None => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX.get(usize::from(b >> 4)).copied().unwrap_or(b'0')));
                out.push(char::from(HEX.get(usize::from(b & 0xf)).copied().unwrap_or(b'0')));
            }
        }
        plain_from = i + 1;
    }
    out.push_str(s.get(plain_from..).unwrap_or_default());
    out.push('"');
}

#[cfg(test)]
mod tests {
    #[test]
    fn strings_round_trip_through_serde_json() {
        for s in ["", "plain", "quote \" and \\ back", "tab\tnew\nline\r", "\u{1}\u{1f}", "中文 😀", "\u{7f}"] {
            let mut out = String::new();
            super::string(&mut out, s);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s);
        }
    }
}
