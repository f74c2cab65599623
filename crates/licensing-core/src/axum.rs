//! `ValidJson<T>`: an axum extractor that validates a request body's text with
//! the SDK's rules, then deserializes it (feature `axum`).
//!
//! ```
//! use axum::{routing::post, Router};
//! use licensing_core::axum::ValidJson;
//! use licensing_core::model::ShellNumsRequest;
//!
//! async fn shell_nums(ValidJson(body): ValidJson<ShellNumsRequest>) -> String {
//!     format!("{:?}", body.size) // only a body without errors gets here
//! }
//! let app: Router = Router::new().route("/order/api/order/v1/shellNums", post(shell_nums));
//! ```
//!
//! axum's own `Json<T>` deserializes first: serde stops at the first type error
//! (422 with one line of text) and drops unknown fields and repeated keys
//! unseen, so a server never reports what `validate` in the browser reports.
//! This extractor answers with the whole report instead, in document order, as
//! the JS `validate` gives it:
//!
//! | status | when | body |
//! |---|---|---|
//! | 415 | the `Content-Type` is not `application/json` (or `application/*+json`) | text |
//! | 413, 400 | the body could not be read (axum's body limit, 2 MB by default; a broken stream) | text, from axum |
//! | 400 | the body is not JSON (a report whose one issue is `invalid_json`) | the report |
//! | 422 | the report has errors under the `recommended` profile | the report |
//!
//! The report is `{ "valid": false, "issues": [...] }` with `Content-Type:
//! application/json`, its messages in the request's `Accept-Language` (`zh-CN`,
//! `zh`, … give Simplified Chinese; anything else English). Warnings do not
//! refuse a body: the handler reads them from [`Valid::warnings`]. For another
//! profile, take the body as `String` and call [`Valid::from_json_with`].

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::valid::{Request as RequestBody, Valid};
use crate::validate::{Code, Locale, Options, Report};

/// A request body that passed validation (it may carry warnings), deserialized.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidJson<T>(pub Valid<T>);

/// Why [`ValidJson`] refused a request.
#[derive(Debug)]
#[non_exhaustive]
pub enum ValidJsonRejection {
    /// 415: the body is not declared as JSON.
    ContentType,
    /// The body could not be read (axum's answer: 413 past the body limit, else 400).
    Body(axum::extract::rejection::BytesRejection),
    /// 400 (`invalid_json`) or 422 (any other error): the report.
    Invalid(Report),
}

impl ValidJsonRejection {
    /// The HTTP status this rejection answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::ContentType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Body(rejection) => rejection.status(),
            Self::Invalid(report) if report.errors().any(|i| i.code == Code::InvalidJson) => StatusCode::BAD_REQUEST,
            Self::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }
}

impl IntoResponse for ValidJsonRejection {
    fn into_response(self) -> Response {
        let status = self.status();
        match self {
            Self::ContentType => (status, "expected a request with Content-Type: application/json").into_response(),
            Self::Body(rejection) => rejection.into_response(),
            Self::Invalid(report) => {
                let json = HeaderValue::from_static("application/json");
                (status, [(header::CONTENT_TYPE, json)], report.to_json()).into_response()
            }
        }
    }
}

impl<T, S> FromRequest<S> for ValidJson<T>
where
    T: RequestBody + DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ValidJsonRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(ValidJsonRejection::ContentType);
        }
        let opts = Options::default().with_locale(locale(req.headers()));
        let bytes = Bytes::from_request(req, state).await.map_err(ValidJsonRejection::Body)?;
        let text = match core::str::from_utf8(&bytes) {
            Ok(text) => text,
            Err(e) => {
                let reason = format!("the body is not UTF-8: {e}");
                return Err(ValidJsonRejection::Invalid(crate::validate::invalid_json(&reason, &opts)));
            }
        };
        Valid::from_json_with(text, &opts).map(ValidJson).map_err(ValidJsonRejection::Invalid)
    }
}

/// `application/json` or `application/<anything>+json`, parameters ignored.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else { return false };
    let essence = value.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The first language of `Accept-Language` the messages exist in, else English.
fn locale(headers: &HeaderMap) -> Locale {
    let Some(value) = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()) else { return Locale::En };
    value
        .split(',')
        .filter_map(|part| Locale::parse(part.split(';').next().unwrap_or("").trim()))
        .next()
        .unwrap_or(Locale::En)
}

impl<T> core::ops::Deref for ValidJson<T> {
    type Target = Valid<T>;
    fn deref(&self) -> &Valid<T> {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(k, v)| (k.clone(), HeaderValue::from_static(v))).collect()
    }

    #[test]
    fn json_content_types() {
        for (value, json) in [
            ("application/json", true),
            ("Application/JSON; charset=utf-8", true),
            ("application/problem+json", true),
            ("text/json", false),
            ("text/plain", false),
            ("application/jsonp", false),
        ] {
            assert_eq!(is_json(&headers(&[(header::CONTENT_TYPE, value)])), json, "{value}");
        }
        assert!(!is_json(&HeaderMap::new()));
    }

    #[test]
    fn locale_is_the_first_known_language() {
        for (value, locale) in [
            ("zh-CN,zh;q=0.9,en;q=0.8", Locale::ZhCn),
            ("fr-FR, zh;q=0.5", Locale::ZhCn),
            ("en-GB", Locale::En),
            ("fr", Locale::En),
            ("", Locale::En),
        ] {
            assert_eq!(super::locale(&headers(&[(header::ACCEPT_LANGUAGE, value)])), locale, "{value}");
        }
    }
}
