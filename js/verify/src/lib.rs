//! `licensing-verify` for JavaScript (Node only): what the package's commands
//! drive (`npx licensing-sdk verify`, `npx licensing-sdk-sim proxy` and
//! `state --from-recording`), shipped as pkg/verify/. Plain values across the
//! boundary, JSON text for the structured ones; every decision is the crate's.

// The simulator's heap (talc growing the memory geometrically): a state read
// from a recording is as large as a simulator's, and loads as fast.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[path = "../../testing/src/heap.rs"]
mod heap;
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::cell::TalcSyncCell<heap::GrowByQuarter, talc::wasm::WasmBinning> =
    talc::cell::TalcSyncCell::new_wasm(heap::GrowByQuarter::new());

use licensing_sim_core::RequestHead;
use licensing_verify::proxy::{HarAt, Inspector, Output, ProxyOptions};
use licensing_verify::recording::{Exchange, RecordedRequest, RecordedResponse};
use licensing_verify::states;
use licensing_verify::verify::{Config, Outcome, Verify};
use wasm_bindgen::prelude::*;

/// A recording's simulator state, and what it left out; the error names the
/// line and the pointer of what cannot be read.
#[wasm_bindgen(js_name = stateFromRecording)]
pub fn state_from_recording(text: &str) -> Result<MadeState, JsError> {
    states::state_from_recording(text).map(|made| MadeState { made }).map_err(|e| JsError::new(&e))
}

/// A HAR's simulator state (devtools', Playwright's, schemathesis's), and
/// what it left out; the error names what makes it no HAR, or the entry.
#[wasm_bindgen(js_name = stateFromHar)]
pub fn state_from_har(text: &str) -> Result<MadeState, JsError> {
    states::state_from_har(text).map(|made| MadeState { made }).map_err(|e| JsError::new(&e))
}

/// What `stateFromRecording` or `stateFromHar` made.
#[wasm_bindgen]
pub struct MadeState {
    made: states::MadeState,
}

#[wasm_bindgen]
impl MadeState {
    /// The state, as the state format's JSON text.
    pub fn state(&self) -> String {
        self.made.state.clone()
    }

    /// Each note in words: its line, where in it, and what was done.
    #[wasm_bindgen(js_name = noteLines)]
    pub fn note_lines(&self) -> Vec<String> {
        self.made.notes.iter().map(ToString::to_string).collect()
    }

    /// What of a HAR's answers differs from the contract, as the proxy logs it.
    #[wasm_bindgen(js_name = answerLines)]
    pub fn answer_lines(&self) -> Vec<String> {
        self.made.answers.clone()
    }

    /// What the notes count, in one line (`undefined`: none).
    pub fn summary(&self) -> Option<String> {
        self.made.summary()
    }

    /// The notes as `--report`'s JSON text.
    #[wasm_bindgen(js_name = reportJson)]
    pub fn report_json(&self) -> String {
        self.made.report_json()
    }
}

/// A recording's first line, with its newline.
#[wasm_bindgen(js_name = recordingHeader)]
pub fn recording_header(upstream: &str) -> String {
    licensing_verify::recording::header_line(upstream)
}

/// The token `verify` sends as the wrong one (a probe of `auth: "wrong"`):
/// licensing-verify's, defined there once.
#[wasm_bindgen(js_name = wrongToken)]
pub fn wrong_token() -> String {
    licensing_verify::verify::WRONG_TOKEN.to_owned()
}

/// A `verify` run.
#[wasm_bindgen]
pub struct VerifyRun {
    run: Verify,
}

#[wasm_bindgen]
impl VerifyRun {
    /// A run from its options as JSON text; the error names the option.
    #[wasm_bindgen(constructor)]
    pub fn new(config_json: &str) -> Result<VerifyRun, JsError> {
        let config = Config::from_json(config_json).map_err(|e| JsError::new(&e))?;
        Ok(VerifyRun { run: Verify::new(config) })
    }

