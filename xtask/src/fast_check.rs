//! The npm package's fast path for clean input (`js/generated/fast-check.js`):
//! JavaScript generated from the schema tables that answers "this body
//! certainly has no issue at all" without the wasm.
//!
//! Why: `validate(endpoint, body)` in JS turns the object into JSON text and walks
//! the text in wasm; for a large valid batch that costs ~20× what a compiled JS
//! validator (ajv) takes. The generated `fastCheck(endpoint, body)` reads the object
//! the way ajv's standalone code does (local variables, `typeof`, early `return
//! false`, a `for` loop per array), and the package's `validate` returns
//! `{ valid: true, issues: [] }` when it says `true`; anything else goes to the wasm
//! exactly as before.
//!
//! The contract: `true` only when the wasm validator, given `JSON.stringify(body)`,
//! reports no issue at all (no error and no warning, so options do not matter);
//! when unsure, `false`. What it refuses on purpose (the wasm then decides):
//! anything but plain objects (`Object.prototype` or `null` prototype, not an
//! array, no `toJSON` of their own, enumerable or not) and real arrays, numbers
//! that are not safe integers, holes and `undefined` in arrays, a known field set
//! to `undefined`, e-mails outside an ASCII subset of the Rust rule, merchandise
//! trees deeper than [`FAST_DEPTH`], and any `toJSON` or enumerable property on
//! the built-in prototypes. Not told apart (`Object.prototype.toString` on every
//! object took 1.05-1.17 of the time: docs/design.md): a `Number`, `String`, `Boolean` or `BigInt` wrapper object whose
//! prototype was replaced by `Object.prototype` or `null`, which JSON.stringify
//! writes as its primitive value (or refuses).
//!
//! The committed file `js/generated/fast-check.js` is this module's output;
//! `tests/generated.rs` fails when it differs (`cargo xtask gen` rewrites it).
//! The field checks come from the tables; the cross-field rules
//! are hand-written JS below that mirrors `rules/*.rs`, kept in step by the
//! differential tests of `js/sdk/tests/fast-check.test.mjs` (generated payloads and
//! random mutations, each checked against the wasm).

use std::fmt::Write as _;

use licensing_core::model::{OrderType, WireEnum};
use licensing_core::schema::{Field, Kind, Presence, Role, Shape};
use licensing_core::validate::{JsFormat, Rule, MAX_DEPTH};
use licensing_core::wire::Endpoint;

/// Deepest object the fast path follows (the body is depth 0): merchandise trees
/// nest through `children`; anything deeper goes to the wasm, whose bound
/// ([`MAX_DEPTH`]) is far above.
pub(crate) const FAST_DEPTH: usize = 20;
const _: () = assert!(FAST_DEPTH < MAX_DEPTH);

/// The JavaScript source of `fastCheck(endpoint, body) -> boolean`, a CommonJS
/// module (`js/generated/fast-check.js`: Node's CommonJS entry requires it, the ES entries
/// import it or are bundled with it).
pub(crate) fn fast_check_js() -> String {
    let mut g = Gen::default();
    for e in Endpoint::ALL {
        g.collect(e.def().request, e.name().to_owned());
    }
    let mut functions = String::new();
    for i in 0..g.shapes.len() {
        let (shape, name) = (g.shapes[i].0, g.shapes[i].1.clone());
        let f = g.object_fn(shape, &name);
        functions.push_str(&f);
    }
    let arrays: String = g.arrays.iter().map(|(_, _, body)| body.as_str()).collect();

    let mut out = String::new();
    out.push_str(HEADER);
    out.push_str(&prelude());
    for format in &g.formats {
        out.push_str(format.source);
        out.push('\n');
    }
    out.push_str(&functions);
    out.push_str(&arrays);
    out.push_str(&dispatch(&g));
    out.push_str(&vouch_tables(&mut g));
    out.push_str(ENTRY);
    out.push_str(ORDER_ENTRY);
    // The two well-formedness tests are exported for their agreement test.
    out.push_str(
        "\nexport { fastCheck, fastCheckOrder, builtinsClean, wellFormedSearch, wellFormedWhole,\n  \
         FAILED_ITEMS, VOUCH_TABLES, VOUCH_STRING, VOUCH_OBJECT, VOUCH_LIST, orderMode, isBlank, FAST_DEPTH, NO_ORDER };\n",
    );
    out
}

