//! Reading JSON text one token at a time, for the streaming walk (`walk.rs`).
//!
//! ```
//! use licensing_core::validate::{validate_json, Options};
//! use licensing_core::wire::Endpoint;
//! let report = validate_json(Endpoint::ShellNums, r#"{"size": 1,}"#, &Options::default());
//! assert_eq!(report.issues[0].code.as_str(), "invalid_json");
//! assert!(report.issues[0].message.contains("line 1 column 12"));
//! ```
//!
//! Why by hand and not serde_json: the validator needs no tree at all. Building one
//! (serde_json's `Value`, or even a borrowed tree) cost more than the rules did;
//! a scanner the walk pulls tokens from reads a 4 MB batch order in one pass with
//! no allocation but for escaped strings, and keeps serde_json's parser out of the
//! validation-only wasm. It accepts exactly RFC 8259 JSON, with two documented
//! choices: nesting deeper than [`MAX_NESTING`] is refused, and a lone UTF-16
//! surrogate escape (`"\ud800"`, which `JSON.stringify` writes for lone surrogates)
//! reads as U+FFFD instead of failing.

use std::borrow::Cow;

/// Deepest nesting of arrays and objects accepted (deeper text is `invalid_json`).
/// Only the walk recurses, and only as deep as the schema (`MAX_DEPTH` objects);
/// skipped values are read iteratively, so this bounds nothing but the input.
pub const MAX_NESTING: usize = 512;

/// Digits that always fit a `u64` (10^19 - 1 < 2^64): an integer's first ones
/// are read without an overflow check, which in wasm32 is a call of a 128-bit
/// multiplication (`__multi3`). Without it, the wasm took 5-8 % less time on a
/// one-order batch order with errors and 4-12 % less on 100 valid orders, in
/// Node (names-kept builds timed in turns in one process).
const SAFE_DIGITS: usize = 19;

/// A syntax error: what was expected, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Syntax {
    pub(crate) pos: usize,
    pub(crate) what: &'static str,
}

impl Syntax {
    /// `"<what> at line L column C"` (columns count characters, from 1).
    pub(crate) fn describe(&self, text: &str) -> String {
        let upto = text.get(..self.pos).unwrap_or(text);
        let line = upto.bytes().filter(|&b| b == b'\n').count() + 1;
        // Characters, counted by their first bytes (no `chars().count()`: its
        // fast path is a KB of wasm).
        let line_start = super::ascii::rfind(upto, b'\n').map_or(0, |i| i + 1);
        let column = upto.get(line_start..).map_or(0, |l| l.bytes().filter(|b| b & 0xC0 != 0x80).count()) + 1;
        let mut out = String::from(self.what);
        out.push_str(" at line ");
        super::itoa::push(&mut out, line as u64);
        out.push_str(" column ");
        super::itoa::push(&mut out, column as u64);
        out
    }
}

pub(crate) type Res<T> = Result<T, Syntax>;

/// The JSON type of the next value, read from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Token {
    Object,
    Array,
    Str,
    Number,
    True,
    False,
    Null,
}

/// A number: an integer that fits `i64`, or anything else (a fraction, an
/// exponent, an integer out of range).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Number {
    Int(i64),
    /// An integer literal outside the `i64` range.
    BigInt,
    Float,
}

/// A string as it stands in the text, between its quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawStr<'a> {
    raw: &'a str,
    escaped: bool,
}

impl<'a> RawStr<'a> {
    /// The string's value (borrowed from the text when it has no escapes).
    pub(crate) fn decode(&self) -> Cow<'a, str> {
        if self.escaped {
            Cow::Owned(unescape(self.raw))
        } else {
            Cow::Borrowed(self.raw)
        }
    }

    /// The value when it has no escapes (the common case, with no copy).
    pub(crate) fn plain(&self) -> Option<&'a str> {
        (!self.escaped).then_some(self.raw)
    }

    /// Empty or only whitespace (Unicode `White_Space`, as `str::trim`).
    pub(crate) fn is_blank(&self) -> bool {
        // Fast answer for the usual value that starts with a visible ASCII character.
        match self.raw.as_bytes().first() {
            None => true,
            Some(b) if b.is_ascii_graphic() && *b != b'\\' => false,
            Some(_) => self.decode().trim().is_empty(),
        }
    }
}