    /// The next probe as JSON text (`{check, method, path, query, auth, body?}`); none once the run is over.
    #[wasm_bindgen(js_name = nextProbe)]
    pub fn next_probe(&mut self) -> Option<String> {
        self.run.next_probe().map(|probe| probe.to_json())
    }

    /// The probe's answer.
    pub fn answered(&mut self, status: u16, content_type: Option<String>, body: String) {
        self.run.answered(Outcome::Answered { status, content_type, body });
    }

    /// The probe got no answer, for this reason.
    pub fn failed(&mut self, reason: String) {
        self.run.answered(Outcome::Failed { reason });
    }

    /// The answer was larger than `limit` bytes (`--max-answer-bytes`): not
    /// read further; its check could not be made, and the run exits 2.
    #[wasm_bindgen(js_name = tooLarge)]
    pub fn too_large(&mut self, limit: f64) {
        // A byte count from JS: whole and within u64 (`as` saturates).
        self.run.answered(Outcome::TooLarge { limit: limit as u64 });
    }

    /// The report as JSON text (`--json`).
    #[wasm_bindgen(js_name = reportJson)]
    pub fn report_json(&self) -> String {
        self.run.report().to_json()
    }

    /// The report as one self-contained HTML page (`--html`).
    #[wasm_bindgen(js_name = reportHtml)]
    pub fn report_html(&self) -> String {
        licensing_verify::html::verify_page(&self.run.report())
    }

    /// The command's output lines.
    pub fn lines(&self) -> Vec<String> {
        self.run.report().lines()
    }

    /// The command's exit code (0, 1 or 2).
    #[wasm_bindgen(js_name = exitCode)]
    pub fn exit_code(&self) -> i32 {
        self.run.report().exit_code()
    }
}

/// The checking proxy's inspection.
#[wasm_bindgen]
pub struct ProxyInspector {
    inspector: Inspector,
    /// The requests seen and not yet finished, by the flight number `request`
    /// gave them: `finish` takes the request from here, so a body crosses into
    /// the wasm once per exchange.
    flights: std::collections::HashMap<u32, RecordedRequest>,
    next_flight: u32,
}

#[wasm_bindgen]
impl ProxyInspector {
    /// A proxy from its options as JSON text (`{rules, refuse, locale}`).
    #[wasm_bindgen(constructor)]
    pub fn new(options_json: &str) -> Result<ProxyInspector, JsError> {
        let options = ProxyOptions::from_json(options_json).map_err(|e| JsError::new(&e))?;
        Ok(ProxyInspector { inspector: Inspector::new(options), flights: Default::default(), next_flight: 0 })
    }