/// What the vouched text's writer reads (`vouchedText` in js/sdk/src-js/routing.js,
/// licensing-core's `validate_vouched_json`): per shape, the fields whose value
/// may be written as `!` when it passes its check, and how.
const VOUCH_HEAD: &str = r"// The vouched text (vouchedText, js/sdk/src-js/routing.js): a body the fast path
// rejects crosses with every value it can prove clean written as `!`, which
// licensing-core's validate_vouched_json reads as such a value. V_<shape>.entries has an
// entry per field of the shape, in the order of K_<shape> (I_<shape>: a field's index):
//   VOUCH_NONE: the value is written as JSON.stringify writes it;
//   [VOUCH_STRING, check]: a string that passes `check` and is not blank;
//   [VOUCH_OBJECT, obj_<shape>, V_<shape>, passes m]: an object obj_<shape> passes (at
//     its own depth); otherwise, a plain object is written field by field. Null for
//     an order, never vouched here (its sequence may repeat: the batch's writer knows);
//   [VOUCH_LIST, item, null, passes m]: a list, each item vouched as `item` says.
// `passes m`: the field's objects get the holder's order type (else NO_ORDER).
// V_<shape>.order: the shape is an order, whose type its objects get (orderMode).
const VOUCH_STRING = 0;
const VOUCH_OBJECT = 1;
const VOUCH_LIST = 2;
const VOUCH_NONE = [-1];
// A shape's table (`written` is the writer's own, made on first use: its keys as
// written).
const vouchTable = (keys, index, order) => ({ order, keys, index, entries: null, written: null });

";

/// The vouch tables (see [`VOUCH_HEAD`]), one per shape, and `VOUCH_TABLES` by endpoint.
fn vouch_tables(g: &mut Gen) -> String {
    let mut s = String::from(VOUCH_HEAD);
    let _ = writeln!(s, "const VOUCH_TEXT = [VOUCH_STRING, (v) => {}];", g.check(&Kind::Str, "v", "m"));
    let shapes = g.shapes.clone();
    let mut entries = String::new();
    for (shape, name) in &shapes {
        let mut row = Vec::new();
        for field in shape.fields {
            let passes = mode_passed(shape.role, field.name) == "m";
            let entry = match &field.kind {
                Kind::Array(item) | Kind::ArrayOrNull(item) => {
                    g.vouch_entry(item, None).map(|item| format!("[VOUCH_LIST, {item}, null, {passes}]"))
                }
                kind => g.vouch_entry(kind, Some(passes)),
            };
            row.push(entry.unwrap_or_else(|| "VOUCH_NONE".into()));
        }
        let _ = writeln!(entries, "V_{name}.entries = [{}];", row.join(", "));
    }
    for (name, entry) in &g.string_entries {
        let _ = writeln!(s, "const {name} = {entry};");
    }
    for (shape, name) in &shapes {
        let _ = writeln!(s, "const V_{name} = vouchTable(K_{name}, I_{name}, {});", shape.role == Role::Order);
    }
    s.push_str(&entries);
    let by_endpoint: Vec<String> =
        Endpoint::ALL.iter().map(|e| format!("{}: V_{}", e.name(), g.name_of(e.def().request))).collect();
    let _ = writeln!(s, "const VOUCH_TABLES = {{ __proto__: null, {} }};\n", by_endpoint.join(", "));
    s
}

/// The per-order check: how `validate` finds the clean orders of a batch, to
/// send them vouched (`checkBatch` in `js/sdk/src-js/fast-path.js`).
const ORDER_ENTRY: &str = r"
// fastCheckOrder(order) -> boolean: the same promise for one order of a batch (at its
// depth there): true only when the wasm reports no issue at all inside it. What it
// does not see are the rules across orders: `sequence` repeats (the caller's part).
// The caller checks builtinsClean() once for the batch (it is the same for every order).
function fastCheckOrder(order) {
  try {
    return obj_order(order, 1, NO_ORDER);
  } catch {
    return false;
  }
}
";

