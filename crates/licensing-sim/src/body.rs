//! A request's body, read within its bounds: at most so many bytes, within
//! so many seconds (a client that withholds it is let go).

use axum::body::Body;
use licensing_sim_core::{BodyError, Simulator};

/// A POST body: at most the simulator's limit, within the body timeout.
pub(crate) async fn read_body(sim: &Simulator, body: Body) -> Result<Vec<u8>, BodyError> {
    read_bounded(body, sim.max_body_bytes(), sim.body_timeout_secs()).await
}

pub(crate) async fn read_bounded(body: Body, max_bytes: usize, secs: u64) -> Result<Vec<u8>, BodyError> {
    let read = axum::body::to_bytes(body, max_bytes);
    match tokio::time::timeout(std::time::Duration::from_secs(secs), read).await {
        Err(_) => Err(BodyError::TimedOut { secs }),
        Ok(Err(_)) => Err(BodyError::TooLarge),
        Ok(Ok(bytes)) => Ok(bytes.to_vec()),
    }
}
