//! What a simulator is made with: tokens, activities, rules, limits, seed. The
//! command line of `licensing-sim` and `createSimulator(options)` in JS both
//! become these [`Options`] (JS passes them as JSON, read by [`Options::from_json`]).
//!
//! ```
//! use licensing_sim_core::Options;
//! let options = Options::from_json(r#"{"tokens": {"t-1": ["auth_order"]}, "seed": 7, "rules": "spec"}"#)?;
//! assert_eq!(options.seed, 7);
//! assert!(Options::from_json(r#"{"token": {}}"#).is_err_and(|e| e.contains("unknown field")));
//! # Ok::<(), String>(())
//! ```

use std::collections::BTreeMap;

use licensing_core::validate::Profile;
use licensing_core::wire::{SCOPE_ACTIVITY, SCOPE_ORDER};

/// A bearer token and the scopes it was granted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenGrant {
    /// The bearer token.
    pub token: String,
    /// The scopes granted (`auth_order`, `auth_activity`).
    pub scopes: Vec<String>,
}

impl TokenGrant {
    /// A grant, its scopes checked: only `auth_order` and `auth_activity` exist.
    pub fn new(token: &str, scopes: &[&str]) -> Result<Self, String> {
        if token.is_empty() {
            return Err("the token is empty".into());
        }
        if let Some(bad) = scopes.iter().find(|s| **s != SCOPE_ORDER && **s != SCOPE_ACTIVITY) {
            return Err(format!("unknown scope {bad:?} (auth_order, auth_activity)"));
        }
        Ok(Self { token: token.to_owned(), scopes: scopes.iter().map(|s| (*s).to_owned()).collect() })
    }

    /// The development tokens, used when none is configured.
    pub fn development() -> Vec<TokenGrant> {
        let grant =
            |t: &str, s: &[&str]| TokenGrant { token: t.into(), scopes: s.iter().map(|s| s.to_string()).collect() };
        vec![
            grant("dev-order-token", &[SCOPE_ORDER]),
            grant("dev-activity-token", &[SCOPE_ACTIVITY]),
            grant("dev-all-token", &[SCOPE_ORDER, SCOPE_ACTIVITY]),
        ]
    }
}

/// Everything a [`crate::Simulator`] is made with.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Options {
    /// Accepted bearer tokens; empty: the development tokens.
    pub tokens: Vec<TokenGrant>,
    /// The activity catalogue (read once, from the `--activities` file or the
    /// JSON option); `None`: the built-in sample ([`crate::SAMPLE_ACTIVITIES`]).
    pub activities: Option<crate::ActivityCatalogue>,
    /// How long a used `g_nonce` is refused, in milliseconds.
    pub nonce_window_ms: i64,
    /// Largest request body accepted, in bytes.
    pub max_body_bytes: usize,
    /// Seconds a request's body may take to arrive (the shells read it; past
    /// this, the simulator refuses it: 13004 / 1001).
    pub body_timeout_secs: u64,
    /// Most asset numbers one shellnums call may ask for.
    pub max_shellnums: u64,
    /// Most (asset number, product) pairs the delete_product orders of one batch may name.
    pub max_delete_pairs: u64,
    /// Largest answer a `listAssets` call may make, in bytes of JSON: its
    /// records repeat what their order shares (a 500 KB extension on 400 asset
    /// numbers is stored once and answered 400 times).
    pub max_answer_bytes: usize,
    /// The token the `/__sim/*` routes require in `x-sim-admin`.
    pub admin_token: String,
    /// Which requests are refused as 13004 / 1001.
    pub rules: Profile,
    /// Where the simulator's sequences start (customer, enterprise and license
    /// order ids, asset numbers): two simulators with different seeds hand out
    /// different ids, and the same seed gives the same answers. 0: from 1.
    pub seed: u64,
    /// The stored data to start from (and to return to on reset), instead of
    /// an empty store: a fixture ([`crate::State`]).
    pub state: Option<crate::State>,
    /// How every answer differs from the contract on purpose ([`crate::Drift`]).
    pub drifts: crate::Drifts,
    /// The largest state read, in bytes of JSON ([`crate::DEFAULT_MAX_STATE_BYTES`]).
    pub max_state_bytes: usize,
    /// Whose time it answers by: the shell's, or a virtual clock moved by
    /// `POST /__sim/clock` ([`crate::ClockMode`]).
    pub clock: crate::ClockMode,
    /// The most bytes of accepted writes (the request bodies the store took)
    /// it holds: past it, a write is refused with HTTP 507 (a session's state
    /// size, [`crate::SessionLimits::max_session_bytes`]). Unbounded by default.
    pub max_written_bytes: u64,
}