/// The exported function.
const ENTRY: &str = r"function fastCheck(endpoint, body) {
  // A throwing getter or proxy: the wasm path decides (and reports it).
  try {
    return builtinsClean() && dispatch(endpoint, body);
  } catch {
    return false;
  }
}
";

const HEADER: &str = "\
// @generated by xtask/src/fast_check.rs from the schema tables: do not edit.
// Regenerate: cargo xtask gen
//
// fastCheck(endpoint, body) -> boolean: true only when the wasm validator, given
// JSON.stringify(body), reports no issue at all (no error, no warning); false when
// unsure (the caller then runs the wasm). One function per shape, static property
// access, early `return false`.
//
// obj_<shape>(o, d, m): `o` a plain object (prototype Object.prototype or null) at
// depth `d`, `m` its order's type. Its keys (for-in: own enumerable, as JSON.stringify
// writes them) must all be known fields (else an unknown_field warning): `seen` has a
// bit per key, found by comparing with the field expected next in the table's order
// first (bodies list their fields in a stable order). `def` has a bit per field read as
// defined; `def === seen` means every field read is one JSON.stringify writes (not
// inherited, not non-enumerable, not an own key set to undefined).
// The first field is read before the prototype check: the optimizing compiler then
// knows the object's possible maps there and folds getPrototypeOf into a constant
// (without that load it stays a call, ~15 % of a valid batch; measured by
// bench/probes/fast-path-ab.mjs at commit 253d274).

";

/// Constants and the helpers every shape uses.
fn prelude() -> String {
    let mut s = String::from(
        r"const OP = Object.prototype;
const AP = Array.prototype;
const SP = String.prototype;
const NP = Number.prototype;
const BP = Boolean.prototype;
const getPrototypeOf = Object.getPrototypeOf;
const isArray = Array.isArray;
const isSafeInteger = Number.isSafeInteger;

",
    );
    let _ = writeln!(s, "// Objects nested deeper than this (the body is 0) go to the wasm.");
    let _ = writeln!(s, "const FAST_DEPTH = {FAST_DEPTH};\n");
    // The mode an order hands to its assets and their direct products: its order type.
    s.push_str("// Order types (index in OrderType::WIRE): what an order passes down to its assets and\n");
    s.push_str("// their direct products; NO_ORDER elsewhere.\nconst NO_ORDER = -1;\n");
    for (i, t) in OrderType::ALL.iter().enumerate() {
        let _ = writeln!(s, "const {} = {i};", order_const(*t));
    }
    let arms: Vec<String> =
        OrderType::ALL.iter().map(|t| format!("t === {} ? {} : ", js_str(t.as_str()), order_const(*t))).collect();
    let _ = writeln!(
        s,
        "// An order's mode from its `orderType`.\nfunction orderMode(t) {{\n  return {}NO_ORDER;\n}}",
        arms.concat()
    );
    s.push('\n');
    let _ = writeln!(
        s,
        "// Not Rust white space (char::is_whitespace, what str::trim removes); generated from it.\n\
         const NOT_BLANK = /[^{}]/;",
        whitespace_class()
    );
    // Every string field's check (`Gen::check`) calls it.
    s.push_str(include_str!("../../crates/licensing-core/src/validate/rules/lone_surrogate.js"));
    s.push('\n');
    s.push_str(
        r"// Blank as the walk sees it (RawStr::is_blank: str::trim leaves nothing) after
// JSON.stringify and its decoding: the same characters, but for a lone surrogate, which
// reads as U+FFFD; neither is white space.
function isBlank(s) {
  if (s.length === 0) return true;
  const c = s.charCodeAt(0);
  if (c > 0x20 && c < 0x7f) return false;
  return !NOT_BLANK.test(s);
}

// Once per call: JSON.stringify would call a toJSON found on a built-in prototype, and
// an enumerable property of Object.prototype would be read (and counted) as a field.
function builtinsClean() {
  if (OP.toJSON !== undefined || AP.toJSON !== undefined || SP.toJSON !== undefined ||
      NP.toJSON !== undefined || BP.toJSON !== undefined) return false;
  for (const k in OP) return false;
  return true;
}

// The objects of a list a check found failing (each object on the way to the failure
// but the order, which the writer never asks a check about),
// until vouchedText (js/sdk/src-js/routing.js) has written its text and empties it:
// the writer writes a listed object field by field without asking its check again,
// which would walk the same values to the same failure (one order's writer asked the
// checks along its failing chain up to three times). Being listed never vouches a
// value, so a stale or foreign entry costs text, not a report. At most 32.
const FAILED_ITEMS = [];
function failedItem(x) {
  if (FAILED_ITEMS.length < 32) FAILED_ITEMS.push(x);
  return false;
}

// rules/unique_sequence.rs when the sequences are not strictly increasing: none repeats.
function uniqueSequences(a) {
  const seen = new Set();
  for (let i = 0, n = a.length; i < n; i++) {
    const s = a[i].sequence;
    if (seen.has(s)) return false;
    seen.add(s);
  }
  return true;
}

",
    );
    s
}

