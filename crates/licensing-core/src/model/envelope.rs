//! The order module's envelope: `{code, message, data?}` on HTTP 200 and
//! `{code, message, cause}` on HTTP 299.
//!
//! ```
//! use licensing_core::model::{OrderEnvelope, BusinessCode};
//! let ok: OrderEnvelope<Vec<String>> =
//!     serde_json::from_str(r#"{"code":0,"message":"success","data":["8000000001"]}"#)?;
//! assert!(ok.code.is_success());
//! let err: OrderEnvelope<()> =
//!     serde_json::from_str(r#"{"code":"13004","message":"bad","cause":"x"}"#)?;
//! assert_eq!(err.code, BusinessCode::from("13004"));
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_with::skip_serializing_none;

/// Business `code`: an integer on success, a string on HTTP 299; both are accepted
/// and kept as the decimal string.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BusinessCode(String);

impl BusinessCode {
    /// Parameter validation failure.
    pub const VALIDATION: &'static str = "13004";
    /// Network exception, retry.
    pub const RETRY: &'static str = "500";
    /// Success (the JSON number 0, as text).
    pub const SUCCESS: &'static str = "0";

    /// The code as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// Code 0.
    pub fn is_success(&self) -> bool {
        self.0 == Self::SUCCESS
    }
    /// Code 500: "network exception, retry".
    pub fn is_retry(&self) -> bool {
        self.0 == Self::RETRY
    }
}

impl From<&str> for BusinessCode {
    fn from(s: &str) -> Self {
        Self(s.to_owned())
    }
}

impl core::fmt::Display for BusinessCode {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for BusinessCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Success codes go out as integers (as the spec shows them), others as strings.
        match self.0.parse::<i64>() {
            Ok(0) => s.serialize_i64(0),
            _ => s.serialize_str(&self.0),
        }
    }
}

impl<'de> Deserialize<'de> for BusinessCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Int(i64),
            Text(String),
        }
        Ok(match Raw::deserialize(d)? {
            Raw::Int(n) => Self(n.to_string()),
            Raw::Text(s) => Self(s),
        })
    }
}

/// An order-module response body.
#[skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderEnvelope<T> {
    /// 0 on success (a number); the error code on HTTP 299 (a string).
    pub code: BusinessCode,
    /// A success text, or the error's message.
    pub message: Option<String>,
    /// The endpoint's payload, where it returns one.
    pub data: Option<T>,
    /// The error's cause (HTTP 299).
    pub cause: Option<String>,
}
