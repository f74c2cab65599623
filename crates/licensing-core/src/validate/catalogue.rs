//! Messages in a portal's own words: a catalogue of message templates, checked
//! when it is made, that the issues' messages are rendered from (`messages.rs`).
//!
//! A catalogue is one of two things, by its locale tag:
//! - **overrides** of a built-in locale (`en`, `zh-CN`, and the tags
//!   [`Locale::parse`] reads): its templates replace the built-in ones, the rest
//!   stay;
//! - **a new locale** (any other tag: `ja`, `ms`, `zh-TW`): its templates, and
//!   English where it has none ([`Catalogue::missing`] names those keys).
//!
//! A key ([`Catalogue::keys`]; generated into `catalogue_keys.rs` from the rule
//! files) is an issue code (`required`), or a code and the case its message is
//! for where a code has several (`type.body`, `products_required.new_buy`,
//! `missing_field.envelope_field`), or `suggestion` (the "did you mean" after a
//! message); `$comment` is a note, not a key. A bare code's template also serves the code's other keys the
//! catalogue has no template for. A template is text with `{…}` holes, each one
//! of the key's params (or `{a param}`, `{zh param}`: `messages.rs`).
//!
//! ```
//! use licensing_core::validate::{validate_json, Catalogue, Options};
//! use licensing_core::wire::Endpoint;
//! let ja = Catalogue::new("ja", [("minimum", "`{field}` は {min} 以上の整数にしてください")]).unwrap();
//! assert!(ja.missing().contains(&"required"));
//! let opts = Options::default().with_messages(ja);
//! let report = validate_json(Endpoint::ShellNums, r#"{"size": 0}"#, &opts);
//! assert_eq!(report.issues[0].message, "`size` は 1 以上の整数にしてください");
//! ```

use std::borrow::Cow;
use std::fmt;

use super::ascii;
pub(crate) use super::catalogue_keys::{key_of, KEYS, SUGGESTION};
use super::report::Locale;
use super::rules::suggest;
use super::scan::{Key, Res, Scanner, Token};
use super::write;

/// A key of the catalogues and the params its templates may use.
#[derive(Debug)]
pub(crate) struct KeyDef {
    pub(crate) name: &'static str,
    pub(crate) params: &'static [&'static str],
}

impl KeyDef {
    pub(crate) const fn new(name: &'static str, params: &'static [&'static str]) -> Self {
        Self { name, params }
    }
}

/// Message templates that override a built-in locale's or make a new locale.
/// Made by [`Catalogue::new`] or [`Catalogue::from_json`], which check every
/// entry; given to the validators by [`super::Options::with_messages`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalogue {
    tag: Box<str>,
    base: Locale,
    builtin: bool,
    /// The templates given: each with its key's index in `KEYS`.
    templates: Vec<(usize, Box<str>)>,
}

/// Why a catalogue was refused: the entry and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CatalogueError {
    /// The locale tag is empty.
    EmptyLocale,
    /// The JSON text is not an object (or not JSON).
    NotAnObject {
        /// What the reader found.
        reason: String,
    },
    /// A key no message has.
    UnknownKey {
        /// The key.
        key: String,
        /// The closest known key, if one is close.
        suggestion: Option<&'static str>,
    },
    /// A key given twice.
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// A value that is not a string.
    NotAString {
        /// Its key.
        key: String,
    },
    /// A hole naming no param of its key.
    UnknownPlaceholder {
        /// Its key.
        key: String,
        /// The hole's text, between the braces.
        placeholder: String,
        /// The params the key's templates may use.
        allowed: &'static [&'static str],
    },
    /// A `{` with no `}` after it.
    UnclosedPlaceholder {
        /// Its key.
        key: String,
    },
}

