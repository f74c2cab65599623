//! An answer checked against the contract: its HTTP status, its envelope and
//! its payload compared with what the spec shows, every difference an issue
//! at a JSON Pointer of the answer. What `licensing-sdk verify` and the
//! checking proxy report; the client's tolerant reader ([`super::read_order`])
//! still accepts what it accepts.
//!
//! An issue's `source` says whose word it differs from: **spec** (the spec
//! states it: an envelope's fields, the statuses, the types, the
//! enumerations) or **inferred** (the spec leaves it open: whether a record's
//! field is always sent, codes it does not list, statuses it does not show,
//! fields it does not name). Under the `spec` profile only the first are
//! errors.

use std::borrow::Cow;

use super::answer::payload_type;
use crate::model::{result_code, BusinessCode};
use crate::schema::{self, Kind};
use crate::validate::ctx::{excerpt, Ctx};
use crate::validate::itoa;
use crate::validate::scan::{Key, Scanner, Token};
use crate::validate::walk::{self, number_name, token_name};
use crate::validate::{Options, Params, Report, Rule};
use crate::wire::{Endpoint, Module, HTTP_BUSINESS_ERROR};

/// The codes the spec lists, per module.
const ORDER_CODES: [&str; 3] = [BusinessCode::SUCCESS, BusinessCode::VALIDATION, BusinessCode::RETRY];
const ACTIVITY_CODES: [&str; 7] = [
    result_code::SUCCESS,
    result_code::PARAMETER_ERROR,
    result_code::PROCESSING_EXCEPTION,
    result_code::ILLEGAL_PARTICIPANT,
    result_code::FILTERED,
    result_code::UNKNOWN_ACTIVITY,
    result_code::CONDITIONS_NOT_MET,
];

/// Checks an answer of `endpoint` (its HTTP status and its text) against the
/// contract; the report lists every difference at its path in the answer
/// (`/data/0/status`, `/code`, `""` for the whole answer).
///
/// ```
/// use licensing_core::response::check_answer;
/// use licensing_core::validate::{Options, Profile};
/// use licensing_core::wire::Endpoint;
/// let text = r#"{"code":0,"message":"success","data":[{"assetNum":"8000000001","status":5,"note":"x"}]}"#;
/// let report = check_answer(Endpoint::LockAssets, 200, text, &Options::default().with_rules(Profile::Spec));
/// let found: Vec<(&str, &str)> = report.issues.iter().map(|i| (i.path.as_str(), i.code.as_str())).collect();
/// assert_eq!(found, [("/data/0/status", "enum"), ("/data/0/note", "unknown_field")]);
/// assert!(!report.valid); // the enumeration is the spec's; the extra field is a warning
///
/// // A business refusal the service answered with HTTP 200:
/// let report = check_answer(Endpoint::ShellNums, 200, r#"{"code":"13004","message":"bad","cause":"x"}"#, &Options::default());
/// assert_eq!(report.issues[0].code.as_str(), "envelope_status");
/// ```
pub fn check_answer(endpoint: Endpoint, status: u16, text: &str, opts: &Options) -> Report {
    let mut ctx = Ctx::new(*opts);
    check(endpoint, status, text, &mut ctx);
    ctx.finish()
}

fn check<'a>(endpoint: Endpoint, status: u16, text: &'a str, ctx: &mut Ctx<'a>) {
    let module = endpoint.module();
    if module == Module::Order && status != 200 && status != HTTP_BUSINESS_ERROR {
        ctx.report(Rule::HttpStatus, || Params::none().with("status", itoa::unsigned(u64::from(status))));
        return;
    }
    let fields = match top_level(text, ctx) {
        Ok(Some(fields)) => fields,
        Ok(None) => return,
        Err(reason) => {
            ctx.report(Rule::Json, || Params::none().with("reason", excerpt(&reason, 200)));
            return;
        }
    };
    match module {
        Module::Order => order(endpoint, status, &fields, ctx),
        Module::Activity => activity(status, &fields, ctx),
    }
}