/// The default of [`Options::max_answer_bytes`]: 32 MiB.
pub const DEFAULT_MAX_ANSWER_BYTES: usize = 32 << 20;

impl Default for Options {
    fn default() -> Self {
        Self {
            tokens: Vec::new(),
            activities: None,
            nonce_window_ms: 600_000,
            max_body_bytes: 1 << 20,
            body_timeout_secs: 30,
            max_shellnums: 1000,
            max_delete_pairs: 250_000,
            max_answer_bytes: DEFAULT_MAX_ANSWER_BYTES,
            admin_token: String::from("licensing-sim-admin"),
            rules: Profile::Recommended,
            seed: 0,
            state: None,
            drifts: crate::Drifts::NONE,
            max_state_bytes: crate::DEFAULT_MAX_STATE_BYTES,
            clock: crate::ClockMode::Real,
            max_written_bytes: u64::MAX,
        }
    }
}

/// A rules profile by name (`spec`, `recommended`, `strict`); the error says
/// which names there are (the command line and the JSON form say the same).
pub fn parse_rules(name: &str) -> Result<Profile, String> {
    Profile::parse(name).ok_or_else(|| format!("unknown rules profile {name:?} (spec, recommended, strict)"))
}

/// One option of the JSON form, read from its value: an error names the option.
fn field<T: serde::de::DeserializeOwned>(name: &str, value: serde_json::Value) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| format!("simulator options: {name}: {e}"))
}

/// The names of the JSON form (`createSimulator(options)`).
const JSON_FIELDS: &str =
    "tokens, activities, rules, seed, state, drift, nonceWindowSecs, maxBodyBytes, bodyTimeoutSecs, maxShellnums, maxDeletePairs, maxAnswerBytes, maxStateBytes, adminToken, clock";

impl Options {
    /// How long a used `g_nonce` is refused, given in seconds (saturating).
    pub fn set_nonce_window_secs(&mut self, secs: u64) {
        self.nonce_window_ms = i64::try_from(secs.saturating_mul(1000)).unwrap_or(i64::MAX);
    }

