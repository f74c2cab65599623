//! One attempt over `fetch` (gloo-net, or the caller's own `fetch`), with its
//! own timeout and the caller's AbortSignal; and an abortable sleep for the
//! backoff.
//!
//! Why the exchange is raced against its own stop signal rather than left to the
//! `AbortSignal` alone: Node's fetch (undici) follows a request's signal through
//! a weak reference, so after a garbage collection a response whose body never
//! finishes may ignore the abort; the race ends the call at the deadline anyway,
//! and the abort still asks the runtime to drop the connection.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::pin;
use std::rc::Rc;
use std::task::Poll;

use gloo_net::http::Request;
use gloo_timers::callback::Timeout;
use js_sys::{Promise, Uint8Array};
use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::validate::itoa_u64;
use licensing_core::wire::Method;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, AbortSignal, ReadableStreamDefaultReader, RequestRedirect, ResponseType};

use crate::interop::{error_text, get};

/// Per-call options: the caller's AbortSignal and a timeout override.
#[derive(Debug, Clone, Default)]
pub struct CallOptions {
    /// Ends the call (`aborted`) when it fires, during a request or a backoff.
    pub signal: Option<AbortSignal>,
    /// This call's per-attempt timeout instead of the client's.
    pub timeout_ms: Option<u32>,
}

fn aborted() -> ClientError {
    ClientError::new(ErrorKind::Aborted, "the call was aborted")
}

fn user_aborted(call: &CallOptions) -> bool {
    call.signal.as_ref().is_some_and(AbortSignal::aborted)
}

fn network(message: String) -> ClientError {
    ClientError::new(ErrorKind::Network, message)
}

/// Calls `on_abort` when the caller's signal fires, until dropped.
struct AbortListener {
    signal: AbortSignal,
    callback: Closure<dyn FnMut()>,
}

impl AbortListener {
    fn new(call: &CallOptions, on_abort: impl FnMut() + 'static) -> Option<Self> {
        let signal = call.signal.clone()?;
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
/// is already exactly the spec's, percent-encoded by us. Redirects are not
/// followed (`manual`): a 307/308 would re-send the body, customer data
/// included, to wherever the `Location` points.
fn build(
    method: Method,
    url: &str,
    opts: &super::ClientOptions,
    body: Option<&str>,
    signal: &AbortSignal,
) -> Result<web_sys::Request, ClientError> {
    // The token is checked at construction (no control characters), so no
    // message built here can echo it; the text of a failure is the runtime's.
    let js = |e: JsValue| {
        let mut message = String::from("cannot build the request: ");
        message.push_str(&error_text(&e, "fetch failed"));
        network(message)
    };
    let headers = web_sys::Headers::new().map_err(js)?;
    for (k, v) in opts.headers.iter().filter(|(k, _)| !k.eq_ignore_ascii_case("authorization") && !k.eq_ignore_ascii_case("content-type")) {
        headers.set(k, v).map_err(js)?;
    }
    headers.set("Authorization", &(String::from("Bearer ") + &opts.token)).map_err(|_| network(String::from("the token cannot be sent as a header")))?;
    let init = web_sys::RequestInit::new();
    init.set_method(match method {
        Method::Get => "GET",
        Method::Post => "POST",
    });
    if let Some(text) = body {
        headers.set("Content-Type", "application/json").map_err(js)?;
        init.set_body(&JsValue::from_str(text));
    }
    init.set_headers(&headers);
    init.set_signal(Some(signal));
    init.set_redirect(RequestRedirect::Manual);
    web_sys::Request::new_with_str_and_init(url, &init).map_err(js)
}

/// Runs `work` until it finishes or `stop` does, whichever is first; `None`
/// when `stop` won.
async fn until<T>(work: impl Future<Output = T>, stop: impl Future<Output = ()>) -> Option<T> {
    let mut work = pin!(work);
    let mut stop = pin!(stop);
    std::future::poll_fn(move |cx| {
        if let Poll::Ready(value) = work.as_mut().poll(cx) {
            return Poll::Ready(Some(value));
        }
        match stop.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(None),
            Poll::Pending => Poll::Pending,
        }
    })
    .await
}

/// A promise resolved by [`Stop::fire`]: the timeout or the caller's abort.
struct Stop {
    promise: Promise,
    resolve: Rc<RefCell<Option<js_sys::Function>>>,
}

impl Stop {
    fn new() -> Self {
        let resolve = Rc::new(RefCell::new(None));
        let slot = resolve.clone();
        let promise = Promise::new(&mut |res, _| {
            *slot.borrow_mut() = Some(res);
        });
        Self { promise, resolve }
    }

