//! The two envelopes: as the tolerant answer reader needs them
//! (`response/answer.rs`: what differs is a warning, never an error), and as
//! the spec gives them (`response/check.rs`: what differs is a difference).

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

/// The order module's success envelope, as the spec gives it: "`code`
/// (integer, 0 on success), `message` (string, on success a success text), and
/// `data` where the endpoint returns data" (`data` is checked against the
/// endpoint's payload on its own).
pub static ORDER_SUCCESS: Shape = shape(
    "OrderSuccess",
    "The order module's success envelope (HTTP 200).",
    &[
        req("code", Kind::Int, "0 on success"),
        req("message", Kind::Str, "a success text"),
        opt("data", Kind::Any, "the endpoint's payload"),
    ],
    Role::Plain,
);

/// The order module's business exception, as the spec gives it: "`code`
/// (string), `message` (string), `cause` (string)".
pub static ORDER_REFUSAL: Shape = shape(
    "OrderRefusal",
    "The order module's business exception (HTTP 299).",
    &[
        req("code", Kind::Str, "the error code (13004, 500, ...)"),
        req("message", Kind::Str, "what failed"),
        req("cause", Kind::Str, "why"),
    ],
    Role::Plain,
);

/// The activity module's envelope, as the spec gives it: "`resultCode`
/// (string)", `resultMessage`, `detail` on success, `activityDtoList` on 3002
/// (each checked against its kind on its own).
pub static ACTIVITY_ANSWER: Shape = shape(
    "ActivityAnswer",
    "The activity module's envelope (HTTP 200 in all cases).",
    &[
        req("resultCode", Kind::Str, "0000 on success"),
        req("resultMessage", Kind::Str, "what happened"),
        opt("detail", Kind::Any, "on success: the claimed products"),
        opt("activityDtoList", Kind::Any, "on 3002: the activities and units not met"),
    ],
    Role::Plain,
);
