//! Paths, methods and retry safety of the endpoints.

use licensing_core::wire::*;

#[test]
fn endpoint_table() {
    let table = [
        ("bindEnterprise", Method::Post, "/order/api/order/v1/enterprise/user/bind", false),
        ("createEnterprise", Method::Post, "/order/api/order/v1/enterprise/user/create", false),
        ("queryEnterprises", Method::Get, "/order/api/order/v1/enterprise/user/query", true),
        ("updateEnterprise", Method::Post, "/order/api/order/v1/enterprise/user/update", true),
        ("batchOrder", Method::Post, "/order/api/order/v1/licenseOrder/batchOrder", false),
        ("lockAssets", Method::Post, "/order/api/order/v1/asset/lock", true),
        ("unlockAssets", Method::Post, "/order/api/order/v1/asset/unlock", true),
        ("listAssets", Method::Get, "/order/api/order/v1/asset/E1/list", true),
        ("shellNums", Method::Post, "/order/api/order/v1/shellnums", false),
        ("joinActivity", Method::Post, "/activity/services/activity", false),
    ];
    // A new endpoint is a row here: the table and the wire have the same endpoints.
    let mut named: Vec<&str> = table.iter().map(|row| row.0).collect();
    let mut all: Vec<&str> = Endpoint::ALL.iter().map(|e| e.name()).collect();
    named.sort_unstable();
    all.sort_unstable();
    assert_eq!(named, all, "one row per endpoint of Endpoint::ALL");
    for (name, method, path, idempotent) in table {
        let e: Endpoint = name.parse().unwrap();
        assert_eq!(e.name(), name);
        assert_eq!(e.method(), method);
        assert_eq!(e.path(Some("E1")), path);
        assert_eq!(e.is_idempotent(), idempotent, "{name}");
        let scope = if name == "joinActivity" { SCOPE_ACTIVITY } else { SCOPE_ORDER };
        assert_eq!(e.module().scope(), scope);
    }
    assert!("BatchOrder".parse::<Endpoint>().is_err());
}

#[test]
fn path_parameters_stay_one_segment() {
    assert_eq!(Endpoint::ListAssets.path(Some("E/1 ?x")), "/order/api/order/v1/asset/E%2F1%20%3Fx/list");
    assert_eq!(percent_encode("a&b=c#d%企"), "a%26b%3Dc%23d%25%E4%BC%81");
    assert_eq!(percent_encode("A-z_0.9~"), "A-z_0.9~");
}
