//! Router tests, no sockets: every endpoint, every error path, auth, scope, replay.

mod support;

mod activity;
mod auth_and_nonce;
mod enterprise;
mod faults_and_limits;
mod hardening;
mod locks_and_assets;
mod orders;
mod profiles;
mod state;
mod statics;