/// `NEW_BUY` for `new_buy`: the JS constant of an order type.
fn order_const(t: OrderType) -> String {
    t.as_str().to_ascii_uppercase()
}

/// `(m === DELETE_ASSET || m === DELETE_PRODUCT)`: the order types `is_refund` holds for.
fn refund_condition() -> String {
    let parts: Vec<String> =
        OrderType::ALL.iter().filter(|t| t.is_refund()).map(|t| format!("m === {}", order_const(*t))).collect();
    if parts.is_empty() {
        return "false".into();
    }
    format!("({})", parts.join(" || "))
}

/// The characters `char::is_whitespace` holds for, as the inside of a regex class
/// (all in the BMP, so a class without the `u` flag matches them as single units).
fn whitespace_class() -> String {
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32).filter(|c| c.is_whitespace()) {
        let c = c as u32;
        assert!(c <= 0xFFFF, "white space outside the BMP needs a `u` regex");
        match ranges.last_mut() {
            Some((_, hi)) if *hi + 1 == c => *hi = c,
            _ => ranges.push((c, c)),
        }
    }
    let mut s = String::new();
    for (lo, hi) in ranges {
        let _ = write!(s, "\\u{lo:04x}");
        if hi > lo {
            let _ = write!(s, "-\\u{hi:04x}");
        }
    }
    s
}

/// A JS string literal of a plain ASCII value (enum values).
fn js_str(value: &str) -> String {
    assert!(value.bytes().all(|b| b.is_ascii_graphic() && b != b'\'' && b != b'\\'), "enum value {value:?}");
    format!("'{value}'")
}

/// A field name usable as `o.name` and in a local variable's name.
fn ident(name: &str) -> &str {
    let ok = name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    assert!(ok, "field {name:?} is not a JS identifier");
    name
}

#[derive(Default)]
struct Gen {
    /// Every shape reachable from an endpoint, with its function's name.
    shapes: Vec<(&'static Shape, String)>,
    /// Array helpers: item check (the key), name, source.
    arrays: Vec<(String, String, String)>,
    /// The formats' predicates used, once each (two formats may share one).
    formats: Vec<JsFormat>,
    /// The vouch entries of the formats' strings (name, source), once each.
    string_entries: Vec<(String, String)>,
}

impl Gen {
    fn name_of(&self, shape: &'static Shape) -> &str {
        match self.shapes.iter().find(|(s, _)| std::ptr::eq(*s, shape)) {
            Some((_, name)) => name,
            // Unreachable: `fast_check_js` collects every shape reachable from the
            // endpoints before naming any, and its only input is the static tables
            // (no user input; the wasm does not even contain the generator).
            None => panic!("shape not collected"),
        }
    }

