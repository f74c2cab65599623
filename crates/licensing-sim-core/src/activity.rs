//! The activity module: a catalogue of activities (from `--activities FILE` or
//! the built-in sample) and the claim rules.

use licensing_core::model::{
    check_asset_number, result_code, ActivateType, ActivityDetail, ActivityRejection, ActivityRequest,
    ActivityResponse, ActivityUnitResult, ClaimedProduct,
};
use serde::{Deserialize, Serialize};

use crate::store::Store;
use crate::time::format_millis;

/// The built-in sample activities (documented in crates/licensing-sim/README.md).
pub const SAMPLE_ACTIVITIES: &str = r#"{
  "activities": [
    {
      "label": "spring-trial", "id": "ACT-1001", "name": "Spring trial",
      "sources": ["portal", "crm", "www.example.com"],
      "units": [
        { "id": "UNIT-1001-1", "name": "CAD suite, 30 days", "claimsPerIdentity": 1, "durationDays": 30,
          "products": [ { "productUri": "gms:1001", "activateType": "0" }, { "productUri": "gms:1002", "activateType": "1" } ] }
      ]
    },
    {
      "label": "partner-bonus", "id": "ACT-2001", "name": "Partner bonus",
      "sources": [],
      "units": [
        { "id": "UNIT-2001-1", "name": "Render nodes, 90 days", "claimsPerIdentity": 3, "durationDays": 90,
          "products": [ { "productUri": "gms:2001", "activateType": "1" } ] }
      ]
    }
  ]
}"#;

/// The activities the simulator knows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityCatalogue {
    /// The activities, by label.
    pub activities: Vec<ActivityDef>,
}

/// One activity: its mnemonic (`activityLabel`), the sources its filter admits
/// (empty: all) and its units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityDef {
    /// The mnemonic a claim names (`activityLabel`).
    pub label: String,
    /// The activity id in answers.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// The `source` values its filter admits; empty: every source.
    #[serde(default)]
    pub sources: Vec<String>,
    /// Its units.
    pub units: Vec<UnitDef>,
}

/// An activity unit: what it grants and how often one identity may claim it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnitDef {
    /// The unit id in answers.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// How often one identity may claim it (then 3002 with errorCode 14005).
    pub claims_per_identity: u32,
    /// Days from the claim to `limitEndDate`.
    pub duration_days: u32,
    /// What a claim grants.
    pub products: Vec<UnitProduct>,
}

/// A product a unit grants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnitProduct {
    /// The product granted.
    pub product_uri: String,
    /// `0`: active on claiming; `1`: to be activated later.
    pub activate_type: ActivateType,
}

impl ActivityCatalogue {
    /// The built-in sample set.
    pub fn sample() -> Self {
        // The sample is a constant checked by a test; an empty catalogue is the
        // harmless fallback should it ever fail to parse.
        serde_json::from_str(SAMPLE_ACTIVITIES).unwrap_or(Self { activities: Vec::new() })
    }

    /// Parses a catalogue file's text.
    pub fn parse(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("activities file: {e}"))
    }
}

/// A mobile number (optional `+`, 6–15 digits).
fn is_mobile(s: &str) -> bool {
    let digits = s.strip_prefix('+').unwrap_or(s);
    (6..=15).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

fn is_email(s: &str) -> bool {
    s.split_once('@')
        .is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.') && !domain.starts_with('.'))
}

/// Identity: a cloud account (mobile number or e-mail), an enterprise account the
/// simulator knows, or a cloud lock asset number.
fn is_participant(store: &Store, identity: &str) -> bool {
    is_mobile(identity)
        || is_email(identity)
        || check_asset_number(identity).is_ok()
        || store.customers.has_enterprise(identity)
}

fn refuse(code: &str, message: String) -> ActivityResponse {
    ActivityResponse { result_code: code.into(), result_message: Some(message), ..Default::default() }
}

/// Joins an activity and claims the products of every unit whose condition holds.
pub(crate) fn claim(
    catalogue: &ActivityCatalogue,
    store: &mut Store,
    req: &ActivityRequest,
    now: i64,
) -> ActivityResponse {
    let identity = req.identity.as_deref().unwrap_or_default();
    let label = req.activity_label.as_deref().unwrap_or_default();
    let source = req.source.as_deref().unwrap_or_default();
    if !is_participant(store, identity) {
        return refuse(
            result_code::ILLEGAL_PARTICIPANT,
            format!(
                "illegal participant: {identity:?} is not a mobile number, e-mail, enterprise account or asset number"
            ),
        );
    }
    let Some(activity) = catalogue.activities.iter().find(|a| a.label == label) else {
        return refuse(result_code::UNKNOWN_ACTIVITY, format!("activity {label:?} does not exist"));
    };
    if !activity.sources.is_empty() && !activity.sources.iter().any(|s| s == source) {
        return refuse(
            result_code::FILTERED,
            format!("filter rule: source {source:?} does not take part in {label:?}"),
        );
    }
    let used =
        |store: &Store, unit: &UnitDef| store.claims.get(&(identity.to_owned(), unit.id.clone())).copied().unwrap_or(0);
    let open: Vec<&UnitDef> = activity.units.iter().filter(|u| used(store, u) < u.claims_per_identity).collect();
    if open.is_empty() {
        let units = activity
            .units
            .iter()
            .map(|u| ActivityUnitResult {
                error_code: Some(result_code::UNIT_CLAIM_COUNT_EXCEEDED),
                error_message: Some(format!(
                    "personal claim count exceeded ({} of {})",
                    used(store, u),
                    u.claims_per_identity
                )),
                id: Some(u.id.clone()),
                name: Some(u.name.clone()),
                participate_result: Some(false),
            })
            .collect();
        return ActivityResponse {
            result_code: result_code::CONDITIONS_NOT_MET.into(),
            result_message: Some("the participant does not meet the activity's conditions".into()),
            detail: None,
            activity_dto_list: Some(vec![ActivityRejection {
                id: Some(activity.id.clone()),
                name: Some(activity.name.clone()),
                participate_result: Some(false),
                engine_sub_activity_dtos: Some(units),
            }]),
        };
    }
    let mut products = Vec::new();
    for unit in open {
        *store.claims.entry((identity.to_owned(), unit.id.clone())).or_insert(0) += 1;
        let end = now.saturating_add(i64::from(unit.duration_days) * 86_400_000);
        products.extend(unit.products.iter().map(|p| ClaimedProduct {
            activity_id: Some(activity.id.clone()),
            sub_activity_id: Some(unit.id.clone()),
            product_uri: Some(p.product_uri.clone()),
            limit_start_date: Some(format_millis(now)),
            limit_end_date: Some(format_millis(end)),
            activate_type: Some(p.activate_type.into()),
        }));
    }
    ActivityResponse {
        result_code: result_code::SUCCESS.into(),
        result_message: Some("success".into()),
        detail: Some(ActivityDetail { products: Some(products) }),
        activity_dto_list: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_parses() {
        let sample: ActivityCatalogue = serde_json::from_str(SAMPLE_ACTIVITIES).unwrap();
        assert_eq!(sample, ActivityCatalogue::sample());
        assert_eq!(sample.activities.len(), 2);
    }

    #[test]
    fn participants() {
        assert!(is_mobile("13800000000") && is_mobile("+6591234567") && !is_mobile("12a"));
        assert!(is_email("a@b.co") && !is_email("a@b") && !is_email("@b.co"));
    }
}
