//! The router: every path the simulator answers (the endpoints at the
//! core's paths and the `/__sim` routes, as `licensing_sim_core::is_simulated_path`
//! says) goes to the simulator (`exchange.rs`); every other path to the static
//! files. CORS and the request log wrap both.

use axum::extract::{Request, State};
use axum::response::IntoResponse;
use axum::Router;
use tower::ServiceExt;
use tower_http::cors::{AllowHeaders, Any, CorsLayer};
use tower_http::services::ServeDir;

use crate::state::AppState;

/// The simulator as an axum `Router` (tests call it without sockets).
pub fn router(state: AppState) -> Router {
    let mut statics = Router::new();
    for mount in &state.statics {
        let files = ServeDir::new(&mount.dir);
        statics = if mount.prefix == "/" {
            statics.fallback_service(files)
        } else {
            statics.nest_service(&mount.prefix, files)
        };
    }
    let app = Router::new().fallback(move |state: State<AppState>, req: Request| {
        let statics = statics.clone();
        async move {
            let path = req.uri().path();
            let session = req.headers().contains_key(licensing_sim_core::SESSION_HEADER);
            let simulated = licensing_sim_core::is_simulated_path(path) || path == crate::exchange::HEALTH_PATH;
            if simulated || licensing_sim_core::is_session_path(path) || session {
                crate::exchange::handle(state, req).await
            } else {
                statics.oneshot(req).await.map_or_else(|never| match never {}, IntoResponse::into_response)
            }
        }
    });
    // Browsers send `Authorization` and the fault header cross-origin from the test
    // runner's page: mirror the requested headers (a `*` does not cover Authorization).
    // Retry-After exposed: a page on another origin (the portal, a test page)
    // reads it only when listed.
    // A page on a public origin (a staging portal) reaching the simulator on
    // loopback: Chrome's Private Network Access preflight asks
    // (`Access-Control-Request-Private-Network: true`) and is answered yes;
    // its Local Network Access permission prompt is the user's (the testing
    // guide says what to do).
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods(Any)
        .allow_headers(AllowHeaders::mirror_request())
        .allow_private_network(true)
        .expose_headers([axum::http::header::RETRY_AFTER]);
    app.layer(axum::middleware::from_fn_with_state(state.clone(), crate::log::request_log))
        .layer(cors)
        .with_state(state)
}
