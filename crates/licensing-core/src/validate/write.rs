//! JSON text out, by hand: the report and the examples are strings, booleans and
//! flat maps, and writing them directly keeps a JSON serializer out of the wasm.

/// Appends `s` as a JSON string literal (quotes and escapes). The runs with
/// nothing to escape are found eight bytes at a time, by the scanner's own
/// search for a quote, a backslash or a control character (what JSON escapes):
/// one byte at a time, this function was 4 % of the wasm's time on a one-order
/// batch order with three issues, in Node; sharing the search left the package's
/// wasm no larger.
pub(crate) fn string(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut from = 0;
    loop {
        let at = super::scan::plain_run(bytes, from);
        out.push_str(s.get(from..at).unwrap_or_default());
        let Some(&b) = bytes.get(at) else { break };
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX.get(usize::from(b >> 4)).copied().unwrap_or(b'0')));
                out.push(char::from(HEX.get(usize::from(b & 0xf)).copied().unwrap_or(b'0')));
            }
        }
        from = at + 1;
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    #[test]
    fn strings_round_trip_through_serde_json() {
        for s in [
            "",
            "plain",
            "quote \" and \\ back",
            "tab\tnew\nline\r",
            "\u{1}\u{1f}",
            "中文 😀",
            "\u{7f}",
            "eight by\"te words\\ and\u{1} a tail \n of more than eight",
        ] {
            let mut out = String::new();
            super::string(&mut out, s);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s);
        }
    }
}
