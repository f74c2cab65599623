//! What the walk remembers of a field's value once it has read it: just enough
//! for the cross-field rules, which run when the object closes (the value itself
//! is gone by then: nothing is kept but these few bytes per field).

/// The JSON type of a value and, for the types rules look into, the part they read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The field is not in the object.
    #[default]
    Absent,
    Null,
    /// A string: whether it is blank, and which allowed value it is (enum fields;
    /// [`NOT_ALLOWED`] otherwise).
    Str {
        blank: bool,
        variant: u8,
    },
    /// An integer that fits `i64`.
    Int(i64),
    Bool(bool),
    /// An array of this many items.
    Array(usize),
    /// An object, a fraction, an integer out of range, or a skipped value.
    Other,
}

/// [`Slot::Str`]'s `variant` when the string is not one of an enum's values.
pub(crate) const NOT_ALLOWED: u8 = u8::MAX;

impl Slot {
    /// Absent, null or blank (what the rules call "not filled").
    pub(crate) fn is_missing(self) -> bool {
        matches!(self, Self::Absent | Self::Null | Self::Str { blank: true, .. })
    }

    /// Absent or null.
    pub(crate) fn is_absent(self) -> bool {
        matches!(self, Self::Absent | Self::Null)
    }

    /// An array with at least one item.
    pub(crate) fn is_non_empty_array(self) -> bool {
        matches!(self, Self::Array(n) if n > 0)
    }

    pub(crate) fn as_int(self) -> Option<i64> {
        match self {
            Self::Int(n) => Some(n),
            _ => None,
        }
    }

    /// The variant of an enum field whose value is allowed.
    pub(crate) fn variant<E: crate::model::WireEnum>(self) -> Option<E> {
        match self {
            Self::Str { variant, .. } => E::ALL.get(usize::from(variant)).copied(),
            _ => None,
        }
    }
}
