//! The issue codes, each defined once, in the rule file that owns it (a
//! `CodeDef`): its wire name and what `RULES.md`'s codes table says of it (that
//! table is generated from them).
//!
//! ```
//! use licensing_core::validate::Code;
//! assert_eq!(Code::AssetNumberPartition.as_str(), "asset_number_partition");
//! assert!(Code::ALL.contains(&Code::TooManyIssues));
//! ```

/// Where a code's issues are and what they carry (feature `meta`: `RULES.md`'s
/// codes table).
#[cfg(feature = "meta")]
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct CodeDoc {
    /// Where its issues are (a path, in `RULES.md`'s abbreviations).
    pub at: &'static str,
    /// Its params (`—` for none).
    pub params: &'static str,
    /// What it means.
    pub meaning: &'static str,
}

/// A code, as the rule file that owns it declares it: build.rs makes `Code`
/// of them (the `codes!` below), its doc (the meaning) from the `///` lines
/// above the declaration.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CodeDef {
    /// The variant this declares (checked against the one build.rs made).
    pub(crate) code: Code,
    /// The stable wire name.
    pub(crate) wire: &'static str,
    /// Where its issues are ([`CodeDoc::at`]).
    #[cfg_attr(not(feature = "meta"), allow(dead_code))]
    pub(crate) at: &'static str,
    /// Its params ([`CodeDoc::params`]).
    #[cfg_attr(not(feature = "meta"), allow(dead_code))]
    pub(crate) params: &'static str,
}

impl CodeDef {
    pub(crate) const fn new(code: Code, wire: &'static str, at: &'static str, params: &'static str) -> Self {
        Self { code, wire, at, params }
    }
}

/// Makes the codes from their declarations in the rule files (build.rs lists
/// them, by file name): the enum (documented by each code's meaning), its wire
/// names, `Code::ALL` and (feature `meta`) each code's [`CodeDoc`].
macro_rules! codes {
    ($(#[doc = $meaning:literal] $code:ident => $module:ident::$def:ident;)+) => {
        /// Stable machine codes of the issues (`RULES.md`'s codes table).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $(#[doc = $meaning] $code,)+
        }

        impl Code {
            /// The stable wire form (`snake_case`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$code => super::rules::$module::$def.wire,)+
                }
            }

            /// Every code, by the name of the rule file that owns it.
            pub const ALL: &'static [Code] = &[$(Self::$code),+];

            /// Where its issues are, their params and its meaning.
            #[cfg(feature = "meta")]
            pub fn doc(self) -> CodeDoc {
                match self {
                    $(Self::$code => {
                        let def = super::rules::$module::$def;
                        CodeDoc { at: def.at, params: def.params, meaning: $meaning }
                    })+
                }
            }
        }

        // Each declaration names the variant its line makes.
        const _: () = { $(assert!(matches!(super::rules::$module::$def.code, Code::$code));)+ };
    };
}

include!(concat!(env!("OUT_DIR"), "/codes.rs"));
