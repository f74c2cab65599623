//! `checkMessages({ locale, messages })` (js/sdk/src-js/validation.js over
//! `__validateInput`'s `CALL_CHECK_MESSAGES`): a portal's message catalogue checked by the core, as every
//! API that takes one checks it first.
//!
//! ```js
//! import { checkMessages } from 'licensing-sdk';
//! checkMessages({ locale: 'ja', messages: { required: '{field} は必須です' } }).missing;
//! // ['asset_number_format', …]: the keys that stay English
//! checkMessages({ messages: { requird: 'x' } });
//! // TypeError: messages: unknown key "requird"; did you mean "required"?
//! ```

use wasm_bindgen::prelude::*;

use crate::interop::{self, get};

/// `[locale, ...missing]`: the catalogue's locale tag and the keys it leaves in
/// English (none for overrides of a built-in locale); or, for a catalogue the
/// core refuses, why, naming the entry (an unknown key or placeholder, a template
/// that is not a string), as a string that js/sdk/src-js/validation.js throws as a
/// TypeError. Returned, not thrown from here: a throw would skip the glue's
/// release of the call's arguments.
pub fn check_messages(options: JsValue) -> JsValue {
    let locale = get(&options, "locale");
    let catalogue = match interop::catalogue(&locale, &get(&options, "messages")) {
        Ok(catalogue) => catalogue,
        Err(why) => return JsValue::from_str(&why),
    };
    let out = js_sys::Array::new();
    match &catalogue {
        Some(c) => {
            out.push(&JsValue::from_str(c.locale()));
            for key in c.missing() {
                out.push(&JsValue::from_str(key));
            }
        }
        None => {
            out.push(&JsValue::from_str(&locale.as_string().unwrap_or_else(|| String::from("en"))));
        }
    }
    out.into()
}
