//! `pkg/openapi.json`: the service as an OpenAPI 3.1 document, from the same
//! tables as everything else: the ten operations (paths, methods, `g_nonce`
//! and `appKey`, the path and query parameters of the two GETs), bearer auth
//! with the two scopes, request bodies, the order module's 200/299 envelopes
//! and the activity envelope, every record and enumeration.

use licensing_core::schema::{self, Kind, Presence, Shape};
use licensing_core::wire::{Endpoint, Method, Module, HTTP_BUSINESS_ERROR, NONCE_PARAM, SCOPE_ACTIVITY, SCOPE_ORDER};

use crate::json::{obj, s, strs, Json};
use crate::json_schema::{coverage_json, defs_of, kind_schema, Refs, DIALECT};

const REFS: Refs = Refs("#/components/schemas/");

fn reference(kind: &str, name: &str) -> Json {
    obj([("$ref", s(format!("#/components/{kind}/{name}")))])
}

fn module_name(module: Module) -> &'static str {
    match module {
        Module::Order => "order",
        Module::Activity => "activity",
    }
}

/// A request field sent in the path or the query.
fn parameter(shape: &Shape, name: &str, place: &str) -> Json {
    let Some(field) = shape.fields.iter().find(|f| f.name == name) else { return Json::Null };
    let mut schema = kind_schema(&field.kind, REFS);
    if field.presence == Presence::NonEmpty {
        schema.set("minLength", Json::Int(1));
    }
    obj([
        ("name", s(name)),
        ("in", s(place)),
        ("required", (place == "path" || field.presence != Presence::Optional).into()),
        ("description", s(field.doc)),
        ("schema", schema),
    ])
}

/// One operation.
fn operation(endpoint: Endpoint) -> Json {
    let def = endpoint.def();
    let mut parameters = Vec::new();
    if def.app_key {
        parameters.push(reference("parameters", "appKey"));
    }
    parameters.push(reference("parameters", NONCE_PARAM));
    if let Some(name) = def.path_param {
        parameters.push(parameter(def.request, name, "path"));
    }
    for name in def.query {
        parameters.push(parameter(def.request, name, "query"));
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
        op.set(
            "requestBody",
            obj([
                ("required", true.into()),
                ("content", obj([("application/json", obj([("schema", REFS.to(def.request.name))]))])),
            ]),
        );
    }
    let payload = match endpoint.data() {
        Kind::Any => None,
        data => Some(kind_schema(data, REFS)),
    };
    let responses = match def.module {
        Module::Order => {
            let envelope = REFS.to("OrderResult");
            let schema = match payload {
                Some(data) => obj([("allOf", Json::Arr(vec![envelope, obj([("properties", obj([("data", data)]))])]))]),
                None => envelope,
            };
            obj([
                ("200", json_response("Processed: `code` 0 and `data` on success (read the business `code`).", schema)),
                (HTTP_BUSINESS_ERROR.to_string().as_str(), reference("responses", "BusinessError")),
            ])
        }
        Module::Activity => {
            let mut detail = obj([("properties", obj::<&str>([]))]);
            if let Some(data) = payload {
                detail = obj([("properties", obj([("detail", data)]))]);
            }
            obj([(
                "200",
                json_response(
                    "Always HTTP 200: read `resultCode` (`0000` on success, with `detail`; 3002 adds `activityDtoList`).",
                    obj([("allOf", Json::Arr(vec![REFS.to("ActivityResult"), detail]))]),
                ),
            )])
        }
    };
    op.set("responses", responses);
    op
}

fn json_response(description: &str, schema: Json) -> Json {
    obj([("description", s(description)), ("content", obj([("application/json", obj([("schema", schema)]))]))])
}