    /// Names every shape: a body by its first endpoint, a nested shape by its role or
    /// else by the field that holds it.
    fn collect(&mut self, shape: &'static Shape, name: String) {
        if self.shapes.iter().any(|(s, _)| std::ptr::eq(*s, shape)) {
            return;
        }
        // Two shapes reached by the same name get distinct functions.
        let mut unique = name.clone();
        let mut n = 1;
        while self.shapes.iter().any(|(_, taken)| *taken == unique) {
            n += 1;
            unique = format!("{name}{n}");
        }
        self.shapes.push((shape, unique));
        for field in shape.fields {
            let mut kind = &field.kind;
            while let Kind::Array(item) | Kind::ArrayOrNull(item) = kind {
                kind = item;
            }
            if let Kind::Object(inner) = kind {
                let name = match inner.role {
                    Role::Plain => ident(field.name).to_owned(),
                    Role::Order => "order".into(),
                    Role::Asset => "asset".into(),
                    Role::Product => "product".into(),
                    Role::Merchandise => "merchandise".into(),
                };
                self.collect(inner, name);
            }
        }
    }
}

/// The start of every object function: a plain object whose keys are all known fields
/// (see the file's header). `FIRST` is the table's first field, read before the
/// prototype check (the header says why). JSON.stringify writes an array as one
/// whatever its prototype, and calls a `toJSON` that is an object's own but not
/// enumerable (for-in does not list it): neither is read here as its fields. The
/// two tests cost the valid bench bodies about 1.02 of the time (docs/design.md).
const OBJECT_HEAD: &str = r"function obj_NAME(o, d, m) {
  if (typeof o !== 'object' || o === null || d > FAST_DEPTH) return false;
  const v_FIRST = o.FIRST;
  const p = getPrototypeOf(o);
  if (p !== OP && p !== null) return false;
  if (isArray(o) || o.toJSON !== undefined) return false;
  let seen = 0;
  let h = 0;
  for (const k in o) {
    if (k === K_NAME[h]) {
      seen |= 1 << h;
      h++;
    } else {
      const i = I_NAME[k];
      if (i === undefined) return false;
      seen |= 1 << i;
      h = i + 1;
    }
  }
";

impl Gen {
    /// A JS expression that holds when `v` (not undefined) passes `kind` with no issue;
    /// `d` is the depth of the object holding it, `mode` what objects in it receive.
    fn check(&mut self, kind: &'static Kind, v: &str, mode: &str) -> String {
        match kind {
            // rules/lone_surrogate.rs: every string where a string belongs.
            Kind::Str => format!("(typeof {v} === 'string' && wellFormed({v}))"),
            Kind::Int => format!("isSafeInteger({v})"),
            Kind::IntMin(min) => format!("(isSafeInteger({v}) && {v} >= {})", safe(*min)),
            Kind::Bool => format!("({v} === true || {v} === false)"),
            Kind::Enum(def) => any_of(def.wire().map(|a| format!("{v} === {}", js_str(a)))),
            Kind::IntEnum(def) => any_of(def.wire().map(|a| format!("{v} === {}", safe(a)))),
            // The format's own predicate, from its rule's `.js` file.
            Kind::Format(id) => {
                let format = id.def();
                if !self.formats.iter().any(|f| f.function == format.js.function) {
                    self.formats.push(format.js);
                }
                if format.js.refuses_lone_surrogates {
                    format!("(typeof {v} === 'string' && {}({v}))", format.js.function)
                } else {
                    format!("(typeof {v} === 'string' && wellFormed({v}) && {}({v}))", format.js.function)
                }
            }
            Kind::IntOrStr => format!("((typeof {v} === 'string' && wellFormed({v})) || isSafeInteger({v}))"),
            // JSON.stringify calls an array's own toJSON; a real array without one is
            // written index by index, as the loop reads it.
            Kind::Array(item) => {
                let f = self.array_fn(item);
                format!("(isArray({v}) && {v}.toJSON === undefined && {f}({v}, d, {mode}))")
            }
            Kind::ArrayOrNull(item) => {
                let f = self.array_fn(item);
                format!("({v} === null || (isArray({v}) && {v}.toJSON === undefined && {f}({v}, d, {mode})))")
            }
            Kind::Object(shape) => format!("obj_{}({v}, d + 1, {mode})", self.name_of(shape)),
            // Any JSON value (response shapes only): the walk skips it unread, but a JS
            // value may not even be JSON; the wasm decides whenever such a field is set.
            Kind::Any => "false".into(),
        }
    }

