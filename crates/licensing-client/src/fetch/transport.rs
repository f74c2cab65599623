//! The transport over `fetch` (see the module doc of [`super`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Promise, Reflect, Uint8Array};
use licensing_core::response::ClientError;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, AbortSignal, RequestRedirect};

use super::clock::{now_ms, JsClock, Timer};
use super::js::{error_text, get};
use crate::no_answer::NoAnswer;
use crate::{HttpRequest, HttpResponse};

/// The transport over `fetch`: the global one, or `fetch` if set (a test
/// double, an in-process simulator, MSW: `fetch(request) → Promise<Response>`),
/// timed by the real clock, or `clock` if set (a test's virtual clock).
///
/// ```no_run
/// use licensing_client::fetch::FetchTransport;
/// use licensing_client::{Client, ClientOptions};
/// let client = Client::new(ClientOptions::new("https://licensing.example.com", "app-token"), FetchTransport::new());
/// ```
#[derive(Debug, Clone, Default)]
pub struct FetchTransport {
    /// The `fetch` to call instead of the global one.
    pub fetch: Option<js_sys::Function>,
    /// The clock to time every wait by instead of the real one.
    pub clock: Option<JsClock>,
}

impl FetchTransport {
    /// The transport over the global `fetch`.
    pub fn new() -> Self {
        Self::default()
    }

    /// The transport over a caller's `fetch`.
    pub fn with_fetch(fetch: js_sys::Function) -> Self {
        Self { fetch: Some(fetch), clock: None }
    }

    /// Timed by `clock`: the attempts' timeouts, the backoff's sleeps, the
    /// hooks' time limits and what a date `Retry-After` means.
    pub fn with_clock(mut self, clock: JsClock) -> Self {
        self.clock = Some(clock);
        self
    }
}

impl crate::Transport for FetchTransport {
    type Signal = AbortSignal;

    fn aborted(&self, signal: &AbortSignal) -> bool {
        signal.aborted()
    }

    async fn send(
        &self,
        request: &HttpRequest<'_>,
        timeout_ms: u32,
        signal: Option<&AbortSignal>,
    ) -> Result<HttpResponse, ClientError> {
        // Boxed: the attempt loop's state machine holds a pointer, not the
        // exchange's states (-0.2 KB gzip of the wasm, docs/design.md).
        Box::pin(exchange(request, self.fetch.as_ref(), self.clock.as_ref(), timeout_ms, signal)).await
    }

    async fn sleep(&self, ms: u32, signal: Option<&AbortSignal>) -> Result<(), ClientError> {
        sleep(self.clock.as_ref(), ms, signal).await
    }

    fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError> {
        random(bytes)
    }

