//! What the generators read: every shape and enumeration reachable from the
//! endpoints, each with the side of the wire it travels on.

use licensing_core::schema::{self, EnumDef, IntEnumDef, Kind, Shape};
use licensing_core::wire::Endpoint;

/// The side of the wire a shape travels on: requests are checked strictly,
/// answers read tolerantly (and a shape on both sides is read tolerantly too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Request,
    Response,
    Both,
}

impl Side {
    fn with(self, other: Side) -> Side {
        if self == other {
            self
        } else {
            Side::Both
        }
    }

    /// Whether values of this side are read tolerantly.
    pub(crate) fn tolerant(self) -> bool {
        self != Side::Request
    }
}

/// Everything reachable, in a stable order (first reached first).
#[derive(Default)]
pub(crate) struct Reachable {
    pub(crate) shapes: Vec<(&'static Shape, Side)>,
    pub(crate) enums: Vec<(&'static EnumDef, Side)>,
    pub(crate) int_enums: Vec<(&'static IntEnumDef, Side)>,
}

impl Reachable {
    /// The shapes and enumerations of every endpoint's request and payload,
    /// and of the 3002 rejection list.
    pub(crate) fn all() -> Reachable {
        let mut r = Reachable::default();
        for e in Endpoint::ALL {
            r.shape(e.def().request, Side::Request);
        }
        for e in Endpoint::ALL {
            r.kind(e.data(), Side::Response);
        }
        r.kind(&schema::ACTIVITY_REJECTIONS, Side::Response);
        r
    }

    /// The shapes and enumerations reachable from these kinds (one side).
    pub(crate) fn of(roots: &[&'static Kind], side: Side) -> Reachable {
        let mut r = Reachable::default();
        for kind in roots {
            r.kind(kind, side);
        }
        r
    }

    fn shape(&mut self, shape: &'static Shape, side: Side) {
        if let Some(entry) = self.shapes.iter_mut().find(|(s, _)| std::ptr::eq(*s, shape)) {
            if entry.1 == entry.1.with(side) {
                return;
            }
            entry.1 = entry.1.with(side);
        } else {
            self.shapes.push((shape, side));
        }
        for field in shape.fields {
            self.kind(&field.kind, side);
        }
    }

    fn kind(&mut self, kind: &'static Kind, side: Side) {
        match kind {
            Kind::Array(item) | Kind::ArrayOrNull(item) => self.kind(item, side),
            Kind::Object(shape) => self.shape(shape, side),
            // By name: an enumeration's DEF is a constant, one copy per use.
            Kind::Enum(def) => match self.enums.iter_mut().find(|(d, _)| d.name == def.name) {
                Some(entry) => entry.1 = entry.1.with(side),
                None => self.enums.push((def, side)),
            },
            Kind::IntEnum(def) => match self.int_enums.iter_mut().find(|(d, _)| d.name == def.name) {
                Some(entry) => entry.1 = entry.1.with(side),
                None => self.int_enums.push((def, side)),
            },
            _ => {}
        }
    }

    /// The side a shape travels on.
    #[allow(dead_code)]
    pub(crate) fn side_of(&self, shape: &Shape) -> Side {
        self.shapes.iter().find(|(s, _)| std::ptr::eq(*s, shape)).map_or(Side::Request, |(_, side)| *side)
    }
}

/// `channelCustomerId` → `channel_customer_id`.
pub(crate) fn snake_case(wire: &str) -> String {
    let mut out = String::with_capacity(wire.len() + 4);
    for (i, c) in wire.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `batchOrder` → `BatchOrder`.
pub(crate) fn pascal_case(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// The `{Endpoint}Request` names that are another shape's name (aliases).
pub(crate) fn request_aliases() -> Vec<(String, &'static str)> {
    Endpoint::ALL
        .iter()
        .map(|e| (pascal_case(e.name()) + "Request", e.def().request.name))
        .filter(|(alias, name)| alias != name)
        .collect()
}

/// A doc text as comment lines with `prefix` (`///`, ` *`): trimmed, one line
/// per source line, nothing for an empty doc.
pub(crate) fn doc_lines(doc: &str, prefix: &str, indent: &str) -> String {
    let mut out = String::new();
    for line in doc.lines().map(str::trim).filter(|l| !l.is_empty()) {
        out.push_str(indent);
        out.push_str(prefix);
        out.push(' ');
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(snake_case("channelCustomerId"), "channel_customer_id");
        assert_eq!(snake_case("gmsPid"), "gms_pid");
        assert_eq!(pascal_case("joinActivity"), "JoinActivity");
        let r = Reachable::all();
        let side = |name: &str| r.shapes.iter().find(|(s, _)| s.name == name).map(|(_, side)| *side);
        assert_eq!(side("Order"), Some(Side::Request));
        assert_eq!(side("AssetRecord"), Some(Side::Response));
        assert_eq!(side("AssetExtend"), Some(Side::Both));
        assert!(request_aliases().contains(&("CreateEnterpriseRequest".into(), "EnterpriseCustomerRequest")));
    }
}