/// An object key as [`Scanner::next_key`] read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Key<'a> {
    /// The key the caller expected.
    Expected,
    Other(RawStr<'a>),
    /// In a vouched text, `#i`: the shape's field `i` (`validate_vouched_json`).
    Index(i64),
}

/// Pulls tokens from JSON text. Every method leaves `pos` after what it read.
pub(crate) struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    nesting: usize,
    /// Whether the text may hold a vouched text's own tokens (`!`, `#i`:
    /// `validate_vouched_json`); anywhere else they are syntax errors.
    pub(crate) vouching: bool,
}

impl<'a> Scanner<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Self { text, bytes: text.as_bytes(), pos: 0, nesting: 0, vouching: false }
    }

    /// A syntax error at the current position.
    pub(crate) fn err<T>(&self, what: &'static str) -> Res<T> {
        Err(Syntax { pos: self.pos, what })
    }

    #[inline(always)]
    fn ws(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            if !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                break;
            }
            self.pos += 1;
        }
    }

    /// The type of the next value (whitespace skipped, nothing consumed).
    #[inline(always)]
    pub(crate) fn peek(&mut self) -> Res<Token> {
        self.ws();
        Ok(match self.bytes.get(self.pos) {
            Some(b'{') => Token::Object,
            Some(b'[') => Token::Array,
            Some(b'"') => Token::Str,
            Some(b'-' | b'0'..=b'9') => Token::Number,
            Some(b't') => Token::True,
            Some(b'f') => Token::False,
            Some(b'n') => Token::Null,
            Some(_) => return self.err("expected a JSON value"),
            None => return self.err("unexpected end of the text, expected a JSON value"),
        })
    }

    /// Reads a vouched value (`!`, what the package's fast path writes for a
    /// value it proved has no issue: `validate_vouched_json`), if one is next.
    pub(crate) fn vouched(&mut self) -> bool {
        self.ws();
        let next = self.vouching && self.bytes.get(self.pos) == Some(&b'!');
        self.pos += usize::from(next);
        next
    }

    /// The byte offset reached.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// After the whole value: only whitespace may follow.
    pub(crate) fn finish(&mut self) -> Res<()> {
        self.ws();
        if self.pos < self.bytes.len() {
            return self.err("unexpected text after the JSON value");
        }
        Ok(())
    }

    #[inline(always)]
    fn open(&mut self) -> Res<()> {
        if self.nesting >= MAX_NESTING {
            return self.err("nesting deeper than 512 levels");
        }
        self.nesting += 1;
        self.pos += 1;
        Ok(())
    }

    /// Consumes the `{` that `peek` saw.
    #[inline(always)]
    pub(crate) fn begin_object(&mut self) -> Res<()> {
        self.open()
    }

    /// Consumes the `[` that `peek` saw.
    #[inline(always)]
    pub(crate) fn begin_array(&mut self) -> Res<()> {
        self.open()
    }

    /// The next key of an object and its `:`, or `None` after the closing `}`.
    /// `first`: no member has been read yet. `expected`: the key most likely
    /// next; when it is, it is matched in place ([`Key::Expected`]) instead of
    /// being read and then looked up.
    #[inline(always)]
    pub(crate) fn next_key(&mut self, first: bool, expected: Option<&str>) -> Res<Option<Key<'a>>> {
        self.ws();
        match self.bytes.get(self.pos) {
            Some(b',') if !first => {
                self.pos += 1;
                self.ws();
            }
            Some(b'}') => {
                self.pos += 1;
                self.nesting -= 1;
                return Ok(None);
            }
            _ if first => {}
            _ => return self.err("expected `,` or `}`"),
        }
        let key = match (self.bytes.get(self.pos), expected) {
            (Some(b'"'), Some(name)) if self.at_key(name) => {
                self.pos += name.len() + 2;
                Key::Expected
            }
            (Some(b'"'), _) => Key::Other(self.string()?),
            _ => self.index_key()?,
        };
        self.ws();
        if self.bytes.get(self.pos) != Some(&b':') {
            return self.err("expected `:`");
        }
        self.pos += 1;
        Ok(Some(key))
    }

    /// A vouched text's key `#i`: its shape's field `i`, whose name it stands
    /// for. Out of line: the walk's loop inlines `next_key`, and a request's
    /// text has none.
    #[inline(never)]
    fn index_key(&mut self) -> Res<Key<'a>> {
        if self.vouching && self.bytes.get(self.pos) == Some(&b'#') {
            self.pos += 1;
            if let Number::Int(i) = self.number()? {
                return Ok(Key::Index(i));
            }
        }
        self.err("expected a string key")
    }

    /// Whether the text at `pos` is `"name"` exactly.
    #[inline(always)]
    fn at_key(&self, name: &str) -> bool {
        let start = self.pos + 1;
        let end = start + name.len();
        self.bytes.get(start..end) == Some(name.as_bytes()) && self.bytes.get(end) == Some(&b'"')
    }

    /// Whether another item of an array follows (its separator consumed), or the
    /// array ended (its `]` consumed).
    #[inline(always)]
    pub(crate) fn next_item(&mut self, first: bool) -> Res<bool> {
        self.ws();
        match self.bytes.get(self.pos) {
            Some(b']') => {
                self.pos += 1;
                self.nesting -= 1;
                Ok(false)
            }
            Some(b',') if !first => {
                self.pos += 1;
                Ok(true)
            }
            _ if first => Ok(true),
            _ => self.err("expected `,` or `]`"),
        }
    }

    /// Reads a string (at its opening quote).
    pub(crate) fn string(&mut self) -> Res<RawStr<'a>> {
        self.pos += 1;
        let start = self.pos;
        let mut escaped = false;
        loop {
            self.pos = plain_run(self.bytes, self.pos);
            match self.bytes.get(self.pos) {
                Some(b'"') => {
                    let raw = self.text.get(start..self.pos).unwrap_or_default();
                    self.pos += 1;
                    return Ok(RawStr { raw, escaped });
                }
                Some(b'\\') => {
                    escaped = true;
                    self.pos += 1;
                    match self.bytes.get(self.pos) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.pos += 1,
                        Some(b'u') => {
                            let hex = self.bytes.get(self.pos + 1..self.pos + 5);
                            if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                                return self.err("invalid \\u escape (four hex digits expected)");
                            }
                            self.pos += 5;
                        }
                        _ => return self.err("invalid escape in a string"),
                    }
                }
                Some(_) => return self.err("control character in a string (escape it)"),
                None => return self.err("unterminated string"),
            }
        }
    }

    /// Reads a number (at its first byte).
    pub(crate) fn number(&mut self) -> Res<Number> {
        let negative = self.bytes.get(self.pos) == Some(&b'-');
        if negative {
            self.pos += 1;
        }
        let mut magnitude: u64 = 0;
        let mut overflow = false;
        match self.bytes.get(self.pos) {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                let start = self.pos;
                while let Some(&d) = self.bytes.get(self.pos) {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    if self.pos - start < SAFE_DIGITS {
                        magnitude = magnitude * 10 + u64::from(d - b'0');
                    } else {
                        match magnitude.checked_mul(10).and_then(|m| m.checked_add(u64::from(d - b'0'))) {
                            Some(m) => magnitude = m,
                            None => overflow = true,
                        }
                    }
                    self.pos += 1;
                }
            }
            _ => return self.err("invalid number"),
        }
        let mut float = false;
        if self.bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            float = true;
            self.digits()?;
        }
        if matches!(self.bytes.get(self.pos), Some(b'e' | b'E')) {
            self.pos += 1;
            float = true;
            if matches!(self.bytes.get(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            self.digits()?;
        }
        if float {
            return Ok(Number::Float);
        }
        if overflow {
            return Ok(Number::BigInt);
        }
        Ok(if negative {
            // Down to i64::MIN, whose magnitude is one more than i64::MAX.
            match magnitude {
                m if m <= i64::MAX as u64 => Number::Int(-(m as i64)),
                m if m == i64::MAX as u64 + 1 => Number::Int(i64::MIN),
                _ => Number::BigInt,
            }
        } else {
            i64::try_from(magnitude).map_or(Number::BigInt, Number::Int)
        })
    }

    fn digits(&mut self) -> Res<()> {
        let start = self.pos;
        while self.bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        if self.pos == start {
            return self.err("invalid number (a digit expected)");
        }
        Ok(())
    }

    /// Reads `true`, `false` or `null` (the one `peek` announced).
    #[inline(always)]
    pub(crate) fn literal(&mut self, token: Token) -> Res<()> {
        let word: &[u8] = match token {
            Token::True => b"true",
            Token::False => b"false",
            _ => b"null",
        };
        if self.bytes.get(self.pos..self.pos + word.len()) != Some(word) {
            return self.err("invalid literal (true, false or null expected)");
        }
        self.pos += word.len();
        Ok(())
    }

    /// Reads and checks a whole value without looking at it, iteratively (a
    /// skipped value may be nested up to [`MAX_NESTING`] without any recursion).
    pub(crate) fn skip_value(&mut self) -> Res<()> {
        let base = self.nesting;
        // Whether the innermost open container is an object, per level above `base`.
        let mut in_object: Vec<bool> = Vec::new();
        loop {
            // A value.
            match self.peek()? {
                Token::Object => {
                    self.begin_object()?;
                    in_object.push(true);
                    match self.next_key(true, None)? {
                        Some(_) => continue,
                        None => {
                            in_object.pop();
                        }
                    }
                }
                Token::Array => {
                    self.begin_array()?;
                    in_object.push(false);
                    if self.next_item(true)? {
                        continue;
                    }
                    in_object.pop();
                }
                Token::Str => {
                    self.string()?;
                }
                Token::Number => {
                    self.number()?;
                }
                t => self.literal(t)?,
            }
            // After a value: the next member or item, or close containers.
            loop {
                match in_object.last() {
                    None => {
                        debug_assert_eq!(self.nesting, base);
                        return Ok(());
                    }
                    Some(true) => {
                        if self.next_key(false, None)?.is_some() {
                            break;
                        }
                    }
                    Some(false) => {
                        if self.next_item(false)? {
                            break;
                        }
                    }
                }
                in_object.pop();
            }
        }
    }
}

