//! `lockAssets` and `unlockAssets`: physical locks disabled or enabled.

use crate::schema::enums::LockStatus;
use crate::schema::{non_empty, req, shape, FormatId, Kind, Role, Shape};

// Item kinds of the arrays of objects, as statics: the field tables are
// constants (so rules can find field indices at compile time), and a constant
// may refer to a static but not promote a temporary that does.
static A_LOCK_RESULT: Kind = Kind::Object(&LOCK_RESULT);

/// Body of `lockAssets` and `unlockAssets` (endpoints 6 and 7).
pub static LOCK: Shape = shape(
    "LockRequest",
    "Body of `lockAssets` and `unlockAssets`: the locks to disable or enable.",
    &[
        non_empty("assetNums", Kind::Array(&Kind::Format(FormatId::LockNumber)), "lock numbers")
            .label("Lock numbers", "锁编号"),
        non_empty("operatorIdentity", Kind::Str, "operator identity: name, mobile number or e-mail")
            .label("Operator", "操作人"),
    ],
    Role::Plain,
)
.presence_rests_on(r#""Body: assetNums (array of string, lock numbers), operatorIdentity (string, operator identity …)". These are the call's only two fields; disabling or enabling no locks does nothing."#);

/// Lock operation result item.
pub static LOCK_RESULT: Shape = shape(
    "LockResult",
    "Lock operation result item.",
    &[
        req("assetNum", Kind::Str, "lock number"),
        req(
            "status",
            Kind::IntEnum(&LockStatus::DEF),
            "1 = success, 2 = lock does not exist, 3 = failure, 4 = wrong lock type",
        ),
    ],
    Role::Plain,
);

/// `data` of `lockAssets` and `unlockAssets`.
pub static LOCK_RESULTS: Kind = Kind::Array(&A_LOCK_RESULT);
