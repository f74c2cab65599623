//! The wire shapes: every request and answer of the service, field by field,
//! with its JSON kind, its presence and the spec's words for it. The one
//! definition of the wire: the validator walks these tables, the client reads
//! answers against them, and the typed model (`model/generated.rs`), the
//! TypeScript declarations, the portal's field metadata, the OpenAPI document
//! and the JSON Schemas are generated from them (`cargo xtask gen`).
//!
//! ```
//! use licensing_core::schema::{Kind, Presence};
//! use licensing_core::wire::Endpoint;
//! let body = Endpoint::ShellNums.def().request;
//! let size = &body.fields[0];
//! assert_eq!((size.name, size.presence), ("size", Presence::Required));
//! assert!(matches!(size.kind, Kind::IntMin(1)));
//! ```
//!
//! Why tables and not `#[derive(Validate)]` on the typed model: a derive runs
//! after serde has turned the JSON into structs, and serde stops at the first
//! wrong type. The report must list every issue in one pass, type errors
//! included, at JSON Pointer paths with wire names, and flag unknown fields;
//! reading the JSON text against these tables does that.

mod endpoints;
pub mod enums;
mod envelopes;

pub use endpoints::*;
pub use enums::*;
pub use envelopes::*;

// formats:begin (written by `cargo xtask gen` from the rule files' `FORMAT`s: xtask/registry/src/lib.rs)
/// A string format, by the rule file that defines it (`validate/rules/NAME.rs`'s
/// `FORMAT`: the check, its examples and its JavaScript and JSON Schema forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FormatId {
    #[doc = "The format `assetNumber` of order asset numbers (`assetNos`)."]
    AssetNumber,
    #[doc = "The format `duration` of a product's `timeDurationExpression`."]
    Duration,
    #[doc = "The format `email` of `adminEmail`. A warning only, so the JSON Schemas carry no pattern for it."]
    Email,
    #[doc = "The format `assetNumber` of lock numbers (`assetNums`)."]
    LockNumber,
    #[doc = "The format `duration` of a merchandise's `timeDurationExpression`."]
    PackageDuration,
    #[doc = "The format `pathSegment` of every path parameter (tests/validate/wire.rs holds them to it)."]
    PathSegment,
}
// formats:end

