//! How the answer to a step's probe is judged: its checks (held to the contract,
//! and the verdict the step asks for), and what a taken call teaches the later steps.

use licensing_core::response::check_answer;
use licensing_core::response::success_code;
use licensing_core::validate::{Options, Profile, Severity};
use licensing_core::wire::{Endpoint, Module};
use serde_json::Value;

use super::steps::{about, endpoint_of, Exchange, Learned, Step, Taken};
use super::{Check, Config, Outcome, Probe, Sent, Verdict};
use crate::differences::group;

/// Whether an answer is a success of its module, or how it refused.
fn taken(module: Module, status: u16, body: &str) -> Taken {
    let json: Option<Value> = serde_json::from_str(body).ok();
    let field = |name: &str| json.as_ref().and_then(|j| j.get(name)).cloned();
    let text = |v: Option<Value>| match v {
        Some(Value::String(s)) => Some(s),
        Some(Value::Null) | None => None,
        Some(other) => Some(other.to_string()),
    };
    // The module's own fields, else the other module's (a gateway's or a
    // refusal's body may be either).
    let (own, other) = match module {
        Module::Order => (("code", "message"), ("resultCode", "resultMessage")),
        Module::Activity => (("resultCode", "resultMessage"), ("code", "message")),
    };
    let code = text(field(own.0)).or_else(|| text(field(other.0)));
    let message = text(field(own.1)).or_else(|| text(field(other.1)));
    let own_code = text(field(own.0));
    let success = status == 200 && own_code.as_deref() == Some(success_code(module));
    if success {
        return Taken::Accepted;
    }
    let mut how = format!("HTTP {status}");
    match (code, message) {
        (Some(code), Some(message)) => how.push_str(&format!(", code {code}: {:?}", excerpt(&message, 120))),
        (Some(code), None) => how.push_str(&format!(", code {code}")),
        (None, _) if !body.trim().is_empty() => how.push_str(&format!(": {:?}", excerpt(body.trim(), 120))),
        (None, _) => {}
    }
    Taken::Refused(how)
}

fn excerpt(text: &str, max: usize) -> String {
    licensing_core::validate::excerpt(text, max)
}

/// What was sent, and the status that came.
fn sent(probe: &Probe, status: Option<u16>) -> Sent {
    Sent { method: probe.method, path: probe.path.clone(), status, answer: None }
}

/// A check of `step` on its answer: the answer checked against the contract
/// (`check_answer`, the `spec` profile), and `verdict` / `detail` unless it
/// differs from what the spec states, which then decides.
fn checked(
    step: Step,
    probe: &Probe,
    endpoint: Endpoint,
    (status, body): (u16, &str),
    config: &Config,
    verdict: Verdict,
    detail: String,
) -> Check {
    let (id, title, source) = about(step);
    let opts = Options::default().with_rules(Profile::Spec).with_locale(config.locale);
    let report = check_answer(endpoint, status, body, &opts);
    let differences = group(&report.issues);
    let (verdict, detail) = match (report.valid, verdict) {
        (true, Verdict::Agrees) => (verdict, format!("{detail}: the answer agrees with the contract")),
        (true, _) => (verdict, detail),
        (false, _) => {
            let n = differences.iter().filter(|d| d.severity == Severity::Error).count();
            let places = if n == 1 { String::from("1 place") } else { format!("{n} places") };
            (Verdict::Differs, format!("{detail}: the answer differs from what the spec states in {places}"))
        }
    };
    // The body is the run's, its tokens already redacted.
    let request = Sent { answer: Some(excerpt(body, super::ANSWER_SHOWN_CHARS)), ..sent(probe, Some(status)) };
    Check { id, title, source, verdict, detail, request: Some(request), differences }
}

/// A probe with no answer to read: the first stops the run (the service cannot
/// be reached); the first half of the nonce check says nothing; any other
/// could not be checked, and says why.
fn no_answer(step: Step, probe: &Probe, reason: &str) -> Result<Vec<Check>, String> {
    if step == Step::Reach {
        return Err(format!("no answer from {}: {reason}", probe.path));
    }
    if step == Step::NonceFirst {
        return Ok(Vec::new());
    }
    Ok(vec![failed(step, probe, reason)])
}

