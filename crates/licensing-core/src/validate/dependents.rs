//! Which fields a change touches: from the cross-field rules' declarations
//! (`RuleDef::depends`), the fields whose issues may change when one field of a
//! request changes, for a form to check again (react-hook-form's `deps`,
//! TanStack Form's `onChangeListenTo`).
//!
//! ```
//! use licensing_core::validate::dependents;
//! use licensing_core::wire::Endpoint;
//! let touched = dependents(Endpoint::BatchOrder, "/orderList/2/orderType");
//! assert!(touched.contains(&"/orderList/2/srcLicenseOrderId".to_string()));
//! assert!(touched.contains(&"/orderList/2/assets/*/products".to_string()));
//! // A sequence can repeat any other order's.
//! assert_eq!(dependents(Endpoint::BatchOrder, "/orderList/2/sequence"), ["/orderList/*/sequence"]);
//! ```

use crate::schema::{Kind, Role, Shape};
use crate::wire::Endpoint;

use super::rule::Rule;

/// A step of a path: a key, an index, or `*` (any index).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(String),
    Any,
}

impl Step {
    /// Whether a step of a declared path (`*` or a key) can be this one.
    fn fits(&self, declared: &str) -> bool {
        match self {
            Self::Key(k) => declared == k,
            Self::Index(_) | Self::Any => declared == "*",
        }
    }

    fn write(&self, out: &mut String) {
        out.push('/');
        match self {
            Self::Key(k) | Self::Index(k) => {
                for c in k.chars() {
                    match c {
                        '~' => out.push_str("~0"),
                        '/' => out.push_str("~1"),
                        c => out.push(c),
                    }
                }
            }
            Self::Any => out.push('*'),
        }
    }
}

/// The fields of `endpoint`'s request whose issues may change when the field at
/// `pointer` changes (its value set, replaced or removed), besides the issues
/// at or inside the field itself and those of the body as a whole (path `""`).
/// `pointer` is a JSON Pointer, with `*` for any index (`/orderList/*/orderType`);
/// the answer is JSON Pointers, where `*` is any index: the same order, asset or
/// product as `pointer` where the rule relates the two within one, any where
/// it relates them across (a `sequence` and the other orders'). Sorted, each once.
pub fn dependents(endpoint: Endpoint, pointer: &str) -> Vec<String> {
    let steps = steps(pointer);
    let scopes = scopes(endpoint.def().request, &steps);
    let mut out: Vec<String> = Vec::new();
    for rule in Rule::ALL {
        for d in rule.def().depends {
            // Where the scope starts: the innermost object of its role around the
            // change, or the body. A scope inside the change is inside the field.
            let start = match d.scope {
                None => Some(0),
                Some(role) => scopes.iter().rev().find(|(r, _)| *r == role).map(|(_, at)| *at),
            };
            let Some(start) = start else { continue };
            let rest = steps.get(start..).unwrap_or_default();
            for read in d.reads {
                // `…/**`: the field and everything inside it; else the field (a
                // change at it or around it), whose issue no change inside it moves.
                let (read, subtree) = match read.strip_suffix("/**") {
                    Some(field) => (field, true),
                    None => (*read, false),
                };
                let read: Vec<&str> = read.split('/').collect();
                let fits = rest.iter().zip(&read).all(|(step, declared)| step.fits(declared));
                if !fits || (rest.len() > read.len() && !subtree) {
                    continue;
                }
                for at in d.at {
                    let mut pointer = String::new();
                    for step in steps.get(..start).unwrap_or_default() {
                        step.write(&mut pointer);
                    }
                    let at: Vec<&str> = at.split('/').collect();
                    for (i, declared) in at.iter().enumerate() {
                        let same = !d.across && read.get(..=i) == at.get(..=i);
                        match rest.get(i) {
                            Some(step) if *declared == "*" && same => step.write(&mut pointer),
                            _ if *declared == "*" => Step::Any.write(&mut pointer),
                            _ => Step::Key((*declared).into()).write(&mut pointer),
                        }
                    }
                    out.push(pointer);
                }
            }
        }
    }
    // What lies at or inside the field itself is not a dependent.
    let mut own = String::new();
    for step in &steps {
        step.write(&mut own);
    }
    out.retain(|p| !(p == &own || p.starts_with(&(own.clone() + "/"))));
    out.sort();
    out.dedup();
    out
}

/// A JSON Pointer's steps (`*` any index); a pointer that does not start with `/` is the body.
fn steps(pointer: &str) -> Vec<Step> {
    let Some(rest) = pointer.strip_prefix('/') else { return Vec::new() };
    rest.split('/')
        .map(|s| {
            let s = s.replace("~1", "/").replace("~0", "~");
            if s == "*" {
                Step::Any
            } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
                Step::Index(s)
            } else {
                Step::Key(s)
            }
        })
        .collect()
}

/// The objects with a role along the steps, from the request's shape: each
/// role and the number of steps to it.
fn scopes(request: &'static Shape, steps: &[Step]) -> Vec<(Role, usize)> {
    walk(request, steps).0
}