    fn trigger(&self) -> impl Fn() + 'static {
        let resolve = self.resolve.clone();
        move || {
            if let Some(resolve) = resolve.borrow_mut().take() {
                let _ = resolve.call0(&JsValue::UNDEFINED);
            }
        }
    }

    async fn fired(self) {
        let _ = JsFuture::from(self.promise).await;
    }
}

/// The response of one fetch: the caller's `fetch` if given, else the global one
/// through gloo-net. A failure of the runtime (no connection, CORS, a
/// redirect refused by a runtime that does not support `manual`) is `network`.
async fn fetch(request: &web_sys::Request, custom: Option<&js_sys::Function>) -> Result<web_sys::Response, ClientError> {
    let failed = |e: JsValue| network(error_text(&e, "fetch failed"));
    let response = match custom {
        Some(fetch) => {
            let promise = fetch.call1(&JsValue::UNDEFINED, request).map_err(failed)?;
            let value = JsFuture::from(Promise::resolve(&promise)).await.map_err(failed)?;
            value
                .dyn_into::<web_sys::Response>()
                .map_err(|_| network(String::from("the fetch option did not resolve to a Response")))?
        }
        // `Clone::clone`: another reference to the same JS object (the JS `clone()`
        // would copy the request, body included).
        None => Request::from(Clone::clone(request)).send().await.map(web_sys::Response::from).map_err(|e| match e {
            gloo_net::Error::JsError(e) => network(e.message),
            other => network(other.to_string()),
        })?,
    };
    Ok(response)
}

/// "HTTP <status>" and the rest of a message.
fn http_message(status: u16, rest: &str) -> String {
    let mut message = String::from("HTTP ");
    message.push_str(&itoa_u64(u64::from(status)));
    message.push_str(rest);
    message
}

/// A redirect is not followed: an `http` error (not retried), whatever the
/// runtime shows of it (an opaque redirect in browsers, the 3xx itself in Node).
fn redirect(response: &web_sys::Response) -> Option<ClientError> {
    let status = response.status();
    let opaque = response.type_() == ResponseType::Opaqueredirect;
    if !opaque && !(300..400).contains(&status) {
        return None;
    }
    let rest = ": the service answered with a redirect, which is not followed (it would send the request to another address)";
    let mut err = ClientError::new(ErrorKind::Http, if opaque { http_message(0, rest) } else { http_message(status, rest) });
    err.status = (!opaque).then_some(status);
    Some(err)
}