    /// A value's vouch entry (see [`VOUCH_HEAD`]); `None` for a kind whose
    /// value is written as it is. `passes`: a field's `passes m` (an object's
    /// entry carries it), `None` for a list's item (its list's entry does).
    fn vouch_entry(&mut self, kind: &'static Kind, passes: Option<bool>) -> Option<String> {
        let passes = passes.map_or(String::new(), |p| format!(", {p}"));
        match kind {
            // One entry per string kind, shared by its fields.
            Kind::Str => Some("VOUCH_TEXT".into()),
            Kind::Format(format) => {
                let mut name = String::from("VOUCH_");
                for c in format.def().name.chars() {
                    if c.is_ascii_uppercase() {
                        name.push('_');
                    }
                    name.push(c.to_ascii_uppercase());
                }
                let entry = format!("[VOUCH_STRING, (v) => {}]", self.check(kind, "v", "m"));
                if !self.string_entries.iter().any(|(n, _)| *n == name) {
                    self.string_entries.push((name.clone(), entry));
                }
                Some(name)
            }
            Kind::Object(shape) if shape.role == Role::Order => {
                Some(format!("[VOUCH_OBJECT, null, V_{}{passes}]", self.name_of(shape)))
            }
            Kind::Object(shape) => {
                let name = self.name_of(shape);
                Some(format!("[VOUCH_OBJECT, obj_{name}, V_{name}{passes}]"))
            }
            _ => None,
        }
    }

    /// The helper checking every item of an array of `item` (shared by the fields
    /// whose items are checked alike); returns its name.
    fn array_fn(&mut self, item: &'static Kind) -> String {
        let check = self.check(item, "x", "m");
        if let Some((_, name, _)) = self.arrays.iter().find(|(c, _, _)| *c == check) {
            return name.clone();
        }
        let base = match item {
            Kind::Object(shape) => self.name_of(shape).to_owned(),
            Kind::Str => "string".into(),
            Kind::Format(format) => format.def().name.into(),
            _ => format!("items{}", self.arrays.len()),
        };
        let name = format!("arr_{base}");
        let mut body = String::new();
        let _ = writeln!(body, "function {name}(a, d, m) {{");
        let order_items = match item {
            Kind::Object(order) if order.role == Role::Order => {
                var(order, "sequence");
                true
            }
            _ => false,
        };
        if order_items {
            // rules/unique_sequence.rs: `sequence` is unique within orderList. Strictly
            // increasing sequences (the usual case) are unique without a Set.
            body.push_str("  let prev = -Infinity;\n  let increasing = true;\n");
        }
        body.push_str("  for (let i = 0, n = a.length; i < n; i++) {\n    const x = a[i];\n");
        // A failing object is listed for the vouched text's writer (FAILED_ITEMS);
        // not an order, which the writer never asks a check about (its entry has none).
        let fail = if matches!(item, Kind::Object(_)) && !order_items { "failedItem(x)" } else { "false" };
        let _ = writeln!(body, "    if ({}) return {fail};", not(&check));
        if order_items {
            body.push_str("    const s = x.sequence;\n    if (s > prev) prev = s;\n    else increasing = false;\n");
        }
        body.push_str("  }\n");
        if order_items {
            body.push_str("  return increasing || uniqueSequences(a);\n");
        } else {
            body.push_str("  return true;\n");
        }
        body.push_str("}\n\n");
        self.arrays.push((check, name.clone(), body));
        name
    }

