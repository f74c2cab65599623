//! `Valid<T>`: a typed request that passed validation, so only checked values flow
//! on to the client.
//!
//! ```
//! use licensing_core::model::ShellNumsRequest;
//! use licensing_core::valid::Valid;
//! assert!(Valid::new(ShellNumsRequest { size: Some(3) }).is_ok());
//! let report = Valid::new(ShellNumsRequest { size: Some(0) }).unwrap_err();
//! assert_eq!(report.issues[0].path, "/size");
//! ```

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::model::*;
use crate::validate::{self, Issue, Options, Report, Severity};
use crate::wire::Endpoint;

/// A typed request body of an endpoint.
pub trait Request: Serialize {
    /// The endpoint whose rules apply (create and update share one shape, as do
    /// lock and unlock).
    const ENDPOINT: Endpoint;

    /// Validates this request under `opts`: its JSON text, read as the service
    /// (and the JS `validateJson`) would read it.
    fn validate(&self, opts: &Options) -> Report {
        match serde_json::to_string(self) {
            Ok(json) => validate::validate_json(Self::ENDPOINT, &json, opts),
            Err(e) => validate::invalid_json(&e.to_string(), opts),
        }
    }
}

macro_rules! request_impls {
    ($($ty:ty => $endpoint:ident),* $(,)?) => {
        $(impl Request for $ty {
            const ENDPOINT: Endpoint = Endpoint::$endpoint;
        })*
    };
}
// The list is the endpoint table's (model/generated.rs): a new endpoint needs no line here.
crate::model::with_requests!(request_impls);

/// A request that has no validation errors (it may have warnings), with the
/// JSON text it was validated as: what a client sends.
#[derive(Debug, Clone, PartialEq)]
pub struct Valid<T> {
    value: T,
    json: String,
    warnings: Vec<Issue>,
}

impl<T: Request> Valid<T> {
    /// Validates with the default options.
    pub fn new(value: T) -> Result<Self, Report> {
        Self::with_options(value, &Options::default())
    }

    /// Validates with the given options (its profile decides what is an error).
    pub fn with_options(value: T, opts: &Options) -> Result<Self, Report> {
        let json = serde_json::to_string(&value).map_err(|e| validate::invalid_json(&e.to_string(), opts))?;
        let report = validate::validate_json(T::ENDPOINT, &json, opts);
        if report.valid {
            let warnings = report.issues.into_iter().filter(|i| i.severity == Severity::Warning).collect();
            Ok(Self { value, json, warnings })
        } else {
            Err(report)
        }
    }
}

impl<T: Request + DeserializeOwned> Valid<T> {
    /// Validates JSON text, then deserializes it: what a server does with a
    /// request body. Every issue the text has (types, enums, unknown fields,
    /// duplicate keys, in document order) is in the report, which
    /// deserializing first cannot give: serde stops at the first type error
    /// and drops unknown fields and repeats unseen.
    ///
    /// ```
    /// use licensing_core::model::ShellNumsRequest;
    /// use licensing_core::valid::Valid;
    /// let body = Valid::<ShellNumsRequest>::from_json(r#"{"size": 2}"#).unwrap();
    /// assert_eq!(body.size, Some(2));
    /// let report = Valid::<ShellNumsRequest>::from_json(r#"{"size": "2", "sise": 1}"#).unwrap_err();
    /// let codes: Vec<_> = report.issues.iter().map(|i| i.code.as_str()).collect();
    /// assert_eq!(codes, ["type", "unknown_field"]);
    /// ```
    pub fn from_json(text: &str) -> Result<Self, Report> {
        Self::from_json_with(text, &Options::default())
    }

    /// [`Valid::from_json`] under the given options.
    pub fn from_json_with(text: &str, opts: &Options) -> Result<Self, Report> {
        let report = validate::validate_json(T::ENDPOINT, text, opts);
        if !report.valid {
            return Err(report);
        }
        // A text the validator accepts deserializes; should the typed model
        // ever be stricter than the rules, the caller still gets a report,
        // never a panic. A lone surrogate the rules let through (in an unknown
        // key, or any string under `spec`) is read as the validator reads it,
        // U+FFFD: serde_json refuses such a text whole.
        let value = serde_json::from_str(&validate::without_lone_surrogates(text))
            .map_err(|e| validate::invalid_json(&e.to_string(), opts))?;
        let warnings = report.issues.into_iter().filter(|i| i.severity == Severity::Warning).collect();
        Ok(Self { value, json: text.to_owned(), warnings })
    }
}

impl<T> Valid<T> {
    /// The validated value.
    pub fn get(&self) -> &T {
        &self.value
    }
    /// The JSON text that was validated (what a client sends, as it is).
    pub fn json(&self) -> &str {
        &self.json
    }
    /// The warnings found.
    pub fn warnings(&self) -> &[Issue] {
        &self.warnings
    }
    /// Gives the value back.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T> core::ops::Deref for Valid<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

#[cfg(test)]
mod tests {
    use super::Valid;
    use crate::model::{LockRequest, ShellNumsRequest};
    use crate::validate::{validate_json, Code, Options, Profile};
    use crate::wire::Endpoint;

    /// A lone surrogate the rules let through: the typed value agrees with the
    /// report (serde_json alone refused the text whole: `invalid_json`).
    #[test]
    fn a_lone_surrogate_the_rules_let_through_is_read_as_the_validator_reads_it() {
        let unknown_key = r#"{"size":2,"\ud800x":1}"#;
        assert!(validate_json(Endpoint::ShellNums, unknown_key, &Options::default()).valid);
        let body = Valid::<ShellNumsRequest>::from_json(unknown_key).map_err(|r| r.issues);
        assert_eq!(body.as_ref().map(|b| b.size), Ok(Some(2)));
        let codes: Vec<_> = body.iter().flat_map(|b| b.warnings()).map(|i| i.code).collect();
        assert_eq!(codes, [Code::UnknownField]);
        assert_eq!(body.map(|b| b.json().to_owned()), Ok(unknown_key.to_owned()), "the text is kept as it came");

        let cut = r#"{"assetNums":["8000000001"],"operatorIdentity":"\ude00ops"}"#;
        let spec = Options::default().with_rules(Profile::Spec);
        let body = Valid::<LockRequest>::from_json_with(cut, &spec).map_err(|r| r.issues);
        assert_eq!(body.map(|b| b.operator_identity.clone()), Ok(Some(String::from("\u{FFFD}ops"))));
        let refused = Valid::<LockRequest>::from_json(cut).map(|_| ()).map_err(|r| r.issues[0].code);
        assert_eq!(refused, Err(Code::LoneSurrogate), "under the default profile, the rule's issue");
    }
}
