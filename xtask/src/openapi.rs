//! `contract/openapi.json` (`pkg/openapi.json` once built): the service as an OpenAPI 3.1 document, from the same
//! tables as everything else: the operations (paths, methods, `g_nonce`
//! and `appKey`, the path and query parameters of the reads), bearer auth
//! with the two scopes, request bodies, the order module's 200/299 envelopes
//! and the activity envelope (each with a success example), 401/403, links
//! from one answer to the calls it feeds, every record and enumeration.
//! `contract/schemas/spec/openapi.json` is the same document with the request
//! schemas of the `spec` profile.
//!
//! It is written to lint clean in Spectral (`spectral:oas`) and Redocly
//! (`recommended`) and to drive Prism and schemathesis (`tests/contract/`,
//! whose rulesets say why each remaining warning is off).

use licensing_core::schema::{self, Kind, Presence, Shape};
use licensing_core::validate::{Profile, Rule};
use licensing_core::wire::{Endpoint, Method, Module, HTTP_BUSINESS_ERROR, NONCE_PARAM, SCOPE_ACTIVITY, SCOPE_ORDER};

use crate::json::{obj, s, strs, Json};
use crate::json_schema::{coverage_json, defs_in, kind_schema, Refs, DIALECT, NOT_BLANK};
use crate::shapes::Reachable;

/// licensing-sim's bounds the spec does not state (`--max-shellnums`'s
/// default, `MAX_NONCE_CHARS`): the document carries them so that a generator
/// stays inside what the simulator answers; the real service's are unknown.
const SIM_MAX_SHELLNUMS: i64 = 1000;
const SIM_MAX_NONCE_CHARS: i64 = 128;

fn reference(kind: &str, name: &str) -> Json {
    obj([("$ref", s(format!("#/components/{kind}/{name}")))])
}

fn module_name(module: Module) -> &'static str {
    match module {
        Module::Order => "order",
        Module::Activity => "activity",
    }
}

/// A string that is neither empty nor blank (what the SDK and licensing-sim
/// refuse as missing).
fn non_blank(mut schema: Json) -> Json {
    schema.set("minLength", Json::Int(1));
    if schema.get("pattern").is_some() {
        // A format's own pattern stays (a path segment's refuses `..`): the
        // second pattern goes in an `allOf`, as one object holds one pattern.
        schema.set("allOf", Json::Arr(vec![obj([("pattern", s(NOT_BLANK))])]));
    } else {
        schema.set("pattern", s(NOT_BLANK));
    }
    schema
}

/// A request field sent in the path or the query.
fn parameter(shape: &Shape, name: &str, place: &str, refs: Refs) -> Json {
    let Some(field) = shape.fields.iter().find(|f| f.name == name) else { return Json::Null };
    let mut schema = kind_schema(&field.kind, refs);
    let non_empty = field.presence == Presence::NonEmpty && refs.errs(Rule::NonEmpty);
    if non_empty && schema.get("type") == Some(&s("string")) {
        schema = non_blank(schema);
    } else if place == "path" {
        // A path segment is never empty (an empty one is another path); a blank
        // one is a value like any other where the profile allows it.
        schema.set("minLength", Json::Int(1));
    }
    let required = place == "path" || (field.presence != Presence::Optional && refs.errs(Rule::Required));
    obj([
        ("name", s(name)),
        ("in", s(place)),
        ("required", required.into()),
        ("description", s(field.doc)),
        ("schema", schema),
    ])
}

/// An example value of a kind (the success examples Prism answers with).
fn example(kind: &Kind) -> Json {
    match kind {
        Kind::Str => s("x"),
        Kind::Format(format) => s(format.def().example),
        Kind::Int | Kind::IntMin(_) | Kind::IntOrStr => Json::Int(1),
        Kind::Bool => false.into(),
        Kind::Enum(def) => def.wire().next().map_or(Json::Null, s),
        Kind::IntEnum(def) => def.wire().next().map_or(Json::Null, Json::from),
        Kind::Array(item) | Kind::ArrayOrNull(item) => Json::Arr(vec![example(item)]),
        Kind::Object(shape) => obj(shape.fields.iter().map(|f| (f.name, example(&f.kind)))),
        Kind::Any => Json::Null,
    }
}

