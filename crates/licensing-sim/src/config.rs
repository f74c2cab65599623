//! Command line and configuration.

use std::path::PathBuf;

use clap::Parser;
use licensing_core::validate::Profile;
use licensing_sim_core::{parse_rules, ActivityCatalogue, ClockMode, Drift, Options, State, TokenGrant};

/// The help after the options: the tokens, the fault directives (from
/// licensing-sim-core's one list of them), the admin routes and the bounds.
fn after_help() -> String {
    format!("{AFTER_HELP}{}{AFTER_FAULTS}", licensing_sim_core::FaultDirective::help_lines())
}

const AFTER_HELP: &str = "\
Development tokens (used when no --token is given):
  dev-order-token     scope auth_order
  dev-activity-token  scope auth_activity
  dev-all-token       scopes auth_order and auth_activity

Every call needs `Authorization: Bearer <token>` (else HTTP 401; a token without
the module's scope gets HTTP 403) and a fresh `g_nonce` query parameter: a missing
or reused nonce (within --nonce-window-secs) is refused before anything is done
(order module: HTTP 299 code 13004; activity module: resultCode 1001).

Fault injection (for client tests), request header `x-sim-fault`, directives
separated by `;`:
";

/// The help after the fault directives (`FaultDirective::help_lines` between).
const AFTER_FAULTS: &str = "\
Example: `x-sim-fault: code500;times=1;key=order-7`,
`x-sim-fault: after;reset;times=1;key=order-7`.
Admin routes (`POST /__sim/reset` empties the state; `GET /__sim/stats` counts it;
`GET /__sim/trace/ID` lists the requests that carried `x-sim-trace: ID`, tokens
redacted) need the header `x-sim-admin: <admin token>`: --admin-token, or a random
one printed at start. Any web page can reach 127.0.0.1; only the token holder can
reset or read the simulator.

Bounds: `g_nonce` at most 128 characters and given once; at most --max-body-bytes
per body, read within --body-timeout-secs; request headers within
--header-timeout-secs (idle keep-alive connections close then too); an answer
nobody reads is dropped after --write-timeout-secs without progress; a --state
file of at most --max-state-bytes.

Stopping: on SIGINT or SIGTERM no new connection is accepted, the requests in
flight are answered (for up to 10 s), then the process exits.

Static files: --static /=www --static /pkg=pkg serves the demo portal at / and
the npm package at /pkg/.";

/// Command line of `licensing-sim`.
#[derive(Debug, Clone, Parser)]
#[command(name = "licensing-sim", version, about = "A stateful local simulator of the Licensing Order and Activity Service", after_help = after_help())]
pub struct Config {
    /// Address to listen on (port 0: a free one, printed at start).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8787")]
    pub listen: String,
    /// An accepted bearer token and its comma-separated scopes (auth_order,
    /// auth_activity). Repeatable. Without it the development tokens are accepted.
    #[arg(long = "token", value_name = "TOKEN=SCOPES", value_parser = parse_token)]
    pub tokens: Vec<TokenGrant>,
    /// JSON file of activities (see the README); without it a built-in sample set.
    #[arg(long, value_name = "FILE")]
    pub activities: Option<PathBuf>,
    /// Serve the files of DIR under URLPREFIX. Repeatable.
    #[arg(long = "static", value_name = "URLPREFIX=DIR", value_parser = parse_mount)]
    pub statics: Vec<StaticMount>,
    /// How long a used g_nonce is remembered and refused, in seconds.
    #[arg(long, value_name = "N", default_value_t = 600)]
    pub nonce_window_secs: u64,
    /// Largest request body accepted, in bytes (larger: code 13004).
    #[arg(long, value_name = "N", default_value_t = 1 << 20)]
    pub max_body_bytes: usize,
    /// Most asset numbers one shellnums call may ask for.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_shellnums: u64,
    /// No request log on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// The token `/__sim/*` routes require in `x-sim-admin`; without it a random
    /// one is made and printed at start.
    #[arg(long, value_name = "TOKEN")]
    pub admin_token: Option<String>,
    /// Most (asset number, product) pairs the delete_product orders of one batch
    /// may name (each is matched against the asset's products under the lock).
    #[arg(long, value_name = "N", default_value_t = 250_000)]
    pub max_delete_pairs: u64,
    /// Largest `listAssets` answer, in bytes of JSON (larger: code 13004). Its
    /// records repeat what their order stores once (an asset's extensions).
    #[arg(long, value_name = "N", default_value_t = licensing_sim_core::DEFAULT_MAX_ANSWER_BYTES)]
    pub max_answer_bytes: usize,
    /// Seconds a client has to send a request's headers; an idle keep-alive
    /// connection is closed after as long.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// Seconds a client has to send a request's body.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub body_timeout_secs: u64,
    /// Seconds an answer's writes may make no progress (a client that stopped
    /// reading) before its connection is closed.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub write_timeout_secs: u64,
    /// Which requests are refused (13004 / 1001): `recommended` refuses what the
    /// SDK's validators refuse by default; `spec` only what the spec states, so
    /// a test can run the simulator as lenient as the spec allows; `strict` also
    /// refuses unknown fields.
    #[arg(long, value_name = "PROFILE", default_value = "recommended", value_parser = parse_rules)]
    pub rules: Profile,
    /// Where the simulator's sequences start (customer, enterprise and order
    /// ids, asset numbers): the same seed gives the same answers.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// JSON file of a simulator state (`GET /__sim/state`, `sim.snapshot()`):
    /// the stored data to start from, and to return to on reset.
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// Largest --state file read, in bytes (a larger one is refused before it
    /// is read).
    #[arg(long, value_name = "N", default_value_t = licensing_sim_core::DEFAULT_MAX_STATE_BYTES)]
    pub max_state_bytes: usize,
    /// Differ from the contract on purpose, as a real service may (for trying
    /// `licensing-sdk verify`, the checking proxy and a portal's tests):
    /// renamed-field, missing-field, extra-field, unknown-enum, number-id,
    /// http-200-refusal, activity-order-envelope, nonce-replay-accepted,
    /// scope-not-enforced, inferred-rules-not-enforced. Repeatable; a request
    /// adds its own with the `x-sim-drift` header.
    #[arg(long = "drift", value_name = "NAME", value_parser = parse_drift)]
    pub drifts: Vec<Drift>,
    /// Whose time the simulator answers by: `real`, or `virtual`: a clock of its
    /// own from 2026-01-01T00:00:00Z, moved only by `POST /__sim/clock?advance=MS`
    /// (or `?set=MS`), for the stamps it stores, its nonce window and the delays
    /// of its faults (a browser test moves it beside the page's clock).
    #[arg(long, value_name = "MODE", default_value = "real", value_parser = ClockMode::parse)]
    pub clock: ClockMode,
    /// Most sessions at once (`POST /__sim/sessions`; each its own state,
    /// clock, faults and admin token, named by `x-sim-session` or `/s/ID/`).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub max_sessions: usize,
    /// Most bytes of writes a session's store takes (the measure of its state's
    /// size); past it, its writes are refused with HTTP 507.
    #[arg(long, value_name = "N", default_value_t = 64 << 20)]
    pub max_session_bytes: u64,
    /// Most sessions made in any minute (more: HTTP 429 with Retry-After).
    #[arg(long, value_name = "N", default_value_t = 60)]
    pub sessions_per_minute: u32,
    /// Seconds a session may go unused before it goes (a session may ask for
    /// another time, up to a week, with `idleSecs`).
    #[arg(long, value_name = "N", default_value_t = 3600)]
    pub session_idle_secs: u64,
    /// Where what the simulator and its sessions took is kept, so that a
    /// restart finds them as they were: a SQLite file (made when missing;
    /// `sqlite:PATH` too). Every write is committed there before it is
    /// answered. Without it, memory: nothing outlives the process.
    #[arg(long, value_name = "PATH")]
    pub store: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: String::from("127.0.0.1:8787"),
            tokens: Vec::new(),
            activities: None,
            statics: Vec::new(),
            nonce_window_secs: 600,
            max_body_bytes: 1 << 20,
            max_shellnums: 1000,
            quiet: true,
            admin_token: None,
            max_delete_pairs: 250_000,
            max_answer_bytes: licensing_sim_core::DEFAULT_MAX_ANSWER_BYTES,
            header_timeout_secs: 10,
            body_timeout_secs: 30,
            write_timeout_secs: 30,
            rules: Profile::Recommended,
            seed: 0,
            state: None,
            max_state_bytes: licensing_sim_core::DEFAULT_MAX_STATE_BYTES,
            drifts: Vec::new(),
            clock: ClockMode::Real,
            max_sessions: 100,
            max_session_bytes: 64 << 20,
            sessions_per_minute: 60,
            session_idle_secs: 3600,
            store: None,
        }
    }
}

