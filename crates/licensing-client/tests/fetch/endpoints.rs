//! Every endpoint, typed, end to end.

use licensing_core::model::*;
use serde_json::json;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::*;

fn order(id: &str, nos: &[String], order_type: &str, license: &str, src: Option<&str>) -> BatchOrderRequest {
    serde_json::from_value(json!({
        "channelCode": "CH-T", "channelOrderId": id, "syncMode": "sync",
        "orderList": [{"sequence": 3, "orderType": order_type, "licenseType": license, "crmCustomerId": id,
            "enterpriseGlobalId": format!("EG-{id}"), "srcLicenseOrderId": src,
            "assets": [{"assetNos": nos, "assetExtendList": [{"extendCode": "region", "extendValue": "east"}],
                        "products": [{"productUri": "gms:1001", "limitConcurrent": 2}]}]}]
    }))
    .expect("order")
}

#[wasm_bindgen_test]
async fn enterprise_endpoints() {
    let c = client();
    let channel_customer = unique("cc");
    let bound = c
        .bind_enterprise(
            &v(BindEnterpriseRequest {
                channel_code: Some("CH-T".into()),
                channel_customer_id: Some(channel_customer.clone()),
                enterprise_name: Some("ACME".into()),
                ..Default::default()
            }),
            &none(),
        )
        .await
        .expect("bind");
    assert_eq!(bound.is_default, Some(true));
    let found = c
        .query_enterprises(
            &v(QueryEnterprisesRequest {
                channel_code: Some("CH-T".into()),
                channel_customer_id: Some(channel_customer),
                default_customer: Some(DefaultCustomer::Yes),
            }),
            &none(),
        )
        .await
        .expect("query");
    assert_eq!(found, vec![bound]);
    let crm = unique("crm");
    let created = c
        .create_enterprise(
            &v(EnterpriseCustomerRequest {
                crm_customer_id: Some(crm.clone()),
                customer_name: Some("Beta".into()),
                ..Default::default()
            }),
            &none(),
        )
        .await
        .expect("create");
    assert!(created.enterprise_global_id.is_some());
    c.update_enterprise(
        &v(EnterpriseCustomerRequest {
            crm_customer_id: Some(crm),
            address: Some("Here".into()),
            ..Default::default()
        }),
        &none(),
    )
    .await
    .expect("update");
}

#[wasm_bindgen_test]
async fn order_lock_list_shellnums_endpoints() {
    let c = client();
    let nos = asset_numbers(2).await;
    assert!(nos.iter().all(|n| licensing_core::model::check_asset_number(n).is_ok()));
    let id = unique("CO");
    let results =
        c.batch_order(&v(order(&id, &nos, "new_buy", "normal_recover_usbkey", None)), &none()).await.expect("batch");
    assert_eq!(results[0].sequence, Some(3));
    let license_order_id = results[0].license_order_id.clone().expect("license order id");

    let locks = c
        .lock_assets(
            &v(LockRequest {
                asset_nums: Some(vec![nos[0].clone(), "8999999990".into()]),
                operator_identity: Some("ops".into()),
            }),
            &none(),
        )
        .await
        .expect("lock");
    let statuses: Vec<_> = locks.iter().map(|l| l.status.clone()).collect();
    assert_eq!(statuses, [Some(LockStatus::Success.into()), Some(LockStatus::UnknownLock.into())]);
    let assets = c
        .list_assets(
            &v(ListAssetsRequest {
                enterprise_global_id: Some(format!("EG-{id}")),
                extend_code: Some("region".into()),
            }),
            &none(),
        )
        .await
        .expect("list");
    assert_eq!(assets.len(), 2);
    assert!(assets.iter().any(|a| a.asset_num.as_deref() == Some(nos[0].as_str()) && a.locked == Some(true)));
    let unlocked = c
        .unlock_assets(
            &v(LockRequest { asset_nums: Some(vec![nos[0].clone()]), operator_identity: Some("ops".into()) }),
            &none(),
        )
        .await
        .expect("unlock");
    assert_eq!(unlocked[0].status, Some(LockStatus::Success.into()));

    let refund = order(&unique("CO"), &nos[1..], "delete_asset", "normal_recover_usbkey", Some(&license_order_id));
    c.batch_order(&v(refund), &none()).await.expect("refund");
    let assets = c
        .list_assets(
            &v(ListAssetsRequest { enterprise_global_id: Some(format!("EG-{id}")), extend_code: None }),
            &none(),
        )
        .await
        .expect("list");
    assert_eq!(assets.len(), 1);
}

#[wasm_bindgen_test]
async fn join_activity_resolves_to_detail() {
    let c = client();
    let identity = format!("{}@example.com", unique("user"));
    let req = ActivityRequest {
        identity: Some(identity),
        activity_label: Some("spring-trial".into()),
        source: Some("portal".into()),
        branch: Some("BJ".into()),
    };
    let detail = c.join_activity(&v(req), &none()).await.expect("claim");
    let products = detail.products.expect("products");
    assert_eq!(products.len(), 2);
    assert_eq!(products[0].activate_type, Some(ActivateType::OnClaim.into()));
}
