//! The validator's tables and the typed model agree: a complete example of every
//! endpoint (built from the tables) is valid, and survives a round trip through
//! the typed request unchanged, so every field the validator knows exists in the
//! types under the same case-sensitive wire name and a compatible type.

use licensing_core::model::*;
use licensing_core::validate::{example, validate, Options};
use licensing_core::wire::Endpoint;
use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;

fn round_trip<T: DeserializeOwned + Serialize>(v: &Value) -> Value {
    let typed: T = serde_json::from_value(v.clone()).unwrap();
    serde_json::to_value(typed).unwrap()
}

/// Each endpoint's request type, from the endpoint table (`with_endpoints!`).
macro_rules! round_trips {
    ($($(#[doc = $doc:literal])* $js:ident => $rust:ident($endpoint:ident, $request:ident) -> $reader:ident $result:ty, $ts_body:literal, $ts_result:literal;)*) => {
        fn round_trip_of(endpoint: Endpoint, body: &Value) -> Value {
            #[allow(unreachable_patterns)] // `Endpoint` is exhaustive under the SDK's own feature
            match endpoint {
                $(Endpoint::$endpoint => round_trip::<$request>(body),)*
                other => panic!("{other}: not in with_endpoints!"),
            }
        }
    };
}
licensing_core::with_endpoints!(round_trips);

#[test]
fn every_example_is_valid_and_round_trips() {
    for endpoint in Endpoint::ALL {
        let body = example(endpoint);
        let report = validate(endpoint, &body, &Options::default());
        assert!(report.valid && report.issues.is_empty(), "{endpoint}: {:?}", report.issues);
        let back = round_trip_of(endpoint, &body);
        assert_eq!(back, body, "{endpoint}");
    }
}

#[test]
fn responses_decode_with_wire_names() {
    let record: AssetRecord = serde_json::from_str(r#"{"id":"A1","licenseType":"cloud_customer","assetNum":"8000000001",
        "grantable":true,"customerId":"C1","keyShellNumber":"000000001","keyChipType":2,"locked":false,"freezing":false,
        "createTime":1700000000000,"updateTime":1700000000001,"limitStartTime":null,"limitEndTime":null,
        "assignStatus":{"id":"A1","assignStatus":"assigned","assignMemberId":"M1","createTime":"2024-01-01","updateTime":null},
        "assetLimits":null,"assetExtends":[{"extendCode":"region","extendValue":"east"}],"borrowedUsbKey":false,"extra":1}"#).unwrap();
    assert_eq!(record.key_chip_type, Some(Open::Known(KeyChipType::Gen5)));
    assert_eq!(record.create_time, Some(1_700_000_000_000));
    let creation: EnterpriseCreation = serde_json::from_str(
        r#"{"enterpriseGlobalId":"E","defaultType":true,
        "members":[{"memberGlobalId":"M","memberIdentity":"admin"}]}"#,
    )
    .unwrap();
    assert_eq!(creation.members.unwrap()[0].member_identity.as_deref(), Some("admin"));
    let results: OrderEnvelope<Vec<BatchOrderResult>> = serde_json::from_str(
        r#"{"code":0,"message":"success","data":[{"sequence":1,"licenseOrderId":"LO1","customerId":"C"}]}"#,
    )
    .unwrap();
    assert_eq!(results.data.unwrap()[0].license_order_id.as_deref(), Some("LO1"));
    let lock: Vec<LockResult> = serde_json::from_str(r#"[{"assetNum":"8000000001","status":4}]"#).unwrap();
    assert_eq!(lock[0].status, Some(Open::Known(LockStatus::WrongLockType)));
    let rejected: ActivityResponse = serde_json::from_str(
        r#"{"resultCode":"3002","resultMessage":"no",
        "activityDtoList":[{"id":"A","name":"n","participateResult":false,"engineSubActivityDtos":[
        {"errorCode":14005,"errorMessage":"count exceeded","id":"U","name":"u","participateResult":false}]}]}"#,
    )
    .unwrap();
    let unit = &rejected.activity_dto_list.unwrap()[0].engine_sub_activity_dtos.clone().unwrap()[0];
    assert_eq!(unit.error_code, Some(result_code::UNIT_CLAIM_COUNT_EXCEEDED));
    let code: OrderEnvelope<()> = serde_json::from_str(r#"{"code":500,"message":"retry","cause":"x"}"#).unwrap();
    assert!(code.code.is_retry());
}

#[test]
fn merchandise_children_null_is_its_own_value() {
    let leaf = Merchandise { merchandise_num: Some("M".into()), children: Some(None), ..Merchandise::default() };
    assert_eq!(serde_json::to_string(&leaf).unwrap(), r#"{"merchandiseNum":"M","children":null}"#);
    let absent = Merchandise { merchandise_num: Some("M".into()), ..Merchandise::default() };
    assert_eq!(serde_json::to_string(&absent).unwrap(), r#"{"merchandiseNum":"M"}"#);
    let read = |text: &str| serde_json::from_str::<Merchandise>(text).unwrap().children;
    assert_eq!(read(r#"{"children":null}"#), Some(None));
    assert_eq!(read("{}"), None);
    assert_eq!(read(r#"{"children":[]}"#), Some(Some(vec![])));
}
