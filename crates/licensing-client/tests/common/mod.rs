//! Scenarios shared by the client's test binaries, each run over its own
//! transport (reqwest against the native simulator, the in-process simulator).

use licensing_client::{CallOptions, Client, Transport};
use licensing_core::model::*;
use licensing_core::response::ErrorKind;
use licensing_core::valid::{Request, Valid};
use serde_json::json;

fn v<T: Request>(value: T) -> Valid<T> {
    Valid::new(value).expect("a valid request")
}

/// Every endpoint once, in an order that builds on itself, each answer read
/// into its type and checked; `tag` keeps one run's data apart from another's.
/// The simulator must be fresh (the asset numbers start at 8000000001).
pub(crate) async fn every_endpoint_typed<T: Transport>(client: &Client<T>, tag: &str) {
    let none = CallOptions::<T::Signal>::default();
    let channel = format!("CH-{tag}");
    let bind = BindEnterpriseRequest {
        channel_code: Some(channel.clone()),
        channel_customer_id: Some("cc-1".into()),
        enterprise_name: Some("ACME".into()),
        ..Default::default()
    };
    let bound = client.bind_enterprise(&v(bind), &none).await.unwrap();
    assert_eq!(bound.is_default, Some(true));
    let query = QueryEnterprisesRequest {
        channel_code: Some(channel.clone()),
        channel_customer_id: Some("cc-1".into()),
        default_customer: Some(DefaultCustomer::Yes),
    };
    assert_eq!(client.query_enterprises(&v(query), &none).await.unwrap(), vec![bound]);
    let crm = EnterpriseCustomerRequest { crm_customer_id: Some(format!("crm-{tag}")), ..Default::default() };
    assert!(client.create_enterprise(&v(crm.clone()), &none).await.unwrap().enterprise_global_id.is_some());
    client.update_enterprise(&v(crm), &none).await.unwrap();

    let numbers = client.shell_nums(&v(ShellNumsRequest { size: Some(2) }), &none).await.unwrap();
    assert_eq!(numbers, ["8000000001", "8000000002"]);
    let enterprise = format!("EG-{tag}");
    let order: BatchOrderRequest = serde_json::from_value(json!({
        "channelCode": channel, "channelOrderId": format!("CO-{tag}1"), "syncMode": "sync",
        "orderList": [{"sequence": 4, "orderType": "new_buy", "licenseType": "normal_recover_usbkey",
            "enterpriseGlobalId": enterprise, "assets": [{"assetNos": numbers, "products": [{"productUri": "gms:1"}]}]}]
    }))
    .unwrap();
    assert_eq!(client.batch_order(&v(order), &none).await.unwrap()[0].sequence, Some(4));
    let lock = LockRequest { asset_nums: Some(vec![numbers[0].clone()]), operator_identity: Some("ops".into()) };
    let locked = client.lock_assets(&v(lock.clone()), &none).await.unwrap();
    assert_eq!(locked[0].status, Some(LockStatus::Success.into()));
    let list = ListAssetsRequest { enterprise_global_id: Some(enterprise), extend_code: None };
    assert_eq!(client.list_assets(&v(list), &none).await.unwrap().len(), 2);
    let unlocked = client.unlock_assets(&v(lock), &none).await.unwrap();
    assert_eq!(unlocked[0].status, Some(LockStatus::Success.into()));
    let claim = ActivityRequest {
        identity: Some(format!("{}@example.com", tag.to_lowercase())),
        activity_label: Some("spring-trial".into()),
        source: Some("portal".into()),
        branch: Some("SH".into()),
    };
    let detail = client.join_activity(&v(claim.clone()), &none).await.unwrap();
    assert_eq!(detail.products.unwrap()[0].activate_type, Some(ActivateType::OnClaim.into()));
    let refused = client.join_activity(&v(claim), &none).await.unwrap_err();
    assert_eq!((refused.kind, refused.code.as_deref()), (ErrorKind::Activity, Some("3002")));
}

/// Every endpoint of the table, from the table: its example body sent, and an
/// answer read (a payload, or the service's refusal of it), never a failure of
/// the way there. A new endpoint is called here with no line added: its client
/// method is generated (`with_endpoints!`), its simulator arm forced by the
/// compiler; this checks the two meet.
pub(crate) async fn every_endpoint_answers<T: Transport>(client: &Client<T>) {
    let none = CallOptions::<T::Signal>::default();
    for endpoint in licensing_core::wire::Endpoint::ALL {
        let body = licensing_core::validate::example_json(endpoint);
        match client.send_json(endpoint, &body, &none).await {
            Ok(_) => {}
            Err(e) => assert!(
                matches!(e.kind, ErrorKind::Business | ErrorKind::Activity),
                "{endpoint}: {body} gave {:?}: {}",
                e.kind,
                e.message
            ),
        }
    }
}
