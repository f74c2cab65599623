//! Bearer tokens and module scopes.

use std::collections::HashMap;

use licensing_core::wire::Module;

use crate::exchange::RequestHead;
use crate::options::TokenGrant;

/// Why a call is not authorized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Denied {
    /// No bearer token, or an unknown one: HTTP 401.
    Unauthenticated,
    /// A known token without the module's scope: HTTP 403.
    MissingScope,
}

pub(crate) struct Tokens(HashMap<String, Vec<String>>);

impl Tokens {
    pub(crate) fn new(grants: &[TokenGrant]) -> Self {
        let grants = if grants.is_empty() { TokenGrant::development() } else { grants.to_vec() };
        Self(grants.into_iter().map(|g| (g.token, g.scopes)).collect())
    }

    pub(crate) fn check(&self, head: &RequestHead, module: Module) -> Result<(), Denied> {
        let token = bearer(head).ok_or(Denied::Unauthenticated)?;
        let scopes = self.0.get(token).ok_or(Denied::Unauthenticated)?;
        if scopes.iter().any(|s| s == module.scope()) {
            Ok(())
        } else {
            Err(Denied::MissingScope)
        }
    }
}

impl Tokens {
    /// The scopes of a known token (empty for an unknown one).
    pub(crate) fn scopes(&self, token: &str) -> Vec<String> {
        self.0.get(token).cloned().unwrap_or_default()
    }
}

/// The token of an `Authorization: Bearer <token>` header.
pub(crate) fn bearer(head: &RequestHead) -> Option<&str> {
    let value = head.header_value("authorization")?;
    let (scheme, token) = value.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty()).then(|| token.trim())
}