/// The success body of an endpoint, as an OpenAPI `examples` map.
fn success_example(endpoint: Endpoint) -> Json {
    let data = endpoint.data();
    let value = match endpoint.def().module {
        Module::Order => {
            let mut body = obj([("code", Json::Int(0)), ("message", s("success"))]);
            if !matches!(data, Kind::Any) {
                body.set("data", example(data));
            }
            body
        }
        Module::Activity => {
            obj([("resultCode", s("0000")), ("resultMessage", s("success")), ("detail", example(data))])
        }
    };
    obj([("success", obj([("summary", s("success")), ("value", value)]))])
}

/// The calls an answer feeds (OpenAPI links; schemathesis' stateful phase
/// follows them), from the endpoint table (`EndpointDef::links`).
fn links(endpoint: Endpoint) -> Option<Json> {
    let links = endpoint.def().links;
    if links.is_empty() {
        return None;
    }
    Some(obj(links.iter().map(|link| {
        let what = match link.request_body {
            Some(body) => ("requestBody", body_json(body)),
            None => ("parameters", obj(link.parameters.iter().map(|(name, value)| (*name, s(*value))))),
        };
        (link.name, obj([("operationId", s(link.to.name())), what, ("description", s(link.description))]))
    })))
}

/// A link's body, its keys in the order written.
fn body_json(text: &str) -> Json {
    serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("a link's body in the endpoint table is not JSON ({e}): {text}"))
}

/// One operation.
fn operation(endpoint: Endpoint, refs: Refs) -> Json {
    let def = endpoint.def();
    let mut parameters = Vec::new();
    if def.app_key {
        parameters.push(reference("parameters", "appKey"));
    }
    parameters.push(reference("parameters", NONCE_PARAM));
    if let Some(name) = def.path_param {
        parameters.push(parameter(def.request, name, "path", refs));
    }
    for name in def.query {
        parameters.push(parameter(def.request, name, "query", refs));
    }
    let mut op = obj([
        ("operationId", s(def.name)),
        ("summary", s(def.summary)),
        ("description", s(def.request.doc)),
        ("tags", strs([module_name(def.module)])),
        ("security", Json::Arr(vec![obj([("appToken", strs([def.module.scope()]))])])),
        ("parameters", Json::Arr(parameters)),
    ]);
    if def.method == Method::Post {
        let mut schema = refs.to(def.request.name);
        if endpoint == Endpoint::ShellNums {
            // licensing-sim's bound, here only: the schemas and the component
            // stay the validator's verdict.
            let size = obj([
                ("type", s("integer")),
                ("maximum", Json::Int(SIM_MAX_SHELLNUMS.into())),
                (
                    "description",
                    s(format!("licensing-sim answers at most {SIM_MAX_SHELLNUMS} numbers (`--max-shellnums`); the spec states no maximum")),
                ),
            ]);
            schema = obj([(
                "allOf",
                Json::Arr(vec![schema, obj([("type", s("object")), ("properties", obj([("size", size)]))])]),
            )]);
            schema.set(
                "x-licensing-sim-limit",
                s(format!("size <= {SIM_MAX_SHELLNUMS}: the simulator's, not the service's")),
            );
        }
        op.set(
            "requestBody",
            obj([("required", true.into()), ("content", obj([("application/json", obj([("schema", schema)]))]))]),
        );
    }
    let payload = match endpoint.data() {
        Kind::Any => None,
        data => Some(kind_schema(data, refs)),
    };
    let (key, envelope, description) = match def.module {
        Module::Order => {
            ("data", "OrderResult", "Processed: `code` 0 and `data` on success (read the business `code`).")
        }
        Module::Activity => (
            "detail",
            "ActivityResult",
            "Always HTTP 200: read `resultCode` (`0000` on success, with `detail`; 3002 adds `activityDtoList`).",
        ),
    };
    let schema = match payload {
        Some(data) => obj([(
            "allOf",
            Json::Arr(vec![refs.to(envelope), obj([("type", s("object")), ("properties", obj([(key, data)]))])]),
        )]),
        None => refs.to(envelope),
    };
    let mut success = json_response(description, schema);
    if let Some(Json::Obj(content)) = success.get("content").cloned() {
        let mut content = Json::Obj(content);
        if let Some(mut media) = content.get("application/json").cloned() {
            media.set("examples", success_example(endpoint));
            content.set("application/json", media);
        }
        success.set("content", content);
    }
    if let Some(links) = links(endpoint) {
        success.set("links", links);
    }
    let mut responses = obj([("200", success)]);
    if def.module == Module::Order {
        responses.set(&HTTP_BUSINESS_ERROR.to_string(), reference("responses", "BusinessError"));
    }
    responses.set("401", reference("responses", "Unauthorized"));
    responses.set("403", reference("responses", "Forbidden"));
    responses.set("5XX", reference("responses", "Unavailable"));
    op.set("responses", responses);
    op
}