    fn now_ms(&self) -> Option<f64> {
        now_ms(self.clock.as_ref())
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `crypto.getRandomValues(array)`, straight on the wasm memory; throws
    /// (here: `Err`) where there is no Web Crypto. A direct import rather than
    /// `Reflect` and `Function::call`: 0.5 KB less wasm.
    #[wasm_bindgen(catch, js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(array: &mut [u8]) -> Result<JsValue, JsValue>;
}

/// `crypto.getRandomValues` (windows, workers, Node 19+; the package's Node
/// entries install Node 18's `webcrypto` as `globalThis.crypto`), at most
/// 65,536 bytes a call as the standard allows.
fn random(bytes: &mut [u8]) -> Result<(), ClientError> {
    for chunk in bytes.chunks_mut(65_536) {
        get_random_values(chunk).map_err(|_| NoAnswer::NoRandom.error())?;
    }
    Ok(())
}

fn aborted() -> ClientError {
    NoAnswer::Aborted.error()
}

fn user_aborted(signal: Option<&AbortSignal>) -> bool {
    signal.is_some_and(AbortSignal::aborted)
}

/// Calls `on_abort` when the caller's signal fires, until dropped.
struct AbortListener {
    signal: AbortSignal,
    callback: Closure<dyn FnMut()>,
}

impl AbortListener {
    fn new(signal: Option<&AbortSignal>, on_abort: impl FnMut() + 'static) -> Option<Self> {
        let signal = signal?.clone();
        let callback = Closure::<dyn FnMut()>::new(on_abort);
        signal.add_event_listener_with_callback("abort", callback.as_ref().unchecked_ref()).ok()?;
        Some(Self { signal, callback })
    }
}

impl Drop for AbortListener {
    fn drop(&mut self) {
        let _ = self.signal.remove_event_listener_with_callback("abort", self.callback.as_ref().unchecked_ref());
    }
}

/// The fetch `Request`. Built with web-sys rather than gloo's `RequestBuilder`,
/// which re-parses the URL and appends a stray `&` to an existing query: our URL
/// is already exactly the spec's, percent-encoded by the client. Redirects are
/// not followed (`virtual`): a 307/308 would re-send the body, customer data
/// included, to wherever the `Location` points.
fn build(request: &HttpRequest<'_>, signal: &AbortSignal) -> Result<web_sys::Request, ClientError> {
    // The client checked the token and headers (no control characters), so no
    // message built here can echo them; the text of a failure is the runtime's.
    let js = |e: JsValue| NoAnswer::Unbuildable(&error_text(&e, "fetch failed")).error();
    let headers = web_sys::Headers::new().map_err(js)?;
    for (k, v) in request.headers {
        headers.set(k, v).map_err(|_| NoAnswer::HeaderRefused.error())?;
    }
    let init = web_sys::RequestInit::new();
    init.set_method(request.method.as_str());
    if let Some(text) = request.body {
        init.set_body(&JsValue::from_str(text));
    }
    init.set_headers(&headers);
    init.set_signal(Some(signal));
    init.set_redirect(RequestRedirect::Manual);
    web_sys::Request::new_with_str_and_init(request.url, &init).map_err(js)
}

/// What ends an attempt before its answer: its timer or the caller's abort. One
/// promise that resolves (to a marker of its own) when either fires; every step
/// of the exchange is raced against it (`Promise.race`), so the attempt ends on
/// time whatever the runtime does with the abort signal.
struct Stop {
    promise: Promise,
    marker: JsValue,
    resolve: Rc<RefCell<Option<js_sys::Function>>>,
}

/// How a raced step ended without its value.
enum Halt {
    /// The timer or the caller's abort came first.
    Stopped,
    /// The step itself failed (what it threw).
    Failed(JsValue),
}

impl Stop {
    fn new() -> Self {
        let resolve = Rc::new(RefCell::new(None));
        let slot = resolve.clone();
        let promise = Promise::new(&mut |res, _| {
            *slot.borrow_mut() = Some(res);
        });
        Self { promise, marker: js_sys::Object::new().into(), resolve }
    }

    /// A callback that fires the stop (once).
    fn trigger(&self) -> impl Fn() + 'static {
        let (resolve, marker) = (self.resolve.clone(), self.marker.clone());
        move || {
            if let Some(resolve) = resolve.borrow_mut().take() {
                let _ = resolve.call1(&JsValue::UNDEFINED, &marker);
            }
        }
    }

    /// The value of `step`, unless the stop fires first.
    async fn race(&self, step: &Promise) -> Result<JsValue, Halt> {
        let first = Promise::race(&js_sys::Array::of2(step, &self.promise));
        match JsFuture::from(first).await {
            Ok(value) if value == self.marker => Err(Halt::Stopped),
            Ok(value) => Ok(value),
            Err(thrown) => Err(Halt::Failed(thrown)),
        }
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The global `fetch` of windows, workers and Node 18+.
    #[wasm_bindgen(js_name = fetch)]
    fn global_fetch(request: &web_sys::Request) -> Promise;
}

/// The response of one fetch: the caller's `fetch` if given, else the global
/// one. A failure of the runtime (no connection, CORS) is `network`. What it
/// resolves to is read as a Response by its properties, never by `instanceof`
/// (a Response of another realm is one too); see [`Head::read`].
async fn fetch(request: &web_sys::Request, custom: Option<&js_sys::Function>, stop: &Stop) -> Result<JsValue, Halt> {
    let promise = match custom {
        // A `fetch` that throws, or returns a non-promise: Promise.resolve of it.
        Some(fetch) => Promise::resolve(&fetch.call1(&JsValue::UNDEFINED, request).map_err(Halt::Failed)?),
        None => global_fetch(request),
    };
    stop.race(&promise).await
}

/// Calls `obj[name](...args)` catching everything: a missing method, a
/// throwing getter, a throwing call. (web-sys' typed methods do not catch: a
/// throw inside one unwinds through the wasm and the call never settles.)
fn call(obj: &JsValue, name: &str, args: &js_sys::Array) -> Result<JsValue, JsValue> {
    let method: js_sys::Function =
        Reflect::get(obj, &JsValue::from_str(name))?.dyn_into().map_err(|_| JsValue::from_str("not a function"))?;
    method.apply(obj, args)
}

/// `obj.cancel()` (a stream or a reader), its outcome unobserved; nothing if
/// it has no such method or throws.
fn cancel_quietly(obj: &JsValue) {
    if let Ok(cancelled) = call(obj, "cancel", &js_sys::Array::new()) {
        quietly(&Promise::resolve(&cancelled));
    }
}

/// What is read of a response before its body, each property read so that
/// nothing it holds can throw into the wasm: a caller's `fetch` may return a
/// used or locked Response, a Proxy, a subclass with throwing getters, a
/// Response of another realm, or no Response at all.
struct Head {
    status: u16,
    opaque_redirect: bool,
    content_length: Option<u64>,
    /// `Retry-After`, as sent (a cross-origin page reads it only when the
    /// server lists it in `Access-Control-Expose-Headers`).
    retry_after: Option<String>,
    /// `body`: a ReadableStream, or null/undefined for none.
    body: JsValue,
}

impl Head {
    fn read(response: &JsValue) -> Result<Head, ClientError> {
        let fail = |what: &str| NoAnswer::NotAResponse(what).error();
        if !response.is_object() {
            return Err(fail("not an object"));
        }
        let status = Reflect::get(response, &JsValue::from_str("status")).map_err(|_| fail("reading status threw"))?;
        let status = match status.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=999.0).contains(&n) => n as u16,
            _ => return Err(fail("no numeric status")),
        };
        let opaque_redirect = get(response, "type").as_string().as_deref() == Some("opaqueredirect");
        let headers = get(response, "headers");
        let header =
            |name: &str| call(&headers, "get", &js_sys::Array::of1(&name.into())).ok().and_then(|v| v.as_string());
        let content_length = header("content-length").and_then(|v| v.trim().parse::<u64>().ok());
        let retry_after = header("retry-after");
        let body =
            Reflect::get(response, &JsValue::from_str("body")).map_err(|_| NoAnswer::BodyThrew { status }.error())?;
        Ok(Head { status, opaque_redirect, content_length, retry_after, body })
    }
}

