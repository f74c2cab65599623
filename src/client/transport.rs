//! One attempt over `fetch` (gloo-net), with its own timeout and the caller's
//! AbortSignal; and an abortable sleep for the backoff.

use std::cell::Cell;
use std::rc::Rc;

use gloo_net::http::Request;
use gloo_timers::callback::Timeout;
use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::wire::Method;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{AbortController, AbortSignal};

/// Per-call options: the caller's AbortSignal and a timeout override.
#[derive(Debug, Clone, Default)]
pub struct CallOptions {
    pub signal: Option<AbortSignal>,
    pub timeout_ms: Option<u32>,
}

fn aborted() -> ClientError {
    ClientError::new(ErrorKind::Aborted, "the call was aborted")
}

fn user_aborted(call: &CallOptions) -> bool {
    call.signal.as_ref().is_some_and(AbortSignal::aborted)
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
/// is already exactly the spec's, percent-encoded by us.
fn build(
    method: Method,
    url: &str,
    opts: &super::ClientOptions,
    body: Option<&str>,
    signal: &AbortSignal,
) -> Result<Request, ClientError> {
    let js = |e: JsValue| {
        ClientError::new(ErrorKind::Network, String::from("cannot build the request: ") + &crate::interop::error_text(&e, "fetch failed"))
    };
    let headers = web_sys::Headers::new().map_err(js)?;
    for (k, v) in opts.headers.iter().filter(|(k, _)| !k.eq_ignore_ascii_case("authorization") && !k.eq_ignore_ascii_case("content-type")) {
        headers.set(k, v).map_err(js)?;
    }
    headers.set("Authorization", &(String::from("Bearer ") + &opts.token)).map_err(js)?;
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
    web_sys::Request::new_with_str_and_init(url, &init).map(Request::from).map_err(js)
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
    let controller = AbortController::new().map_err(|e| ClientError::new(ErrorKind::Network, crate::interop::error_text(&e, "fetch failed")))?;
    let timed_out = Rc::new(Cell::new(false));
    let _timer = {
        let (controller, timed_out) = (controller.clone(), timed_out.clone());
        Timeout::new(timeout_ms, move || {
            timed_out.set(true);
            controller.abort();
        })
    };
    let _listener = {
        let controller = controller.clone();
        AbortListener::new(call, move || controller.abort())
    };
    let request = build(method, url, opts, body, &controller.signal())?;
    let exchange = async {
        let response = request.send().await?;
        let status = response.status();
        let text = response.text().await?;
        Ok::<_, gloo_net::Error>((status, text))
    };
    exchange.await.map_err(|err| {
        if user_aborted(call) {
            aborted()
        } else if timed_out.get() {
            let mut message = String::from("no answer within ");
            message.push_str(&licensing_core::validate::itoa_u64(u64::from(timeout_ms)));
            message.push_str(" ms");
            ClientError::new(ErrorKind::Timeout, message)
        } else {
            let message = match err {
                gloo_net::Error::JsError(e) => e.message,
                other => other.to_string(),
            };
            ClientError::new(ErrorKind::Network, message)
        }
    })
}

/// Waits `ms`, ending early (as `aborted`) when the caller's signal fires.
pub(crate) async fn sleep(ms: u32, call: &CallOptions) -> Result<(), ClientError> {
    if user_aborted(call) {
        return Err(aborted());
    }
    let mut keep: Option<(Timeout, Option<AbortListener>)> = None;
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let done = resolve.clone();
        let timer = Timeout::new(ms, move || {
            let _ = done.call0(&JsValue::UNDEFINED);
        });
        let listener = AbortListener::new(call, move || {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        });
        keep = Some((timer, listener));
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    drop(keep);
    if user_aborted(call) {
        Err(aborted())
    } else {
        Ok(())
    }
}
