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

use super::answer::{self, payload_type, Payload};
use crate::model::result_code;
use crate::schema::{self, Kind, Shape};
use crate::validate::ctx::{excerpt, Ctx, Seg};
use crate::validate::itoa;
use crate::validate::walk;
use crate::validate::{Options, Params, Report, Rule};
use crate::wire::{Endpoint, Module, HTTP_BUSINESS_ERROR};

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
    let mut ctx = Ctx::new(opts.clone());
    check(endpoint, status, text, &mut ctx);
    ctx.finish()
}

/// A module's code field, and the other module's (a `code` where `resultCode`
/// belongs is the wrong envelope).
fn keys(module: Module) -> (&'static str, Module, &'static str) {
    match module {
        Module::Order => ("code", Module::Activity, "resultCode"),
        Module::Activity => ("resultCode", Module::Order, "code"),
    }
}

fn check<'a>(endpoint: Endpoint, status: u16, text: &'a str, ctx: &mut Ctx<'a>) {
    let module = endpoint.module();
    let status_text = itoa::unsigned(u64::from(status));
    // A refused token (in either module), and in the order module any status
    // but its two: the spec shows none of them, so their bodies are not held
    // to an envelope. (The activity module's "200 in all cases" is about the
    // answers of the activity itself: `envelope_status` below.)
    let refused_token = status == 401 || status == 403;
    if refused_token || (module == Module::Order && status != 200 && status != HTTP_BUSINESS_ERROR) {
        ctx.report(Rule::HttpStatus, || Params::none().with("status", status_text));
        return;
    }
    // The code first, as the tolerant reader reads it: it says which envelope
    // the rest is held to.
    let (own, other, other_key) = keys(module);
    let envelope = match answer::read_envelope(text, module) {
        Ok(envelope) => envelope,
        Err(reason) => {
            ctx.report(Rule::Json, || Params::none().with("reason", excerpt(&reason, 200)));
            return;
        }
    };
    let code = envelope.raw(own).map(|_| match module {
        Module::Order => envelope.text(own).unwrap_or_default(),
        Module::Activity => super::result_code_of(&envelope),
    });
    let success = code.as_deref() == Some(super::success_code(module));
    let expected = match module {
        Module::Order if success => "200",
        Module::Order => "299",
        Module::Activity => "200",
    };
    // The activity module answers 200 in all cases, its code read or not.
    if (code.is_some() || module == Module::Activity) && expected != status_text {
        ctx.report(Rule::EnvelopeStatus, || {
            let shown = code.as_deref().map_or_else(|| String::from("(none)"), |c| excerpt(c, 40));
            Params::none().with("status", status_text).with("code", shown).with("expected", expected)
        });
    }
    if code.is_none() && answer::read_envelope(text, other).is_ok_and(|e| e.raw(other_key).is_some()) {
        ctx.report(Rule::WrongEnvelope, || Params::none().with("found", other_key).with("expected", own));
        return;
    }
    let shape: &'static Shape = match (module, success) {
        (Module::Order, true) => &schema::ORDER_SUCCESS,
        (Module::Order, false) => &schema::ORDER_REFUSAL,
        (Module::Activity, _) => &schema::ACTIVITY_ANSWER,
    };
    // The envelope held to its shape: its fields, their types, and the fields
    // it does not name.
    let Ok(spans) = walk::check_root(text, shape, ctx) else { return };
    let envelope = answer::with_spans(text, shape, spans);
    if let Some(code) = &code {
        // The table of business codes (wire/codes.rs): one the endpoint is not
        // listed as answering with is a warning, the spec's list being incomplete.
        if crate::wire::business_code(endpoint, code).is_none() {
            ctx.report_at(own, Rule::UnlistedCode, || Params::none().with("code", excerpt(code, 40)));
        }
    }
    match module {
        Module::Order if success => {
            let kind = endpoint.data();
            match (payload_type(kind), envelope.raw("data")) {
                // `updateEnterprise`: "only code and message (no data)".
                (Payload::Nothing, Some(_)) => ctx.report_at("data", Rule::UnknownField, Params::none),
                (Payload::Nothing, None) => {}
                (_, Some(data)) => payload(ctx, "data", data, kind),
                // An async batch may answer before it has results: the spec
                // does not show the difference between `sync` and `async`.
                (_, None) if endpoint == Endpoint::BatchOrder => {}
                (_, None) => ctx.report_at("data", Rule::EnvelopeField, Params::none),
            }
        }
        Module::Order => {}
        Module::Activity => {
            match envelope.raw("detail") {
                Some(raw) => payload(ctx, "detail", raw, Endpoint::JoinActivity.data()),
                None if success => ctx.report_at("detail", Rule::EnvelopeField, Params::none),
                None => {}
            }
            match envelope.raw("activityDtoList") {
                Some(raw) => payload(ctx, "activityDtoList", raw, &schema::ACTIVITY_REJECTIONS),
                None if code.as_deref() == Some(result_code::CONDITIONS_NOT_MET) => {
                    ctx.report_at("activityDtoList", Rule::EnvelopeField, Params::none);
                }
                None => {}
            }
        }
    }
}