/// The JSON kind of a field. Exhaustive on purpose: a new kind must be handled
/// by the walk and by every generator before anything compiles.
#[derive(Debug)]
pub enum Kind {
    /// A JSON string.
    Str,
    /// A JSON integer that fits an `i64`.
    Int,
    /// An integer not below the bound (the bound is inferred: rule `minimum`).
    IntMin(i64),
    /// `true` or `false`.
    Bool,
    /// One of an enumeration's case-sensitive strings.
    Enum(&'static EnumDef),
    /// One of an enumeration's integers.
    IntEnum(&'static IntEnumDef),
    /// A string of a format its rule's file defines (asset numbers, `y-m-d`
    /// expressions, e-mail addresses): the field names the rule's format, as
    /// garde's `#[garde(email)]` does; [`FormatId::def`] gives its definition.
    Format(FormatId),
    /// A Long timestamp or a date string (the spec's "date" without a format).
    IntOrStr,
    /// An array of the kind.
    Array(&'static Kind),
    /// An array, or `null` (merchandise `children`: null at the lowest level).
    ArrayOrNull(&'static Kind),
    /// An object of the shape.
    Object(&'static Shape),
    /// Any JSON value (fields whose shape the spec does not show).
    Any,
}

/// Whether a field must be present (every presence is inferred: rules
/// `required` and `non_empty`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// May be absent or `null`.
    Optional,
    /// Present and not `null`.
    Required,
    /// Present, not `null`, and not empty (a blank string or an empty array).
    NonEmpty,
}

/// One field of a shape.
#[derive(Debug)]
#[non_exhaustive]
pub struct Field {
    /// The wire name (case-sensitive).
    pub name: &'static str,
    /// What the spec says of it (feature `meta`: the wasm carries no doc).
    #[cfg(feature = "meta")]
    pub doc: &'static str,
    /// Its JSON kind.
    pub kind: Kind,
    /// Whether it must be present.
    pub presence: Presence,
    /// What a form calls it (feature `meta`): every field of a request has one.
    #[cfg(feature = "meta")]
    pub label: Option<Label>,
}

/// A request field's name on a form, in each locale the messages speak, so
/// that a form (the portal's, a user's) labels a field new to the wire with no
/// dictionary of its own to edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg(feature = "meta")]
pub struct Label {
    /// In English.
    pub en: &'static str,
    /// In Simplified Chinese.
    pub zh_cn: &'static str,
}

impl Field {
    /// The field with its label on forms, in English and in Simplified Chinese
    /// (without feature `meta`, the field as it is).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables))]
    pub(crate) const fn label(self, en: &'static str, zh_cn: &'static str) -> Field {
        Field {
            #[cfg(feature = "meta")]
            label: Some(Label { en, zh_cn }),
            ..self
        }
    }
}

/// What an object is to the cross-field rules, which run when it closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// No object-level rule.
    Plain,
    /// An element of `orderList`: the order's cross-field rules.
    Order,
    /// An element of `assets`: limit range; facts for its order.
    Asset,
    /// A product: limit range; facts for its order when directly under an asset.
    Product,
    /// A merchandise package: a leaf lists products.
    Merchandise,
}

/// An object: its fields in the spec's order.
#[derive(Debug)]
#[non_exhaustive]
pub struct Shape {
    /// The type's name: Rust, TypeScript, OpenAPI (feature `meta`).
    #[cfg(feature = "meta")]
    pub name: &'static str,
    /// What the spec says of it (feature `meta`).
    #[cfg(feature = "meta")]
    pub doc: &'static str,
    /// Its fields.
    pub fields: &'static [Field],
    /// What its cross-field rules are.
    pub role: Role,
    /// What the presence of its required fields rests on (feature `meta`):
    /// the spec shows no presence, so each required field of a request is
    /// inferred from what the spec says the call does. RULES.md's presence
    /// table is generated from it; empty where no field is required.
    #[cfg(feature = "meta")]
    pub presence_basis: &'static str,
}

impl Shape {
    /// The shape with what the presence of its required fields rests on (its
    /// `presence_basis`; without feature `meta`, the shape as it is).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables))]
    pub(crate) const fn presence_rests_on(self, basis: &'static str) -> Shape {
        Shape {
            #[cfg(feature = "meta")]
            presence_basis: basis,
            ..self
        }
    }

    /// The index of a known field, by its wire name. (The walk first tries the
    /// field after the last one it matched, in place: bodies tend to list their
    /// fields in a stable order.)
    pub fn find(&self, key: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == key)
    }

    /// This shape and every object shape inside it (through arrays), each once.
    #[cfg(any(test, feature = "meta"))]
    pub(crate) fn with_inner(&'static self) -> Vec<&'static Shape> {
        let mut found: Vec<&'static Shape> = Vec::new();
        let mut pending = vec![self];
        while let Some(shape) = pending.pop() {
            if found.iter().any(|s| core::ptr::eq(*s, shape)) {
                continue;
            }
            found.push(shape);
            for field in shape.fields {
                let mut kind = &field.kind;
                while let Kind::Array(item) | Kind::ArrayOrNull(item) = kind {
                    kind = item;
                }
                if let Kind::Object(inner) = kind {
                    pending.push(inner);
                }
            }
        }
        found
    }
}

/// A string enumeration of the wire.
#[derive(Debug)]
#[non_exhaustive]
pub struct EnumDef {
    /// The type's name (feature `meta`).
    #[cfg(feature = "meta")]
    pub name: &'static str,
    /// What the spec says of it (feature `meta`).
    #[cfg(feature = "meta")]
    pub doc: &'static str,
    /// Its values, in the spec's order.
    pub values: &'static [EnumValue],
}

/// One value of a string enumeration.
#[derive(Debug)]
#[non_exhaustive]
pub struct EnumValue {
    /// The wire value (case-sensitive).
    pub wire: &'static str,
    /// The Rust variant's name (feature `meta`).
    #[cfg(feature = "meta")]
    pub variant: &'static str,
    /// What the spec says of it (feature `meta`).
    #[cfg(feature = "meta")]
    pub doc: &'static str,
    /// Its name in Simplified Chinese, for forms (feature `meta`).
    #[cfg(feature = "meta")]
    pub zh_cn: &'static str,
}

/// An integer enumeration of the wire.
#[derive(Debug)]
#[non_exhaustive]
pub struct IntEnumDef {
    /// The type's name (feature `meta`).
    #[cfg(feature = "meta")]
    pub name: &'static str,
    /// What the spec says of it (feature `meta`).
    #[cfg(feature = "meta")]
    pub doc: &'static str,
    /// Its values, in the spec's order.
    pub values: &'static [IntEnumValue],
}

/// One value of an integer enumeration.
#[derive(Debug)]
#[non_exhaustive]
pub struct IntEnumValue {
    /// The wire value.
    pub value: i64,
    /// The Rust variant's name (feature `meta`).
    #[cfg(feature = "meta")]
    pub variant: &'static str,
    /// What the spec says of it (feature `meta`).
    #[cfg(feature = "meta")]
    pub doc: &'static str,
    /// Its name in Simplified Chinese, for forms (feature `meta`).
    #[cfg(feature = "meta")]
    pub zh_cn: &'static str,
}

impl EnumDef {
    /// The wire values.
    pub fn wire(&self) -> impl Iterator<Item = &'static str> {
        self.values.iter().map(|v| v.wire)
    }
}

impl IntEnumDef {
    /// The wire values.
    pub fn wire(&self) -> impl Iterator<Item = i64> {
        self.values.iter().map(|v| v.value)
    }
}

/// The index of a field in a field table, at compile time (a wrong name does not
/// compile). Only `const` items call it, so its panic is a compile error and can
/// never run in the wasm.
pub(crate) const fn index_of(fields: &[Field], name: &str) -> usize {
    let mut i = 0;
    while i < fields.len() {
        let a = fields[i].name.as_bytes();
        let b = name.as_bytes();
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("no such field in the table")
}

// The tables are written with names and docs; without feature `meta` these
// constructors drop them, so the wasm carries neither (~4 KB gzip).

/// A field that may be absent or `null`.
#[cfg_attr(not(feature = "meta"), allow(unused_variables))]
pub(crate) const fn opt(name: &'static str, kind: Kind, doc: &'static str) -> Field {
    field(name, kind, Presence::Optional, doc)
}
/// A field that must be present and not `null`.
pub(crate) const fn req(name: &'static str, kind: Kind, doc: &'static str) -> Field {
    field(name, kind, Presence::Required, doc)
}
/// A field that must be present, not `null`, not blank and not `[]`.
pub(crate) const fn non_empty(name: &'static str, kind: Kind, doc: &'static str) -> Field {
    field(name, kind, Presence::NonEmpty, doc)
}

#[cfg_attr(not(feature = "meta"), allow(unused_variables))]
const fn field(name: &'static str, kind: Kind, presence: Presence, doc: &'static str) -> Field {
    Field {
        name,
        #[cfg(feature = "meta")]
        doc,
        kind,
        presence,
        #[cfg(feature = "meta")]
        label: None,
    }
}

/// A shape (see the note above).
#[cfg_attr(not(feature = "meta"), allow(unused_variables))]
pub(crate) const fn shape(name: &'static str, doc: &'static str, fields: &'static [Field], role: Role) -> Shape {
    Shape {
        #[cfg(feature = "meta")]
        name,
        #[cfg(feature = "meta")]
        doc,
        fields,
        role,
        #[cfg(feature = "meta")]
        presence_basis: "",
    }
}

/// An enumeration (see the note above).
#[cfg_attr(not(feature = "meta"), allow(unused_variables))]
pub const fn enum_def(name: &'static str, doc: &'static str, values: &'static [EnumValue]) -> EnumDef {
    EnumDef {
        #[cfg(feature = "meta")]
        name,
        #[cfg(feature = "meta")]
        doc,
        values,
    }
}

/// A value of an enumeration (see the note above).
#[cfg_attr(not(feature = "meta"), allow(unused_variables))]
pub const fn enum_value(
    wire: &'static str,
    variant: &'static str,
    doc: &'static str,
    zh_cn: &'static str,
) -> EnumValue {
    EnumValue {
        wire,
        #[cfg(feature = "meta")]
        variant,
        #[cfg(feature = "meta")]
        doc,
        #[cfg(feature = "meta")]
        zh_cn,
    }
}

/// An integer enumeration (see the note above).
#[cfg_attr(not(feature = "meta"), allow(unused_variables))]
pub const fn int_enum_def(name: &'static str, doc: &'static str, values: &'static [IntEnumValue]) -> IntEnumDef {
    IntEnumDef {
        #[cfg(feature = "meta")]
        name,
        #[cfg(feature = "meta")]
        doc,
        values,
    }
}

/// A value of an integer enumeration (see the note above).
#[cfg_attr(not(feature = "meta"), allow(unused_variables))]
pub const fn int_enum_value(value: i64, variant: &'static str, doc: &'static str, zh_cn: &'static str) -> IntEnumValue {
    IntEnumValue {
        value,
        #[cfg(feature = "meta")]
        variant,
        #[cfg(feature = "meta")]
        doc,
        #[cfg(feature = "meta")]
        zh_cn,
    }
}
