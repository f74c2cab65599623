//! `licensing-sdk/meta` (`js/generated/meta.js`, `js/generated/meta.d.ts`): the schema tables
//! as data for form builders: each endpoint's method, path and request type;
//! each shape's fields with their kind, presence, the spec's words and, in a
//! request, their labels on forms; each enumeration's values. The portal builds
//! its inputs, labels, selects and required marks from it.
//!
//! The data is written once, as CommonJS (Node's `require` has to load it
//! synchronously, on every Node the package supports). Its ES module face,
//! `pkg/meta.mjs`, is built from it by `scripts/build-js.mjs` (one module
//! that browsers without a bundler, and Rollup without a CommonJS plugin, load).

use std::fmt::Write as _;

use licensing_core::model::LicenseType;
use licensing_core::schema::{Field, Kind, Presence, Role, Shape};
use licensing_core::validate::{Rule, Source};
use licensing_core::wire::{Endpoint, Method, Module};
use serde_json::{json, Map, Value};

use crate::shapes::{pascal_case, Reachable, Side};

/// The data, as one JSON value: `{ endpoints, shapes, enums }`.
fn data() -> Value {
    let reachable = Reachable::all();
    let mut endpoints = Map::new();
    for e in Endpoint::ALL {
        let def = e.def();
        endpoints.insert(
            e.name().into(),
            json!({
                "summary": def.summary,
                "title": { "en": def.summary, "zh-CN": def.summary_zh_cn },
                "method": match def.method { Method::Get => "GET", Method::Post => "POST" },
                "path": def.path,
                "module": match def.module { Module::Order => "order", Module::Activity => "activity" },
                "scope": def.module.scope(),
                "pathParam": def.path_param,
                "query": def.query,
                "appKey": def.app_key,
                "request": def.request.name,
                "requestType": pascal_case(e.name()) + "Request",
                "data": match e.data() { Kind::Any => Value::Null, other => kind(other) },
                "idempotent": def.idempotent,
                "repeatKey": def.repeat_key,
                "repeatScope": e.repeat_scope(),
                "stales": def.stales.iter().map(|stale| json!({
                    "read": stale.read.name(),
                    "by": stale.by.map(|(field, from)| json!({ "field": field, "from": from })),
                })).collect::<Vec<_>>(),
            }),
        );
    }
    let mut shapes = Map::new();
    for (shape, side) in &reachable.shapes {
        shapes.insert(shape.name.into(), shape_json(shape, *side));
    }
    let mut enums = Map::new();
    for (def, _) in &reachable.enums {
        let values: Vec<Value> = def
            .values
            .iter()
            .map(|v| {
                let mut value = json!({ "value": v.wire, "doc": v.doc.trim(), "zh-CN": v.zh_cn });
                // A licence type's classes, from their exhaustive matches beside the enum.
                if let Ok(licence) = v.wire.parse::<LicenseType>() {
                    if def.name == "LicenseType" {
                        value["cloud"] = Value::Bool(licence.is_cloud());
                        value["lockable"] = Value::Bool(licence.is_lockable());
                    }
                }
                value
            })
            .collect();
        enums.insert(def.name.into(), json!({ "doc": def.doc.trim(), "values": values }));
    }
    for (def, _) in &reachable.int_enums {
        let values: Vec<Value> =
            def.values.iter().map(|v| json!({ "value": v.value, "doc": v.doc.trim(), "zh-CN": v.zh_cn })).collect();
        enums.insert(def.name.into(), json!({ "doc": def.doc.trim(), "values": values }));
    }
    json!({ "endpoints": endpoints, "shapes": shapes, "enums": enums, "depends": depends_json(), "businessCodes": business_codes_json() })
}

fn shape_json(shape: &Shape, side: Side) -> Value {
    let fields: Vec<Value> = shape.fields.iter().map(field_json).collect();
    // A shape both sides use (an asset's extension: a request's item and an answer's) is said to be both:
    // a form builder reading "answer" would take a strictly checked field as tolerated.
    let side = match side {
        Side::Request => "request",
        Side::Response => "answer",
        Side::Both => "both",
    };
    let mut out = json!({ "doc": shape.doc, "side": side, "fields": fields });
    if let Some(role) = role_name(shape.role) {
        out["role"] = role.into();
    }
    out
}

/// A shape's role for the cross-field rules (`Role`), as `depends` names it.
fn role_name(role: Role) -> Option<&'static str> {
    match role {
        Role::Order => Some("order"),
        Role::Asset => Some("asset"),
        Role::Product => Some("product"),
        Role::Merchandise => Some("merchandise"),
        _ => None,
    }
}