fn json_response(description: &str, schema: Json) -> Json {
    obj([("description", s(description)), ("content", obj([("application/json", obj([("schema", schema)]))]))])
}

/// A string property with examples.
fn string(doc: &str, examples: &[&str]) -> Json {
    let mut out = obj([("type", s("string")), ("description", s(doc))]);
    if !examples.is_empty() {
        out.set("examples", strs(examples));
    }
    out
}

/// The envelope schemas. Their success examples come first: a mock that
/// samples the schema (Prism) answers success.
/// The business codes of `module` in words, from licensing-core's table
/// (`wire::BUSINESS_CODES`): "`13004` parameter validation failure; …", with
/// the endpoints of a code not every endpoint gives; the success with it or not.
fn codes_in_words(module: Module, with_success: bool) -> String {
    let rows =
        licensing_core::wire::BUSINESS_CODES.iter().filter(|c| c.module == module && (with_success || !c.success));
    let words: Vec<String> = rows
        .map(|c| {
            let only = if c.endpoints.is_empty() {
                String::new()
            } else {
                format!(" ({})", c.endpoints.iter().map(|e| e.name()).collect::<Vec<_>>().join(", "))
            };
            format!("`{}` {}{only}", c.code, c.en)
        })
        .collect();
    words.join("; ")
}

/// The codes of `module` but its success, as examples.
fn code_examples(module: Module) -> Vec<String> {
    licensing_core::wire::BUSINESS_CODES
        .iter()
        .filter(|c| c.module == module && !c.success)
        .map(|c| c.code.to_owned())
        .collect()
}

