//! The router: the ten endpoints at the core's paths, the `/__sim` hooks, static
//! files, CORS and the request log. The state it serves is `state.rs`.

use axum::extract::{Request, State};
use axum::routing::{get, on, post, MethodFilter};
use axum::Router;
use licensing_core::wire::{Endpoint, Method};
use tower_http::cors::{AllowHeaders, Any, CorsLayer};
use tower_http::services::ServeDir;

use crate::state::AppState;

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