fn parse_drift(s: &str) -> Result<Drift, String> {
    Drift::parse(s)
}

fn parse_token(s: &str) -> Result<TokenGrant, String> {
    let (token, scopes) = s.split_once('=').ok_or("expected TOKEN=SCOPE[,SCOPE]")?;
    let scopes: Vec<&str> = scopes.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    TokenGrant::new(token, &scopes)
}

impl Config {
    /// The simulator's options: the flags that shape its behaviour (the
    /// activities file read here), apart from the shell's own (listen address,
    /// static files, timeouts, log). Without `--admin-token`, a random one.
    pub fn simulator_options(&self) -> Result<Options, String> {
        let activities = match &self.activities {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                Some(ActivityCatalogue::parse(&text)?)
            }
            None => None,
        };
        let mut options = Options::default();
        options.tokens = self.tokens.clone();
        options.activities = activities;
        options.set_nonce_window_secs(self.nonce_window_secs);
        options.max_body_bytes = self.max_body_bytes;
        options.body_timeout_secs = self.body_timeout_secs;
        options.max_shellnums = self.max_shellnums;
        options.max_delete_pairs = self.max_delete_pairs;
        options.max_answer_bytes = self.max_answer_bytes;
        options.admin_token = self.admin_token.clone().unwrap_or_else(random_token);
        options.rules = self.rules;
        options.seed = self.seed;
        options.drifts = self.drifts.iter().fold(options.drifts, |set, drift| set.with(*drift));
        options.max_state_bytes = self.max_state_bytes;
        options.clock = self.clock;
        if let Some(path) = &self.state {
            let read = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
            let bytes = std::fs::metadata(path).map_err(read)?.len();
            let within = |e: String| format!("{}: {e}", path.display());
            options.state_within(usize::try_from(bytes).unwrap_or(usize::MAX)).map_err(within)?;
            let text = std::fs::read_to_string(path).map_err(read)?;
            options.state = Some(State::from_json(&text).map_err(within)?);
        }
        options.check().map_err(|e| match &self.state {
            Some(path) => format!("{}: {e}", path.display()),
            None => e,
        })?;
        Ok(options)
    }
}