/// The business codes (licensing-core's `wire::BUSINESS_CODES`), each with the
/// endpoints that answer with it and its meaning in every locale: what a portal
/// shows beside a refused call's code.
fn business_codes_json() -> Value {
    let rows: Vec<Value> = licensing_core::wire::BUSINESS_CODES
        .iter()
        .map(|c| {
            let endpoints: Vec<&str> = Endpoint::ALL.into_iter().filter(|&e| c.given_by(e)).map(|e| e.name()).collect();
            json!({
                "module": match c.module { Module::Order => "order", Module::Activity => "activity" },
                "code": c.code,
                "success": c.success,
                "endpoints": endpoints,
                "meaning": { "en": c.en, "zh-CN": c.zh_cn },
            })
        })
        .collect();
    Value::Array(rows)
}

/// What the cross-field rules read and where their issues are (`RuleDef::depends`),
/// for `dependents` (js/sdk/src-js/dependents.js).
fn depends_json() -> Value {
    let mut out = Vec::new();
    for rule in Rule::ALL {
        for d in rule.def().depends {
            out.push(json!({
                "rule": rule.id(),
                "scope": d.scope.and_then(role_name),
                "reads": d.reads,
                "at": d.at,
                "across": d.across,
            }));
        }
    }
    Value::Array(out)
}

fn field_json(field: &Field) -> Value {
    let mut out = Map::new();
    out.insert("name".into(), field.name.into());
    if let Value::Object(k) = kind(&field.kind) {
        out.extend(k);
    }
    let presence = match field.presence {
        Presence::Optional => "optional",
        Presence::Required => "required",
        Presence::NonEmpty => "nonEmpty",
    };
    out.insert("presence".into(), presence.into());
    out.insert("doc".into(), field.doc.into());
    if let Some(label) = field.label {
        out.insert("label".into(), json!({ "en": label.en, "zh-CN": label.zh_cn }));
    }
    Value::Object(out)
}

/// A kind as `{ kind, ... }`: `string`, `integer` (with `min`), `boolean`,
/// `enum` (with `enum`: its name), `intEnum`, a format's name (`assetNumber`,
/// `duration`, `email`, with `source`: the provenance of the format's rule),
/// `integerOrString`, `array` / `arrayOrNull` (with `items`), `object` (with
/// `shape`), `any`.
fn kind(of: &Kind) -> Value {
    match of {
        Kind::Str => json!({ "kind": "string" }),
        Kind::Int => json!({ "kind": "integer" }),
        Kind::IntMin(min) => json!({ "kind": "integer", "min": min }),
        Kind::Bool => json!({ "kind": "boolean" }),
        Kind::Enum(def) => json!({ "kind": "enum", "enum": def.name }),
        Kind::IntEnum(def) => json!({ "kind": "intEnum", "enum": def.name }),
        Kind::Format(format) => json!({ "kind": format.def().name, "source": source(format.def().rule.source()) }),
        Kind::IntOrStr => json!({ "kind": "integerOrString" }),
        Kind::Array(item) => json!({ "kind": "array", "items": kind(item) }),
        Kind::ArrayOrNull(item) => json!({ "kind": "arrayOrNull", "items": kind(item) }),
        Kind::Object(shape) => json!({ "kind": "object", "shape": shape.name }),
        Kind::Any => json!({ "kind": "any" }),
    }
}

fn source(source: Source) -> &'static str {
    source.as_str()
}

const HEADER: &str = "// @generated by xtask/src/meta.rs from the schema tables: do not edit.\n\
// Regenerate: cargo xtask gen\n\
//\n\
// licensing-sdk/meta: the wire as data for form builders (see meta.d.ts).\n";

/// `js/generated/meta.js`.
pub(crate) fn meta_js() -> String {
    let mut s = String::from(HEADER);
    for (name, value) in parts() {
        let _ = writeln!(s, "\nexport const {name} = {};", pretty(&value));
    }
    s
}

fn parts() -> Vec<(&'static str, Value)> {
    let mut data = data();
    ["endpoints", "shapes", "enums", "depends", "businessCodes"].into_iter().map(|k| (k, data[k].take())).collect()
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// `js/generated/meta.d.ts` (`pkg/meta.d.ts` once built).
pub(crate) fn meta_d_ts() -> String {
    let mut formats: Vec<&str> = Vec::new();
    for (shape, _) in &Reachable::all().shapes {
        for field in shape.fields {
            let mut kind = &field.kind;
            while let Kind::Array(item) | Kind::ArrayOrNull(item) = kind {
                kind = item;
            }
            if let Kind::Format(id) = kind {
                let format = id.def();
                if !formats.contains(&format.name) {
                    formats.push(format.name);
                }
            }
        }
    }
    let union: Vec<String> = formats.iter().map(|name| format!("\"{name}\"")).collect();
    String::from(
        "// @generated by xtask/src/meta.rs: do not edit. Regenerate: cargo xtask gen\n\
         //\n\
         // licensing-sdk/meta: the wire as data for form builders.\n\
         import type { BusinessCode, Endpoint } from './index.js';\n\n",
    ) + "/** The string formats the rules define (each in its rule's file). */\nexport type FormatKind = "
        + &union.join(" | ")
        + ";\n\n"
        + include_str!("../../js/sdk/meta.static.d.ts")
}