/// The steps walked through the shapes from `request` as far as they are fields
/// (or items): the objects with a role on the way (with the number of steps to
/// each), and how many steps were fields.
fn walk(request: &'static Shape, steps: &[Step]) -> (Vec<(Role, usize)>, usize) {
    let mut found = vec![(request.role, 0)];
    let root = Kind::Object(request);
    let mut kind = &root;
    for (i, step) in steps.iter().enumerate() {
        kind = match (kind, step) {
            (Kind::Object(shape), Step::Key(key)) => match shape.find(key).and_then(|f| shape.fields.get(f)) {
                Some(field) => &field.kind,
                None => return (found, i),
            },
            (Kind::Array(item) | Kind::ArrayOrNull(item), Step::Index(_) | Step::Any) => item,
            _ => return (found, i),
        };
        if let Kind::Object(shape) = kind {
            found.push((shape.role, i + 1));
        }
    }
    (found, steps.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deps(pointer: &str) -> Vec<String> {
        dependents(Endpoint::BatchOrder, pointer)
    }

    /// `got` holds every one of `expected` and nothing outside `within`. The
    /// spot checks below name what the spec's rules make a field touch; a new
    /// rule may add to it (its declaration is held by the soundness test of
    /// js/sdk/tests/dependents.test.mjs), never take it out of its scope.
    fn holds(got: &[String], expected: &[&str], within: &str) {
        for e in expected {
            assert!(got.iter().any(|g| g == e), "{e} missing from {got:?}");
        }
        assert!(got.iter().all(|g| g.starts_with(within)), "outside {within}: {got:?}");
    }

    #[test]
    fn an_order_type_touches_its_own_order_only() {
        holds(
            &deps("/orderList/3/orderType"),
            &[
                "/orderList/3/assets/*/products",
                "/orderList/3/assets/*/products/*/limitConcurrent",
                "/orderList/3/assets/*/products/*/limitEndDate",
                "/orderList/3/assets/*/products/*/limitStartDate",
                "/orderList/3/assets/*/products/*/productUri",
                "/orderList/3/assets/*/products/*/srcLicenseOrderId",
                "/orderList/3/srcLicenseOrderId",
            ],
            "/orderList/3/",
        );
        // A pattern answers with patterns.
        assert!(deps("/orderList/*/licenseType").contains(&"/orderList/*/srcLicenseOrderId".into()));
    }

    #[test]
    fn the_same_asset_and_product_where_the_rule_stays_in_one() {
        holds(&deps("/orderList/0/assets/2/merchandises"), &["/orderList/0/assets/2/products"], "/orderList/0/");
        holds(
            &deps("/orderList/0/assets/2/products/1/strictMatchWhenDelete"),
            &[
                "/orderList/0/assets/2/products/1/limitConcurrent",
                "/orderList/0/assets/2/products/1/limitEndDate",
                "/orderList/0/assets/2/products/1/limitStartDate",
            ],
            "/orderList/0/",
        );
        // The limits' rule stays in its asset: nothing of another asset.
        let limits = deps("/orderList/0/assets/2/limitStartDate");
        holds(&limits, &["/orderList/0/assets/2/limitEndDate"], "/orderList/0/");
        assert!(!limits.iter().any(|p| p.contains("/assets/*/limit")), "{limits:?}");
        // A product in a merchandise package: its own limits, and its asset's
        // products (whether the package tree lists some is read as a whole).
        let deep = "/orderList/0/assets/0/merchandises/1/children/0/licenseOrderProductList/4/limitStartDate";
        holds(
            &deps(deep),
            &[&deep.replace("limitStartDate", "limitEndDate"), "/orderList/0/assets/0/products"],
            "/orderList/0/",
        );
        let children = "/orderList/0/assets/0/merchandises/1/children";
        holds(
            &deps(children),
            &["/orderList/0/assets/0/merchandises/1/licenseOrderProductList", "/orderList/0/assets/0/products"],
            "/orderList/0/",
        );
    }

    #[test]
    fn every_cross_field_rule_says_what_it_reads_and_every_path_names_fields() {
        for rule in Rule::ALL {
            let def = rule.def();
            assert_eq!(def.cross_field, !def.depends.is_empty(), "{}: cross_field and depends disagree", def.id);
            for d in def.depends {
                // Each path walks the request shapes from an object of the scope's role.
                let root = match d.scope {
                    None => Endpoint::BatchOrder.def().request,
                    Some(role) => Endpoint::BatchOrder
                        .def()
                        .request
                        .with_inner()
                        .into_iter()
                        .find(|s| s.role == role)
                        .unwrap_or_else(|| panic!("no shape of role {role:?}")),
                };
                for path in d.reads.iter().chain(d.at) {
                    let path = path.strip_suffix("/**").unwrap_or(path);
                    let steps = steps(&format!("/{path}"));
                    let depth = walk(root, &steps).1;
                    assert_eq!(depth, steps.len(), "{}: {path} leaves the shapes after {depth} steps", def.id);
                }
            }
        }
    }

    #[test]
    fn around_a_read_field_and_across_orders() {
        // Removing an order can change any other order's sequence issue.
        assert_eq!(deps("/orderList/1"), ["/orderList/*/sequence"]);
        assert_eq!(deps("/orderList"), Vec::<String>::new(), "everything is inside the list");
        assert_eq!(deps(""), Vec::<String>::new());
        // Fields no rule declares it reads touch nothing (found from the
        // declarations, so that a new rule reading one leaves this true), and
        // fields the request does not have.
        let read = |name: &str| {
            Rule::ALL
                .iter()
                .flat_map(|r| r.def().depends)
                .any(|d| d.reads.iter().any(|p| p.split('/').any(|s| s == name)))
        };
        for (name, pointer) in [("channelCode", "/channelCode"), ("customerName", "/orderList/0/customerName")] {
            if !read(name) {
                assert_eq!(deps(pointer), Vec::<String>::new(), "{pointer}");
            }
        }
        assert_eq!(deps("/nothing/0"), Vec::<String>::new());
        assert_eq!(dependents(Endpoint::ShellNums, "/size"), Vec::<String>::new());
    }
}
