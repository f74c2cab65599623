//! Example: what a portal's "buy" button does, written once over any
//! [`Transport`] (fetch in the browser; the in-process simulator in tests;
//! see `tests/web.rs`).

use licensing_client::{CallOptions, Client, Transport};
use licensing_core::model::{BatchOrderRequest, BatchOrderResult, ShellNumsRequest};
use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::valid::Valid;

/// Why a purchase did not go through.
#[derive(Debug)]
pub enum BuyError {
    /// The form's values do not make a valid request (the report's first line).
    Invalid(String),
    /// The service (or the way to it) said no.
    Service(ClientError),
}

impl From<ClientError> for BuyError {
    fn from(e: ClientError) -> Self {
        BuyError::Service(e)
    }
}

/// Reserves `count` asset numbers and orders a new-buy licence on them for
/// `enterprise`, as order `order_id` of channel `CH-PORTAL`.
pub async fn buy<T: Transport>(
    client: &Client<T>,
    order_id: &str,
    enterprise: &str,
    count: i64,
) -> Result<Vec<BatchOrderResult>, BuyError> {
    let call = CallOptions::default();
    let size = Valid::new(ShellNumsRequest { size: Some(count) }).map_err(|r| BuyError::Invalid(r.to_string()))?;
    let numbers = client.shell_nums(&size, &call).await?;
    let order: BatchOrderRequest = serde_json::from_value(serde_json::json!({
        "channelCode": "CH-PORTAL", "channelOrderId": order_id, "syncMode": "sync",
        "orderList": [{"sequence": 1, "orderType": "new_buy", "licenseType": "normal_recover_usbkey",
            "enterpriseGlobalId": enterprise, "assets": [{"assetNos": numbers, "products": [{"productUri": "gms:1001"}]}]}]
    }))
    .map_err(|e| BuyError::Service(ClientError::new(ErrorKind::Validation, e.to_string())))?;
    let order = Valid::new(order).map_err(|r| BuyError::Invalid(r.to_string()))?;
    Ok(client.batch_order(&order, &call).await?)
}
