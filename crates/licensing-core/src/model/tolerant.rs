//! Reading answers tolerantly: the service has acted once it answers success, so
//! the typed response model reads what it gets instead of failing on it.
//!
//! ```
//! use licensing_core::model::{LockResult, LockStatus, Open};
//! let results: Vec<LockResult> = serde_json::from_str(
//!     r#"[{"assetNum": "8000000001", "status": 1}, {"assetNum": 8000000002, "status": 5}]"#)?;
//! assert_eq!(results[0].status, Some(Open::Known(LockStatus::Success)));
//! // A status the spec does not list, as sent; a number where a string belongs, as its text.
//! assert_eq!(results[1].status, Some(Open::Other(serde_json::json!(5))));
//! assert_eq!(results[1].asset_num.as_deref(), Some("8000000002"));
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! - Enumerated fields are [`Open<E>`]: a value of `E`, or any other value as sent.
//! - String fields read a number or a boolean as its JSON text; integer fields
//!   read a string of an integer; boolean fields read `"true"` and `"false"`.
//! - A value none of these can read (an object for a string, `"abc"` for an
//!   integer) reads as `None`: the answer's JSON text keeps it
//!   (`response::Answer::data`), and the reader's warnings name it.
//! - Unknown fields are ignored, `null` is `None`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// An enumerated value of an answer: one the SDK knows, or any other as sent
/// (an unknown `licenseType`, a lock `status` of 5, an `activateType` sent as
/// the number 0).
#[derive(Debug, Clone, PartialEq)]
pub enum Open<E> {
    /// A value of the spec's enumeration.
    Known(E),
    /// Any other JSON value, as the service sent it.
    Other(Value),
}

impl<E> Open<E> {
    /// The known value, if it is one.
    pub fn known(&self) -> Option<&E> {
        match self {
            Self::Known(e) => Some(e),
            Self::Other(_) => None,
        }
    }
}

impl<E> From<E> for Open<E> {
    fn from(e: E) -> Self {
        Self::Known(e)
    }
}

impl<E: PartialEq> PartialEq<E> for Open<E> {
    fn eq(&self, other: &E) -> bool {
        self.known() == Some(other)
    }
}

impl<E: Serialize> Serialize for Open<E> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Known(e) => e.serialize(s),
            Self::Other(v) => v.serialize(s),
        }
    }
}

impl<'de, E: serde::de::DeserializeOwned> Deserialize<'de> for Open<E> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        Ok(match E::deserialize(&value) {
            Ok(known) => Self::Known(known),
            Err(_) => Self::Other(value),
        })
    }
}

/// The text a scalar reads as where a string belongs: a string itself, a number
/// or a boolean as its JSON text; `None` for null, arrays and objects.
pub fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(String::from(if *b { "true" } else { "false" })),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}

/// An optional string field of an answer (see the module doc).
pub fn string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(text_of(&Value::deserialize(d)?))
}

/// An optional integer field of an answer: an integer, an integral float within
/// range, or a string of an integer.
pub fn int<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Number(n) => {
            n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e18).map(|f| f as i64))
        }
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    })
}

/// An optional boolean field of an answer: a boolean, or `"true"` / `"false"`.
pub fn boolean<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Bool(b) => Some(b),
        Value::String(s) if s == "true" => Some(true),
        Value::String(s) if s == "false" => Some(false),
        _ => None,
    })
}

/// An optional list field of an answer: a list, each item read by its own
/// (tolerant) type; anything but a list reads as `None`, an item its type cannot
/// read at all (a number where an object belongs) is left out.
pub fn list<'de, D: Deserializer<'de>, T: serde::de::DeserializeOwned>(d: D) -> Result<Option<Vec<T>>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Array(items) => Some(items.into_iter().filter_map(|item| T::deserialize(item).ok()).collect()),
        _ => None,
    })
}

/// An optional object field of an answer: read by its (tolerant) type when it is
/// an object, `None` otherwise.
pub fn object<'de, D: Deserializer<'de>, T: serde::de::DeserializeOwned>(d: D) -> Result<Option<T>, D::Error> {
    Ok(match Value::deserialize(d)? {
        value @ Value::Object(_) => T::deserialize(value).ok(),
        _ => None,
    })
}

/// An optional enumerated field of an answer: `None` only for null.
pub fn open<'de, D: Deserializer<'de>, E: serde::de::DeserializeOwned>(d: D) -> Result<Option<Open<E>>, D::Error> {
    let value = Value::deserialize(d)?;
    Ok(if value.is_null() { None } else { Some(Open::deserialize(value).unwrap_or(Open::Other(Value::Null))) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::LicenseType;
    use serde_json::json;

    #[derive(Debug, Deserialize, Default, PartialEq)]
    struct Probe {
        #[serde(default, deserialize_with = "string")]
        s: Option<String>,
        #[serde(default, deserialize_with = "int")]
        i: Option<i64>,
        #[serde(default, deserialize_with = "boolean")]
        b: Option<bool>,
        #[serde(default, deserialize_with = "open")]
        e: Option<Open<LicenseType>>,
    }

    fn probe(v: Value) -> Probe {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn scalars_read_what_they_can() {
        assert_eq!(
            probe(json!({"s": 12, "i": "34", "b": "true"})),
            Probe { s: Some("12".into()), i: Some(34), b: Some(true), e: None }
        );
        assert_eq!(probe(json!({"s": {"x": 1}, "i": "abc", "b": 1, "e": null})), Probe::default());
        assert_eq!(probe(json!({"i": 5.0, "s": false})).i, Some(5));
        assert_eq!(probe(json!({"i": 1e300})).i, None);
        assert_eq!(probe(json!({"e": "softkey"})).e, Some(Open::Known(LicenseType::Softkey)));
        assert_eq!(probe(json!({"e": "hardkey"})).e, Some(Open::Other(json!("hardkey"))));
        assert_eq!(probe(json!({"e": 3})).e, Some(Open::Other(json!(3))));
        assert_eq!(probe(json!({})), Probe::default());
    }

    #[test]
    fn open_values_serialize_as_sent() {
        let known: Open<LicenseType> = Open::Known(LicenseType::CloudAccount);
        assert_eq!(serde_json::to_value(&known).unwrap(), json!("cloud_account"));
        assert_eq!(serde_json::to_value(Open::<LicenseType>::Other(json!(7))).unwrap(), json!(7));
        assert!(known == LicenseType::CloudAccount);
    }
}