fn failed(step: Step, probe: &Probe, reason: &str) -> Check {
    let (id, title, source) = about(step);
    Check {
        id,
        title,
        source,
        verdict: Verdict::CouldNotCheck,
        detail: format!("no answer: {reason}"),
        request: Some(sent(probe, None)),
        differences: Vec::new(),
    }
}

/// Judges the answer to a step's probe: its checks, or why the run cannot go
/// on (`Err`, the first read only).
pub(crate) fn judge(
    step: Step,
    probe: &Probe,
    outcome: &Outcome,
    config: &Config,
    learned: &mut Learned,
) -> Result<Vec<Check>, String> {
    let (status, content_type, body) = match outcome {
        Outcome::Answered { status, content_type, body } => (*status, content_type.as_deref(), body.as_str()),
        Outcome::Failed { reason } => return no_answer(step, probe, reason),
        Outcome::TooLarge { limit } => return no_answer(step, probe, &format!("answer larger than {limit} bytes")),
    };
    let endpoint = endpoint_of(probe);
    if step == Step::Reach {
        unusable(status, content_type, body, probe)?;
    }
    let module = endpoint.module();
    let outcome = taken(module, status, body);
    // Answers of the two envelope statuses are checked against the contract; a
    // refusal at another status (a gateway's 401) is what the service does.
    let enveloped = status == 200 || (module == Module::Order && status == licensing_core::wire::HTTP_BUSINESS_ERROR);
    let check = |verdict: Verdict, detail: String| {
        if enveloped {
            checked(step, probe, endpoint, (status, body), config, verdict, detail)
        } else {
            let (id, title, source) = about(step);
            Check {
                id,
                title,
                source,
                verdict,
                detail,
                request: Some(sent(probe, Some(status))),
                differences: Vec::new(),
            }
        }
    };
    let check = match step {
        Step::Reach | Step::ReadAssets | Step::ShellNums | Step::Bind | Step::Create | Step::Update | Step::Lock
        | Step::Unlock | Step::Read(_) | Step::Join | Step::BatchOrder => {
            learn(step, endpoint, probe, &outcome, body, learned);
            let (verdict, detail) = match &outcome {
                Taken::Accepted => (Verdict::Agrees, format!("HTTP {status}, success")),
                Taken::Refused(how) => (Verdict::ServiceDoes, format!("refused it: {how}")),
            };
            let (verdict, detail) = match (step, &outcome) {
                (Step::BatchOrder, Taken::Accepted) => echoes_sequences(probe, body).map_or((verdict, detail), |why| {
                    (Verdict::Differs, why)
                }),
                _ => (verdict, detail),
            };
            check(verdict, detail)
        }
        Step::AuthMissing | Step::AuthWrong | Step::AuthScopeOrder | Step::AuthScopeActivity => match &outcome {
            Taken::Accepted => check(Verdict::Differs, format!("answered with success (HTTP {status}): not refused")),
            Taken::Refused(how) => {
                let reask = match (step, status) {
                    (Step::AuthMissing | Step::AuthWrong, 401) => {
                        " (as the SDK expects: a token provider is asked again on HTTP 401)"
                    }
                    (Step::AuthMissing | Step::AuthWrong, _) => {
                        " (the SDK's client asks a token provider again on HTTP 401 only: with this service it will not)"
                    }
                    _ => "",
                };
                check(Verdict::Agrees, format!("refused: {how}{reask}"))
            }
        },
        Step::NonceMissing => match &outcome {
            Taken::Accepted => check(
                Verdict::ServiceDoes,
                String::from("accepts a call without g_nonce (the SDK always sends one; its simulator refuses such a call)"),
            ),
            Taken::Refused(how) => {
                check(Verdict::ServiceDoes, format!("refuses a call without g_nonce: {how} (as the SDK's simulator does)"))
            }
        },
        Step::NonceFirst => {
            let nonce = probe.query.split('&').find_map(|p| p.strip_prefix("g_nonce=")).unwrap_or_default();
            learned.replay = Some((nonce.to_owned(), outcome));
            return Ok(Vec::new());
        }
        Step::NonceReplay => match (&learned.replay, &outcome) {
            (Some((_, Taken::Refused(how))), _) => {
                check(Verdict::CouldNotCheck, format!("the first call was refused already: {how}"))
            }
            (_, Taken::Accepted) => check(
                Verdict::ServiceDoes,
                String::from(
                    "accepts a g_nonce used before (the SDK's client never repeats one; its simulator refuses one for --nonce-window-secs)",
                ),
            ),
            (_, Taken::Refused(how)) => {
                check(Verdict::ServiceDoes, format!("refuses a g_nonce used before: {how} (as the SDK's simulator does)"))
            }
        },
        Step::RefusalRead | Step::Calibrate(_) => match &outcome {
            Taken::Accepted => check(
                Verdict::ServiceDoes,
                String::from("accepts it: the SDK's `spec` profile lets it through (`recommended` refuses it)"),
            ),
            Taken::Refused(how) => {
                check(Verdict::ServiceDoes, format!("refuses it: {how} (as the SDK's `recommended` profile does)"))
            }
        },
    };
    Ok(vec![check])
}

