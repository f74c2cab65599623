//! One ASCII byte searched for in a `str`, byte by byte. `str::find(char)`,
//! `split(char)` and their kin bring core's char searchers (about 1 KB of the
//! package's wasm together); an ASCII byte never falls inside a UTF-8
//! character, so a byte search cuts at character boundaries.

/// The index of the first `byte` in `s`.
pub(crate) fn find(s: &str, byte: u8) -> Option<usize> {
    s.bytes().position(|b| b == byte)
}

/// The index of the last `byte` in `s`.
pub(crate) fn rfind(s: &str, byte: u8) -> Option<usize> {
    s.bytes().rposition(|b| b == byte)
}

/// `s` cut at every `byte`, as `str::split` cuts it (empty pieces included).
pub(crate) fn split(s: &str, byte: u8) -> Split<'_> {
    Split { rest: Some(s), byte }
}

/// `s` cut at its first `byte`, as `str::split_once` cuts it.
pub(crate) fn split_once(s: &str, byte: u8) -> Option<(&str, &str)> {
    let at = find(s, byte)?;
    Some((s.get(..at)?, s.get(at + 1..)?))
}

/// The pieces of [`split`].
pub(crate) struct Split<'a> {
    rest: Option<&'a str>,
    byte: u8,
}

impl<'a> Iterator for Split<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match find(rest, self.byte) {
            Some(at) => {
                self.rest = rest.get(at + 1..);
                rest.get(..at)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_as_the_str_methods_do() {
        for s in ["", "-", "a", "a-b", "-a-", "a--b", "é-ü-€", "1-0-0", "no dash here"] {
            assert_eq!(split(s, b'-').collect::<Vec<_>>(), s.split('-').collect::<Vec<_>>(), "{s:?}");
            assert_eq!(split_once(s, b'-'), s.split_once('-'), "{s:?}");
            assert_eq!(find(s, b'-'), s.find('-'), "{s:?}");
            assert_eq!(rfind(s, b'-'), s.rfind('-'), "{s:?}");
        }
    }
}
