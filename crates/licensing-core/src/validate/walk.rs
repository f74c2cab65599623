//! The generic walk: JSON types, presence, enums, formats and unknown fields,
//! driven by the tables in `schema.rs`.

use crate::validate::json::{Json, Object};

use super::ctx::{excerpt, Ctx, Seg};
use super::report::{Code, Params};
use super::rules;
use super::schema::{Kind, Presence, Shape};

/// Deepest object nesting followed. JSON text is already bounded by the parser
/// (128); this bounds values built in Rust, and keeps the walk's recursion small.
pub const MAX_DEPTH: usize = 64;

/// Most fields of one shape (the product has 20); checked by a test.
pub(crate) const MAX_FIELDS: usize = 32;

/// Name of a value's JSON type, as used in `type` issues.
pub(crate) fn type_name(v: &Json<'_>) -> &'static str {
    match v {
        Json::Null => "null",
        Json::Bool(_) => "boolean",
        Json::Int(_) | Json::UInt(_) => "integer",
        Json::Float(_) => "number",
        Json::Str(_) => "string",
        Json::Array(_) => "array",
        Json::Object(_) => "object",
    }
}

pub(crate) fn walk_object<'a>(map: &'a Object<'a>, shape: &'static Shape, ctx: &mut Ctx<'a>, depth: usize) {
    if depth > MAX_DEPTH {
        ctx.error(Code::TooDeep, || Params::none().with("max", MAX_DEPTH.to_string()));
        return;
    }
    // One pass over the object's pairs finds each known field's value (the last of
    // a repeated key) and the unknown keys, instead of a search per field and one
    // per key.
    let mut found: [Option<&'a Json<'a>>; MAX_FIELDS] = [None; MAX_FIELDS];
    let mut unknown: Vec<&'a str> = Vec::new();
    for (key, value) in &map.0 {
        match shape.fields.iter().position(|f| f.name == key.as_ref()) {
            Some(i) => {
                if let Some(slot) = found.get_mut(i) {
                    *slot = Some(value);
                }
            }
            None => unknown.push(key.as_ref()),
        }
    }
    for (i, field) in shape.fields.iter().enumerate() {
        let value = found
            .get(i)
            .copied()
            .flatten()
            .filter(|v| !v.is_null() || matches!(field.kind, Kind::ArrayOrNull(_)));
        match value {
            None => {
                if field.presence != Presence::Optional {
                    ctx.error_at(field.name, Code::Required, Params::none);
                }
            }
            Some(v) => ctx.at(Seg::Key(field.name), |ctx| {
                if field.presence == Presence::NonEmpty && is_blank(v) {
                    ctx.error(Code::Empty, Params::none);
                }
                walk_value(v, &field.kind, ctx, depth);
            }),
        }
    }
    for key in unknown {
        ctx.at(Seg::Key(key), |ctx| {
            let severity = if ctx.opts.strict { super::Severity::Error } else { super::Severity::Warning };
            ctx.report(Code::UnknownField, severity, || {
                let names: Vec<&str> = shape.fields.iter().map(|f| f.name).collect();
                let p = Params::none();
                match rules::suggest::closest(key, &names) {
                    Some(s) => p.with("suggestion", s),
                    None => p,
                }
            });
        });
    }
    if let Some(check) = shape.check {
        check(map, ctx);
    }
}

fn is_blank(v: &Json<'_>) -> bool {
    match v {
        Json::Str(s) => s.trim().is_empty(),
        Json::Array(a) => a.is_empty(),
        _ => false,
    }
}

fn type_error(ctx: &mut Ctx<'_>, expected: &'static str, v: &Json<'_>) {
    ctx.error(Code::Type, || Params::none().with("expected", expected).with("actual", type_name(v)));
}

fn as_int(v: &Json<'_>) -> Option<i64> {
    v.as_i64()
}

pub(crate) fn walk_value<'a>(v: &'a Json<'a>, kind: &'static Kind, ctx: &mut Ctx<'a>, depth: usize) {
    match kind {
        Kind::Str => {
            if !v.is_string() {
                type_error(ctx, "string", v);
            }
        }
        Kind::Int => {
            if as_int(v).is_none() {
                type_error(ctx, "integer", v);
            }
        }
        Kind::IntMin(min) => match as_int(v) {
            None => type_error(ctx, "integer", v),
            Some(n) if n < *min => ctx.error(Code::Minimum, || {
                Params::none().with("min", min.to_string()).with("value", n.to_string())
            }),
            Some(_) => {}
        },
        Kind::Bool => {
            if !v.is_boolean() {
                type_error(ctx, "boolean", v);
            }
        }
        Kind::Enum(allowed) => match v.as_str() {
            None => type_error(ctx, "string", v),
            Some(s) if allowed.contains(&s) => {}
            Some(s) => ctx.error(Code::Enum, || {
                let p = Params::none().with("value", excerpt(s, 40)).with("allowed", allowed.join(", "));
                match rules::suggest::closest(s, allowed) {
                    Some(hint) => p.with("suggestion", hint),
                    None => p,
                }
            }),
        },
        Kind::IntEnum(allowed) => match as_int(v) {
            None => type_error(ctx, "integer", v),
            Some(n) if allowed.contains(&n) => {}
            Some(n) => ctx.error(Code::Enum, || {
                let list: Vec<String> = allowed.iter().map(i64::to_string).collect();
                Params::none().with("value", n.to_string()).with("allowed", list.join(", "))
            }),
        },
        Kind::AssetNumber => match v.as_str() {
            None => type_error(ctx, "string", v),
            Some(s) => rules::asset_number::check(s, ctx),
        },
        Kind::Duration => match v.as_str() {
            None => type_error(ctx, "string", v),
            Some(s) => rules::duration::check(s, ctx),
        },
        Kind::Email => match v.as_str() {
            None => type_error(ctx, "string", v),
            Some(s) => rules::email::check(s, ctx),
        },
        Kind::IntOrStr => {
            if as_int(v).is_none() && !v.is_string() {
                type_error(ctx, "integer or string", v);
            }
        }
        Kind::Array(item) => match v.as_array() {
            None => type_error(ctx, "array", v),
            Some(items) => walk_items(items, item, ctx, depth),
        },
        Kind::ArrayOrNull(item) => match v {
            Json::Null => {}
            Json::Array(items) => walk_items(items, item, ctx, depth),
            _ => type_error(ctx, "array or null", v),
        },
        Kind::Object(shape) => match v.as_object() {
            None => type_error(ctx, "object", v),
            Some(map) => walk_object(map, shape, ctx, depth + 1),
        },
    }
}

fn walk_items<'a>(items: &'a [Json<'a>], item: &'static Kind, ctx: &mut Ctx<'a>, depth: usize) {
    for (i, v) in items.iter().enumerate() {
        ctx.push(Seg::Index(i));
        walk_value(v, item, ctx, depth);
        ctx.pop();
    }
}
