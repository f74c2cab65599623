//! `contract/schemas/<endpoint>.json`: one JSON Schema (2020-12) per request, and
//! the schema pieces `openapi.rs` places under `components/schemas`;
//! `contract/schemas/spec/<endpoint>.json`: the same under the `spec` profile.
//!
//! The schemas say what a profile makes an error (`recommended`, or `spec`,
//! where only the rules the spec states are), as far as JSON Schema can:
//! unknown fields are allowed (a warning there), warnings are not encoded,
//! `null` counts as absent, and the cross-field rules are `if`/`then`.
//! Each rule's file says how it is carried or why it cannot be
//! (`RuleDef::in_schemas`; a format's rule: its pattern); the documents carry
//! that table as `x-licensing-rules`.
//!
//! They compile under ajv's `strict: true` once the two `x-` keywords are
//! declared: every subschema that tests a type's keywords names that type (a
//! `$ref`'d definition is compiled without its referrer's type), and every
//! `type: array` has `items` (Spectral's `array-items`).

use licensing_core::model::{LicenseType, OrderType, WireEnum};
use licensing_core::schema::{EnumDef, Field, IntEnumDef, Kind, Presence, Role, Shape};
use licensing_core::validate::{InSchemas as Carried, Profile, Rule, SchemaPart, Severity, Source};
use licensing_core::wire::Endpoint;

use crate::json::{obj, s, strs, Json};
use crate::shapes::{Reachable, Side};

/// The JSON Schema dialect of the schemas (and of OpenAPI 3.1).
pub(crate) const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Characters Rust's `str::trim` removes (Unicode `White_Space`): a string is
/// not blank when it has another one. JavaScript's `\s` differs (it has U+FEFF
/// and lacks U+0085), so the class is spelt out.
pub(crate) const NOT_BLANK: &str =
    "[^\\t\\n\\u000b\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";

/// How the schemas carry a rule: as its file says (`RuleDef::in_schemas`), or
/// for a format's rule by its pattern; `None` for a rule neither knows (a test
/// fails on it).
pub(crate) fn carried(rule: Rule) -> Option<Carried> {
    if let Some(carried) = rule.def().in_schemas {
        return Some(carried);
    }
    let format = Reachable::all().shapes.iter().flat_map(|(shape, _)| shape.fields).find_map(|f| {
        let mut kind = &f.kind;
        while let Kind::Array(item) | Kind::ArrayOrNull(item) = kind {
            kind = item;
        }
        match kind {
            Kind::Format(format) if format.def().rule == rule => Some(format.def()),
            _ => None,
        }
    })?;
    Some(match (rule.recommended_severity(), format.pattern) {
        (Severity::Warning, _) => Carried::No("a warning: the schemas carry errors only"),
        (_, Some(_)) => Carried::By("pattern"),
        (_, None) => Carried::No("no pattern says the format"),
    })
}