/// A top-level field of an answer: its key and its value's text.
struct Top<'a> {
    key: Cow<'a, str>,
    raw: &'a str,
}

/// The answer's top-level fields, each once (a repeat is a `duplicate_key`
/// issue, and the first is kept); `None` when the answer is not an object
/// (reported). `Err`: the text is not JSON.
fn top_level<'a>(text: &'a str, ctx: &mut Ctx<'a>) -> Result<Option<Vec<Top<'a>>>, String> {
    let mut s = Scanner::new(text);
    let describe = |e: crate::validate::scan::Syntax| e.describe(text);
    let token = s.peek().map_err(describe)?;
    if token != Token::Object {
        let actual = match token {
            Token::Number => number_name(s.number().map_err(describe)?),
            other => {
                s.skip_value().map_err(describe)?;
                token_name(other)
            }
        };
        s.finish().map_err(describe)?;
        ctx.report(Rule::BodyObject, || Params::none().with("expected", "object").with("actual", actual));
        return Ok(None);
    }
    s.begin_object().map_err(describe)?;
    let mut fields: Vec<Top<'a>> = Vec::new();
    let mut first = true;
    while let Some(key) = s.next_key(first, None).map_err(describe)? {
        first = false;
        let key = match key {
            Key::Other(raw) => match raw.plain() {
                Some(plain) => Cow::Borrowed(plain),
                None => Cow::Owned(raw.decode().into_owned()),
            },
            Key::Expected => Cow::Borrowed(""),
        };
        let start = s.pos();
        s.skip_value().map_err(describe)?;
        let raw = text.get(start..s.pos()).unwrap_or_default().trim();
        if fields.iter().any(|f| f.key == key) {
            at_key(ctx, &key, |ctx| ctx.report(Rule::DuplicateKey, Params::none));
        } else {
            fields.push(Top { key, raw });
        }
    }
    s.finish().map_err(describe)?;
    Ok(Some(fields))
}

/// Runs `f` with the path at a top-level key.
fn at_key<'a>(ctx: &mut Ctx<'a>, key: &str, f: impl FnOnce(&mut Ctx<'a>)) {
    let seg = ctx.decoded_key(key.to_owned());
    ctx.push(seg);
    f(ctx);
    ctx.pop();
}

fn field<'f, 'a>(fields: &'f [Top<'a>], name: &str) -> Option<&'f Top<'a>> {
    fields.iter().find(|f| f.key == name)
}

/// A value's JSON type, as `type` issues name it.
fn type_of(raw: &str) -> &'static str {
    let mut s = Scanner::new(raw);
    match s.peek() {
        Ok(Token::Number) => s.number().map(number_name).unwrap_or("number"),
        Ok(token) => token_name(token),
        Err(_) => "null",
    }
}

/// A string value decoded, or any other value as written.
fn text_of(raw: &str) -> String {
    let mut s = Scanner::new(raw);
    match s.peek() {
        Ok(Token::Str) => s.string().map(|v| v.decode().into_owned()).unwrap_or_default(),
        _ => raw.to_owned(),
    }
}

/// `type` at a top-level field when its value is not of the JSON type `expected`.
fn expect_type<'a>(ctx: &mut Ctx<'a>, top: &Top<'a>, expected: &'static str) {
    let actual = type_of(top.raw);
    if actual != expected {
        at_key(ctx, &top.key, |ctx| {
            ctx.report(Rule::FieldType, || Params::none().with("expected", expected).with("actual", actual));
        });
    }
}

/// The envelope's field `name`: `missing_field` when absent (or `null`), else
/// checked to be a string.
fn envelope_string<'a>(ctx: &mut Ctx<'a>, fields: &[Top<'a>], name: &'static str) {
    match field(fields, name).filter(|f| f.raw != "null") {
        Some(top) => expect_type(ctx, top, "string"),
        None => ctx.report_at(name, Rule::EnvelopeField, Params::none),
    }
}

