//! The two envelopes, as the tolerant answer reader needs them
//! (`response/answer.rs`: what differs is a warning, never an error).

use super::{opt, req, shape, Kind, Role, Shape};

/// The order module's envelope as the tolerant reader needs it: a `code`
/// (a number on success, a string on HTTP 299; either is read), the rest read
/// for what it is; `data` is compared with the endpoint's data kind on its own.
pub static ORDER_ENVELOPE: Shape = shape(
    "OrderEnvelope",
    "The order module's envelope: `{code, message, data}` on HTTP 200, `{code, message, cause}` on HTTP 299.",
    &[
        req("code", Kind::IntOrStr, "business code: 0 on success; the error code (a string) on HTTP 299"),
        opt("message", Kind::Any, "a success text, or the error's message"),
        opt("data", Kind::Any, "the endpoint's payload"),
        opt("cause", Kind::Any, "the error's cause"),
    ],
    Role::Plain,
);

/// The activity module's envelope, as [`ORDER_ENVELOPE`]: `detail` is compared
/// with the endpoint's data kind, `activityDtoList` with [`ACTIVITY_REJECTIONS`](super::ACTIVITY_REJECTIONS).
pub static ACTIVITY_ENVELOPE: Shape = shape(
    "ActivityEnvelope",
    "The activity module's envelope (HTTP 200 always): `resultCode`, `resultMessage`, and `detail` or `activityDtoList`.",
    &[
        req("resultCode", Kind::IntOrStr, "`0000` on success; 1001, 1002, 1004, 2001, 3001, 3002 otherwise"),
        opt("resultMessage", Kind::Any, "what happened"),
        opt("detail", Kind::Any, "on success: the claimed products"),
        opt("activityDtoList", Kind::Any, "on 3002: the activities and units not met"),
    ],
    Role::Plain,
);
