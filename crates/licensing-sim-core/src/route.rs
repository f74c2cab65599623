//! Which part of the simulator a request's method and path reach: an endpoint
//! (at the core's paths), an admin route, or nothing (404 / 405, as axum's
//! router answered before this crate existed).

use licensing_core::wire::Endpoint;

use crate::exchange::Reply;
use crate::respond;

/// Where a request goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Route<'a> {
    /// One of the endpoints, with its path parameter as sent.
    Endpoint(Endpoint, Option<&'a str>),
    /// A `/__sim` route.
    Admin(AdminRoute),
}

/// One of the `/__sim` routes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum AdminRoute {
    Reset,
    Stats,
    State,
    Trace(String),
    Fault,
    Clock,
}

impl AdminRoute {
    /// The admin route at a path, and the one method it answers.
    pub(crate) fn at(path: &str) -> Option<(AdminRoute, &'static str)> {
        match path {
            "/__sim/reset" => Some((AdminRoute::Reset, "POST")),
            "/__sim/stats" => Some((AdminRoute::Stats, "GET")),
            "/__sim/state" => Some((AdminRoute::State, "GET")),
            "/__sim/fault" => Some((AdminRoute::Fault, "POST")),
            "/__sim/clock" => Some((AdminRoute::Clock, "POST")),
            _ => {
                let id = path.strip_prefix("/__sim/trace/")?;
                (!id.is_empty() && !id.contains('/')).then(|| (AdminRoute::Trace(decode(id)), "GET"))
            }
        }
    }
}

/// The route of a method and path, or the 404 / 405 reply.
pub(crate) fn route<'a>(method: &str, path: &'a str) -> Result<Route<'a>, Reply> {
    if let Some((endpoint, param)) = Endpoint::at_path(path) {
        let allowed = endpoint.method().as_str();
        return if method.eq_ignore_ascii_case(allowed) {
            Ok(Route::Endpoint(endpoint, param))
        } else {
            Err(respond::method_not_allowed(allowed))
        };
    }
    match AdminRoute::at(path) {
        Some((admin, allowed)) if method.eq_ignore_ascii_case(allowed) => Ok(Route::Admin(admin)),
        Some((_, allowed)) => Err(respond::method_not_allowed(allowed)),
        None => Err(respond::not_found()),
    }
}

/// Whether a path is one the simulator answers (an endpoint or an admin
/// route): the native shell serves static files at every other path.
pub fn is_simulated_path(path: &str) -> bool {
    Endpoint::at_path(path).is_some() || AdminRoute::at(path).is_some()
}

/// Whether a request calls one of the service's endpoints (not a `/__sim`
/// route): its admission writes nothing a store keeps, so a shell of
/// several processes admits it before it takes the session's lock.
pub fn is_endpoint_call(method: &str, path: &str) -> bool {
    matches!(route(method, path), Ok(Route::Endpoint(..)))
}

/// A path segment percent-decoded; bytes that are not UTF-8 once decoded
/// become U+FFFD.
pub(crate) fn decode(segment: &str) -> String {
    percent_encoding::percent_decode_str(segment).decode_utf8_lossy().into_owned()
}

/// A path segment percent-decoded, `Err` when the bytes are not UTF-8.
pub(crate) fn decode_strict(segment: &str) -> Result<String, String> {
    percent_encoding::percent_decode_str(segment)
        .decode_utf8()
        .map(|s| s.into_owned())
        .map_err(|_| String::from("the path parameter is not UTF-8 once percent-decoded"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_and_paths() {
        assert_eq!(
            route("GET", "/order/api/order/v1/asset/EG%2F1/list"),
            Ok(Route::Endpoint(Endpoint::ListAssets, Some("EG%2F1")))
        );
        assert_eq!(route("post", "/order/api/order/v1/shellnums"), Ok(Route::Endpoint(Endpoint::ShellNums, None)));
        let wrong = route("GET", "/order/api/order/v1/shellnums").unwrap_err();
        assert_eq!((wrong.status, wrong.header_value("allow")), (405, Some("POST")));
        assert_eq!(route("GET", "/nothing").unwrap_err().status, 404);
        assert_eq!(route("GET", "/__sim/reset").unwrap_err().status, 405);
        assert!(is_simulated_path("/__sim/stats") && !is_simulated_path("/index.html"));
        assert!(is_endpoint_call("POST", "/order/api/order/v1/shellnums"));
        assert!(!is_endpoint_call("GET", "/order/api/order/v1/shellnums") && !is_endpoint_call("POST", "/__sim/reset"));
        assert_eq!(decode_strict("EG%2F1"), Ok("EG/1".into()));
        assert_eq!(AdminRoute::at("/__sim/reset"), Some((AdminRoute::Reset, "POST")));
        assert_eq!(AdminRoute::at("/__sim/trace/a%20b"), Some((AdminRoute::Trace("a b".into()), "GET")));
        assert_eq!(AdminRoute::at("/__sim/trace/"), None);
        assert_eq!(AdminRoute::at("/__sim/other"), None);
        assert!(decode_strict("%FF").is_err());
    }
}
