//! Asset numbers: exactly 10 ASCII digits, partition marker 8 or 6.

use crate::support::*;
use licensing_core::model::{check_asset_number, AssetNumber, AssetNumberError, Partition};
use licensing_core::wire::Endpoint::*;
use serde_json::json;

const CASES: &[(&str, Result<Partition, AssetNumberError>)] = &[
    ("8000000001", Ok(Partition::Domestic)),
    ("6999999999", Ok(Partition::Singapore)),
    ("7000000001", Err(AssetNumberError::Partition)),
    ("0000000001", Err(AssetNumberError::Partition)),
    ("800000001", Err(AssetNumberError::Format)),
    ("80000000011", Err(AssetNumberError::Format)),
    ("80000000a1", Err(AssetNumberError::Format)),
    ("８000000001", Err(AssetNumberError::Format)),
    ("800000000١", Err(AssetNumberError::Format)),
    (" 800000001", Err(AssetNumberError::Format)),
    ("", Err(AssetNumberError::Format)),
];

#[test]
fn check_asset_number_table() {
    for (s, expected) in CASES {
        assert_eq!(check_asset_number(s), *expected, "{s:?}");
        assert_eq!(s.parse::<AssetNumber>().map(|n| n.partition()), *expected, "{s:?}");
    }
}

#[test]
fn order_asset_nos_and_lock_asset_nums_use_the_rule() {
    for (s, expected) in CASES {
        let code = match expected {
            Ok(_) => None,
            Err(AssetNumberError::Format) => Some("asset_number_format"),
            Err(_) => Some("asset_number_partition"),
        };
        let order = with(new_buy(), "/orderList/0/assets/0/assetNos/1", Some(json!(s)));
        let lock = json!({"assetNums": ["8000000001", s], "operatorIdentity": "ops"});
        match code {
            None => {
                check_ok(BatchOrder, &order);
                check_ok(UnlockAssets, &lock);
            }
            Some(code) => {
                check_fail(BatchOrder, &order, &[("/orderList/0/assets/0/assetNos/1", code)]);
                check_fail(LockAssets, &lock, &[("/assetNums/1", code)]);
            }
        }
    }
}

#[test]
fn a_number_is_not_an_asset_number() {
    check_fail(
        LockAssets,
        &json!({"assetNums": [8000000001u64], "operatorIdentity": "o"}),
        &[("/assetNums/0", "type")],
    );
}

#[test]
fn asset_number_parts() {
    let n = AssetNumber::from_parts(Partition::Singapore, 42).unwrap();
    assert_eq!(n.as_str(), "6000000042");
    assert_eq!(n.sequence(), 42);
    assert!(AssetNumber::from_parts(Partition::Domestic, 1_000_000_000).is_none());
    assert!(serde_json::from_str::<AssetNumber>("\"7000000001\"").is_err());
}
