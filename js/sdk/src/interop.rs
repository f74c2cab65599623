//! JS ↔ Rust conversions used by every binding.
//!
//! Bodies cross the boundary as JSON text: the JS engine's own `JSON.stringify`
//! and `JSON.parse` are fast native code, whereas walking a JS object field by
//! field from wasm costs a boundary crossing per value.

use js_sys::JSON;
use licensing_core::validate::{Catalogue, CatalogueError, Locale, Options, Profile};
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

pub(crate) use licensing_client::fetch::js::{error_text, get};

/// A JS value as JSON text, or why it cannot be one (cycles, BigInt, throwing
/// `toJSON`). `undefined`, functions and symbols become `null` (not an object).
pub(crate) fn to_json_text(value: &JsValue) -> Result<String, String> {
    match JSON::stringify(value) {
        Ok(text) => Ok(text.as_string().unwrap_or_else(|| String::from("null"))),
        Err(err) => Err(error_text(&err, "the value cannot be serialized to JSON")),
    }
}

/// Parses JSON text we produced into a JS value (`null` if, impossibly, it fails).
pub(crate) fn from_json_text(text: &str) -> JsValue {
    JSON::parse(text).unwrap_or(JsValue::NULL)
}

/// Sets a property. Used on plain objects and `Error`s we just created, where a
/// data property cannot fail to be set.
#[cfg(all(feature = "client", target_arch = "wasm32"))]
pub(crate) fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), value);
}

/// `{ locale?, rules?, maxIssues?, messages? }`; anything unrecognised keeps its
/// default. A `messages` catalogue the core refuses is left out here: the
/// package's JavaScript has every API check it first (`checkMessages`), and
/// that throws why.
pub(crate) fn options(value: &JsValue) -> Options {
    let mut opts = Options::default();
    // No options (the usual call): the defaults, without asking JS for each of
    // them (eight calls into the glue, each reading no property at all).
    if !value.is_object() {
        return opts;
    }
    let locale = get(value, "locale");
    if let Ok(Some(catalogue)) = catalogue(&locale, &get(value, "messages")) {
        opts = opts.with_messages(catalogue);
    }
    if let Some(locale) = locale.as_string().and_then(|t| Locale::parse(&t)) {
        opts.locale = locale;
    }
    opts.rules = profile(value).unwrap_or(opts.rules);
    if let Some(max) = get(value, "maxIssues").as_f64() {
        if max.is_finite() && max >= 1.0 {
            opts.max_issues = max.min(1e6) as usize;
        }
    }
    opts
}

/// The rules profile of an options object: `rules` if it names one, else none.
pub(crate) fn profile(options: &JsValue) -> Option<Profile> {
    get(options, "rules").as_string().and_then(|name| Profile::parse(&name))
}

/// The catalogue of the options `locale` (its tag; `en` when it is not a
/// string) and `messages` (none when undefined or null), or why the core
/// refuses it, naming the entry. The entries cross as the object's own
/// enumerable string-keyed pairs (`Object.entries`), not as JSON text: reading
/// the text again in the wasm cost 5 KB gzip of a second scanner.
pub(crate) fn catalogue(locale: &JsValue, messages: &JsValue) -> Result<Option<Catalogue>, String> {
    if messages.is_undefined() || messages.is_null() {
        return Ok(None);
    }
    let tag = locale.as_string().unwrap_or_else(|| String::from("en"));
    let object = plain_object(messages).map_err(|reason| CatalogueError::NotAnObject { reason }.message())?;
    let pairs = js_sys::Object::entries(&object);
    let entries = pairs.iter().map(|pair| {
        let pair: js_sys::Array = pair.unchecked_into();
        (pair.get(0).as_string().unwrap_or_default(), pair.get(1).as_string())
    });
    Catalogue::from_entries(&tag, entries).map(Some).map_err(|e| e.message())
}

/// `value` as a plain object: one whose prototype is `Object.prototype` (of
/// any realm) or `null` (`Object.create(null)`, the guard against prototype
/// pollution); or what it is instead. Not `instanceof Object`, which a
/// null-prototype object fails and a `Map`, a function or a class's instance
/// passes, their entries then read as none.
fn plain_object(value: &JsValue) -> Result<js_sys::Object, String> {
    // Pushed, not `format!` or `concat`: core::fmt is 2 KB gzip of the wasm,
    // a slice join 1 KB.
    let refused = |what: &str| {
        let mut why = String::from(what);
        why.push_str(": an object of templates is expected");
        Err(why)
    };
    if value.is_function() {
        return refused("a function");
    }
    if !value.is_object() {
        return refused("no object");
    }
    if js_sys::Array::is_array(value) {
        return refused("an array");
    }
    let object: js_sys::Object = value.clone().unchecked_into();
    let prototype = js_sys::Object::get_prototype_of(&object);
    if prototype.is_null() || js_sys::Object::get_prototype_of(&prototype).is_null() {
        return Ok(object);
    }
    if value.is_instance_of::<js_sys::Map>() {
        return refused("a Map (Object.fromEntries(map) is one)");
    }
    refused("an object of a class")
}
