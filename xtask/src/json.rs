//! A JSON value that keeps its keys in the order they were written, and prints
//! as `JSON.stringify(value, null, 2)` does. Written here rather than using
//! `serde_json`'s `preserve_order`: that feature would unify into every crate of
//! the workspace built together with xtask, and change their maps' order.

use std::fmt::Write as _;

/// A JSON value with ordered keys.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Int(i128),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

/// An object from its entries, in order.
pub(crate) fn obj<K: Into<String>>(entries: impl IntoIterator<Item = (K, Json)>) -> Json {
    Json::Obj(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
}

/// A string.
pub(crate) fn s(text: impl Into<String>) -> Json {
    Json::Str(text.into())
}

/// An array of strings.
pub(crate) fn strs<T: AsRef<str>>(items: impl IntoIterator<Item = T>) -> Json {
    Json::Arr(items.into_iter().map(|t| s(t.as_ref())).collect())
}

impl From<&str> for Json {
    fn from(text: &str) -> Json {
        s(text)
    }
}
impl From<bool> for Json {
    fn from(b: bool) -> Json {
        Json::Bool(b)
    }
}
impl From<i64> for Json {
    fn from(n: i64) -> Json {
        Json::Int(n.into())
    }
}
impl From<Vec<Json>> for Json {
    fn from(items: Vec<Json>) -> Json {
        Json::Arr(items)
    }
}

impl Json {
    /// Adds (or replaces) a key of an object; other values are left alone.
    pub(crate) fn set(&mut self, key: &str, value: Json) {
        if let Json::Obj(entries) = self {
            match entries.iter_mut().find(|(k, _)| k == key) {
                Some(entry) => entry.1 = value,
                None => entries.push((key.to_owned(), value)),
            }
        }
    }

    /// The value at a key of an object.
    pub(crate) fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Pretty-printed with two spaces, and a final newline.
    pub(crate) fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some(0));
        out.push('\n');
        out
    }

    /// On one line, with no whitespace (`JSON.stringify(value)`).
    pub(crate) fn compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None);
        out
    }

    /// Writes the value; `depth` is the indentation level when pretty, `None`
    /// for one line.
    fn write(&self, out: &mut String, depth: Option<usize>) {
        let indent = |out: &mut String, depth: Option<usize>| {
            if let Some(depth) = depth {
                out.push('\n');
                for _ in 0..depth {
                    out.push_str("  ");
                }
            }
        };
        let inner = depth.map(|d| d + 1);
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Json::Str(text) => string(out, text),
            Json::Arr(items) if items.is_empty() => out.push_str("[]"),
            Json::Obj(entries) if entries.is_empty() => out.push_str("{}"),
            Json::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    indent(out, inner);
                    item.write(out, inner);
                }
                indent(out, depth);
                out.push(']');
            }
            Json::Obj(entries) => {
                out.push('{');
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    indent(out, inner);
                    string(out, key);
                    out.push_str(if depth.is_some() { ": " } else { ":" });
                    value.write(out, inner);
                }
                indent(out, depth);
                out.push('}');
            }
        }
    }
}

/// A JSON string literal, escaped as `JSON.stringify` escapes it.
pub(crate) fn string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// JSON text read with its keys in the order written (the endpoint table's link
/// bodies, the rules' schema parts): `serde_json::Value` would sort them.
impl<'de> serde::Deserialize<'de> for Json {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Json;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_unit<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
                Ok(Json::Bool(b))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
                Ok(Json::Int(n.into()))
            }
            fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
                Ok(Json::Int(n.into()))
            }
            fn visit_str<E>(self, text: &str) -> Result<Json, E> {
                Ok(s(text))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut items: A) -> Result<Json, A::Error> {
                let mut out = Vec::new();
                while let Some(item) = items.next_element()? {
                    out.push(item);
                }
                Ok(Json::Arr(out))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut entries: A) -> Result<Json, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = entries.next_entry()? {
                    out.push(entry);
                }
                Ok(Json::Obj(out))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_as_json_stringify_with_two_spaces() {
        let v = obj([("b", s("x\"\n")), ("a", Json::Arr(vec![Json::Int(1), Json::Null])), ("e", obj::<&str>([]))]);
        let text = v.pretty();
        assert_eq!(text, "{\n  \"b\": \"x\\\"\\n\",\n  \"a\": [\n    1,\n    null\n  ],\n  \"e\": {}\n}\n");
        let parsed: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(parsed["a"][0], 1);
        assert_eq!(v.compact(), "{\"b\":\"x\\\"\\n\",\"a\":[1,null],\"e\":{}}");
    }
}
