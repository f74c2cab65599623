//! For testers (feature `meta`, on by default): invalid example bodies, each failing with
//! exactly one issue, at least one per issue code that can occur on the
//! endpoint. With [`crate::validate::example_json`] (a complete valid body),
//! a table-driven test needs nothing written by hand. With feature `repair`,
//! `make_valid`: a fixture made valid by the tables and the rules' own repairs.
//!
//! ```
//! use licensing_core::testing::invalid_examples;
//! use licensing_core::validate::{validate_json, Options};
//! use licensing_core::wire::Endpoint;
//! for example in invalid_examples(Endpoint::ShellNums) {
//!     let report = validate_json(Endpoint::ShellNums, &example.text, &Options::default());
//!     assert_eq!(report.issues.len(), 1);
//!     assert_eq!((report.issues[0].code, report.issues[0].path.as_str()), (example.code, example.path.as_str()));
//! }
//! ```
//!
//! How they are found: the rules' own examples (`RuleDef::examples`), then every
//! field and element of the endpoint's complete example set to other values
//! (absent, null, each JSON type, blank, malformed formats), an unknown and a
//! repeated key, text that is not JSON or not an object, and for batch orders a
//! merchandise tree past the depth bound; each body whose report holds exactly
//! one issue is kept, the first one per rule and code. `unknown_endpoint` (a name, not a
//! body) and `too_many_issues` (never alone) have none.

#[cfg(feature = "meta")]
mod invalid;
#[cfg(feature = "meta")]
pub use invalid::{invalid_examples, possible_codes, InvalidExample};

#[cfg(feature = "repair")]
mod make_valid;
#[cfg(feature = "repair")]
#[cfg_attr(docsrs, doc(cfg(feature = "repair")))]
pub use make_valid::make_valid;

#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub use strategies::valid_request;

/// proptest strategies of valid requests (feature `testing`).
#[cfg(feature = "testing")]
mod strategies {
    use proptest::prelude::*;
    use serde_json::{Map, Value};

    use crate::schema::{Kind, Presence, Shape};
    use crate::wire::Endpoint;

    /// Valid request bodies of an endpoint as JSON text: every required field,
    /// optional ones now and then, values of their kinds, lists of one to three,
    /// merchandise packages one level deep; then made true to the cross-field
    /// rules by [`make_valid`](super::make_valid) (unique sequences, a refund's
    /// `srcLicenseOrderId`, products where an order type needs them, ordered
    /// limits, no transfer outside `new_buy`).
    /// Each body has no issue at all, not even a warning (a test checks it).
    ///
    /// ```
    /// use licensing_core::testing::valid_request;
    /// use licensing_core::validate::{validate_json, Options};
    /// use licensing_core::wire::Endpoint;
    /// use proptest::prelude::*;
    /// proptest!(|(body in valid_request(Endpoint::BatchOrder))| {
    ///     prop_assert!(validate_json(Endpoint::BatchOrder, &body, &Options::default()).issues.is_empty());
    /// });
    /// ```
    pub fn valid_request(endpoint: Endpoint) -> BoxedStrategy<String> {
        shape(endpoint.def().request)
            .prop_map(move |mut body| {
                super::make_valid(endpoint, &mut body);
                body.to_string()
            })
            .boxed()
    }

    fn shape(shape: &'static Shape) -> BoxedStrategy<Value> {
        let fields: Vec<BoxedStrategy<Option<(&'static str, Value)>>> = shape
            .fields
            .iter()
            .map(|f| {
                let name = f.name;
                let value = kind(&f.kind, f.presence);
                match f.presence {
                    Presence::Optional => prop::option::of(value).prop_map(move |v| v.map(|v| (name, v))).boxed(),
                    _ => value.prop_map(move |v| Some((name, v))).boxed(),
                }
            })
            .collect();
        fields
            .prop_map(|entries| {
                Value::Object(entries.into_iter().flatten().map(|(k, v)| (k.to_owned(), v)).collect::<Map<_, _>>())
            })
            .boxed()
    }

    fn kind(kind: &'static Kind, presence: Presence) -> BoxedStrategy<Value> {
        match kind {
            Kind::Str => "[A-Za-z0-9][A-Za-z0-9 _-]{0,11}".prop_map(Value::from).boxed(),
            Kind::Int | Kind::IntOrStr => (0i64..4_000_000_000_000).prop_map(Value::from).boxed(),
            Kind::IntMin(min) => (*min.max(&0)..*min.max(&0) + 1_000).prop_map(Value::from).boxed(),
            Kind::Bool => any::<bool>().prop_map(Value::from).boxed(),
            Kind::Enum(def) => {
                let values: Vec<&'static str> = def.wire().collect();
                prop::sample::select(values).prop_map(Value::from).boxed()
            }
            Kind::IntEnum(def) => {
                let values: Vec<i64> = def.wire().collect();
                prop::sample::select(values).prop_map(Value::from).boxed()
            }
            Kind::Format(format) => format.def().strategy.prop_map(Value::from).boxed(),
            Kind::Array(item) => {
                let min = usize::from(presence == Presence::NonEmpty).max(1);
                prop::collection::vec(self::kind(item, Presence::Required), min..=3).prop_map(Value::from).boxed()
            }
            // Merchandise `children`: always a leaf here (null), so trees stay small.
            Kind::ArrayOrNull(_) => Just(Value::Null).boxed(),
            Kind::Object(inner) => self::shape(inner),
            Kind::Any => Just(Value::Null).boxed(),
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::validate::{validate_json, Options};

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]
            #[test]
            fn every_generated_request_has_no_issue(pick in 0usize..10, seed in any::<u64>()) {
                let endpoint = Endpoint::ALL[pick];
                let mut runner = proptest::test_runner::TestRunner::new_with_rng(
                    ProptestConfig::default(),
                    proptest::test_runner::TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &{
                        let mut s = [0u8; 32];
                        s[..8].copy_from_slice(&seed.to_le_bytes());
                        s
                    }),
                );
                let body = valid_request(endpoint).new_tree(&mut runner).map_err(TestCaseError::fail)?.current();
                let report = validate_json(endpoint, &body, &Options::default());
                prop_assert!(report.issues.is_empty(), "{}: {} -> {:?}", endpoint, body, report.issues);
            }
        }
    }
}
