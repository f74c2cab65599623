//! What the shell answers by itself (its health, a store's failure, a body
//! too large), beside the core's replies: JSON with a status.

use licensing_sim_core::{BodyEnd, Reply};

/// `body` as a JSON reply with `status`.
pub(crate) fn json_reply(status: u16, body: &serde_json::Value) -> Reply {
    Reply {
        status,
        headers: vec![("content-type", String::from("application/json"))],
        body: body.to_string().into_bytes(),
        end: BodyEnd::Complete,
        delay_ms: 0,
    }
}