/// Why the first answer says the address is not the service (the run stops).
fn unusable(status: u16, content_type: Option<&str>, body: &str, probe: &Probe) -> Result<(), String> {
    let html =
        content_type.is_some_and(|t| t.to_ascii_lowercase().contains("html")) || body.trim_start().starts_with('<');
    if html {
        return Err(format!(
            "{} answers an HTML page (HTTP {status}), not the service's JSON: --base-url must be the service's base address, the part before /order/api/…",
            probe.path
        ));
    }
    match status {
        401 | 403 => Err(format!(
            "the service refused --token (HTTP {status}{}): give an application token with scope auth_order",
            body_excerpt(body)
        )),
        404 | 405 => Err(format!(
            "HTTP {status} at {}: --base-url must be the service's base address, the part before /order/api/…",
            probe.path
        )),
        _ if serde_json::from_str::<Value>(body).is_err() => Err(format!(
            "{} answers HTTP {status} with a body that is not JSON{}: is --base-url the service?",
            probe.path,
            body_excerpt(body)
        )),
        _ => Ok(()),
    }
}

fn body_excerpt(body: &str) -> String {
    let body = body.trim();
    if body.is_empty() {
        String::new()
    } else {
        format!(": {:?}", excerpt(body, 120))
    }
}

/// What an answer the service took tells the later steps: the facts the
/// writes' steps need, and the exchange itself for the links into the reads.
fn learn(step: Step, endpoint: Endpoint, probe: &Probe, outcome: &Taken, body: &str, learned: &mut Learned) {
    if *outcome != Taken::Accepted {
        return;
    }
    let response: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let data = &response["data"];
    match step {
        Step::Reach => {
            learned.read_enterprise = data
                .as_array()
                .and_then(|records| records.iter().find_map(|r| r["enterpriseGlobalId"].as_str()))
                .map(str::to_owned);
        }
        Step::ShellNums => {
            learned.numbers = data
                .as_array()
                .map(|n| {
                    n.iter()
                        .filter_map(Value::as_str)
                        .filter(|n| n.parse::<licensing_core::model::AssetNumber>().is_ok())
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default();
        }
        Step::Create => learned.enterprise = data["enterpriseGlobalId"].as_str().map(str::to_owned),
        _ => {}
    }
    let request = probe.body.as_deref().and_then(|text| serde_json::from_str(text).ok()).unwrap_or(Value::Null);
    learned.taken.push(Exchange { endpoint, request, response });
}

/// `None` when every result of an accepted batch echoes the `sequence` of one
/// of its orders ("`sequence` (integer, echoes the order's sequence)"), else
/// what differs.
fn echoes_sequences(probe: &Probe, body: &str) -> Option<String> {
    let request: Value = serde_json::from_str(probe.body.as_deref().unwrap_or("null")).ok()?;
    let sent: Vec<&Value> = request["orderList"].as_array()?.iter().map(|o| &o["sequence"]).collect();
    let answer: Value = serde_json::from_str(body).ok()?;
    let results = answer["data"].as_array()?;
    let lost: Vec<String> = results
        .iter()
        .enumerate()
        .filter(|(_, r)| !sent.contains(&&r["sequence"]))
        .map(|(i, r)| format!("/data/{i}/sequence is {}", r["sequence"]))
        .collect();
    (!lost.is_empty()).then(|| format!("the results do not echo the orders' sequences: {}", lost.join(", ")))
}
