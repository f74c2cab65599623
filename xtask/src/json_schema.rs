//! `pkg/schemas/<endpoint>.json`: one JSON Schema (2020-12) per request, and
//! the schema pieces `openapi.rs` places under `components/schemas`.
//!
//! The schemas say what the `recommended` profile makes an error, as far as
//! JSON Schema can: unknown fields are allowed (a warning there), warnings are
//! not encoded, `null` counts as absent, and the cross-field rules are
//! `if`/`then`. [`COVERAGE`] says for every rule how it is carried or why it
//! cannot be; the documents carry that table as `x-licensing-rules`.

use licensing_core::model::{LicenseType, OrderType, WireEnum};
use licensing_core::schema::{EnumDef, Field, IntEnumDef, Kind, Presence, Role, Shape};
use licensing_core::validate::Rule;
use licensing_core::wire::Endpoint;

use crate::json::{obj, s, strs, Json};
use crate::shapes::{Reachable, Side};

/// The JSON Schema dialect of the schemas (and of OpenAPI 3.1).
pub(crate) const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Characters Rust's `str::trim` removes (Unicode `White_Space`): a string is
/// not blank when it has another one. JavaScript's `\s` differs (it has U+FEFF
/// and lacks U+0085), so the class is spelt out.
const NOT_BLANK: &str =
    "[^\\t\\n\\u000b\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";