fn envelopes(refs: Refs) -> Vec<(&'static str, Json)> {
    let order_codes = codes_in_words(Module::Order, false);
    let order_examples = code_examples(Module::Order);
    let order_examples: Vec<&str> = order_examples.iter().map(String::as_str).collect();
    let activity_codes = codes_in_words(Module::Activity, true);
    vec![
        (
            "OrderResult",
            obj([
                ("type", s("object")),
                ("description", s("The order module's body on HTTP 200: `code` 0, a success `message`, and `data` where the endpoint returns data.")),
                ("required", strs(["code"])),
                (
                    "properties",
                    obj([
                        (
                            "code",
                            obj([
                                ("type", s("integer")),
                                ("description", s("business code: 0 on success")),
                                ("examples", Json::Arr(vec![Json::Int(0)])),
                            ]),
                        ),
                        ("message", string("on success a success text", &["success"])),
                        ("data", obj([("description", s("the endpoint's payload"))])),
                    ]),
                ),
            ]),
        ),
        (
            "OrderError",
            obj([
                ("type", s("object")),
                ("description", s(format!("The order module's body on HTTP 299 (a business exception); `message` carries the specific error. Codes the spec lists: {order_codes}."))),
                ("required", strs(["code"])),
                (
                    "properties",
                    obj([
                        ("code", string(&format!("the error code: {order_codes}"), &order_examples)),
                        ("message", string("what went wrong", &[])),
                        ("cause", string("the cause", &[])),
                    ]),
                ),
            ]),
        ),
        (
            "ActivityResult",
            obj([
                ("type", s("object")),
                ("description", s("The activity module's body (HTTP 200 in all cases).")),
                ("required", strs(["resultCode"])),
                (
                    "properties",
                    obj([
                        (
                            "resultCode",
                            string(
                                &format!("{activity_codes} (`0000`: `detail.products` is filled; `3002`: `activityDtoList`)"),
                                &["0000", "1001", "3002"],
                            ),
                        ),
                        ("resultMessage", string("what happened", &["success"])),
                        ("detail", refs.to(schema::ACTIVITY_DETAIL.name)),
                        ("activityDtoList", kind_schema(&schema::ACTIVITY_REJECTIONS, refs)),
                    ]),
                ),
            ]),
        ),
        (
            "AuthError",
            obj([
                ("type", s("object")),
                ("description", s("The body of a 401 or 403 as licensing-sim answers it: the spec shows none, and the service's gateway may answer otherwise (so nothing is required).")),
                (
                    "properties",
                    obj([
                        ("code", string("the HTTP status as text", &["401", "403"])),
                        ("message", string("what is missing", &[])),
                    ]),
                ),
            ]),
        ),
    ]
}

/// An error response of the components.
fn error_response(description: &str, schema: &str, example: Json) -> Json {
    let mut out = json_response(description, obj([("$ref", s(format!("#/components/schemas/{schema}")))]));
    if let Some(mut content) = out.get("content").cloned() {
        if let Some(mut media) = content.get("application/json").cloned() {
            media.set("example", example);
            content.set("application/json", media);
        }
        out.set("content", content);
    }
    out
}

