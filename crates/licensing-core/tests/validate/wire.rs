//! The endpoint table's names and path parameters (the spec's method, path,
//! scope and retry safety of each: `tests/conformance/cases.mjs`).

use licensing_core::schema::{FormatId, Kind};
use licensing_core::wire::*;

/// Every endpoint's name parses back to it, case-sensitively. (The spec's
/// method, path, scope and retry safety of each endpoint are written apart from
/// the table in the conformance cases, `tests/conformance/cases.mjs`'s `SPEC`,
/// which hold the table to them.)
#[test]
fn endpoint_names() {
    for e in Endpoint::ALL {
        assert_eq!(e.name().parse::<Endpoint>(), Ok(e));
    }
    assert!("BatchOrder".parse::<Endpoint>().is_err());
}

#[test]
fn path_parameters_stay_one_segment() {
    assert_eq!(Endpoint::ListAssets.path(Some("E/1 ?x")), "/order/api/order/v1/asset/E%2F1%20%3Fx/list");
    assert_eq!(percent_encode("a&b=c#d%企"), "a%26b%3Dc%23d%25%E4%BC%81");
    assert_eq!(percent_encode("A-z_0.9~"), "A-z_0.9~");
}

/// Every path parameter is a field of its request with the format `pathSegment`
/// (rules/path_segment.rs): a value `.` or `..` would send the call elsewhere.
#[test]
fn every_path_parameter_is_a_path_segment() {
    let mut seen = 0;
    for e in Endpoint::ALL {
        let Some(param) = e.def().path_param else { continue };
        seen += 1;
        let field = e.def().request.fields.iter().find(|f| f.name == param);
        assert!(
            matches!(field.map(|f| &f.kind), Some(Kind::Format(FormatId::PathSegment))),
            "{}: its path parameter `{param}` must be a field of {} with kind \
             `Kind::Format(FormatId::PathSegment)` (schema/endpoints/), so that `path_segment` refuses `.` and `..`",
            e.name(),
            e.def().request.name
        );
    }
    assert!(seen > 0, "no endpoint has a path parameter: is `path_param` still read?");
}
