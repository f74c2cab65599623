//! Router tests, no sockets: every endpoint, every error path, auth, scope, replay.

/// A router per test and a small request builder.
mod support;

/// `joinActivity`: claims per identity, the activity envelope and `resultCode`.
mod activity;
/// Bearer tokens, scopes per module, `g_nonce` required and never reused.
mod auth_and_nonce;
/// `createEnterprise`, `updateEnterprise`, `bindEnterprise`, `queryEnterprises`.
mod enterprise;
/// `x-sim-fault` directives and the size and count limits.
mod faults_and_limits;
/// What an attacker or an unlucky client must not be able to do.
mod hardening;
/// `lockAssets`, `unlockAssets`, `listAssets`, `shellNums`.
mod locks_and_assets;
/// `batchOrder`: orders, assets, refunds, resubmission.
mod orders;
/// `--rules`: what each profile refuses.
mod profiles;
/// Sessions: a simulator of its own each, named by header or path prefix; the registry and its bounds.
mod sessions;
/// State as a fixture: dumped, loaded, reset to, refused whole when wrong.
mod state;
/// The portal's and the package's files beside the simulated paths (`--static`).
mod statics;