impl Config {
    /// The flags whose values decide what a store's entries replay into: a
    /// write taken under one `--max-shellnums` is refused by a replay under a
    /// smaller one, and `--seed` moves every id. Kept with the store when it is
    /// made, and compared at each start (`durable.rs`): an adversarial pass
    /// found a restart under other values handing out a number again, bringing
    /// deleted products back, or refusing to start at all. A file's flag is
    /// kept as a digest of its bytes.
    pub(crate) fn replay_flags(&self) -> serde_json::Value {
        let file = |path: &Option<PathBuf>| {
            path.as_ref().map(|path| {
                std::fs::read(path).map_or_else(|e| e.to_string(), |bytes| format!("{:016x}", fnv1a(&bytes)))
            })
        };
        serde_json::json!({
            "--seed": self.seed,
            "--rules": self.rules.as_str(),
            "--clock": self.clock.as_str(),
            "--state": file(&self.state),
            "--activities": file(&self.activities),
            "--max-shellnums": self.max_shellnums,
            "--max-delete-pairs": self.max_delete_pairs,
            "--max-session-bytes": self.max_session_bytes,
            "--session-idle-secs": self.session_idle_secs,
        })
    }

    /// The bounds of the sessions.
    pub fn session_limits(&self) -> licensing_sim_core::SessionLimits {
        let mut limits = licensing_sim_core::SessionLimits::default();
        limits.max_sessions = self.max_sessions;
        limits.max_session_bytes = self.max_session_bytes;
        limits.creations_per_minute = self.sessions_per_minute;
        limits.idle_secs = self.session_idle_secs.max(1);
        limits.max_idle_secs = limits.max_idle_secs.max(limits.idle_secs);
        limits
    }
}

