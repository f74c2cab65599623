use serde_json::{json, Value};

use crate::support::*;

const PATH: &str = "/activity/services/activity";

fn claim(identity: &str, label: &str, source: &str) -> Value {
    json!({"identity": identity, "activityLabel": label, "source": source, "branch": "BJ"})
}

#[tokio::test]
async fn claim_until_the_count_is_exceeded() {
    let app = app();
    let reply = post(&app, ACTIVITY, PATH, claim("13800000000", "spring-trial", "portal")).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["resultCode"], json!("0000"), "{}", reply.text);
    let products = reply.body["detail"]["products"].as_array().unwrap();
    assert_eq!(products.len(), 2);
    assert_eq!(products[0]["activityId"], json!("ACT-1001"));
    assert_eq!(products[0]["activateType"], json!("0"));
    assert_eq!(products[1]["activateType"], json!("1"));
    assert_eq!(products[0]["limitStartDate"].as_str().unwrap().len(), 19);

    let reply = post(&app, ACTIVITY, PATH, claim("13800000000", "spring-trial", "portal")).await;
    assert_eq!((reply.status, reply.body["resultCode"].clone()), (200, json!("3002")), "{}", reply.text);
    let unit = &reply.body["activityDtoList"][0]["engineSubActivityDtos"][0];
    assert_eq!(unit["errorCode"], json!(14005));
    assert_eq!(unit["participateResult"], json!(false));
    assert_eq!(reply.body["activityDtoList"][0]["participateResult"], json!(false));
    // Another identity still may.
    let reply = post(&app, ACTIVITY, PATH, claim("someone@example.com", "spring-trial", "crm")).await;
    assert_eq!(reply.body["resultCode"], json!("0000"));
}

#[tokio::test]
async fn activity_refusals() {
    let app = app();
    let cases = [
        (claim("13800000000", "no-such", "portal"), "3001"),
        (claim("not a person", "spring-trial", "portal"), "1004"),
        (claim("13800000000", "spring-trial", "unknown-system"), "2001"),
        (json!({"identity": "13800000000", "activityLabel": "spring-trial", "source": "portal"}), "1001"),
        (json!({"identity": "", "activityLabel": "spring-trial", "source": "portal", "branch": "B"}), "1001"),
    ];
    for (body, code) in cases {
        let reply = post(&app, ACTIVITY, PATH, body.clone()).await;
        assert_eq!(reply.status, 200);
        assert_eq!(reply.body["resultCode"], json!(code), "{body}: {}", reply.text);
        assert!(reply.body["resultMessage"].is_string());
    }
    // An asset number is a participant too (cloud lock).
    let reply = post(&app, ACTIVITY, PATH, claim("8000000001", "partner-bonus", "anything")).await;
    assert_eq!(reply.body["resultCode"], json!("0000"));
}

#[tokio::test]
async fn an_activities_file_replaces_the_sample() {
    let dir = std::env::temp_dir().join(format!("sim-acts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("acts.json");
    std::fs::write(&file, r#"{"activities":[{"label":"only","id":"A","name":"Only","units":[
        {"id":"U","name":"u","claimsPerIdentity":1,"durationDays":1,"products":[{"productUri":"p","activateType":"1"}]}]}]}"#).unwrap();
    let config = licensing_sim::Config { activities: Some(file.clone()), ..Default::default() };
    let app = licensing_sim::router(licensing_sim::AppState::new(&config).unwrap());
    let reply = post(&app, ACTIVITY, PATH, claim("13800000000", "only", "x")).await;
    assert_eq!(reply.body["resultCode"], json!("0000"));
    let reply = post(&app, ACTIVITY, PATH, claim("13800000000", "spring-trial", "portal")).await;
    assert_eq!(reply.body["resultCode"], json!("3001"));
    std::fs::write(&file, "{").unwrap();
    assert!(licensing_sim::AppState::new(&config).is_err());
}