/// `contract/openapi.json` (`recommended`) or `contract/schemas/spec/openapi.json` (`spec`).
pub(crate) fn openapi_json(profile: Profile) -> String {
    let refs = Refs::new("#/components/schemas/", profile);
    let requests: Vec<(&'static str, Json)> = {
        let mut seen: Vec<&'static str> = Vec::new();
        Endpoint::ALL
            .iter()
            .map(|e| e.def().request)
            .filter(|shape| {
                let new = !seen.contains(&shape.name);
                seen.push(shape.name);
                new
            })
            .map(|shape| (shape.name, crate::json_schema::shape_schema(shape, refs)))
            .collect()
    };
    let mut schemas = requests;
    schemas.extend(envelopes(refs));
    for (name, schema) in defs_in(&Reachable::all(), refs) {
        if !schemas.iter().any(|(n, _)| *n == name) {
            schemas.push((name, schema));
        }
    }

    let mut paths: Vec<(String, Json)> = Vec::new();
    for e in Endpoint::ALL {
        let def = e.def();
        let method = match def.method {
            Method::Get => "get",
            Method::Post => "post",
        };
        match paths.iter_mut().find(|(p, _)| p == def.path) {
            Some((_, item)) => item.set(method, operation(e, refs)),
            None => paths.push((def.path.to_owned(), obj([(method, operation(e, refs))]))),
        }
    }

    let rules = match profile {
        Profile::Spec => {
            "Request schemas say what the SDK's `spec` rules profile makes an error, as far as JSON \
Schema can: only what the spec states (field types, enumerations, order asset numbers, product durations, \
a cloud refund's `srcLicenseOrderId`, products where the spec requires them). Nothing is required, nothing is \
bounded: what the SDK infers (presence, minimums, formats) is a warning there, not encoded. For gateways and \
mocks that must accept what the spec allows; `licensing-sdk/openapi.json` carries the `recommended` profile."
        }
        _ => {
            "Request schemas say what the SDK's `recommended` rules profile makes an error, as far as JSON Schema \
can. What the spec does not state (presence, minimums, the lock number and package duration formats) is \
inferred by the SDK: the real service may accept more (`licensing-sdk/schemas/spec/openapi.json` carries the \
`spec` profile)."
        }
    };
    let description = format!(
        "The Licensing Order and Activity Service, generated by licensing-sdk from the tables its \
validator, client and simulator share.\n\n{rules} `null` counts as absent, unknown fields are allowed, \
warnings are not encoded, and the cross-field rules are `if`/`then`. `x-licensing-rules` lists every rule \
with its provenance and how the schemas carry it; these cannot be carried: `limit_range` (end before start), \
`unique_sequence`, `duplicate_key`, `depth`, and the warnings.\n\n\
Bounds marked `x-licensing-sim-limit` (`size` of `shellNums`, the length of `g_nonce`) are licensing-sim's, \
not the service's (the spec states none). Answers are read tolerantly: no field of a record is required."
    );

    let scopes = [
        (SCOPE_ORDER, "the order module (enterprise accounts, license orders, locks, assets, asset numbers)"),
        (SCOPE_ACTIVITY, "the activity module (joining an activity)"),
    ];
    obj([
        ("openapi", s("3.1.0")),
        ("x-generated", s("@generated by xtask/src/openapi.rs from the schema tables: do not edit")),
        ("jsonSchemaDialect", s(DIALECT)),
        (
            "info",
            obj([
                ("title", s("Licensing Order and Activity Service")),
                ("version", s(licensing_core::VERSION)),
                ("description", s(description)),
                ("x-licensing-profile", s(refs.profile_name())),
            ]),
        ),
        (
            "servers",
            // The variable has no description: @apidevtools/swagger-parser's
            // 3.1 schema refuses one there.
            Json::Arr(vec![obj([
                ("url", s("{baseUrl}")),
                ("description", s("the service's base address (`{base_url}`); the default is licensing-sim")),
                ("variables", obj([("baseUrl", obj([("default", s("http://127.0.0.1:8787"))]))])),
            ])]),
        ),
        (
            "tags",
            Json::Arr(vec![
                obj([("name", s("order")), ("description", s(format!("The order module (scope `{SCOPE_ORDER}`).")))]),
                obj([
                    ("name", s("activity")),
                    ("description", s(format!("The activity module (scope `{SCOPE_ACTIVITY}`).")))
                ]),
            ]),
        ),
        ("paths", Json::Obj(paths)),
        (
            "components",
            obj([
                ("schemas", obj(schemas)),
                (
                    "parameters",
                    obj([
                        (
                            NONCE_PARAM,
                            obj([
                                ("name", s(NONCE_PARAM)),
                                ("in", s("query")),
                                ("required", true.into()),
                                ("description", s(format!("anti-replay random string, sent on every call: a fresh one each time (licensing-sim refuses a reused one within its window; the spec shows no format or uniqueness rule). An empty or blank one counts as missing; at most {SIM_MAX_NONCE_CHARS} characters is licensing-sim's bound, not the service's"))),
                                (
                                    "schema",
                                    non_blank(obj([
                                        ("type", s("string")),
                                        ("maxLength", Json::Int(SIM_MAX_NONCE_CHARS.into())),
                                    ])),
                                ),
                                ("x-licensing-sim-limit", s(format!("at most {SIM_MAX_NONCE_CHARS} characters: the simulator's, not the service's"))),
                            ]),
                        ),
                        (
                            "appKey",
                            obj([
                                ("name", s("appKey")),
                                ("in", s("query")),
                                ("required", true.into()),
                                ("description", s("the integrator's app key (the SDK sends it from its `appKey` option; empty or blank counts as missing)")),
                                ("schema", non_blank(obj([("type", s("string"))]))),
                            ]),
                        ),
                    ]),
                ),
                (
                    "responses",
                    obj([
                        (
                            "BusinessError",
                            error_response(
                                "A business exception of the order module (HTTP 299).",
                                "OrderError",
                                obj([
                                    ("code", s("13004")),
                                    ("message", s("size: must be at least 1")),
                                    ("cause", s("parameter validation failure")),
                                ]),
                            ),
                        ),
                        (
                            "Unauthorized",
                            error_response(
                                "No bearer token, or an unknown one (every operation).",
                                "AuthError",
                                obj([("code", s("401")), ("message", s("missing or unknown bearer token"))]),
                            ),
                        ),
                        (
                            "Forbidden",
                            error_response(
                                "The token lacks the operation's scope (every operation).",
                                "AuthError",
                                obj([("code", s("403")), ("message", s(format!("the token lacks scope {SCOPE_ORDER}")))]),
                            ),
                        ),
                        (
                            "Unavailable",
                            obj([(
                                "description",
                                s("A gateway or server failure (502, 503, 504: `LicensingClient` retries the idempotent calls). licensing-sim answers one only when told to (`x-sim-fault: http=STATUS`)."),
                            )]),
                        ),
                    ]),
                ),
                (
                    "securitySchemes",
                    obj([(
                        "appToken",
                        obj([
                            ("type", s("http")),
                            ("scheme", s("bearer")),
                            (
                                "description",
                                s(format!("`Authorization: Bearer <APP_ACCESS_TOKEN>`: an application-level token. Order-module calls need the scope `{SCOPE_ORDER}`, activity-module calls `{SCOPE_ACTIVITY}` (listed as roles in each operation's security requirement, and declared in `x-scopes`: OpenAPI declares scopes only in OAuth 2 flows, and the spec shows no token endpoint). How the token is obtained and its lifetime are not shown by the spec.")),
                            ),
                            ("x-scopes", obj(scopes.map(|(name, doc)| (name, s(doc))))),
                        ]),
                    )]),
                ),
            ]),
        ),
        ("x-licensing-rules", coverage_json(refs)),
    ])
    .pretty()
}