/// The coverage table as JSON: `[{rule, source, carried, how|why}]`, of the
/// rules that read requests; under `spec`, an inferred rule is carried by no
/// schema (its issues are warnings).
pub(crate) fn coverage_json(refs: Refs) -> Json {
    Json::Arr(
        Rule::ALL
            .iter()
            .filter(|rule| rule.def().reads.requests())
            .filter_map(|&rule| carried(rule).map(|c| (rule, c)))
            .map(|(rule, carried)| {
                let (yes, text) = match carried {
                    Carried::By(_) if !refs.errs(rule) => {
                        (false, ("why", "inferred: a warning under the spec profile, not encoded"))
                    }
                    Carried::By(how) => (true, ("how", how)),
                    Carried::No(why) => (false, ("why", why)),
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

/// Where `$ref`s point (`#/$defs/` in a schema file, `#/components/schemas/`
/// in the OpenAPI document) and which profile's errors the schemas encode.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Refs {
    prefix: &'static str,
    profile: Profile,
}

impl Refs {
    pub(crate) const fn new(prefix: &'static str, profile: Profile) -> Refs {
        Refs { prefix, profile }
    }

    /// A `$ref` to a named schema.
    pub(crate) fn to(self, name: &str) -> Json {
        obj([("$ref", s(format!("{}{name}", self.prefix)))])
    }

    /// Whether the rule's issues are errors under the profile (warnings are
    /// not encoded): under `spec`, only the rules the spec states.
    pub(crate) fn errs(self, rule: Rule) -> bool {
        self.profile != Profile::Spec || rule.source() == Source::Spec
    }

    /// `recommended` or `spec`.
    pub(crate) fn profile_name(self) -> &'static str {
        self.profile.as_str()
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
        Kind::IntMin(min) => obj(int64(Some(*min).filter(|_| refs.errs(Rule::Minimum)))),
        Kind::Bool => obj([("type", s("boolean"))]),
        Kind::Enum(def) => refs.to(def.name),
        Kind::IntEnum(def) => refs.to(def.name),
        // A format's pattern where its issues are errors: never for a warning
        // (e-mail), nor under `spec` for a format the spec does not state.
        Kind::Format(format) => match format.def().pattern.filter(|_| refs.errs(format.def().rule)) {
            Some(pattern) => obj([("type", s("string")), ("pattern", s(pattern))]),
            None => obj([("type", s("string"))]),
        },
        // Branches, not a type union: ajv's strict mode refuses unions but with null.
        Kind::IntOrStr => obj([("anyOf", Json::Arr(vec![obj(int64(None)), obj([("type", s("string"))])]))]),
        Kind::Array(item) => obj([("type", s("array")), ("items", kind_schema(item, refs))]),
        Kind::ArrayOrNull(item) => obj([("type", strs(["array", "null"])), ("items", kind_schema(item, refs))]),
        Kind::Object(shape) => refs.to(shape.name),
        Kind::Any => obj::<&str>([]),
    }
}

/// Whether a field must be present (and not `null`): an answer's never is
/// (answers are read tolerantly), nor any under `spec` (presence is inferred).
fn required(field: &Field, refs: Refs, tolerant: bool) -> bool {
    !tolerant && field.presence != Presence::Optional && refs.errs(Rule::Required)
}

/// The schema of a field: its kind, `null` allowed when it is optional, the
/// non-empty constraint, and the spec's words.
fn field_schema(field: &Field, refs: Refs, tolerant: bool) -> Json {
    let mut schema = kind_schema(&field.kind, refs);
    if field.presence == Presence::NonEmpty && !tolerant && refs.errs(Rule::NonEmpty) {
        match &field.kind {
            Kind::Array(_) => schema.set("minItems", Json::Int(1)),
            // A format's own pattern stays; not blank is said beside it.
            _ if schema.get("pattern").is_some() => {
                let not_blank = obj([("type", s("string")), ("pattern", s(NOT_BLANK))]);
                schema.set("allOf", Json::Arr(vec![not_blank]));
            }
            _ => schema.set("pattern", s(NOT_BLANK)),
        }
    }
    if !required(field, refs, tolerant) {
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
        // `{}` already allows null; branches get one more; a `$ref` gets a
        // sibling alternative.
        None if schema == obj::<&str>([]) => schema,
        None if matches!(schema.get("anyOf"), Some(Json::Arr(_))) => {
            let mut out = schema.clone();
            if let Some(Json::Arr(mut branches)) = schema.get("anyOf").cloned() {
                branches.push(obj([("type", s("null"))]));
                out.set("anyOf", Json::Arr(branches));
            }
            out
        }
        _ => obj([("anyOf", Json::Arr(vec![schema, obj([("type", s("null"))])]))]),
    }
}

/// The schema of a request shape: an object with its fields, required ones
/// listed, and the cross-field rules of its role.
pub(crate) fn shape_schema(shape: &Shape, refs: Refs) -> Json {
    shape_schema_on(shape, refs, false)
}

/// The schema of a shape; `tolerant` for an answer's: every field optional
/// and nullable, as the SDK reads answers (its types and its Rust model).
fn shape_schema_on(shape: &Shape, refs: Refs, tolerant: bool) -> Json {
    let required: Vec<&str> = shape.fields.iter().filter(|f| required(f, refs, tolerant)).map(|f| f.name).collect();
    let mut out = obj([("type", s("object")), ("description", s(shape.doc))]);
    if !required.is_empty() {
        out.set("required", strs(required));
    }
    out.set("properties", obj(shape.fields.iter().map(|f| (f.name, field_schema(f, refs, tolerant)))));
    // `strict` (only in js/generated/json-schema-data.js): an unknown field is an error.
    if refs.profile == Profile::Strict && !tolerant {
        out.set("additionalProperties", false.into());
    }
    if !tolerant {
        let mut rules = match shape.role {
            Role::Order => order_rules(refs),
            Role::Plain | Role::Asset | Role::Product | Role::Merchandise => Vec::new(),
        };
        rules.extend(rule_parts(shape.role, refs));
        if !rules.is_empty() {
            out.set("allOf", Json::Arr(rules));
        }
    }
    out
}

/// The constructs the rules' files give for the objects of a role
/// (`RuleDef::schema`), under the profiles whose errors they are. A part that is
/// an `allOf` alone gives its items: nested, a one-item `allOf` is what
/// Redocly's `no-illogical-composition-keywords` refuses.
fn rule_parts(role: Role, refs: Refs) -> Vec<Json> {
    let mut parts = Vec::new();
    for &rule in Rule::ALL.iter().filter(|&&rule| refs.errs(rule)) {
        let Some(part) = rule.def().schema.filter(|part| part.on == role) else { continue };
        match schema_part(rule, part) {
            Json::Obj(mut entries) if entries.len() == 1 && entries[0].0 == "allOf" => {
                if let (_, Json::Arr(items)) = entries.remove(0) {
                    parts.extend(items);
                }
            }
            json => parts.push(json),
        }
    }
    parts
}

/// A rule's construct from its JSON text: `"type": "object"` first in an `if`,
/// `then` or `else`, and in a part of `properties` or `required`, that names no
/// type (ajv's strict mode), and `"$notBlank"` as a pattern written as
/// [`NOT_BLANK`].
pub(crate) fn schema_part(rule: Rule, part: SchemaPart) -> Json {
    part_json(rule, part.json)
}

/// [`schema_part`] of a part's text.
fn part_json(rule: Rule, text: &str) -> Json {
    let mut json: Json = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("{rule:?}: its schema part (`.schema(…)` in its file) is not JSON: {e}"));
    not_blank(&mut json);
    if let Json::Obj(entries) = &mut json {
        for (key, branch) in entries.iter_mut() {
            if matches!(key.as_str(), "if" | "then" | "else") && branch.get("type").is_none() {
                if let Json::Obj(inner) = branch {
                    inner.insert(0, (String::from("type"), s("object")));
                }
            }
        }
        let of_fields = entries.iter().any(|(key, _)| key == "properties" || key == "required");
        if of_fields && !entries.iter().any(|(key, _)| key == "type") {
            entries.insert(0, (String::from("type"), s("object")));
        }
    }
    json
}

/// `"pattern": "$notBlank"` written as [`NOT_BLANK`], at any depth.
fn not_blank(json: &mut Json) {
    match json {
        Json::Obj(entries) => {
            for (key, value) in entries.iter_mut() {
                if key == "pattern" && *value == s("$notBlank") {
                    *value = s(NOT_BLANK);
                }
                not_blank(value);
            }
        }
        Json::Arr(items) => items.iter_mut().for_each(not_blank),
        Json::Null | Json::Bool(_) | Json::Int(_) | Json::Str(_) => {}
    }
}

/// `{type: object, ...}`: a branch names its type (ajv strict, `$ref`'d alone).
fn object<const N: usize>(entries: [(&str, Json); N]) -> Json {
    let mut out = obj([("type", s("object"))]);
    for (key, value) in entries {
        out.set(key, value);
    }
    out
}

/// `{type: array, items: {}, ...}`: `items` for Spectral's `array-items`; the
/// elements' schema is the field's own.
fn array<const N: usize>(entries: [(&str, Json); N]) -> Json {
    let mut out = obj([("type", s("array")), ("items", obj::<&str>([]))]);
    for (key, value) in entries {
        out.set(key, value);
    }
    out
}

/// `{type: object, required: [name], properties: {name: {type: array, minItems: 1}}}`.
fn non_empty_list(name: &str) -> Json {
    when(name, array([("minItems", Json::Int(1))]))
}

/// `{type: object, required: [field], properties: {field: <condition>}}`.
fn when(field: &str, condition: Json) -> Json {
    object([("required", strs([field])), ("properties", obj([(field, condition)]))])
}

/// The cross-field rules of an order (under `spec`, those the spec states).
fn order_rules(refs: Refs) -> Vec<Json> {
    let refunds: Vec<&str> = OrderType::ALL.iter().filter(|t| t.is_refund()).map(|t| t.as_str()).collect();
    let cloud: Vec<&str> = LicenseType::ALL.iter().filter(|t| t.is_cloud()).map(|t| t.as_str()).collect();
    // `null` passes here: absent assets are the `required` rule's business.
    let assets_are = |def: &str| {
        let assets = obj([("type", strs(["array", "null"])), ("items", refs.to(def))]);
        object([("properties", obj([("assets", assets)]))])
    };
    let mut rules = Vec::new();
    if refs.errs(Rule::SrcLicenseOrderRequired) {
        // A refund of a cloud licence names the order it refunds.
        let refund = object([
            ("required", strs(["orderType", "licenseType"])),
            (
                "properties",
                obj([("orderType", obj([("enum", strs(refunds))])), ("licenseType", obj([("enum", strs(cloud))]))]),
            ),
        ]);
        let named = when("srcLicenseOrderId", obj([("type", s("string")), ("pattern", s(NOT_BLANK))]));
        rules.push(obj([("if", refund), ("then", named)]));
    }
    if refs.errs(Rule::ProductsRequired) {
        // new_buy: each asset has products, directly or in its merchandise tree.
        rules.push(obj([
            ("if", when("orderType", obj([("const", s(OrderType::NewBuy.as_str()))]))),
            ("then", assets_are("AssetWithProducts")),
        ]));
        // delete_product: each asset lists the products it deletes.
        rules.push(obj([
            ("if", when("orderType", obj([("const", s(OrderType::DeleteProduct.as_str()))]))),
            ("then", assets_are("DeleteProductAsset")),
        ]));
    }
    rules
}

/// The helper schemas the order's rules refer to (those of its profile).
pub(crate) fn rule_defs(refs: Refs) -> Vec<(&'static str, Json)> {
    let mut out = Vec::new();
    if refs.errs(Rule::ProductsRequired) {
        // The element `contains` looks for, with its first branch written out
        // rather than a bare `$ref` to the schema being built: schemathesis
        // (4.32) cannot draw for a `contains` whose element is only that
        // reference ("Cannot generate an array with 1 demanded elements", one
        // seed in nine); the same set of values either way.
        let element = || {
            object([(
                "anyOf",
                Json::Arr(vec![non_empty_list("licenseOrderProductList"), refs.to("MerchandiseWithProducts")]),
            )])
        };
        let merchandise_with_products = || array([("contains", element())]);
        out.push((
            "AssetWithProducts",
            object([
                ("description", s("A new_buy asset: products directly, or a merchandise tree that lists some.")),
                (
                    "anyOf",
                    Json::Arr(vec![non_empty_list("products"), when("merchandises", merchandise_with_products())]),
                ),
            ]),
        ));
        out.push((
            "MerchandiseWithProducts",
            object([
                ("description", s("A package that lists products, itself or in a lower-level package.")),
                (
                    "anyOf",
                    Json::Arr(vec![
                        non_empty_list("licenseOrderProductList"),
                        when("children", merchandise_with_products()),
                    ]),
                ),
            ]),
        ));
        // The products a delete names are checked further by inferred rules only.
        let deleted = refs.errs(Rule::DeleteProductUri) || refs.errs(Rule::StrictMatchFields);
        let products = match deleted {
            true => array([("minItems", Json::Int(1)), ("items", refs.to("DeletedProduct"))]),
            false => array([("minItems", Json::Int(1))]),
        };
        out.push((
            "DeleteProductAsset",
            object([
                ("description", s("A delete_product asset: it lists the products it deletes.")),
                ("required", strs(["products"])),
                ("properties", obj([("products", products)])),
            ]),
        ));
        if deleted {
            out.push(("DeletedProduct", deleted_product(refs)));
        }
    }
    out
}

/// A product of a delete_product asset: it names `productUri`; strict matching
/// needs the matched fields.
fn deleted_product(refs: Refs) -> Json {
    let mut out = object([(
        "description",
        s("A delete_product product: it names productUri; strict matching needs the matched fields."),
    )]);
    if refs.errs(Rule::DeleteProductUri) {
        out.set("required", strs(["productUri"]));
        out.set("properties", obj([("productUri", obj([("type", s("string")), ("pattern", s(NOT_BLANK))]))]));
    }
    if refs.errs(Rule::StrictMatchFields) {
        let matched: Vec<(&str, Json)> = ["limitStartDate", "limitEndDate", "limitConcurrent"]
            .into_iter()
            .map(|f| (f, obj([("type", s("integer"))])))
            .collect();
        out.set("if", when("strictMatchWhenDelete", obj([("const", true.into())])));
        out.set(
            "then",
            object([
                ("required", strs(["limitStartDate", "limitEndDate", "limitConcurrent"])),
                ("properties", obj(matched)),
            ]),
        );
    }
    out
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

/// The named schemas reachable from these kinds (requests): shapes,
/// enumerations, and the rule helpers when an order is among them; first
/// reached first.
pub(crate) fn defs_of(roots: &[&'static Kind], refs: Refs) -> Vec<(&'static str, Json)> {
    defs_in(&Reachable::of(roots, Side::Request), refs)
}

/// The named schemas of what is reachable; answers' shapes read tolerantly (a
/// shape on both sides keeps its request schema: the requests are checked).
pub(crate) fn defs_in(reachable: &Reachable, refs: Refs) -> Vec<(&'static str, Json)> {
    let mut out: Vec<(&'static str, Json)> = reachable
        .shapes
        .iter()
        .map(|(shape, side)| (shape.name, shape_schema_on(shape, refs, *side == Side::Response)))
        .collect();
    if reachable.shapes.iter().any(|(s, _)| s.role == Role::Order) {
        out.extend(rule_defs(refs));
    }
    out.extend(reachable.enums.iter().map(|(def, _)| (def.name, enum_schema(def))));
    out.extend(reachable.int_enums.iter().map(|(def, _)| (def.name, int_enum_schema(def))));
    out
}

/// `contract/schemas/<endpoint>.json` (`recommended`) or
/// `contract/schemas/spec/<endpoint>.json` (`spec`).
pub(crate) fn request_schema(endpoint: Endpoint, profile: Profile) -> String {
    request_schema_json(endpoint, profile).pretty()
}

/// The profiles `js/generated/json-schema-data.js` holds, as `createSchemas({ rules })` names them
/// (`strict` there only: `additionalProperties: false` on every request shape).
const DATA_PROFILES: [Profile; 3] = [Profile::Recommended, Profile::Spec, Profile::Strict];

/// `js/generated/json-schema-data.js`: every request schema of `contract/schemas/` and
/// `contract/schemas/spec/`, and of `strict`, as `~standard.jsonSchema` hands it out (`js/sdk/src-js/json-schema.js`
/// converts it to the target asked for). Each is JSON text, parsed on each call
/// (a fresh object; loading the module parses none), without `$comment`, `$id` and
/// the `x-licensing-*` keywords: a Standard JSON Schema goes verbatim to tools
/// (ajv in strict mode refuses unknown keywords; an MCP server sends the schema
/// to a model as it is), and with no `$id` one ajv instance may compile it twice.
pub(crate) fn json_schema_data_js() -> String {
    let mut out = String::from(
        "// @generated by xtask/src/json_schema.rs from the schema tables: do not edit.\n\
         // The request schemas of contract/schemas/*.json (recommended), contract/schemas/spec/*.json (spec) and\n\
         // strict's (recommended's, no additional properties) as JSON text without $comment, $id and\n\
         // the x-licensing-* keywords: the data of\n\
         // `~standard.jsonSchema` (js/sdk/src-js/json-schema.js parses one per call and converts it).\n\
         export default {\n",
    );
    for profile in DATA_PROFILES {
        out.push_str(&format!("  {}: {{\n", profile.as_str()));
        for e in Endpoint::ALL {
            let Json::Obj(entries) = request_schema_json(e, profile) else { continue };
            let kept = entries
                .into_iter()
                .filter(|(k, _)| k != "$comment" && k != "$id" && !k.starts_with("x-licensing-"))
                .collect();
            let mut literal = String::new();
            crate::json::string(&mut literal, &Json::Obj(kept).compact());
            out.push_str(&format!("    {}: {literal},\n", e.name()));
        }
        out.push_str("  },\n");
    }
    out.push_str("};\n");
    out
}

/// The request schema of an endpoint under a profile (see [`request_schema`]).
fn request_schema_json(endpoint: Endpoint, profile: Profile) -> Json {
    let def = endpoint.def();
    let refs = Refs::new("#/$defs/", profile);
    let id = match profile {
        Profile::Spec => format!("urn:licensing-sdk:schemas:spec:{}", endpoint.name()),
        _ => format!("urn:licensing-sdk:schemas:{}", endpoint.name()),
    };
    let mut root = shape_schema(def.request, refs);
    let Json::Obj(body) = std::mem::replace(&mut root, Json::Null) else { return Json::Null };
    let mut out = vec![
        ("$comment".to_owned(), s("@generated by xtask/src/json_schema.rs from the schema tables: do not edit")),
        ("$schema".to_owned(), s(DIALECT)),
        ("$id".to_owned(), s(id)),
        ("title".to_owned(), s(def.request.name)),
    ];
    out.extend(body);
    let roots: Vec<&'static Kind> = def.request.fields.iter().map(|f| &f.kind).collect();
    let defs = defs_of(&roots, refs);
    if !defs.is_empty() {
        out.push(("$defs".to_owned(), obj(defs)));
    }
    out.push(("x-licensing-profile".to_owned(), s(refs.profile_name())));
    out.push(("x-licensing-rules".to_owned(), coverage_json(refs)));
    Json::Obj(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_says_how_it_is_carried() {
        for rule in Rule::ALL.iter().filter(|rule| rule.def().reads.requests()) {
            assert!(
                carried(*rule).is_some(),
                "{rule:?}: say in its file how the schemas carry it (`.in_schemas(By(\"…\"))` or `.in_schemas(No(\"why\"))`)"
            );
        }
    }

    /// The keywords a rule's schema part may be made of: what constrains an
    /// object (a field's `properties`, `required`, an `if`/`then`, a composition).
    const PART_KEYWORDS: &[&str] =
        &["if", "then", "else", "allOf", "anyOf", "oneOf", "not", "properties", "required", "type"];

    /// A rule's schema part reads as JSON, belongs to an error rule the
    /// schemas say they carry, and constrains an object.
    #[test]
    fn every_schema_part_is_an_error_rules_construct() {
        for &rule in Rule::ALL {
            let Some(part) = rule.def().schema else { continue };
            let json = schema_part(rule, part);
            let Json::Obj(entries) = &json else { panic!("{rule:?}: its schema part is not a JSON object") };
            for (key, _) in entries {
                assert!(
                    PART_KEYWORDS.contains(&key.as_str()),
                    "{rule:?}: its schema part says `{key}`; a part constrains an object with {PART_KEYWORDS:?} \
                     (a field's own keywords go under `properties`: `{{\"properties\": {{\"assets\": \
                     {{\"type\": \"array\", \"items\": {{}}, \"maxItems\": 50}}}}}}`)"
                );
            }
            assert_eq!(
                rule.recommended_severity(),
                Severity::Error,
                "{rule:?}: a warning's schema part: the schemas carry errors only"
            );
            assert!(
                matches!(carried(rule), Some(Carried::By(_))),
                "{rule:?}: has a schema part, so its file says `.in_schemas(By(\"if/then on …\"))`"
            );
        }
        let leaf = schema_part(Rule::LeafProducts, Rule::LeafProducts.def().schema.unwrap());
        assert_eq!(leaf.get("if").and_then(|b| b.get("type")), Some(&s("object")), "the type is added");
        let of_fields = part_json(
            Rule::LeafProducts,
            r#"{"properties": {"assets": {"type": "array", "items": {}, "maxItems": 50}}}"#,
        );
        assert_eq!(of_fields.get("type"), Some(&s("object")), "the type is added");
    }

    /// No schema the generators write holds an `allOf` of one item with no
    /// other keyword beside it (Redocly's `no-illogical-composition-keywords`,
    /// which `make test-contract` runs, refuses it): a rule's part that is an
    /// `allOf` of its own is spliced into its role's.
    #[test]
    fn no_allof_of_one_item_alone() {
        fn walk(json: &Json, at: &str) {
            match json {
                Json::Obj(entries) => {
                    if let [(key, Json::Arr(items))] = entries.as_slice() {
                        assert!(!(key == "allOf" && items.len() < 2), "{at}: an `allOf` of one item alone");
                    }
                    entries.iter().for_each(|(key, value)| walk(value, &format!("{at}/{key}")));
                }
                Json::Arr(items) => items.iter().enumerate().for_each(|(i, item)| walk(item, &format!("{at}/{i}"))),
                Json::Null | Json::Bool(_) | Json::Int(_) | Json::Str(_) => {}
            }
        }
        for &endpoint in Endpoint::ALL.iter() {
            for profile in [Profile::Recommended, Profile::Spec, Profile::Strict] {
                walk(&request_schema_json(endpoint, profile), endpoint.name());
            }
        }
        // A part that is an `allOf` alone, spliced: a role's parts hold no `allOf` alone.
        for role in [Role::Order, Role::Asset, Role::Product, Role::Merchandise, Role::Plain] {
            for part in rule_parts(role, Refs::new("#/$defs/", Profile::Recommended)) {
                walk(&part, "part");
            }
        }
    }

    /// No `contains` of the rules' helper schemas looks for a bare `$ref`:
    /// schemathesis cannot draw such an element when the reference is the
    /// schema being built (see `rule_defs`), and `make test-contract` then
    /// fails on whichever seed meets it.
    #[test]
    fn no_contains_looks_for_a_bare_reference() {
        fn bare_contains(json: &Json, at: &str, found: &mut Vec<String>) {
            match json {
                Json::Obj(entries) => {
                    for (key, value) in entries {
                        let bare = matches!(value, Json::Obj(inner) if inner.len() == 1 && inner[0].0 == "$ref");
                        if key == "contains" && bare {
                            found.push(format!("{at}/contains"));
                        }
                        bare_contains(value, &format!("{at}/{key}"), found);
                    }
                }
                Json::Arr(items) => {
                    for (i, item) in items.iter().enumerate() {
                        bare_contains(item, &format!("{at}/{i}"), found);
                    }
                }
                _ => {}
            }
        }
        for profile in [Profile::Spec, Profile::Recommended] {
            let mut found = Vec::new();
            for (name, def) in rule_defs(Refs::new("#/$defs/", profile)) {
                bare_contains(&def, name, &mut found);
            }
            assert!(
                found.is_empty(),
                "{found:?}: write the element out (an `anyOf` with the `$ref` as one branch) instead of a bare `$ref`"
            );
        }
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
