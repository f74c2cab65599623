//! A portal's backend: the browser posts a batch order, this server validates
//! it with the SDK's rules (the same report the browser's `validate` gives, in
//! document order) and forwards it to the service with the typed client.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! use licensing_client::{Client, ClientOptions};
//! let client = Client::reqwest(ClientOptions::new("http://127.0.0.1:8787", "dev-all-token").with_app_key("app-1"))?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:3000").await?;
//! axum::serve(listener, axum_gateway_example::app(client)).await?;
//! # Ok(()) }
//! ```
//!
//! | route | body or query | answers |
//! |---|---|---|
//! | `POST /api/orders` | a `batchOrder` body | 200 the results; 422/400/415 the report (`ValidJson`); 502 the service's refusal |
//! | `GET /api/shell-numbers?size=N` | — | 200 the numbers; 422 the report |

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use licensing_client::native::ReqwestTransport;
use licensing_client::{CallOptions, Client, ClientError, ErrorKind};
use licensing_core::axum::ValidJson;
use licensing_core::model::{BatchOrderRequest, BatchOrderResult, ShellNumsRequest};
use licensing_core::valid::Valid;
use serde::Deserialize;

type Licensing = Arc<Client<ReqwestTransport>>;

/// The gateway's routes over a client of the service.
pub fn app(client: Client<ReqwestTransport>) -> Router {
    Router::new()
        .route("/api/orders", post(place_order))
        .route("/api/shell-numbers", get(shell_numbers))
        .with_state(Arc::new(client))
}

/// Only a body without errors gets here; its warnings are the handler's to log.
async fn place_order(
    State(client): State<Licensing>,
    ValidJson(order): ValidJson<BatchOrderRequest>,
) -> Result<Json<Vec<BatchOrderResult>>, Failure> {
    Ok(Json(client.batch_order(&order, &CallOptions::default()).await?))
}

#[derive(Deserialize)]
struct SizeQuery {
    size: Option<i64>,
}

/// A body built on the server: `Valid::new(..)?` turns a report into a
/// `ClientError` of kind `validation` (`From<Report>`).
async fn shell_numbers(
    State(client): State<Licensing>,
    Query(query): Query<SizeQuery>,
) -> Result<Json<Vec<String>>, Failure> {
    let body = Valid::new(ShellNumsRequest { size: query.size })?;
    Ok(Json(client.shell_nums(&body, &CallOptions::default()).await?))
}

/// A call that failed, answered as JSON: `{ kind, code?, message, issues }`.
/// The client's errors never hold the bearer token, so they can be shown.
struct Failure(ClientError);

impl<E: Into<ClientError>> From<E> for Failure {
    fn from(err: E) -> Self {
        Self(err.into())
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let err = self.0;
        let status = match err.kind {
            ErrorKind::Validation => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::Timeout => StatusCode::GATEWAY_TIMEOUT,
            _ => StatusCode::BAD_GATEWAY,
        };
        let body = serde_json::json!({
            "kind": err.kind.as_str(),
            "code": err.code,
            "message": err.message,
            "issues": err.issues,
        });
        (status, Json(body)).into_response()
    }
}
