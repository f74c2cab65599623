//! `joinActivity` (the activity module): a participant joins an activity
//! and claims its products; a refusal names the activities and units not met.

use crate::schema::enums::ActivateType;
use crate::schema::{non_empty, opt, shape, Kind, Role, Shape};

// Item kinds of the arrays of objects, as statics: the field tables are
// constants (so rules can find field indices at compile time), and a constant
// may refer to a static but not promote a temporary that does.
static A_CLAIMED_PRODUCT: Kind = Kind::Object(&CLAIMED_PRODUCT);
static AN_ACTIVITY_REJECTION: Kind = Kind::Object(&ACTIVITY_REJECTION);
static AN_ACTIVITY_UNIT: Kind = Kind::Object(&ACTIVITY_UNIT);

/// Body of `joinActivity` (endpoint 10).
pub static ACTIVITY: Shape = shape(
    "ActivityRequest",
    "Body of `joinActivity`: joins a participant to an activity and claims its products.",
    &[
        non_empty(
            "identity",
            Kind::Str,
            "cloud account (mobile number or e-mail), or enterprise account, or cloud lock asset number",
        )
        .label("Participant", "参与者"),
        non_empty("activityLabel", Kind::Str, "activity mnemonic").label("Activity label", "活动助记码"),
        non_empty("source", Kind::Str, "domain name or name identifying the business line system that takes part")
            .label("Source system", "来源系统"),
        non_empty("branch", Kind::Str, "branch the participant belongs to").label("Branch", "分支机构"),
    ],
    Role::Plain,
)
.presence_rests_on(r#""For a given participant identity it joins an activity". `activityLabel` is the "activity mnemonic", `source` is "identifying the business line system that takes part", and `branch` is the "branch the participant belongs to"."#);

/// `detail` of a successful claim.
pub static ACTIVITY_DETAIL: Shape = shape(
    "ActivityDetail",
    "`detail` of a successful claim.",
    &[opt("products", Kind::Array(&A_CLAIMED_PRODUCT), "the product usage permissions granted")],
    Role::Plain,
);

/// A product usage permission granted by a claim.
pub static CLAIMED_PRODUCT: Shape = shape(
    "ClaimedProduct",
    "A product usage permission granted by a claim.",
    &[
        opt("activityId", Kind::Str, "activity the product comes from"),
        opt("subActivityId", Kind::Str, "activity unit the product comes from"),
        opt("productUri", Kind::Str, "unique product identifier"),
        opt("limitStartDate", Kind::Str, "start of the permission validity"),
        opt("limitEndDate", Kind::Str, "end of the permission validity"),
        opt(
            "activateType",
            Kind::Enum(&ActivateType::DEF),
            "`0` = activated at the time of claiming; `1` = must be activated separately later",
        ),
    ],
    Role::Plain,
);

/// An activity in a 3002 rejection.
pub static ACTIVITY_REJECTION: Shape = shape(
    "ActivityRejection",
    "An activity in a 3002 rejection (`activityDtoList`).",
    &[
        opt("id", Kind::Str, "activity id"),
        opt("name", Kind::Str, "activity name"),
        opt("participateResult", Kind::Bool, "true = can take part"),
        opt("engineSubActivityDtos", Kind::Array(&AN_ACTIVITY_UNIT), "the activity's units"),
    ],
    Role::Plain,
);

/// An activity unit whose condition was (or was not) met.
pub static ACTIVITY_UNIT: Shape = shape(
    "ActivityUnitResult",
    "An activity unit whose condition was (or was not) met.",
    &[
        opt(
            "errorCode",
            Kind::Int,
            "error code of the unit condition that was not met (14005: personal claim count exceeded)",
        ),
        opt("errorMessage", Kind::Str, "reason"),
        opt("id", Kind::Str, "unit id"),
        opt("name", Kind::Str, "unit name"),
        opt("participateResult", Kind::Bool, "true = can take part"),
    ],
    Role::Plain,
);

/// `activityDtoList` of a 3002 refusal.
pub static ACTIVITY_REJECTIONS: Kind = Kind::Array(&AN_ACTIVITY_REJECTION);

/// `detail` of `joinActivity`.
pub static ONE_ACTIVITY_DETAIL: Kind = Kind::Object(&ACTIVITY_DETAIL);