    /// `obj_<name>(o, d, m)`: whether `o` is a plain object of the shape with no issue.
    fn object_fn(&mut self, shape: &'static Shape, name: &str) -> String {
        let fields = shape.fields;
        let mut s = String::new();
        let names: Vec<String> = fields.iter().map(|f| js_str(ident(f.name))).collect();
        let indices: Vec<String> = fields.iter().enumerate().map(|(i, f)| format!("{}: {i}", f.name)).collect();
        let _ = writeln!(s, "const K_{name} = [{}];", names.join(", "));
        let _ = writeln!(s, "const I_{name} = {{ __proto__: null, {} }};", indices.join(", "));
        let first = fields.first().expect("a shape has fields").name;
        s.push_str(&OBJECT_HEAD.replace("NAME", name).replace("FIRST", first));
        for f in &fields[1..] {
            let _ = writeln!(s, "  const v_{0} = o.{0};", f.name);
        }
        if shape.role == Role::Order {
            // The order's type decides the rules of its assets and products (order.rs).
            s.push_str("  m = orderMode(v_orderType);\n");
        }
        // A bit per field read as defined (see the header).
        s.push_str("  let def = 0;\n");
        for (i, f) in fields.iter().enumerate() {
            s.push_str(&self.field(shape, i, f));
        }
        s.push_str("  if (def !== seen) return false;\n");
        s.push_str(&role_rules(shape));
        s.push_str("  return true;\n}\n\n");
        s
    }

    /// A field's check: presence, then its kind.
    fn field(&mut self, shape: &'static Shape, index: usize, field: &'static Field) -> String {
        let v = format!("v_{}", field.name);
        let bit = 1u32 << index;
        let mode = mode_passed(shape.role, field.name);
        let check = self.check(&field.kind, &v, mode);
        let null_is_value = matches!(field.kind, Kind::ArrayOrNull(_));
        match field.presence {
            Presence::Optional if null_is_value => {
                let check = not(&check);
                format!("  if ({v} !== undefined) {{\n    def |= {bit};\n    if ({check}) return false;\n  }}\n")
            }
            Presence::Optional => format!(
                "  if ({v} !== undefined) {{\n    def |= {bit};\n    if ({v} !== null && {}) return false;\n  }}\n",
                not(&check)
            ),
            Presence::Required | Presence::NonEmpty => {
                let mut cond = if null_is_value { format!("{v} === undefined") } else { format!("{v} == null") };
                let _ = write!(cond, " || {}", not(&check));
                if field.presence == Presence::NonEmpty {
                    // walk.rs `field`: a blank string or an empty array is `empty`.
                    if matches!(field.kind, Kind::Str) {
                        let _ = write!(cond, " || isBlank({v})");
                    } else if accepts_string(&field.kind) {
                        let _ = write!(cond, " || (typeof {v} === 'string' && isBlank({v}))");
                    }
                    match field.kind {
                        Kind::Array(_) => {
                            let _ = write!(cond, " || {v}.length === 0");
                        }
                        Kind::ArrayOrNull(_) => {
                            let _ = write!(cond, " || ({v} !== null && {v}.length === 0)");
                        }
                        _ => {}
                    }
                }
                format!("  if ({cond}) return false;\n  def |= {bit};\n")
            }
        }
    }
}

/// Whether a kind takes JSON strings (so a NonEmpty field of it may be blank).
fn accepts_string(kind: &Kind) -> bool {
    matches!(kind, Kind::Str | Kind::Enum(_) | Kind::Format(_) | Kind::IntOrStr)
}

/// What a field's objects receive as `m`: an order's assets get its type, and so do
/// the products directly in an asset's `products` (order.rs `product_closed` keeps
/// only those); every other object gets NO_ORDER.
fn mode_passed(role: Role, field: &str) -> &'static str {
    match (role, field) {
        (Role::Order, _) | (Role::Asset, "products") => "m",
        _ => "NO_ORDER",
    }
}

/// `!expr`, parenthesized unless `expr` is one parenthesized group already.
fn not(expr: &str) -> String {
    let mut depth = 0usize;
    let mut closes_at_end = expr.starts_with('(');
    for (i, c) in expr.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 && i + 1 < expr.len() {
                    closes_at_end = false;
                }
            }
            _ => {}
        }
    }
    if closes_at_end {
        format!("!{expr}")
    } else {
        format!("!({expr})")
    }
}