/// Lets a promise settle unobserved: its rejection (a cancel of an aborted
/// stream rejects) is handled, so no runtime reports it as unhandled.
fn quietly(promise: &Promise) {
    // Promise.race subscribes to every input; the settled second one wins.
    let _ = Promise::race(&js_sys::Array::of2(promise, &Promise::resolve(&JsValue::UNDEFINED)));
}

/// A redirect is not followed: an `http` error (not retried), whatever the
/// runtime shows of it (an opaque redirect in browsers, the 3xx itself in Node).
fn redirect(head: &Head) -> Option<ClientError> {
    let (status, opaque) = (head.status, head.opaque_redirect);
    if !opaque && !(300..400).contains(&status) {
        return None;
    }
    Some(NoAnswer::Redirect { status: (!opaque).then_some(status) }.error())
}

/// The body as text, at most `max_bytes` of it (read chunk by chunk, so an
/// endless or giant body costs no more than the cap); over it: `decode`. A body
/// that cannot be read (already read, locked by a reader, a stream whose
/// methods throw or answer nonsense) is `decode` too, at once.
async fn read_body(head: &Head, max_bytes: usize, stop: &Stop) -> Result<String, Result<ClientError, Halt>> {
    let status = head.status;
    let unreadable = |why: NoAnswer<'_>| Ok(why.error());
    let stream = &head.body;
    if stream.is_null() || stream.is_undefined() {
        return Ok(String::new());
    }
    let too_big = NoAnswer::TooLarge { status, max_bytes };
    let none = js_sys::Array::new();
    if head.content_length.is_some_and(|n| n > max_bytes as u64) {
        cancel_quietly(stream);
        return Err(unreadable(too_big));
    }
    let Ok(reader) = call(stream, "getReader", &none) else {
        return Err(unreadable(NoAnswer::BodyLocked { status }));
    };
    let mut bytes = Vec::new();
    loop {
        let Ok(next) = call(&reader, "read", &none) else {
            return Err(unreadable(NoAnswer::BodyFailed { status }));
        };
        // Stopped: the abort that came with the stop ends the body (cancelling a
        // stream the abort has errored makes Node report an unhandled rejection).
        // A read that rejects is the connection's failure (`network`, or the
        // timeout's when its abort caused it).
        let chunk = stop.race(&Promise::resolve(&next)).await.map_err(Err)?;
        if get(&chunk, "done").as_bool() == Some(true) {
            break;
        }
        let Some(part) = get(&chunk, "value").dyn_into::<Uint8Array>().ok() else {
            return Err(unreadable(NoAnswer::NotBytes { status }));
        };
        let len = part.length() as usize;
        if bytes.len() + len > max_bytes {
            cancel_quietly(&reader);
            return Err(unreadable(too_big));
        }
        let start = bytes.len();
        bytes.resize(start + len, 0);
        if let Some(room) = bytes.get_mut(start..) {
            part.copy_to(room);
        }
    }
    // JSON text is UTF-8 (RFC 8259); anything else cannot be read.
    String::from_utf8(bytes).map_err(|_| unreadable(NoAnswer::NotUtf8 { status }))
}

