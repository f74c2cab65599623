//! The clock of a [`super::FetchTransport`]: the global object's timers and
//! `Date.now()`, or a caller's JS object with `now()`, `setTimeout(callback,
//! ms)` and `clearTimeout(handle)`: a test's virtual clock (`createVirtualClock`
//! of licensing-sdk/testing), shared with the in-process simulator so that one
//! time runs both sides.
//!
//! ```no_run
//! use licensing_client::fetch::{FetchTransport, JsClock};
//! let object = wasm_bindgen::JsValue::NULL; // a clock object from JS
//! let transport = FetchTransport::new().with_clock(JsClock::new(object).expect("now, setTimeout, clearTimeout"));
//! ```

use licensing_core::response::ClientError;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use super::js::{error_text, get};
use crate::clock::Clock;
use crate::no_answer::NoAnswer;

#[wasm_bindgen]
extern "C" {
    /// An object with `setTimeout` and `clearTimeout` (the global object, or a
    /// given clock, which has `now` too). One path for both: direct imports of
    /// the global timers beside it made the wasm 54 B larger.
    #[derive(Debug, Clone)]
    type Timers;
    #[wasm_bindgen(method, catch, js_name = setTimeout)]
    fn set_timeout(this: &Timers, callback: &JsValue, ms: u32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = clearTimeout)]
    fn clear_timeout(this: &Timers, handle: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn now(this: &Timers) -> Result<JsValue, JsValue>;
}

/// A JS clock object: `now()`, `setTimeout(callback, ms)`, `clearTimeout(handle)`.
#[derive(Debug, Clone)]
pub struct JsClock(Timers);

impl JsClock {
    /// The clock `object` is, if it has the three methods (`None` otherwise,
    /// or if reading one throws).
    pub fn new(object: JsValue) -> Option<Self> {
        let has = |name: &str| get(&object, name).is_function();
        (has("now") && has("setTimeout") && has("clearTimeout")).then(|| Self(object.unchecked_into()))
    }
}

impl Clock for JsClock {
    /// `now()`, if it gives a finite number.
    fn now_ms(&self) -> Option<f64> {
        self.0.now().ok()?.as_f64().filter(|ms| ms.is_finite())
    }
}

/// The real clock's `Date.now()`, or the given clock's `now()`.
pub(crate) fn now_ms(clock: Option<&JsClock>) -> Option<f64> {
    match clock {
        Some(clock) => clock.now_ms(),
        None => Some(js_sys::Date::now()),
    }
}

/// A timer that calls its callback once, unless dropped first (dropping it
/// clears it on its clock).
pub(crate) struct Timer {
    timers: Timers,
    handle: JsValue,
    _callback: Closure<dyn FnMut()>,
}

impl Timer {
    /// `callback` after `ms` on `clock` (the global timers without). What a
    /// given clock's `setTimeout` throws ends the call as a hook's failure
    /// does: nothing more is sent.
    pub(crate) fn start(
        clock: Option<&JsClock>,
        ms: u32,
        callback: impl FnOnce() + 'static,
    ) -> Result<Self, ClientError> {
        let timers = clock.map_or_else(|| js_sys::global().unchecked_into(), |clock| clock.0.clone());
        let callback = Closure::once(callback);
        match timers.set_timeout(callback.as_ref(), ms) {
            Ok(handle) => Ok(Self { timers, handle, _callback: callback }),
            Err(thrown) => Err(NoAnswer::ClockThrew(&error_text(&thrown, "an error")).error()),
        }
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        // A clock that throws here keeps a timer that can no longer do anything.
        let _ = self.timers.clear_timeout(&self.handle);
    }
}