fn any_of(parts: impl Iterator<Item = String>) -> String {
    let parts: Vec<String> = parts.collect();
    if parts.is_empty() {
        return "false".into();
    }
    format!("({})", parts.join(" || "))
}

/// An integer constant of the tables as JS (a JS number holds it exactly).
fn safe(n: i64) -> String {
    assert!(n.unsigned_abs() < (1 << 53), "{n} is not a safe integer");
    n.to_string()
}

/// A shape's field variable, checked to exist (a rule naming a field the table lacks
/// fails the generation).
fn var(shape: &Shape, name: &str) -> String {
    assert!(shape.find(name).is_some(), "the rules read {name}, which this shape lacks");
    format!("v_{name}")
}

/// The cross-field rules of an object, after its fields passed: the JS part of
/// each rule whose roles include the object's (`RuleDef::js`, a sibling `.js` file
/// of the rule's own), in `Rule::ALL`'s order, its placeholders filled: `$name`
/// (the field's variable, checked to exist), `ORDER(x)` (an order type's
/// constant, checked to be one), `REFUND` (the refund order types). Any issue,
/// error or warning, is `return false`; the differential tests of
/// js/sdk/tests/fast-check.test.mjs keep the parts in step with the Rust checks.
fn role_rules(shape: &Shape) -> String {
    let mut s = String::new();
    for rule in Rule::ALL {
        let Some(part) = rule.def().js else { continue };
        if !part.roles.contains(&shape.role) {
            continue;
        }
        let _ = writeln!(s, "  // rule {}", rule.id());
        for line in part.source.lines() {
            let _ = writeln!(s, "  {}", fill_js(line, shape));
        }
    }
    s
}

/// A JS part's line with its placeholders filled (see [`role_rules`]).
fn fill_js(line: &str, shape: &Shape) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let mut rest = line;
    loop {
        let next = [rest.find('$'), rest.find("ORDER("), rest.find("REFUND")].into_iter().flatten().min();
        let Some(at) = next else { break };
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if let Some(name_tail) = tail.strip_prefix('$') {
            let end = name_tail.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(name_tail.len());
            out.push_str(&var(shape, &name_tail[..end]));
            rest = &name_tail[end..];
        } else if let Some(arg_tail) = tail.strip_prefix("ORDER(") {
            let end = arg_tail.find(')').expect("ORDER( without )");
            let order_type: OrderType = arg_tail[..end].parse().expect("ORDER(x): x is an order type");
            out.push_str(&order_const(order_type));
            rest = &arg_tail[end + 1..];
        } else {
            out.push_str(&refund_condition());
            rest = &tail["REFUND".len()..];
        }
    }
    out.push_str(rest);
    out
}

/// `dispatch(endpoint, body)`: the body's shape by endpoint name.
fn dispatch(g: &Gen) -> String {
    let mut s = String::from("function dispatch(endpoint, body) {\n  switch (endpoint) {\n");
    for e in Endpoint::ALL {
        let (name, shape) = (js_str(e.name()), g.name_of(e.def().request));
        let _ = writeln!(s, "    case {name}:\n      return obj_{shape}(body, 0, NO_ORDER);");
    }
    s.push_str("    default:\n      return false;\n  }\n}\n\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whitespace_class_is_rusts() {
        let class = whitespace_class();
        assert!(class.starts_with("\\u0009-\\u000d\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a"), "{class}");
        assert!(!class.contains("feff"), "U+FEFF is not white space in Rust");
    }

    #[test]
    fn declared_names_are_unique() {
        let js = fast_check_js();
        let mut names: Vec<&str> = js
            .lines()
            .filter_map(|l| l.strip_prefix("function ").or_else(|| l.strip_prefix("const ")))
            .filter_map(|rest| rest.split(['(', ' ']).next())
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a JS name is declared twice");
        assert!(count > 30, "{count}");
    }

    #[test]
    fn every_endpoint_dispatches() {
        let js = fast_check_js();
        for e in Endpoint::ALL {
            assert!(js.contains(&format!("case '{}':", e.name())), "{}", e.name());
        }
    }
}
