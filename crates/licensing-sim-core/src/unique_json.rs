//! JSON text read into a `serde_json::Value`, refusing a key given twice in
//! one object, as the validators refuse it in a request body (serde_json keeps
//! the last one silently). The error names the repeated key by its JSON
//! Pointer. The path is kept as a stack while reading, and written out only for
//! the error.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// One step of the path being read.
enum Step {
    Key(String),
    Index(usize),
}

/// The path being read, shared by every level of the reading.
struct Path(RefCell<Vec<Step>>);

impl Path {
    /// The JSON Pointer of the path, with `last` as its final key.
    fn pointer_with(&self, last: &str) -> String {
        let mut out = String::new();
        for step in self.0.borrow().iter() {
            out.push('/');
            match step {
                Step::Key(key) => push_key(&mut out, key),
                Step::Index(i) => out.push_str(&i.to_string()),
            }
        }
        out.push('/');
        push_key(&mut out, last);
        out
    }
}

fn push_key(out: &mut String, key: &str) {
    for ch in key.chars() {
        match ch {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// Reads one value at the current path.
#[derive(Clone, Copy)]
struct At<'p>(&'p Path);

impl<'de> DeserializeSeed<'de> for At<'_> {
    type Value = Value;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for At<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        loop {
            self.0 .0.borrow_mut().push(Step::Index(items.len()));
            let item = seq.next_element_seed(self);
            self.0 .0.borrow_mut().pop();
            match item? {
                Some(item) => items.push(item),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                let at = self.0.pointer_with(&key);
                return Err(de::Error::custom(format!("{at}: the key {key:?} is given twice in this object")));
            }
            self.0 .0.borrow_mut().push(Step::Key(key.clone()));
            let value = map.next_value_seed(self);
            self.0 .0.borrow_mut().pop();
            object.insert(key, value?);
        }
        Ok(Value::Object(object))
    }
}

/// `text` as a JSON value; `Err` says why it is not JSON, or which key is
/// given twice (by its JSON Pointer).
pub fn parse(text: &str) -> Result<Value, String> {
    let path = Path(RefCell::new(Vec::new()));
    let mut reader = serde_json::Deserializer::from_str(text);
    let value = At(&path).deserialize(&mut reader).map_err(|e| e.to_string())?;
    reader.end().map_err(|e| e.to_string())?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_key_given_twice_is_named_by_its_pointer() {
        assert_eq!(parse(r#"{"a":[1,{"b":true}]}"#).unwrap()["a"][1]["b"], true);
        let err = parse(r#"{"a":[1,{"b":1,"b":2}]}"#).unwrap_err();
        assert!(err.starts_with(r#"/a/1/b: the key "b" is given twice"#), "{err}");
        let err = parse(r#"{"x/y~":{},"x/y~":{}}"#).unwrap_err();
        assert!(err.starts_with("/x~1y~0: "), "{err}");
        assert!(parse("{} x").is_err());
        assert!(parse(r#"{"a":"#).is_err());
    }
}