/// The end of the run of plain string bytes from `pos`: the position of the next
/// `"`, `\\` or control character (or the end). Eight bytes at a time, with the
/// usual bit tricks (a byte-by-byte loop was the scanner's hottest spot).
#[inline(always)]
pub(crate) fn plain_run(bytes: &[u8], mut pos: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = bytes.get(pos..pos + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let zero_at = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
        let quote = zero_at(w ^ (ONES * u64::from(b'"')));
        let backslash = zero_at(w ^ (ONES * u64::from(b'\\')));
        let control = w.wrapping_sub(ONES * 0x20) & !w & HIGH;
        let special = quote | backslash | control;
        if special != 0 {
            // The lowest flagged byte is always a true match (borrows only
            // flag bytes above one).
            return pos + (special.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    while let Some(&b) = bytes.get(pos) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            break;
        }
        pos += 1;
    }
    pos
}

/// The value of a string with escapes (already checked by [`Scanner::string`]).
/// A lone surrogate becomes U+FFFD.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = super::ascii::find(rest, b'\\') {
        out.push_str(rest.get(..i).unwrap_or_default());
        let after = rest.get(i + 1..).unwrap_or_default();
        let mut chars = after.chars();
        let consumed = match chars.next() {
            Some('u') => {
                let (c, consumed) = unicode_escape(after);
                out.push(c.unwrap_or('\u{FFFD}'));
                consumed
            }
            Some(c) => {
                out.push(match c {
                    'b' => '\u{8}',
                    'f' => '\u{c}',
                    'n' => '\n',
                    'r' => '\r',
                    't' => '\t',
                    other => other,
                });
                c.len_utf8()
            }
            None => 0,
        };
        rest = after.get(consumed..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

fn hex4(s: Option<&str>) -> Option<u32> {
    u32::from_str_radix(s?, 16).ok()
}

/// The `\uXXXX` escape that `after` (the text after its backslash) starts
/// with, and the low half that follows it if it is a high one: the character
/// (`None` for a lone surrogate) and the bytes read (5, or 11 for a pair).
#[inline(never)]
fn unicode_escape(after: &str) -> (Option<char>, usize) {
    let Some(hi) = hex4(after.get(1..5)) else { return (None, 1) };
    if (0xD800..=0xDBFF).contains(&hi) {
        let low = after.get(5..7).filter(|s| *s == "\\u").and_then(|_| hex4(after.get(7..11)));
        if let Some(low @ 0xDC00..=0xDFFF) = low {
            return (char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (low - 0xDC00)), 11);
        }
    }
    (char::from_u32(hi), 5)
}

/// Calls `found` with the byte offset of every `\uXXXX` escape in `raw`
/// (escaped JSON text) that is half of a UTF-16 surrogate pair without its
/// other half; each such escape is 6 bytes long. Escapes are read in order,
/// so the `\u` of an escaped backslash (`\\ud800`) is not one.
fn each_lone_surrogate(raw: &str, mut found: impl FnMut(usize)) {
    let mut at = 0;
    while let Some(i) = raw.get(at..).and_then(|rest| super::ascii::find(rest, b'\\')) {
        let start = at + i;
        let after = raw.get(start + 1..).unwrap_or_default();
        at = start + 2; // past the backslash and the escape's letter
        if !after.starts_with('u') {
            continue;
        }
        let (c, consumed) = unicode_escape(after);
        if c.is_none() {
            found(start);
        }
        at = start + 1 + consumed;
    }
}

impl RawStr<'_> {
    /// Whether the string holds an escaped lone surrogate (which
    /// [`RawStr::decode`] reads as U+FFFD).
    pub(crate) fn has_lone_surrogate(&self) -> bool {
        let mut any = false;
        if self.escaped {
            each_lone_surrogate(self.raw, |_| any = true);
        }
        any
    }
}