/// The payload at a top-level field, checked against its kind (its issues at
/// their paths below the field).
fn payload<'a>(ctx: &mut Ctx<'a>, top: &Top<'a>, kind: &'static Kind) {
    let (key, raw) = (top.key.clone(), top.raw);
    at_key(ctx, &key, |ctx| {
        if let Err(reason) = walk::check_value(raw, kind, ctx) {
            // Not reachable: the value was skipped as JSON already.
            ctx.report(Rule::Json, || Params::none().with("reason", excerpt(&reason, 200)));
        }
    });
}

/// Every top-level field not in `known`: `unknown_field`.
fn unknown<'a>(ctx: &mut Ctx<'a>, fields: &[Top<'a>], known: &[&str]) {
    for top in fields.iter().filter(|f| !known.contains(&f.key.as_ref())) {
        at_key(ctx, &top.key, |ctx| ctx.report(Rule::UnknownField, Params::none));
    }
}

/// The other module's envelope, if the answer is in it: reported, and the rest
/// is not checked.
fn other_envelope<'a>(ctx: &mut Ctx<'a>, fields: &[Top<'a>], own: &'static str, other: &'static str) -> bool {
    if field(fields, own).is_some() {
        return false;
    }
    if field(fields, other).is_some() {
        ctx.report(Rule::WrongEnvelope, || Params::none().with("found", other).with("expected", own));
    } else {
        ctx.report_at(own, Rule::EnvelopeField, Params::none);
    }
    true
}

/// `unlisted_code` at `/name` when `code` is not one of `listed`.
fn listed<'a>(ctx: &mut Ctx<'a>, name: &'static str, code: &str, listed: &[&str]) {
    if !listed.contains(&code) {
        ctx.report_at(name, Rule::UnlistedCode, || Params::none().with("code", excerpt(code, 40)));
    }
}

fn order<'a>(endpoint: Endpoint, status: u16, fields: &[Top<'a>], ctx: &mut Ctx<'a>) {
    if other_envelope(ctx, fields, "code", "resultCode") {
        return;
    }
    let Some(code) = field(fields, "code") else { return };
    let value = text_of(code.raw);
    let success = BusinessCode::from(value.as_str()).is_success();
    let refusal = status == HTTP_BUSINESS_ERROR;
    if success == refusal {
        ctx.report(Rule::EnvelopeStatus, || {
            Params::none()
                .with("status", itoa::unsigned(u64::from(status)))
                .with("code", excerpt(&value, 40))
                .with("expected", if success { "200" } else { "299" })
        });
    } else {
        // "`code` (integer, 0 on success)"; on HTTP 299 "`code` (string)".
        expect_type(ctx, code, if success { "integer" } else { "string" });
    }
    listed(ctx, "code", &value, &ORDER_CODES);
    envelope_string(ctx, fields, "message");
    if !success {
        envelope_string(ctx, fields, "cause");
        unknown(ctx, fields, &["code", "message", "cause"]);
        return;
    }
    let kind = endpoint.data();
    match (payload_type(kind), field(fields, "data").filter(|f| f.raw != "null")) {
        // `updateEnterprise`: "only code and message (no data)".
        (None, _) => unknown(ctx, fields, &["code", "message"]),
        (Some(_), data) => {
            match data {
                Some(top) => payload(ctx, top, kind),
                // An async batch may answer before it has results: the spec does
                // not show the difference between `sync` and `async`.
                None if endpoint == Endpoint::BatchOrder => {}
                None => ctx.report_at("data", Rule::EnvelopeField, Params::none),
            }
            unknown(ctx, fields, &["code", "message", "data"]);
        }
    }
}