impl CatalogueError {
    /// What is wrong, naming the entry (`messages["minimum"]: …`). Built by
    /// hand, not by `fmt`: the formatting machinery and `str`'s `Debug` would
    /// add ~3 KB to the wasm for these few lines.
    pub fn message(&self) -> String {
        let mut out = String::from("messages");
        let entry = |out: &mut String, key: &str| {
            out.push('[');
            write::string(out, key);
            out.push_str("]: ");
        };
        match self {
            Self::EmptyLocale => out.push_str(": the locale tag is empty"),
            Self::NotAnObject { reason } => {
                out.push_str(": not an object of templates (");
                out.push_str(reason);
                out.push(')');
            }
            Self::UnknownKey { key, suggestion } => {
                out.push_str(": unknown key ");
                write::string(&mut out, key);
                match suggestion {
                    Some(s) => {
                        out.push_str("; did you mean ");
                        write::string(&mut out, s);
                        out.push('?');
                    }
                    None => out.push_str(" (the keys are the issue codes: RULES.md)"),
                }
            }
            Self::DuplicateKey { key } => {
                entry(&mut out, key);
                out.push_str("given twice");
            }
            Self::NotAString { key } => {
                entry(&mut out, key);
                out.push_str("the template must be a string");
            }
            Self::UnknownPlaceholder { key, placeholder, allowed } => {
                entry(&mut out, key);
                out.push_str("unknown placeholder {");
                out.push_str(placeholder);
                out.push_str("}; allowed: ");
                for (i, name) in allowed.iter().enumerate() {
                    out.push_str(if i == 0 { "{" } else { ", {" });
                    out.push_str(name);
                    out.push('}');
                }
            }
            Self::UnclosedPlaceholder { key } => {
                entry(&mut out, key);
                out.push_str("a `{` without its `}`");
            }
        }
        out
    }
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for CatalogueError {}

impl Catalogue {
    /// A catalogue for `locale` from `(key, template)` pairs: overrides when the
    /// tag names a built-in locale, else a new locale (English where it has no
    /// template). Every entry is checked now.
    pub fn new<K: AsRef<str>, V: AsRef<str>>(
        locale: &str,
        entries: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Self, CatalogueError> {
        Self::from_entries(locale, entries.into_iter().map(|(key, template)| (key, Some(template))))
    }

    /// [`Catalogue::new`] from entries whose value may be no string at all
    /// (`None`: what a binding reads from a JS object), refused as such.
    pub fn from_entries<K: AsRef<str>, V: AsRef<str>>(
        locale: &str,
        entries: impl IntoIterator<Item = (K, Option<V>)>,
    ) -> Result<Self, CatalogueError> {
        let mut catalogue = Self::empty(locale)?;
        for (key, template) in entries {
            catalogue.insert(key.as_ref(), template.as_ref().map(AsRef::as_ref))?;
        }
        Ok(catalogue)
    }

    /// A catalogue from JSON text: an object of templates by key (the shape of
    /// the package's `messages/en.json`).
    pub fn from_json(locale: &str, json: &str) -> Result<Self, CatalogueError> {
        Self::empty(locale)?;
        let entries = entries(json).map_err(|reason| CatalogueError::NotAnObject { reason })?;
        Self::from_entries(locale, entries)
    }

    fn empty(locale: &str) -> Result<Self, CatalogueError> {
        // ASCII white space only: `str::trim`'s Unicode tables cost 0.6 KB of wasm.
        if locale.bytes().all(|b| b.is_ascii_whitespace()) {
            return Err(CatalogueError::EmptyLocale);
        }
        let builtin = Locale::parse(locale);
        Ok(Self {
            tag: locale.into(),
            base: builtin.unwrap_or(Locale::En),
            builtin: builtin.is_some(),
            templates: Vec::new(),
        })
    }

    /// Checks and keeps one entry (`None`: a value that is not a string).
    fn insert(&mut self, key: &str, template: Option<&str>) -> Result<(), CatalogueError> {
        // A note for translators (the shipped catalogues carry one), not a message.
        if key == "$comment" {
            return Ok(());
        }
        let Some(index) = KEYS.iter().position(|k| k.name == key) else {
            let names: Vec<&'static str> = KEYS.iter().map(|k| k.name).collect();
            // A code whose messages all have cases (`missing_field`): its first key.
            let case = || names.iter().copied().find(|n| n.strip_prefix(key).is_some_and(|rest| rest.starts_with('.')));
            let suggestion = suggest::closest(key, &names).or_else(case);
            return Err(CatalogueError::UnknownKey { key: key.into(), suggestion });
        };
        let Some(template) = template else { return Err(CatalogueError::NotAString { key: key.into() }) };
        let params = KEYS.get(index).map_or(&[][..], |k| k.params);
        check_holes(key, template, params)?;
        if self.own(index).is_some() {
            return Err(CatalogueError::DuplicateKey { key: key.into() });
        }
        self.templates.push((index, template.into()));
        Ok(())
    }

    /// Its locale tag, as given.
    pub fn locale(&self) -> &str {
        &self.tag
    }

    /// The built-in locale under it: the one it overrides, or English under a new locale.
    pub fn base(&self) -> Locale {
        self.base
    }

    /// The keys a new locale has no template for (nor one for their bare
    /// code): their messages are English. Empty for overrides.
    pub fn missing(&self) -> Vec<&'static str> {
        if self.builtin {
            return Vec::new();
        }
        (0..KEYS.len()).filter(|&i| self.template(i).is_none()).filter_map(|i| KEYS.get(i).map(|k| k.name)).collect()
    }

