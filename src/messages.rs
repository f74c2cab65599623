//! `checkMessages({ locale, messages })` (js/src/validation.js over
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
/// English (none for overrides of a built-in locale); throws a TypeError naming
/// the entry the core refuses (an unknown key or placeholder, a template that
/// is not a string). js/src/validation.js makes it `{ locale, missing }`.
pub fn check_messages(options: JsValue) -> js_sys::Array {
    let locale = get(&options, "locale");
    // A throw, not a `Result`: the glue's shim for a returned error cost 1.7 KB.
    let catalogue = match interop::catalogue(&locale, &get(&options, "messages")) {
        Ok(catalogue) => catalogue,
        Err(why) => wasm_bindgen::throw_val(js_sys::TypeError::new(&why).into()),
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
    out
}
