//! The router: the ten endpoints at the core's paths, the `/__sim` hooks, static
//! files, CORS and the request log.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::routing::{get, on, post, MethodFilter};
use axum::Router;
use licensing_core::wire::{Endpoint, Method};
use tower_http::cors::{AllowHeaders, Any, CorsLayer};
use tower_http::services::ServeDir;

use crate::activity::ActivityCatalogue;
use crate::auth::Tokens;
use crate::config::{Config, StaticMount};
use crate::nonce::NonceCache;
use crate::store::{BatchLimits, Store};
use crate::trace::Traces;

/// Shared state of the simulator (cheap to clone).
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// The simulator's shared state (its fields are private to the crate).
pub struct Inner {
    pub(crate) tokens: Tokens,
    pub(crate) nonces: Mutex<NonceCache>,
    pub(crate) store: Mutex<Store>,
    pub(crate) fault_counters: Mutex<HashMap<String, u32>>,
    /// Requests seen per `x-sim-trace` id (for client tests).
    pub(crate) traces: Mutex<Traces>,
    pub(crate) catalogue: ActivityCatalogue,
    pub(crate) max_body_bytes: usize,
    pub(crate) max_shellnums: u64,
    pub(crate) batch_limits: BatchLimits,
    pub(crate) body_timeout: Duration,
    /// The token `/__sim/*` routes need (`admin.rs`).
    pub(crate) admin_token: String,
    pub(crate) quiet: bool,
    /// The validation profile requests are checked with (`--rules`).
    pub(crate) rules: licensing_core::validate::Profile,
    statics: Vec<StaticMount>,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// Locks a mutex; a poisoned one (a panic elsewhere) still holds whole data here,
/// because every mutation completes before the guard drops.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl AppState {
    /// State from a configuration (reads the activities file, if any).
    pub fn new(config: &Config) -> Result<Self, String> {
        let catalogue = match &config.activities {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                ActivityCatalogue::parse(&text)?
            }
            None => ActivityCatalogue::sample(),
        };
        Ok(Self(Arc::new(Inner {
            tokens: Tokens::new(&config.tokens),
            nonces: Mutex::new(NonceCache::new(Duration::from_secs(config.nonce_window_secs))),
            store: Mutex::new(Store::new()),
            fault_counters: Mutex::new(HashMap::new()),
            traces: Mutex::new(Traces::default()),
            catalogue,
            max_body_bytes: config.max_body_bytes,
            max_shellnums: config.max_shellnums,
            batch_limits: BatchLimits { max_delete_pairs: config.max_delete_pairs },
            body_timeout: Duration::from_secs(config.body_timeout_secs),
            admin_token: config.admin_token.clone().unwrap_or_else(crate::admin::random_token),
            quiet: config.quiet,
            rules: config.rules,
            statics: config.statics.clone(),
        })))
    }

    /// Number of license orders stored.
    pub fn order_count(&self) -> usize {
        lock(&self.store).order_count()
    }

    /// The token the `/__sim/*` routes need in `x-sim-admin`.
    pub fn admin_token(&self) -> &str {
        &self.admin_token
    }
}

/// The simulator as an axum `Router` (tests call it without sockets).
pub fn router(state: AppState) -> Router {
    let mut app = Router::new();
    for endpoint in Endpoint::ALL {
        let filter = match endpoint.method() {
            Method::Get => MethodFilter::GET,
            Method::Post => MethodFilter::POST,
        };
        let handler = move |State(state): State<AppState>, req: Request| crate::handler::handle(state, endpoint, req);
        app = app.route(endpoint.path_template(), on(filter, handler));
    }
    let admin = Router::new()
        .route("/__sim/reset", post(crate::admin::reset))
        .route("/__sim/stats", get(crate::admin::stats))
        .route("/__sim/trace/{id}", get(crate::admin::trace))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), crate::admin::require_admin));
    app = app.merge(admin);
    for mount in &state.statics {
        let files = ServeDir::new(&mount.dir);
        app = if mount.prefix == "/" { app.fallback_service(files) } else { app.nest_service(&mount.prefix, files) };
    }
    // Browsers send `Authorization` and the fault header cross-origin from the test
    // runner's page: mirror the requested headers (a `*` does not cover Authorization).
    let cors = CorsLayer::new().allow_origin(Any).allow_methods(Any).allow_headers(AllowHeaders::mirror_request());
    app.layer(axum::middleware::from_fn_with_state(state.clone(), crate::log::request_log))
        .layer(cors)
        .with_state(state)
}