/// FNV-1a, 64 bits: a digest that stays the same from one build to the next
/// (the standard library's hasher may change).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3))
}

/// 256 random bits for a session's id and admin token, from the standard
/// library's hasher keys, which the operating system's random source seeds
/// (SipHash keyed by 128 secret bits: its outputs cannot be told from random
/// without the key).
pub(crate) fn random_bytes() -> [u8; licensing_sim_core::SESSION_RANDOM_BYTES] {
    use std::hash::{BuildHasher, Hasher};
    let mut out = [0u8; licensing_sim_core::SESSION_RANDOM_BYTES];
    for (i, chunk) in out.chunks_mut(8).enumerate() {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_usize(i);
        hasher
            .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
        chunk.copy_from_slice(&hasher.finish().to_le_bytes());
    }
    out
}

/// 128 random bits as hex, from the standard library's per-process hasher keys
/// (no RNG dependency for one token per start).
fn random_token() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut out = String::with_capacity(32);
    for salt in 0..2u64 {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(salt);
        hasher
            .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
        out.push_str(&format!("{:016x}", hasher.finish()));
    }
    out
}

/// Files of a directory served under a URL prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaticMount {
    /// The URL prefix (`/`, `/pkg`).
    pub prefix: String,
    /// The directory served under it.
    pub dir: PathBuf,
}

fn parse_mount(s: &str) -> Result<StaticMount, String> {
    let (prefix, dir) = s.split_once('=').ok_or("expected URLPREFIX=DIR")?;
    let prefix = format!("/{}", prefix.trim_matches('/'));
    Ok(StaticMount { prefix, dir: PathBuf::from(dir) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--help` names every drift (its list is written in `--drift`'s doc).
    #[test]
    fn the_help_names_every_drift() {
        use clap::CommandFactory;
        let help = Config::command().render_long_help().to_string();
        for drift in Drift::ALL {
            assert!(help.contains(drift.name()), "--drift's help does not name {}", drift.name());
        }
    }

    #[test]
    fn token_and_mount_arguments() {
        assert_eq!(parse_token("t=auth_order,auth_activity").unwrap().scopes, ["auth_order", "auth_activity"]);
        assert!(parse_token("t=admin").is_err());
        assert!(parse_token("t").is_err());
        assert_eq!(parse_mount("/pkg/=pkg").unwrap().prefix, "/pkg");
        assert_eq!(parse_mount("/=www").unwrap().prefix, "/");
        assert_eq!(parse_rules("spec"), Ok(Profile::Spec));
        assert!(parse_rules("lenient").is_err());
        assert_eq!(parse_drift("number-id"), Ok(Drift::NumberId));
        assert!(parse_drift("numberid").unwrap_err().contains("number-id"));
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
    }
}