/// JSON text with every escaped lone UTF-16 surrogate (`"\ud800"`, what
/// `JSON.stringify` writes for half of a character) written as `\ufffd`, the
/// replacement character, as the validators read it. For a server that parses
/// with serde_json, which refuses such text whole; borrowed when there is none.
pub fn without_lone_surrogates(text: &str) -> Cow<'_, str> {
    let mut starts = Vec::new();
    each_lone_surrogate(text, |start| starts.push(start));
    if starts.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for start in starts {
        out.push_str(text.get(from..start).unwrap_or_default());
        out.push_str("\\ufffd");
        from = start + 6;
    }
    out.push_str(text.get(from..).unwrap_or_default());
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_are_found_and_replaced_pairs_and_escaped_backslashes_are_not() {
        for (text, out) in [
            (r#""a""#, r#""a""#),
            (r#""\ud83d\ude00""#, r#""\ud83d\ude00""#),
            (r#""\ud800""#, r#""\ufffd""#),
            (r#""\udc00x\ud800""#, r#""\ufffdx\ufffd""#),
            (r#""\ud800\ud800\udc00""#, r#""\ufffd\ud800\udc00""#),
            (r#""\ud800\n""#, r#""\ufffd\n""#),
            (r#""\\ud800""#, r#""\\ud800""#),
            (r#""\\\ud800""#, r#""\\\ufffd""#),
            (r#"{"k\udc00":"\u00e9"}"#, r#"{"k\ufffd":"\u00e9"}"#),
        ] {
            assert_eq!(without_lone_surrogates(text), out, "{text}");
            let inner = text.trim_matches('"');
            let raw = RawStr { raw: inner, escaped: inner.contains('\\') };
            assert_eq!(raw.has_lone_surrogate(), text != out, "{text}");
            // What serde_json cannot read, it reads once replaced.
            if !text.starts_with('{') {
                assert!(serde_json::from_str::<String>(&without_lone_surrogates(text)).is_ok(), "{text}");
            }
        }
    }

    fn skip(text: &str) -> Res<()> {
        let mut s = Scanner::new(text);
        s.skip_value()?;
        s.finish()
    }

    #[test]
    fn accepts_json_and_refuses_the_rest() {
        for ok in [
            "0",
            "-0",
            "1.5e-3",
            "\"a\\u00e9\\n\"",
            "[]",
            "{}",
            "[1,[2,{\"a\":[]}],null,true,false]",
            " { \"a\" : { \"b\" : [ ] } } ",
            "\"\\ud800\"",
            "-9223372036854775808",
        ] {
            assert_eq!(skip(ok), Ok(()), "{ok}");
        }
        for bad in [
            "",
            "01",
            "1.",
            "-",
            "1e",
            "[1,]",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{a:1}",
            "[1 2]",
            "tru",
            "nul",
            "\"a",
            "\"\\x\"",
            "\"\\u12\"",
            "\"a\u{1}\"",
            "[]]",
            "{}x",
            "[",
            "{\"a\":",
        ] {
            assert!(skip(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn numbers_classify() {
        let num = |t: &str| Scanner::new(t).number();
        assert_eq!(num("42"), Ok(Number::Int(42)));
        assert_eq!(num("-9223372036854775808"), Ok(Number::Int(i64::MIN)));
        assert_eq!(num("9223372036854775808"), Ok(Number::BigInt));
        assert_eq!(num("-9223372036854775809"), Ok(Number::BigInt));
        assert_eq!(num("99999999999999999999999"), Ok(Number::BigInt));
        // Around the digits read without an overflow check (19) and u64's 20.
        assert_eq!(num("9223372036854775807"), Ok(Number::Int(i64::MAX)));
        assert_eq!(num("-9999999999999999999"), Ok(Number::BigInt));
        assert_eq!(num("18446744073709551615"), Ok(Number::BigInt));
        assert_eq!(num("-18446744073709551616"), Ok(Number::BigInt));
        assert_eq!(num("00"), Ok(Number::Int(0)), "one zero read; the caller sees the rest");
        for digits in 1..=18 {
            let text = "9".repeat(digits);
            assert_eq!(num(&text), Ok(Number::Int(text.parse().unwrap())), "{text}");
            assert_eq!(num(&format!("-{text}")), Ok(Number::Int(-text.parse::<i64>().unwrap())), "-{text}");
        }
        assert_eq!(num("1.0"), Ok(Number::Float));
        assert_eq!(num("1E2"), Ok(Number::Float));
    }

    #[test]
    fn nesting_is_bounded_without_recursion() {
        let ok = format!("{}{}", "[".repeat(MAX_NESTING), "]".repeat(MAX_NESTING));
        assert_eq!(skip(&ok), Ok(()));
        let deep = format!("{}{}", "[".repeat(MAX_NESTING + 1), "]".repeat(MAX_NESTING + 1));
        assert_eq!(skip(&deep).map_err(|e| e.what), Err("nesting deeper than 512 levels"));
    }

    #[test]
    fn strings_decode() {
        let dec = |t: &str| Scanner::new(t).string().map(|s| s.decode().into_owned());
        assert_eq!(dec(r#""plain""#), Ok("plain".into()));
        assert_eq!(dec(r#""a\"b\\c\/d\b\f\n\r\t""#), Ok("a\"b\\c/d\u{8}\u{c}\n\r\t".into()));
        assert_eq!(dec(r#""\u00e9\ud83d\ude00""#), Ok("é😀".into()));
        assert_eq!(dec(r#""\ud800x\udc00""#), Ok("\u{FFFD}x\u{FFFD}".into()));
        let blank = |t: &str| Scanner::new(t).string().map(|s| s.is_blank());
        assert_eq!(blank(r#""""#), Ok(true));
        assert_eq!(blank(r#"" \t\u3000""#), Ok(true));
        assert_eq!(blank(r#"" x ""#), Ok(false));
        assert_eq!(blank(r#""\u0041""#), Ok(false));
    }

    #[test]
    fn plain_runs_stop_at_the_first_special_byte() {
        let naive = |b: &[u8], from: usize| {
            (from..b.len()).find(|&i| b[i] == b'"' || b[i] == b'\\' || b[i] < 0x20).unwrap_or(b.len())
        };
        let mut text = Vec::new();
        for i in 0..300u32 {
            text.push(match i % 37 {
                0 => b'"',
                11 => b'\\',
                23 => 0x1f,
                29 => 0xe4,
                _ => b'a' + (i % 26) as u8,
            });
        }
        for from in 0..text.len() {
            assert_eq!(plain_run(&text, from), naive(&text, from), "from {from}");
        }
        assert_eq!(plain_run(&[0x7f, 0xff, 0x20, 0x21, 0x80, 0x5b, 0x5d, 0x23, 0x22], 0), 8);
    }

    #[test]
    fn errors_say_where() {
        let text = "{\n  \"a\": 1,\n  \"b\" 2\n}";
        let mut s = Scanner::new(text);
        let err = s.skip_value().unwrap_err();
        assert_eq!(err.describe(text), "expected `:` at line 3 column 7");
    }
}