/// The body as text, at most `max_bytes` of it (read chunk by chunk, so an
/// endless or giant body costs no more than the cap); over it: `decode`.
async fn read_body(response: &web_sys::Response, max_bytes: usize) -> Result<String, ClientError> {
    let too_big = || {
        let mut message = http_message(response.status(), ": the answer is larger than ");
        message.push_str(&itoa_u64(max_bytes as u64));
        message.push_str(" bytes (maxResponseBytes)");
        let mut err = ClientError::new(ErrorKind::Decode, message);
        err.status = Some(response.status());
        err
    };
    let declared = response.headers().get("content-length").ok().flatten().and_then(|v| v.trim().parse::<u64>().ok());
    let Some(stream) = response.body() else { return Ok(String::new()) };
    if declared.is_some_and(|n| n > max_bytes as u64) {
        let _ = stream.cancel();
        return Err(too_big());
    }
    let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let failed = |e: JsValue| network(error_text(&e, "the answer could not be read"));
    let mut bytes = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(failed)?;
        if get(&chunk, "done").as_bool() == Some(true) {
            break;
        }
        let Some(part) = get(&chunk, "value").dyn_into::<Uint8Array>().ok() else {
            return Err(network(String::from("the answer's body is not bytes")));
        };
        let len = part.length() as usize;
        if bytes.len() + len > max_bytes {
            let _ = reader.cancel();
            return Err(too_big());
        }
        let start = bytes.len();
        bytes.resize(start + len, 0);
        if let Some(room) = bytes.get_mut(start..) {
            part.copy_to(room);
        }
    }
    // As `Response.text()` decodes: invalid UTF-8 becomes U+FFFD.
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// One HTTP exchange: (status, body text). The token goes in the header only; no
/// error message built here can contain it.
pub(crate) async fn send(
    method: Method,
    url: &str,
    opts: &super::ClientOptions,
    body: Option<&str>,
    timeout_ms: u32,
    call: &CallOptions,
) -> Result<(u16, String), ClientError> {
    if user_aborted(call) {
        return Err(aborted());
    }
    let controller = AbortController::new().map_err(|e| network(error_text(&e, "fetch failed")))?;
    let timed_out = Rc::new(Cell::new(false));
    let stop = Stop::new();
    let _timer = {
        let (controller, timed_out, fire) = (controller.clone(), timed_out.clone(), stop.trigger());
        Timeout::new(timeout_ms, move || {
            timed_out.set(true);
            controller.abort();
            fire();
        })
    };
    let _listener = {
        let (controller, fire) = (controller.clone(), stop.trigger());
        AbortListener::new(call, move || {
            controller.abort();
            fire();
        })
    };
    // Held until the exchange ends, body included (see the module doc).
    let request = build(method, url, opts, body, &controller.signal())?;
    let exchange = async {
        let response = fetch(&request, opts.fetch.as_ref()).await?;
        if let Some(err) = redirect(&response) {
            return Err(err);
        }
        let text = read_body(&response, opts.max_response_bytes).await?;
        Ok((response.status(), text))
    };
    let outcome = until(exchange, stop.fired()).await;
    drop(request);
    match outcome {
        _ if user_aborted(call) => Err(aborted()),
        Some(Ok(done)) => Ok(done),
        Some(Err(_)) | None if timed_out.get() => {
            let mut message = String::from("no answer within ");
            message.push_str(&itoa_u64(u64::from(timeout_ms)));
            message.push_str(" ms");
            Err(ClientError::new(ErrorKind::Timeout, message))
        }
        Some(Err(err)) => Err(err),
        // Stopped, neither by the timer nor by the caller: not reachable, as only
        // those two fire the stop; still an answer, never a hang.
        None => Err(aborted()),
    }
}

/// Waits `ms`, ending early (as `aborted`) when the caller's signal fires.
pub(crate) async fn sleep(ms: u32, call: &CallOptions) -> Result<(), ClientError> {
    if user_aborted(call) {
        return Err(aborted());
    }
    let mut keep: Option<(Timeout, Option<AbortListener>)> = None;
    let promise = Promise::new(&mut |resolve, _reject| {
        let done = resolve.clone();
        let timer = Timeout::new(ms, move || {
            let _ = done.call0(&JsValue::UNDEFINED);
        });
        let listener = AbortListener::new(call, move || {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        });
        keep = Some((timer, listener));
    });
    let _ = JsFuture::from(promise).await;
    drop(keep);
    if user_aborted(call) {
        Err(aborted())
    } else {
        Ok(())
    }
}