/// A payload checked against its kind, its issues at their paths below `field`.
fn payload<'a>(ctx: &mut Ctx<'a>, field: &'static str, raw: &'a str, kind: &'static Kind) {
    ctx.push(Seg::Key(field));
    // The envelope's walk read it as JSON already: no syntax error is left.
    let _ = walk::check_value(raw, kind, ctx);
    ctx.pop();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{Profile, Severity};
    use crate::wire::Endpoint;

    /// The rules that read answers whose issue no answer on its own gives: an
    /// endpoint name, the cap.
    const WITHOUT_ANSWER_EXAMPLES: [Rule; 2] = [Rule::Endpoint, Rule::IssueCap];

    /// A rule that reads the service's answers has its case table of answers:
    /// each gives its issue at its path through `check_answer` (every profile).
    #[test]
    fn every_answer_rules_examples_give_its_issue_at_its_path() {
        for &rule in Rule::ALL {
            let def = rule.def();
            let wanted = def.reads.answers() && !WITHOUT_ANSWER_EXAMPLES.contains(&rule);
            assert_eq!(!def.answer_examples.is_empty(), wanted, "{rule:?}: answer examples");
            for example in def.answer_examples {
                for profile in [Profile::Spec, Profile::Recommended, Profile::Strict] {
                    let opts = Options::default().with_rules(profile);
                    let report = check_answer(example.endpoint, example.status, example.text, &opts);
                    assert!(
                        report.issues.iter().any(|i| i.rule == rule && i.path == example.path),
                        "{rule:?}: {} gives {:?}",
                        example.text,
                        report.issues.iter().map(|i| (i.rule, &i.path)).collect::<Vec<_>>()
                    );
                    for issue in &report.issues {
                        assert!(issue.rule.def().reads.answers(), "{:?} reported on an answer", issue.rule);
                        assert_ne!(issue.message, issue.code.as_str(), "{:?} has no message", issue.rule);
                    }
                }
            }
        }
    }

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
                Module::Order if payload_type(e.data()) == Payload::Nothing => {
                    String::from(r#"{"code":0,"message":"success"}"#)
                }
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
                (s("/traceId"), "unknown_field", Warning),
                (s("/message"), "missing_field", Error),
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
            found(Endpoint::JoinActivity, 500, r#"{"code":"500","message":"down"}"#),
            [(s(""), "envelope_status", Error), (s(""), "wrong_envelope", Error)]
        );
        // A refused token: how it is answered is not shown, in either module.
        assert_eq!(found(Endpoint::JoinActivity, 403, r#"{"code":"403"}"#), [(s(""), "http_status", Warning)]);
        assert_eq!(found(Endpoint::ShellNums, 401, "denied"), [(s(""), "http_status", Warning)]);
        // A key with escapes is named decoded.
        assert_eq!(
            found(Endpoint::ShellNums, 200, r#"{"code":0,"message":"ok","data":[],"a\/b":1}"#),
            [(s("/a~1b"), "unknown_field", Warning)]
        );
    }

    #[test]
    fn a_field_under_another_name_is_one_difference_at_the_specs_name() {
        use Severity::{Error, Warning};
        let s = |p: &str| p.to_owned();
        // assetNo for assetNum: renamed, not an unknown field beside an absent one.
        assert_eq!(
            found(
                Endpoint::LockAssets,
                200,
                r#"{"code":0,"message":"ok","data":[{"assetNo":"8000000001","status":1}]}"#
            ),
            [(s("/data/0/assetNum"), "renamed_field", Error)]
        );
        // The field is there too: the close key is only unknown.
        assert_eq!(
            found(
                Endpoint::LockAssets,
                200,
                r#"{"code":0,"message":"ok","data":[{"assetNo":"1","assetNum":"8000000001","status":1}]}"#
            ),
            [(s("/data/0/assetNo"), "unknown_field", Warning)]
        );
        // Two stand-ins for one field: the first is the renamed one.
        assert_eq!(
            found(Endpoint::ShellNums, 200, r#"{"code":0,"mesage":"ok","Message":"ok","data":[]}"#),
            [(s("/message"), "renamed_field", Error), (s("/Message"), "unknown_field", Warning)]
        );
        let report = check_answer(
            Endpoint::LockAssets,
            200,
            r#"{"code":0,"message":"ok","data":[{"assetNo":"8000000001","status":1}]}"#,
            &Options::default(),
        );
        assert_eq!(report.issues[0].params.get("found"), Some("assetNo"));
        assert!(report.issues[0].message.contains("`assetNo` stands in its place"), "{}", report.issues[0].message);
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