    /// Options from their JSON form: `{ tokens: { TOKEN: [SCOPE, ...] },
    /// activities: { activities: [...] }, nonceWindowSecs, maxBodyBytes,
    /// maxShellnums, maxDeletePairs, maxAnswerBytes, adminToken, rules: "spec" | "recommended" |
    /// "strict", seed, state, drift: [NAME, ...] }` (`state`: a [`crate::State`];
    /// `drift`: [`crate::Drift`] names), every field optional (`null` too); an unknown field,
    /// a wrong type, an unknown scope or profile is an error that names the
    /// option.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let json: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(text).map_err(|e| format!("simulator options: expected an object: {e}"))?;
        let mut options = Options::default();
        // First: the bound a `state` given with it is read within.
        if let Some(max) = json.get("maxStateBytes").filter(|v| !v.is_null()) {
            options.max_state_bytes = field("maxStateBytes", max.clone())?;
        }
        for (name, value) in json {
            if value.is_null() {
                continue;
            }
            match name.as_str() {
                "tokens" => {
                    let tokens: BTreeMap<String, Vec<String>> = field(&name, value)?;
                    for (token, scopes) in tokens {
                        let scopes: Vec<&str> = scopes.iter().map(String::as_str).collect();
                        let grant =
                            TokenGrant::new(&token, &scopes).map_err(|e| format!("simulator options: tokens: {e}"))?;
                        options.tokens.push(grant);
                    }
                }
                "activities" => options.activities = Some(field(&name, value)?),
                "nonceWindowSecs" => options.set_nonce_window_secs(field(&name, value)?),
                "maxBodyBytes" => options.max_body_bytes = field(&name, value)?,
                "bodyTimeoutSecs" => options.body_timeout_secs = field(&name, value)?,
                "maxShellnums" => options.max_shellnums = field(&name, value)?,
                "maxDeletePairs" => options.max_delete_pairs = field(&name, value)?,
                "maxAnswerBytes" => options.max_answer_bytes = field(&name, value)?,
                "maxStateBytes" => {}
                "adminToken" => {
                    let token: String = field(&name, value)?;
                    if token.is_empty() {
                        return Err("simulator options: adminToken is empty".into());
                    }
                    // It arrives in a header (`x-sim-admin`), which carries no control character.
                    if token.chars().any(|c| c.is_control()) {
                        return Err(
                            "simulator options: adminToken holds a control character, which no HTTP header carries"
                                .into(),
                        );
                    }
                    options.admin_token = token;
                }
                "rules" => {
                    let rules: String = field(&name, value)?;
                    options.rules = parse_rules(&rules).map_err(|e| format!("simulator options: rules: {e}"))?;
                }
                "seed" => options.seed = field(&name, value)?,
                "clock" => {
                    let clock: String = field(&name, value)?;
                    options.clock =
                        crate::ClockMode::parse(&clock).map_err(|e| format!("simulator options: clock: {e}"))?;
                }
                "drift" => {
                    let names: Vec<String> = field(&name, value)?;
                    for drift in names {
                        let drift =
                            crate::Drift::parse(&drift).map_err(|e| format!("simulator options: drift: {e}"))?;
                        options.drifts = options.drifts.with(drift);
                    }
                }
                "state" => {
                    // A fixture file's text, or its JSON already parsed.
                    let bytes = match &value {
                        serde_json::Value::String(text) => text.len(),
                        value => crate::store::json_len(value),
                    };
                    options.state_within(bytes)?;
                    options.state = Some(match value {
                        serde_json::Value::String(text) => crate::State::from_json(&text)?,
                        value => crate::State::from_value(value)?,
                    });
                }
                other => {
                    let other = crate::trace::cut(other);
                    return Err(format!("simulator options: unknown field `{other}` ({JSON_FIELDS})"));
                }
            }
        }
        options.check()?;
        Ok(options)
    }

    /// Refuses a state of `bytes` bytes of JSON past [`Options::max_state_bytes`],
    /// before it is read.
    pub fn state_within(&self, bytes: usize) -> Result<(), String> {
        if bytes > self.max_state_bytes {
            return Err(format!(
                "simulator state: {bytes} bytes of JSON, more than the {} a simulator reads (maxStateBytes, --max-state-bytes)",
                self.max_state_bytes
            ));
        }
        Ok(())
    }

    /// What the options must agree on (the JSON form and the command line
    /// check it): the state's claims are of units of the activities.
    pub fn check(&self) -> Result<(), String> {
        match (&self.state, &self.activities) {
            (Some(state), Some(activities)) => state.check_claims(activities),
            (Some(state), None) => state.check_claims(&crate::ActivityCatalogue::sample()),
            (None, _) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_options_are_checked() {
        let o = Options::from_json("{}").unwrap();
        assert!(o.tokens.is_empty() && o.activities.is_none() && o.seed == 0);
        let o = Options::from_json(
            r#"{"tokens":{"a":["auth_order","auth_activity"]},"nonceWindowSecs":5,"adminToken":"x"}"#,
        )
        .unwrap();
        assert_eq!(o.tokens, [TokenGrant::new("a", &["auth_order", "auth_activity"]).unwrap()]);
        assert_eq!((o.nonce_window_ms, o.admin_token.as_str()), (5_000, "x"));
        for (bad, says) in [
            (r#"{"tokens":{"a":["admin"]}}"#, "unknown scope"),
            (r#"{"tokens":{"":["auth_order"]}}"#, "empty"),
            (r#"{"rules":"lenient"}"#, "unknown rules profile"),
            (r#"{"seed":-1}"#, "seed: invalid value"),
            (r#"{"maxBodyBytes":"big"}"#, "maxBodyBytes: invalid type"),
            (r#"{"activities":{"activities":[{"label":1}]}}"#, "activities"),
            (r#"{"adminToken":""}"#, "adminToken"),
            (r#"{"adminToken":"a\nb"}"#, "control character"),
            ("[]", "simulator options"),
        ] {
            let err = Options::from_json(bad).unwrap_err();
            assert!(err.contains(says), "{bad}: {err}");
        }
    }
}