    /// A request on its way, as JSON text: `{flight, endpoint, lines,
    /// refusal}` (the refusal `{status, headers, body}` to answer instead of
    /// forwarding). The request is kept until `finish` is given its `flight`.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        query: Option<String>,
        headers: Vec<String>,
        body: Vec<u8>,
    ) -> String {
        let mut head = RequestHead::new(method, path, query.as_deref());
        head.headers = pairs(headers);
        let seen = self.inspector.request(&head, &body);
        // What the recording and the HAR show of the body: its text (invalid
        // UTF-8 as U+FFFD, as Node's Buffer.toString gives it).
        let text = (!body.is_empty()).then(|| String::from_utf8_lossy(&body).into_owned());
        let flight = self.next_flight;
        self.next_flight = self.next_flight.wrapping_add(1);
        let request = RecordedRequest::new(method, path, query.as_deref(), head.headers, text);
        self.flights.insert(flight, request);
        seen.to_json(flight)
    }

    /// An exchange ended, as JSON text `{lines, recording, har}`: the log lines
    /// of what the answer shows that is new, the recording's line when
    /// `record`, the HAR entry when `urlBase` is given. `ending` is one
    /// `Ending` as JSON text; its request is the one `request` kept under
    /// `flight` (a flight stopped before `request` saw it gives its request in
    /// `ending`). Refused (an error naming what) when `ending` cannot be read.
    pub fn finish(&mut self, flight: Option<u32>, ending: &str) -> Result<String, JsError> {
        let ending: Ending = serde_json::from_str(ending).map_err(|e| JsError::new(&format!("finish: {e}")))?;
        let request = match flight.and_then(|f| self.flights.remove(&f)) {
            Some(kept) => kept,
            None => RecordedRequest::new(
                &ending.method,
                &ending.path,
                ending.query.as_deref(),
                pairs(ending.request_headers),
                ending.request_body,
            ),
        };
        let response = ending.status.map(|status| {
            RecordedResponse::new(status, pairs(ending.response_headers), ending.response_body.unwrap_or_default())
                .decoded_from(ending.charset.as_deref())
        });
        let mut exchange = Exchange::new(request, response);
        if let Some(why) = ending.error {
            exchange = exchange.failed(&why);
        }
        let har = ending
            .url_base
            .map(|base| HarAt::new(&base, ending.started.as_deref().unwrap_or_default(), ending.time_ms));
        let done = self.inspector.finish(&exchange, ending.refused, &Output::new(ending.record, har));
        Ok(serde_json::json!({ "lines": done.lines, "recording": done.recording, "har": done.har }).to_string())
    }

    /// The start of a HAR file (before its first entry), its creator this
    /// package's proxy at this version (the workspace's, the package's).
    #[wasm_bindgen(js_name = harHead)]
    pub fn har_head() -> String {
        licensing_verify::har::har_head(env!("CARGO_PKG_VERSION"))
    }

    /// What closes a HAR file after its entries.
    #[wasm_bindgen(js_name = harTail)]
    pub fn har_tail() -> String {
        licensing_verify::har::HAR_TAIL.to_owned()
    }

    /// The summary's lines, for the proxy's exit.
    #[wasm_bindgen(js_name = summaryLines)]
    pub fn summary_lines(&self) -> Vec<String> {
        self.inspector.summary_lines()
    }

    /// What was seen, as one self-contained HTML page (`--html FILE`).
    #[wasm_bindgen(js_name = summaryHtml)]
    pub fn summary_html(&self, upstream: &str) -> String {
        licensing_verify::html::proxy_page(upstream, self.inspector.summary(), self.inspector.exhibits())
    }
}

/// How an exchange ended, as js/verify/src-js/proxy.js's `finisher` gives it to
/// `ProxyInspector.finish`: one object rather than a row of arguments.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Ending {
    /// The request, when `request` never kept it (its flight stopped first).
    #[serde(default)]
    method: String,
    #[serde(default)]
    path: String,
    query: Option<String>,
    /// Its headers as a flat list: name, value, name, value…
    #[serde(default)]
    request_headers: Vec<String>,
    request_body: Option<String>,
    /// The answer's status; absent when none came (`error` says why).
    status: Option<u16>,
    #[serde(default)]
    response_headers: Vec<String>,
    response_body: Option<String>,
    /// What the answer's body was decoded from, when not UTF-8.
    charset: Option<String>,
    /// Why no answer came.
    error: Option<String>,
    /// Answered here (`--refuse`), not by the service.
    #[serde(default)]
    refused: bool,
    /// A line for the recording (`--record`).
    #[serde(default)]
    record: bool,
    /// The HAR entry's origin (`--har`), with when it started (ISO 8601) and how long it took.
    url_base: Option<String>,
    started: Option<String>,
    #[serde(default)]
    time_ms: f64,
}

/// A flat list (name, value, name, value...) as pairs.
fn pairs(flat: Vec<String>) -> Vec<(String, String)> {
    let mut out = Vec::with_capacity(flat.len() / 2);
    let mut items = flat.into_iter();
    while let (Some(name), Some(value)) = (items.next(), items.next()) {
        out.push((name, value));
    }
    out
}