/// How a JSON Schema carries a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Carried {
    /// By this keyword (or construct).
    By(&'static str),
    /// Not at all, for this reason.
    No(&'static str),
}

/// Every rule, and how the schemas carry it (a test keeps it complete).
pub(crate) const COVERAGE: &[(Rule, Carried)] = &[
    (Rule::Json, Carried::By("the JSON text itself (a schema validates parsed values)")),
    (Rule::BodyObject, Carried::By("type: object")),
    (Rule::FieldType, Carried::By("type")),
    (Rule::Depth, Carried::No("nesting depth is a property of the text; JSON Schema has no keyword for it")),
    (Rule::Required, Carried::By("required, and no null in type")),
    (Rule::NonEmpty, Carried::By("minItems: 1, or a pattern that needs one non-whitespace character")),
    (Rule::EnumValue, Carried::By("enum")),
    (Rule::UnknownField, Carried::No("a warning under the recommended profile: additional properties are allowed")),
    (Rule::DuplicateKey, Carried::No("a parsed value has no duplicate keys left to see")),
    (Rule::AssetNumber, Carried::By("pattern ^[86][0-9]{9}$")),
    (Rule::LockNumber, Carried::By("pattern ^[86][0-9]{9}$")),
    (Rule::Minimum, Carried::By("minimum")),
    (Rule::Duration, Carried::By("pattern")),
    (Rule::PackageDuration, Carried::By("pattern")),
    (Rule::Email, Carried::No("a warning: the schemas carry errors only")),
    (Rule::LimitRange, Carried::No("compares two values of the instance; JSON Schema has no such keyword")),
    (Rule::UniqueSequence, Carried::No("uniqueItems compares whole items, not one key of them")),
    (Rule::SrcLicenseOrderRequired, Carried::By("if/then on Order")),
    (Rule::SrcLicenseOrderRecommended, Carried::No("a warning: the schemas carry errors only")),
    (Rule::ProductsRequired, Carried::By("if/then on Order, with AssetWithProducts and DeleteProductAsset")),
    (Rule::DeleteProductUri, Carried::By("if/then on Order, with DeletedProduct")),
    (Rule::StrictMatchFields, Carried::By("if/then on DeletedProduct")),
    (Rule::LeafProducts, Carried::By("if/then on Merchandise")),
    (Rule::TransferOnlyOnNewBuy, Carried::No("a warning: the schemas carry errors only")),
    (Rule::Endpoint, Carried::By("one schema per endpoint")),
    (Rule::IssueCap, Carried::No("a limit of the report, not a rule of the body")),
];

/// The coverage table as JSON: `[{rule, source, carried, how|why}]`.
pub(crate) fn coverage_json() -> Json {
    Json::Arr(
        COVERAGE
            .iter()
            .map(|(rule, carried)| {
                let (yes, text) = match carried {
                    Carried::By(how) => (true, ("how", *how)),
                    Carried::No(why) => (false, ("why", *why)),
                };
                obj([
                    ("rule", s(rule.id())),
                    ("code", s(rule.code().as_str())),
                    ("source", s(rule.source().as_str())),
                    ("carried", yes.into()),
                    (text.0, s(text.1)),
                ])
            })
            .collect(),
    )
}

/// Where `$ref`s point: `#/$defs/` in a schema file, `#/components/schemas/`
/// in the OpenAPI document.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Refs(pub(crate) &'static str);

impl Refs {
    /// A `$ref` to a named schema.
    pub(crate) fn to(self, name: &str) -> Json {
        obj([("$ref", s(format!("{}{name}", self.0)))])
    }
}

/// An `integer` that fits an i64 (the bounds as JavaScript reads them: doubles).
fn int64(min: Option<i64>) -> Vec<(&'static str, Json)> {
    vec![
        ("type", s("integer")),
        ("minimum", Json::Int(min.unwrap_or(i64::MIN).into())),
        ("exclusiveMaximum", Json::Int(i128::from(i64::MAX) + 1)),
    ]
}

/// The schema of a kind, as a required value (no `null`).
pub(crate) fn kind_schema(kind: &Kind, refs: Refs) -> Json {
    match kind {
        Kind::Str => obj([("type", s("string"))]),
        Kind::Int => obj(int64(None)),
        Kind::IntMin(min) => obj(int64(Some(*min))),
        Kind::Bool => obj([("type", s("boolean"))]),
        Kind::Enum(def) => refs.to(def.name),
        Kind::IntEnum(def) => refs.to(def.name),
        Kind::AssetNumber(_) => obj([("type", s("string")), ("pattern", s("^[86][0-9]{9}$"))]),
        Kind::Duration(_) => obj([("type", s("string")), ("pattern", s("^[0-9]{1,6}-[0-9]{1,6}-[0-9]{1,6}$"))]),
        // The format is a warning only.
        Kind::Email => obj([("type", s("string"))]),
        Kind::IntOrStr => obj([
            ("type", strs(["integer", "string"])),
            ("minimum", Json::Int(i64::MIN.into())),
            ("exclusiveMaximum", Json::Int(i128::from(i64::MAX) + 1)),
        ]),
        Kind::Array(item) => obj([("type", s("array")), ("items", kind_schema(item, refs))]),
        Kind::ArrayOrNull(item) => obj([("type", strs(["array", "null"])), ("items", kind_schema(item, refs))]),
        Kind::Object(shape) => refs.to(shape.name),
        Kind::Any => obj::<&str>([]),
    }
}

/// The schema of a field: its kind, `null` allowed when it is optional, the
/// non-empty constraint, and the spec's words.
fn field_schema(field: &Field, refs: Refs) -> Json {
    let mut schema = kind_schema(&field.kind, refs);
    if field.presence == Presence::NonEmpty {
        match &field.kind {
            Kind::Array(_) => schema.set("minItems", Json::Int(1)),
            _ => schema.set("pattern", s(NOT_BLANK)),
        }
    }
    if field.presence == Presence::Optional {
        schema = nullable(schema);
    }
    if !field.doc.is_empty() {
        schema.set("description", s(field.doc));
    }
    schema
}

/// The schema, or `null`.
fn nullable(schema: Json) -> Json {
    match schema.get("type") {
        Some(Json::Str(t)) => {
            let mut out = schema.clone();
            out.set("type", strs([t.as_str(), "null"]));
            out
        }
        Some(Json::Arr(types)) if types.contains(&s("null")) => schema,
        Some(Json::Arr(types)) => {
            let mut out = schema.clone();
            let mut types = types.clone();
            types.push(s("null"));
            out.set("type", Json::Arr(types));
            out
        }
        // `{}` already allows null; a `$ref` gets a sibling alternative.
        None if schema == obj::<&str>([]) => schema,
        _ => obj([("anyOf", Json::Arr(vec![schema, obj([("type", s("null"))])]))]),
    }
}

/// The schema of a shape: an object with its fields, required ones listed, and
/// the cross-field rules of its role.
pub(crate) fn shape_schema(shape: &Shape, refs: Refs) -> Json {
    let required: Vec<&str> =
        shape.fields.iter().filter(|f| f.presence != Presence::Optional).map(|f| f.name).collect();
    let mut out = obj([("type", s("object")), ("description", s(shape.doc))]);
    if !required.is_empty() {
        out.set("required", strs(required));
    }
    out.set("properties", obj(shape.fields.iter().map(|f| (f.name, field_schema(f, refs)))));
    match shape.role {
        Role::Order => out.set("allOf", order_rules(refs)),
        Role::Merchandise => {
            // A lowest-level package (children absent, null or []) lists products.
            out.set(
                "if",
                obj([(
                    "properties",
                    obj([(
                        "children",
                        obj([(
                            "anyOf",
                            Json::Arr(vec![
                                obj([("type", s("null"))]),
                                obj([("type", s("array")), ("maxItems", Json::Int(0))]),
                            ]),
                        )]),
                    )]),
                )]),
            );
            out.set("then", non_empty_list("licenseOrderProductList"));
        }
        Role::Plain | Role::Asset | Role::Product => {}
    }
    out
}

/// `{required: [name], properties: {name: {type: array, minItems: 1}}}`.
fn non_empty_list(name: &str) -> Json {
    obj([
        ("required", strs([name])),
        ("properties", obj([(name, obj([("type", s("array")), ("minItems", Json::Int(1))]))])),
    ])
}

/// `{required: [field], properties: {field: <condition>}}`.
fn when(field: &str, condition: Json) -> Json {
    obj([("required", strs([field])), ("properties", obj([(field, condition)]))])
}

/// The cross-field rules of an order.
fn order_rules(refs: Refs) -> Json {
    let refunds: Vec<&str> = OrderType::ALL.iter().filter(|t| t.is_refund()).map(|t| t.as_str()).collect();
    let cloud: Vec<&str> = LicenseType::ALL.iter().filter(|t| t.is_cloud()).map(|t| t.as_str()).collect();
    let assets_are = |def: &str| obj([("properties", obj([("assets", obj([("items", refs.to(def))]))]))]);
    Json::Arr(vec![
        // A refund of a cloud licence names the order it refunds.
        obj([
            (
                "if",
                obj([
                    ("required", strs(["orderType", "licenseType"])),
                    (
                        "properties",
                        obj([
                            ("orderType", obj([("enum", strs(refunds))])),
                            ("licenseType", obj([("enum", strs(cloud))])),
                        ]),
                    ),
                ]),
            ),
            ("then", when("srcLicenseOrderId", obj([("type", s("string")), ("pattern", s(NOT_BLANK))]))),
        ]),
        // new_buy: each asset has products, directly or in its merchandise tree.
        obj([
            ("if", when("orderType", obj([("const", s(OrderType::NewBuy.as_str()))]))),
            ("then", assets_are("AssetWithProducts")),
        ]),
        // delete_product: each asset lists the products it deletes.
        obj([
            ("if", when("orderType", obj([("const", s(OrderType::DeleteProduct.as_str()))]))),
            ("then", assets_are("DeleteProductAsset")),
        ]),
    ])
}

/// The helper schemas the order's rules refer to.
pub(crate) fn rule_defs(refs: Refs) -> Vec<(&'static str, Json)> {
    let matched: Vec<(&str, Json)> = ["limitStartDate", "limitEndDate", "limitConcurrent"]
        .into_iter()
        .map(|f| (f, obj([("type", s("integer"))])))
        .collect();
    vec![
        (
            "AssetWithProducts",
            obj([
                ("description", s("A new_buy asset: products directly, or a merchandise tree that lists some.")),
                (
                    "anyOf",
                    Json::Arr(vec![
                        non_empty_list("products"),
                        when(
                            "merchandises",
                            obj([("type", s("array")), ("contains", refs.to("MerchandiseWithProducts"))]),
                        ),
                    ]),
                ),
            ]),
        ),
        (
            "MerchandiseWithProducts",
            obj([
                ("description", s("A package that lists products, itself or in a lower-level package.")),
                (
                    "anyOf",
                    Json::Arr(vec![
                        non_empty_list("licenseOrderProductList"),
                        when("children", obj([("type", s("array")), ("contains", refs.to("MerchandiseWithProducts"))])),
                    ]),
                ),
            ]),
        ),
        (
            "DeleteProductAsset",
            obj([
                ("description", s("A delete_product asset: it lists the products it deletes.")),
                ("required", strs(["products"])),
                (
                    "properties",
                    obj([(
                        "products",
                        obj([("type", s("array")), ("minItems", Json::Int(1)), ("items", refs.to("DeletedProduct"))]),
                    )]),
                ),
            ]),
        ),
        (
            "DeletedProduct",
            obj([
                (
                    "description",
                    s("A delete_product product: it names productUri; strict matching needs the matched fields."),
                ),
                ("required", strs(["productUri"])),
                ("properties", obj([("productUri", obj([("type", s("string")), ("pattern", s(NOT_BLANK))]))])),
                ("if", when("strictMatchWhenDelete", obj([("const", true.into())]))),
                (
                    "then",
                    obj([
                        ("required", strs(["limitStartDate", "limitEndDate", "limitConcurrent"])),
                        ("properties", obj(matched)),
                    ]),
                ),
            ]),
        ),
    ]
}

/// A string enumeration's schema.
pub(crate) fn enum_schema(def: &EnumDef) -> Json {
    let doc: Vec<String> = def.values.iter().map(|v| format!("`{}`: {}", v.wire, v.doc.trim())).collect();
    obj([
        ("type", s("string")),
        ("description", s(format!("{}\n\n{}", def.doc.trim(), doc.join("\n")))),
        ("enum", strs(def.wire())),
    ])
}

/// An integer enumeration's schema.
pub(crate) fn int_enum_schema(def: &IntEnumDef) -> Json {
    let doc: Vec<String> = def.values.iter().map(|v| format!("`{}`: {}", v.value, v.doc.trim())).collect();
    obj([
        ("type", s("integer")),
        ("description", s(format!("{}\n\n{}", def.doc.trim(), doc.join("\n")))),
        ("enum", Json::Arr(def.wire().map(Json::from).collect())),
    ])
}

/// The named schemas reachable from these kinds: shapes, enumerations, and
/// the rule helpers when an order is among them; first reached first.
pub(crate) fn defs_of(roots: &[&'static Kind], refs: Refs) -> Vec<(&'static str, Json)> {
    let reachable = Reachable::of(roots, Side::Request);
    let mut out: Vec<(&'static str, Json)> =
        reachable.shapes.iter().map(|(s, _)| (s.name, shape_schema(s, refs))).collect();
    if reachable.shapes.iter().any(|(s, _)| s.role == Role::Order) {
        out.extend(rule_defs(refs));
    }
    out.extend(reachable.enums.iter().map(|(def, _)| (def.name, enum_schema(def))));
    out.extend(reachable.int_enums.iter().map(|(def, _)| (def.name, int_enum_schema(def))));
    out
}

/// `pkg/schemas/<endpoint>.json`.
pub(crate) fn request_schema(endpoint: Endpoint) -> String {
    let def = endpoint.def();
    let refs = Refs("#/$defs/");
    let mut root = shape_schema(def.request, refs);
    let Json::Obj(body) = std::mem::replace(&mut root, Json::Null) else { return String::new() };
    let mut out = vec![
        ("$comment".to_owned(), s("@generated by xtask/src/json_schema.rs from the schema tables: do not edit")),
        ("$schema".to_owned(), s(DIALECT)),
        ("$id".to_owned(), s(format!("urn:licensing-sdk:schemas:{}", endpoint.name()))),
        ("title".to_owned(), s(def.request.name)),
    ];
    out.extend(body);
    let roots: Vec<&'static Kind> = def.request.fields.iter().map(|f| &f.kind).collect();
    let defs = defs_of(&roots, refs);
    if !defs.is_empty() {
        out.push(("$defs".to_owned(), obj(defs)));
    }
    out.push(("x-licensing-profile".to_owned(), s("recommended")));
    out.push(("x-licensing-rules".to_owned(), coverage_json()));
    Json::Obj(out).pretty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_says_how_it_is_carried() {
        for rule in Rule::ALL {
            assert_eq!(COVERAGE.iter().filter(|(r, _)| r == rule).count(), 1, "{rule:?}");
        }
        assert_eq!(COVERAGE.len(), Rule::ALL.len());
    }

    #[test]
    fn the_fields_the_rules_name_exist() {
        use licensing_core::schema::{ASSET, MERCHANDISE, ORDER, PRODUCT};
        for name in ["orderType", "licenseType", "srcLicenseOrderId", "assets"] {
            assert!(ORDER.find(name).is_some(), "{name}");
        }
        for name in ["products", "merchandises"] {
            assert!(ASSET.find(name).is_some(), "{name}");
        }
        for name in ["children", "licenseOrderProductList"] {
            assert!(MERCHANDISE.find(name).is_some(), "{name}");
        }
        for name in ["productUri", "strictMatchWhenDelete", "limitStartDate", "limitEndDate", "limitConcurrent"] {
            assert!(PRODUCT.find(name).is_some(), "{name}");
        }
    }
}