fn activity<'a>(status: u16, fields: &[Top<'a>], ctx: &mut Ctx<'a>) {
    let code = field(fields, "resultCode").map(|top| result_code_text(top.raw));
    if status != 200 {
        ctx.report(Rule::EnvelopeStatus, || {
            Params::none()
                .with("status", itoa::unsigned(u64::from(status)))
                .with("code", code.as_deref().map_or_else(|| String::from("—"), |c| excerpt(c, 40)))
                .with("expected", "200")
        });
    }
    if other_envelope(ctx, fields, "resultCode", "code") {
        return;
    }
    let (Some(code), Some(top)) = (code, field(fields, "resultCode")) else { return };
    // "the body field `resultCode` (string)".
    expect_type(ctx, top, "string");
    listed(ctx, "resultCode", &code, &ACTIVITY_CODES);
    envelope_string(ctx, fields, "resultMessage");
    let detail = field(fields, "detail").filter(|f| f.raw != "null");
    let rejections = field(fields, "activityDtoList").filter(|f| f.raw != "null");
    match detail {
        Some(top) => payload(ctx, top, Endpoint::JoinActivity.data()),
        None if code == result_code::SUCCESS => ctx.report_at("detail", Rule::EnvelopeField, Params::none),
        None => {}
    }
    match rejections {
        Some(top) => payload(ctx, top, &schema::ACTIVITY_REJECTIONS),
        None if code == result_code::CONDITIONS_NOT_MET => {
            ctx.report_at("activityDtoList", Rule::EnvelopeField, Params::none);
        }
        None => {}
    }
    unknown(ctx, fields, &["resultCode", "resultMessage", "detail", "activityDtoList"]);
}