    /// Every key, with the params its templates may use, in the order of the
    /// package's `messages/en.json`.
    pub fn keys() -> impl Iterator<Item = (&'static str, &'static [&'static str])> {
        KEYS.iter().map(|k| (k.name, k.params))
    }

    /// The template for the key at `index`: its own, else its bare code's.
    pub(crate) fn template(&self, index: usize) -> Option<&str> {
        if let Some(own) = self.own(index) {
            return Some(own);
        }
        let name = KEYS.get(index)?.name;
        let code = name.get(..ascii::find(name, b'.')?)?;
        self.own(KEYS.iter().position(|k| k.name == code)?)
    }

    /// The template given for the key at `index`.
    fn own(&self, index: usize) -> Option<&str> {
        self.templates.iter().find(|(i, _)| *i == index).map(|(_, t)| &**t)
    }
}

/// A member of a JSON object: its key, and its value when it is a string.
type Entry<'a> = (Cow<'a, str>, Option<Cow<'a, str>>);

/// The members of a JSON object.
fn entries(json: &str) -> Result<Vec<Entry<'_>>, String> {
    match read_entries(&mut Scanner::new(json)) {
        Ok(Some(entries)) => Ok(entries),
        Ok(None) => Err(String::from("a JSON object is expected")),
        Err(e) => Err(e.describe(json)),
    }
}

/// [`entries`], `None` for a value that is not an object.
fn read_entries<'a>(s: &mut Scanner<'a>) -> Res<Option<Vec<Entry<'a>>>> {
    if s.peek()? != Token::Object {
        return Ok(None);
    }
    s.begin_object()?;
    let mut out = Vec::new();
    while let Some(key) = s.next_key(out.is_empty(), None)? {
        let Key::Other(key) = key else { return Ok(None) };
        let value = match s.peek()? {
            Token::Str => Some(s.string()?.decode()),
            _ => {
                s.skip_value()?;
                None
            }
        };
        out.push((key.decode(), value));
    }
    s.finish()?;
    Ok(Some(out))
}

/// Every hole of `template` names one of `params` (after `a ` or `zh `).
fn check_holes(key: &str, template: &str, params: &'static [&'static str]) -> Result<(), CatalogueError> {
    let mut rest = template;
    while let Some(open) = ascii::find(rest, b'{') {
        let after = rest.get(open + 1..).unwrap_or_default();
        let Some(close) = ascii::find(after, b'}') else {
            return Err(CatalogueError::UnclosedPlaceholder { key: key.into() });
        };
        let hole = after.get(..close).unwrap_or_default();
        let name = match ascii::split_once(hole, b' ') {
            Some(("a" | "zh", name)) => name,
            _ => hole,
        };
        if !params.contains(&name) {
            return Err(CatalogueError::UnknownPlaceholder {
                key: key.into(),
                placeholder: hole.into(),
                allowed: params,
            });
        }
        rest = after.get(close + 1..).unwrap_or_default();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_checked() {
        let err = |entries: &[(&str, &str)]| Catalogue::new("ja", entries.iter().copied()).unwrap_err().to_string();
        assert_eq!(err(&[("emial", "x")]), r#"messages: unknown key "emial"; did you mean "email"?"#);
        assert_eq!(
            err(&[("missing_field", "x")]),
            r#"messages: unknown key "missing_field"; did you mean "missing_field.answer_field"?"#
        );
        assert!(err(&[("nothing_like_it", "x")]).ends_with("(the keys are the issue codes: RULES.md)"));
        assert_eq!(
            err(&[("minimum", "{field} {mn}")]),
            r#"messages["minimum"]: unknown placeholder {mn}; allowed: {field}, {min}, {value}"#
        );
        assert_eq!(err(&[("minimum", "{field")]), r#"messages["minimum"]: a `{` without its `}`"#);
        assert_eq!(err(&[("required", "a"), ("required", "b")]), r#"messages["required"]: given twice"#);
        assert_eq!(Catalogue::new("", [("required", "x")]), Err(CatalogueError::EmptyLocale));
        let json = |text: &str| Catalogue::from_json("ja", text).unwrap_err().to_string();
        assert_eq!(json(r#"{"required": 1}"#), r#"messages["required"]: the template must be a string"#);
        assert!(json("[]").starts_with("messages: not an object of templates"), "{}", json("[]"));
        assert!(json(r#"{"required": "x""#).starts_with("messages: not an object of templates"));
    }

    #[test]
    fn a_new_locale_names_what_it_lacks_and_overrides_lack_nothing() {
        let ja = Catalogue::from_json("ja", r#"{"type": "型", "required": "必須"}"#).unwrap();
        let missing = ja.missing();
        assert!(!missing.contains(&"type") && !missing.contains(&"type.body"), "a bare code serves its keys");
        assert!(missing.contains(&"minimum") && !missing.contains(&"required"));
        assert_eq!((ja.locale(), ja.base()), ("ja", Locale::En));
        let zh = Catalogue::new("zh-CN", [("required", "必填")]).unwrap();
        assert_eq!((zh.base(), zh.missing()), (Locale::ZhCn, Vec::<&str>::new()));
    }

    #[test]
    fn every_key_is_one_of_a_message_and_every_message_has_one() {
        use super::super::rule::Rule;
        for rule in Rule::ALL {
            for (i, m) in rule.def().messages.iter().enumerate() {
                let key = KEYS.get(key_of(*rule, i)).map(|k| k.name).unwrap_or_default();
                assert!(
                    key == m.code.as_str() || key.starts_with(&(String::from(m.code.as_str()) + ".")),
                    "{rule:?} {i}"
                );
                // The built-in templates use only the key's params.
                for template in [m.en, m.zh] {
                    assert_eq!(check_holes(key, template, KEYS[key_of(*rule, i)].params), Ok(()), "{key}");
                }
            }
        }
        assert_eq!(KEYS.get(SUGGESTION).map(|k| k.name), Some("suggestion"));
    }
}