/// What the runtime threw, as text, with the request's token scrubbed: a
/// custom `fetch` may fail with the Authorization header in its words (the
/// package's loop does the same through `Call::redact`).
fn thrown_text(thrown: &JsValue, request: &HttpRequest<'_>) -> String {
    let text = error_text(thrown, "fetch failed");
    let bearer = request.headers.iter().find(|(name, _)| name.eq_ignore_ascii_case("authorization"));
    match bearer.and_then(|(_, value)| value.strip_prefix("Bearer ")) {
        Some(token) => crate::redact::redact(&text, token),
        None => text,
    }
}

/// One HTTP exchange: (status, body text). The token goes in the header only;
/// what the runtime says of a failure is repeated with it scrubbed.
async fn exchange(
    request: &HttpRequest<'_>,
    custom: Option<&js_sys::Function>,
    clock: Option<&JsClock>,
    timeout_ms: u32,
    call: Option<&AbortSignal>,
) -> Result<HttpResponse, ClientError> {
    if user_aborted(call) {
        return Err(aborted());
    }
    let controller = AbortController::new().map_err(|e| NoAnswer::Network(&error_text(&e, "fetch failed")).error())?;
    let timed_out = Rc::new(Cell::new(false));
    let stop = Stop::new();
    let _timer = {
        let (controller, timed_out, fire) = (controller.clone(), timed_out.clone(), stop.trigger());
        Timer::start(clock, timeout_ms, move || {
            timed_out.set(true);
            controller.abort();
            fire();
        })?
    };
    let _listener = {
        let (controller, fire) = (controller.clone(), stop.trigger());
        AbortListener::new(call, move || {
            controller.abort();
            fire();
        })
    };
    // Held until the exchange ends, body included (see the module doc).
    let fetch_request = build(request, &controller.signal())?;
    let outcome = match fetch(&fetch_request, custom, &stop).await {
        Err(halt) => Err(Err(halt)),
        Ok(response) => match Head::read(&response) {
            Err(err) => Err(Ok(err)),
            Ok(head) => match redirect(&head) {
                Some(err) => Err(Ok(err)),
                None => read_body(&head, request.max_response_bytes, &stop).await.map(|body| {
                    let mut answer = HttpResponse::new(head.status, body);
                    answer.retry_after = head.retry_after.clone();
                    answer
                }),
            },
        },
    };
    drop(fetch_request);
    let stopped = || {
        if user_aborted(call) {
            return aborted();
        }
        NoAnswer::TimedOut { ms: timeout_ms }.error()
    };
    match outcome {
        _ if user_aborted(call) => Err(aborted()),
        Ok(done) => Ok(done),
        Err(Ok(err)) => Err(err),
        // The runtime's own failure after the timer fired is the timeout's doing.
        Err(Err(Halt::Stopped)) => Err(stopped()),
        Err(Err(Halt::Failed(_))) if timed_out.get() => Err(stopped()),
        Err(Err(Halt::Failed(thrown))) => Err(NoAnswer::Network(&thrown_text(&thrown, request)).error()),
    }
}

/// Waits `ms` on `clock`, ending early (as `aborted`) when the caller's signal fires.
async fn sleep(clock: Option<&JsClock>, ms: u32, call: Option<&AbortSignal>) -> Result<(), ClientError> {
    if user_aborted(call) {
        return Err(aborted());
    }
    let mut keep: Option<(Result<Timer, ClientError>, Option<AbortListener>)> = None;
    let promise = Promise::new(&mut |resolve, _reject| {
        let done = resolve.clone();
        let timer = Timer::start(clock, ms, move || {
            let _ = done.call0(&JsValue::UNDEFINED);
        });
        let listener = AbortListener::new(call, move || {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        });
        keep = Some((timer, listener));
    });
    if let Some((Err(failed), _)) = keep.as_ref() {
        return Err(failed.clone());
    }
    let _ = JsFuture::from(promise).await;
    drop(keep);
    if user_aborted(call) {
        Err(aborted())
    } else {
        Ok(())
    }
}