#[cfg(test)]
mod tests {
    use licensing_core::wire::{Endpoint, Method};

    use super::{body_json, Json};

    /// Every link of the endpoint table names fields its target has: a GET's
    /// parameters among its path and query fields, a POST's body an object of its
    /// request fields (and no link gives both, or neither).
    #[test]
    fn links_fill_fields_their_target_has() {
        let mut seen = 0;
        for endpoint in Endpoint::ALL {
            for link in endpoint.def().links {
                seen += 1;
                let target = link.to.def();
                let has = |name: &str| target.request.fields.iter().any(|f| f.name == name);
                match (target.method, link.request_body) {
                    (Method::Get, None) => {
                        assert!(!link.parameters.is_empty(), "{}: no parameters", link.name);
                        for (name, _) in link.parameters {
                            assert!(has(name), "{}: {} has no field {name}", link.name, target.name);
                        }
                    }
                    (Method::Post, Some(body)) => {
                        assert!(link.parameters.is_empty(), "{}: parameters for a POST", link.name);
                        let Json::Obj(entries) = body_json(body) else {
                            panic!("{}: the body is no object", link.name)
                        };
                        for (name, _) in entries {
                            assert!(has(&name), "{}: {} has no field {name}", link.name, target.name);
                        }
                    }
                    _ => panic!("{}: a GET takes parameters, a POST a body", link.name),
                }
            }
        }
        assert!(seen >= 5, "only {seen} links");
    }
}