/// A `resultCode` as its four-digit text (a number `0` reads as `0000`, as the
/// client reads it).
fn result_code_text(raw: &str) -> String {
    let code = text_of(raw);
    if raw.starts_with('"') || code.len() >= 4 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return code;
    }
    let mut padded = String::from(&"0000"[code.len()..]);
    padded.push_str(&code);
    padded
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{Profile, Severity};
    use crate::wire::Endpoint;

    fn found(endpoint: Endpoint, status: u16, text: &str) -> Vec<(String, &'static str, Severity)> {
        check_answer(endpoint, status, text, &Options::default().with_rules(Profile::Spec))
            .issues
            .into_iter()
            .map(|i| (i.path, i.code.as_str(), i.severity))
            .collect()
    }

    /// Every endpoint's complete example payload, in its envelope, is an answer
    /// with nothing to say.
    #[test]
    fn the_tables_examples_agree_with_the_contract() {
        for e in Endpoint::ALL {
            let data = crate::validate::schema_example_of_data(e);
            let text = match e.module() {
                Module::Order if payload_type(e.data()).is_none() => String::from(r#"{"code":0,"message":"success"}"#),
                Module::Order => format!(r#"{{"code":0,"message":"success","data":{data}}}"#),
                Module::Activity => format!(r#"{{"resultCode":"0000","resultMessage":"ok","detail":{data}}}"#),
            };
            assert_eq!(found(e, 200, &text), [], "{e}: {text}");
        }
        let refused = r#"{"code":"13004","message":"bad","cause":"x"}"#;
        assert_eq!(found(Endpoint::BatchOrder, 299, refused), []);
        let rejected = r#"{"resultCode":"3002","resultMessage":"no","activityDtoList":[{"id":"A","name":"n","participateResult":false,"engineSubActivityDtos":[{"errorCode":14005,"errorMessage":"m","id":"U","name":"u","participateResult":false}]}]}"#;
        assert_eq!(found(Endpoint::JoinActivity, 200, rejected), []);
        // An async batch without data yet.
        assert_eq!(found(Endpoint::BatchOrder, 200, r#"{"code":0,"message":"success"}"#), []);
    }

    #[test]
    fn envelopes_are_checked_field_by_field() {
        use Severity::{Error, Warning};
        let s = |p: &str| p.to_owned();
        assert_eq!(
            found(Endpoint::ShellNums, 200, r#"{"code":"0","data":["8000000001"],"traceId":"t"}"#),
            [
                (s("/code"), "type", Error),
                (s("/message"), "missing_field", Error),
                (s("/traceId"), "unknown_field", Warning)
            ]
        );
        assert_eq!(
            found(Endpoint::ShellNums, 299, r#"{"code":13004,"message":"bad"}"#),
            [(s("/code"), "type", Error), (s("/cause"), "missing_field", Error)]
        );
        // A refusal with HTTP 200: the status is the difference, not the code's type.
        assert_eq!(
            found(Endpoint::ShellNums, 200, r#"{"code":"13004","message":"bad","cause":"x"}"#),
            [(s(""), "envelope_status", Error)]
        );
        assert_eq!(
            found(Endpoint::UpdateEnterprise, 200, r#"{"code":0,"message":"ok","data":{"x":1}}"#),
            [(s("/data"), "unknown_field", Warning)]
        );
        assert_eq!(found(Endpoint::ShellNums, 502, "<html>bad gateway</html>"), [(s(""), "http_status", Warning)]);
        assert_eq!(found(Endpoint::ShellNums, 200, "<html>"), [(s(""), "invalid_json", Error)]);
        assert_eq!(found(Endpoint::ShellNums, 200, "[]"), [(s(""), "type", Error)]);
        assert_eq!(found(Endpoint::ShellNums, 200, "3"), [(s(""), "type", Error)]);
        assert_eq!(
            found(Endpoint::ShellNums, 200, r#"{"code":0,"message":"ok","data":[],"data":[1]}"#),
            [(s("/data"), "duplicate_key", Warning)]
        );
        assert_eq!(
            found(Endpoint::JoinActivity, 200, r#"{"resultCode":0,"resultMessage":"ok","detail":{"products":[]}}"#),
            [(s("/resultCode"), "type", Error)]
        );
        assert_eq!(
            found(Endpoint::JoinActivity, 200, r#"{"resultCode":"3002","resultMessage":"no"}"#),
            [(s("/activityDtoList"), "missing_field", Error)]
        );
        assert_eq!(
            found(Endpoint::JoinActivity, 403, r#"{"code":"403","message":"scope"}"#),
            [(s(""), "envelope_status", Error), (s(""), "wrong_envelope", Error)]
        );
        // A key with escapes is named decoded.
        assert_eq!(
            found(Endpoint::ShellNums, 200, r#"{"code":0,"message":"ok","data":[],"a\/b":1}"#),
            [(s("/a~1b"), "unknown_field", Warning)]
        );
    }

    #[test]
    fn payloads_are_checked_strictly() {
        use Severity::{Error, Warning};
        let text = r#"{"code":0,"message":"success","data":[{"sequence":1,"licenseOrderId":12345678901234567890,"customerId":"C1"},{"sequence":2,"customerId":"C1","licenseOrderId":9007199254740993}]}"#;
        let got = found(Endpoint::BatchOrder, 200, text);
        let want = [
            ("/data/0/licenseOrderId".to_owned(), "type", Error),
            ("/data/1/licenseOrderId".to_owned(), "type", Error),
            ("/data/1/licenseOrderId".to_owned(), "unsafe_integer", Warning),
        ];
        assert_eq!(got, want);
        // In Chinese too.
        let report = check_answer(
            Endpoint::LockAssets,
            200,
            r#"{"code":0,"message":"ok","data":[{"assetNum":"8000000001"}]}"#,
            &Options::default().with_locale(crate::validate::Locale::ZhCn),
        );
        assert_eq!(report.issues[0].code.as_str(), "missing_field");
        assert!(report.issues[0].message.contains("缺少 `status`"), "{}", report.issues[0].message);
    }
}