/// The envelope schemas.
fn envelopes() -> Vec<(&'static str, Json)> {
    let string = |doc: &str| obj([("type", s("string")), ("description", s(doc))]);
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
                        ("code", obj([("type", s("integer")), ("description", s("business code: 0 on success"))])),
                        ("message", string("on success a success text")),
                        ("data", obj([("description", s("the endpoint's payload"))])),
                    ]),
                ),
            ]),
        ),
        (
            "OrderError",
            obj([
                ("type", s("object")),
                ("description", s("The order module's body on HTTP 299 (a business exception). Codes the spec lists: `13004` parameter validation failure (the message carries the specific error), `500` network exception (retry).")),
                ("required", strs(["code"])),
                (
                    "properties",
                    obj([
                        ("code", string("the error code, e.g. `13004` or `500`")),
                        ("message", string("what went wrong")),
                        ("cause", string("the cause")),
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
                            string("`0000` success (detail.products is filled); `1001` request parameter error; `1002` processing exception; `1004` illegal participant information; `2001` dropped by a filter rule; `3001` the activity does not exist; `3002` the participant does not meet the conditions (activityDtoList)"),
                        ),
                        ("resultMessage", string("what happened")),
                        ("detail", REFS.to(schema::ACTIVITY_DETAIL.name)),
                        ("activityDtoList", kind_schema(&schema::ACTIVITY_REJECTIONS, REFS)),
                    ]),
                ),
            ]),
        ),
    ]
}

/// `pkg/openapi.json`.
pub(crate) fn openapi_json() -> String {
    let mut roots: Vec<&'static Kind> = Vec::new();
    for e in Endpoint::ALL {
        roots.extend(e.def().request.fields.iter().map(|f| &f.kind));
    }
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
            .map(|shape| (shape.name, crate::json_schema::shape_schema(shape, REFS)))
            .collect()
    };
    for e in Endpoint::ALL {
        roots.push(e.data());
    }
    roots.push(&schema::ACTIVITY_REJECTIONS);
    roots.push(&schema::ONE_ACTIVITY_DETAIL);
    let mut schemas = requests;
    schemas.extend(envelopes());
    for (name, schema) in defs_of(&roots, REFS) {
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
            Some((_, item)) => item.set(method, operation(e)),
            None => paths.push((def.path.to_owned(), obj([(method, operation(e))]))),
        }
    }

    let description = "The Licensing Order and Activity Service, generated by licensing-sdk from the tables its \
validator, client and simulator share.\n\n\
Request schemas say what the SDK's `recommended` rules profile makes an error, as far as JSON Schema can: \
`null` counts as absent, unknown fields are allowed, warnings are not encoded, and the cross-field rules are \
`if`/`then`. What the spec does not state (presence, minimums, the lock number and package duration formats) is \
inferred by the SDK: the real service may accept more. `x-licensing-rules` lists every rule with its \
provenance and how the schemas carry it; these cannot be carried: `limit_range` (end before start), \
`unique_sequence`, `duplicate_key`, `depth`, and the warnings.";

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
            ]),
        ),
        (
            "servers",
            Json::Arr(vec![obj([
                ("url", s("{baseUrl}")),
                (
                    "variables",
                    obj([(
                        "baseUrl",
                        obj([
                            ("default", s("http://127.0.0.1:8787")),
                            ("description", s("the service's base address (`{base_url}`); the default is licensing-sim")),
                        ]),
                    )]),
                ),
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
                                ("description", s("anti-replay random string, sent on every call (its format and uniqueness rules are not shown by the spec)")),
                                ("schema", obj([("type", s("string"))])),
                            ]),
                        ),
                        (
                            "appKey",
                            obj([
                                ("name", s("appKey")),
                                ("in", s("query")),
                                ("required", true.into()),
                                ("description", s("the integrator's app key")),
                                ("schema", obj([("type", s("string"))])),
                            ]),
                        ),
                    ]),
                ),
                (
                    "responses",
                    obj([(
                        "BusinessError",
                        json_response(
                            "A business exception of the order module (HTTP 299).",
                            REFS.to("OrderError"),
                        ),
                    )]),
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
                                s(format!("`Authorization: Bearer <APP_ACCESS_TOKEN>`: an application-level token. Order-module calls need the scope `{SCOPE_ORDER}`, activity-module calls `{SCOPE_ACTIVITY}` (listed as roles in each operation's security requirement). How the token is obtained and its lifetime are not shown by the spec.")),
                            ),
                        ]),
                    )]),
                ),
            ]),
        ),
        ("x-licensing-rules", coverage_json()),
    ])
    .pretty()
}
