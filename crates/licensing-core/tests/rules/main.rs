//! Rule tests: each rule's ok and fail cases, table-driven.

mod support;

mod asset_numbers;
mod batch_order;
mod endpoints;
mod enums;
mod fields;
mod hostile;
mod locale;
mod model_roundtrip;
mod profiles;
mod report;
mod streaming;
mod types;
mod unknown_fields;
mod wire;
