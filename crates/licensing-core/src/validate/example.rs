//! Complete examples of the tables' shapes as JSON text (`exampleBody`, the
//! answers' examples), written by hand so the wasm needs no JSON serializer.

use crate::schema::{Kind, Shape};

/// A complete example of a shape as JSON text: every field present with a valid
/// value (one element per array; `children` empty, so every package is a leaf).
/// Written by hand so the wasm needs no JSON serializer for it.
pub(crate) fn example_text(shape: &'static Shape, out: &mut String) {
    out.push('{');
    for (i, field) in shape.fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        super::write::string(out, field.name);
        out.push(':');
        example_value(&field.kind, out);
    }
    out.push('}');
}

/// A complete example of a kind as JSON text (see [`example_text`]).
pub(crate) fn example_value(kind: &'static Kind, out: &mut String) {
    let text = |out: &mut String, s: &str| super::write::string(out, s);
    match kind {
        Kind::Str => text(out, "x"),
        Kind::Int | Kind::IntOrStr => out.push_str("1700000000000"),
        Kind::IntMin(min) => super::itoa::push_signed(out, (*min).max(1)),
        Kind::Bool => out.push_str("false"),
        Kind::Enum(def) => text(out, def.values.first().map_or("", |v| v.wire)),
        Kind::IntEnum(def) => super::itoa::push_signed(out, def.values.first().map_or(0, |v| v.value)),
        Kind::Format(format) => text(out, format.def().example),
        Kind::Array(item) => {
            out.push('[');
            example_value(item, out);
            out.push(']');
        }
        Kind::ArrayOrNull(_) => out.push_str("[]"),
        Kind::Object(shape) => example_text(shape, out),
        Kind::Any => out.push_str("null"),
    }
}
