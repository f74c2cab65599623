//! What the client reads of a request's JSON text before sending it: its
//! top-level fields by name (a GET call's path parameter and query, an
//! endpoint's repeat key), with the answers' reader (`response/answer.rs`).

use crate::response::answer;
use crate::wire::Endpoint;

/// The top-level values of a request's JSON text, read by name as the text
/// they hold (a string decoded, a number as written; `null` counts as absent,
/// as it does for validation): what a GET call puts in its URL. `None` when
/// the text is not JSON.
///
/// ```
/// use licensing_core::request::request_fields;
/// use licensing_core::wire::Endpoint;
/// let fields = request_fields(Endpoint::ListAssets, r#"{"enterpriseGlobalId": "E\u0031"}"#).unwrap();
/// assert_eq!(fields.text("enterpriseGlobalId").as_deref(), Some("E1"));
/// assert_eq!(fields.text("extendCode"), None);
/// let fields = request_fields(Endpoint::ListAssets, r#"{"enterpriseGlobalId": "E1", "extendCode": null}"#).unwrap();
/// assert_eq!(fields.text("extendCode"), None);
/// ```
pub fn request_fields(endpoint: Endpoint, text: &str) -> Option<RequestFields<'_>> {
    answer::request(text, endpoint).map(RequestFields)
}

/// A request's top-level values ([`request_fields`]).
pub struct RequestFields<'a>(answer::Envelope<'a>);

impl RequestFields<'_> {
    /// The value of a top-level field as text; `None` when it is absent or `null`.
    pub fn text(&self, name: &str) -> Option<String> {
        self.0.text(name).filter(|value| value != "null" || self.0.is_string(name))
    }
}

impl Endpoint {
    /// Whether this call, with this request (JSON text), is safe to repeat:
    /// the endpoint is idempotent, or the request carries a non-blank
    /// [`EndpointDef::repeat_key`](crate::wire::EndpointDef::repeat_key) by which
    /// the service answers a repeat with the first result (a batch's `channelOrderId`).
    ///
    /// ```
    /// use licensing_core::wire::Endpoint;
    /// assert!(Endpoint::BatchOrder.is_safe_to_repeat(r#"{"channelOrderId":"CO-1"}"#));
    /// assert!(!Endpoint::BatchOrder.is_safe_to_repeat(r#"{"channelOrderId":" "}"#));
    /// assert!(!Endpoint::ShellNums.is_safe_to_repeat(r#"{"size":1}"#));
    /// assert!(Endpoint::LockAssets.is_safe_to_repeat("{}"));
    /// ```
    pub fn is_safe_to_repeat(self, request: &str) -> bool {
        let def = self.def();
        def.idempotent
            || def.repeat_key.is_some_and(|key| {
                request_fields(self, request)
                    .and_then(|fields| fields.text(key))
                    .is_some_and(|value| !value.trim().is_empty())
            })
    }
}

#[cfg(feature = "outbox")]
pub use outbox::{member_text, request_digest, same_request, touched, values_at};

/// What an outbox reads of a write and of its reconciling read (feature
/// `outbox`: no other wasm carries it).
#[cfg(feature = "outbox")]
mod outbox {
    use crate::validate::scan::{Key, Scanner, Syntax, Token};
    use crate::validate::write;
    use crate::wire::{ReadValue, Reconcile};

    /// Whether two request texts are the same request: the same JSON value, the
    /// order of an object's members and the writing of strings and whitespace
    /// aside (numbers compare as written). What an outbox holds a write's repeat
    /// key to: a second write under a kept key must be the same request, or it
    /// is refused (the service would answer it with the first one's result). Not
    /// JSON, either of them: not the same.
    ///
    /// Compared by two 64-bit digests that add up an object's members (so their
    /// order does not count) rather than by texts rewritten with sorted members:
    /// the sort and its allocations were 3.0 KB gzip of a wasm, the digests are
    /// 1.2 KB of the outbox's. Two different requests agree on both digests
    /// with a chance of about 2⁻¹²⁸.
    ///
    /// ```
    /// use licensing_core::request::same_request;
    /// assert!(same_request(r#"{"a":1,"b":["x"]}"#, r#"{ "b": ["\u0078"], "a": 1 }"#));
    /// assert!(!same_request(r#"{"a":1}"#, r#"{"a":2}"#));
    /// assert!(!same_request(r#"{"a":[1,2]}"#, r#"{"a":[2,1]}"#));
    /// assert!(!same_request(r#"{"a":{"b":1},"c":2}"#, r#"{"a":{"c":2},"b":1}"#));
    /// ```
    pub fn same_request(a: &str, b: &str) -> bool {
        a == b
            || [0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03]
                .iter()
                .all(|&seed| matches!((digest(a, seed), digest(b, seed)), (Some(x), Some(y)) if x == y))
    }

    /// Two requests' [`same_request`] in one value a store can keep instead of
    /// the request itself: 32 hexadecimal digits, equal for two texts exactly
    /// when `same_request` says they are the same (the same two digests);
    /// `None` when the text is not JSON. An outbox keeps it for a write whose
    /// job it pruned, so that a changed request under the same key is still
    /// refused, without keeping the request (and the personal data in it).
    ///
    /// ```
    /// use licensing_core::request::request_digest;
    /// let a = request_digest(r#"{"a":1,"b":["x"]}"#);
    /// assert_eq!(a, request_digest(r#"{ "b": ["x"], "a": 1 }"#));
    /// assert_ne!(a, request_digest(r#"{"a":2,"b":["x"]}"#));
    /// assert_eq!(a.map(|d| d.len()), Some(32));
    /// assert_eq!(request_digest("{"), None);
    /// ```
    pub fn request_digest(text: &str) -> Option<String> {
        let mut out = String::with_capacity(32);
        for seed in [0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03] {
            push_hex(&mut out, digest(text, seed)?);
        }
        Some(out)
    }

    /// A short digest of a text (16 hexadecimal digits): what an outbox keeps
    /// of a value it only compares for equality (a touched asset number, a
    /// participant's e-mail), so that the value itself is not kept.
    fn short_digest(text: &str) -> String {
        let mut out = String::with_capacity(16);
        push_hex(&mut out, mix_bytes(0x2545_F491_4F6C_DD1D, text.as_bytes()));
        out
    }

    fn push_hex(out: &mut String, value: u64) {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        for shift in (0..16).rev() {
            let nibble = ((value >> (shift * 4)) & 0xF) as usize;
            out.push(char::from(DIGITS.get(nibble).copied().unwrap_or(b'0')));
        }
    }

    /// What a write touches ([`Endpoint::touches`](crate::wire::Endpoint::touches)),
    /// as short digests of each kind and value (16 hexadecimal digits each, no
    /// repeats): two writes depend on each other when their lists share one.
    /// The values themselves (asset numbers, a participant's e-mail) are not
    /// in it, so an outbox keeps it beside a sealed request.
    ///
    /// ```
    /// use licensing_core::request::touched;
    /// use licensing_core::wire::Endpoint;
    /// let lock = touched(Endpoint::LockAssets, r#"{"assetNums":["8000000001","8000000001"],"operatorIdentity":"ops"}"#);
    /// let order = r#"{"orderList":[{"enterpriseGlobalId":"EG-1","assets":[{"assetNos":["8000000001"]}]}]}"#;
    /// let batch = touched(Endpoint::BatchOrder, order);
    /// assert_eq!(lock.len(), 1);
    /// assert!(batch.contains(&lock[0]), "one lock number in both");
    /// assert!(touched(Endpoint::ShellNums, r#"{"size":1}"#).is_empty());
    /// // An enterprise and an asset of the same text are two things.
    /// let enterprise = touched(Endpoint::BatchOrder, r#"{"orderList":[{"enterpriseGlobalId":"8000000001"}]}"#);
    /// assert!(!lock.contains(&enterprise[0]));
    /// ```
    pub fn touched(endpoint: crate::wire::Endpoint, text: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for touch in endpoint.touches() {
            for value in values_at(text, touch.at) {
                if value.trim().is_empty() {
                    continue;
                }
                let mut named = String::from(touch.what);
                named.push('\u{0}');
                named.push_str(&value);
                let digest = short_digest(&named);
                if !out.contains(&digest) {
                    out.push(digest);
                }
            }
        }
        out
    }

    /// The values of a JSON text at a JSON Pointer given as its segments
    /// (`*` standing for every item of an array), in the text's order: each
    /// string decoded, each number as written; objects, arrays, booleans and
    /// `null` there are none. Text that is not JSON gives what was read
    /// before the error. Read with the scanner alone, as [`member_text`].
    ///
    /// ```
    /// use licensing_core::request::values_at;
    /// let text = r#"{"orderList":[{"assets":[{"assetNos":["8000000001","8000000002"]}]},{"assets":[{"assetNos":["6000000003"]}]}]}"#;
    /// let numbers = ["orderList", "*", "assets", "*", "assetNos", "*"];
    /// assert_eq!(values_at(text, &numbers), ["8000000001", "8000000002", "6000000003"]);
    /// assert_eq!(values_at(r#"{"identity":"a\u0040b.c","n":12,"o":{}}"#, &["identity"]), ["a@b.c"]);
    /// assert_eq!(values_at(r#"{"n":12,"o":{}}"#, &["n"]), ["12"]);
    /// assert!(values_at(r#"{"o":{"x":1}}"#, &["o"]).is_empty());
    /// assert!(values_at(r#"{"a":{"x":1}}"#, &["a", "*"]).is_empty());
    /// ```
    pub fn values_at(text: &str, segments: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        let mut scanner = Scanner::new(text);
        let _ = values_in(&mut scanner, text, segments, &mut out);
        out
    }

    /// [`values_at`] from the scanner's next value, `rest` the pointer's
    /// segments still to follow. Recursive only as deep as the pointer.
    fn values_in(scanner: &mut Scanner<'_>, text: &str, rest: &[&str], out: &mut Vec<String>) -> Result<(), Syntax> {
        let token = scanner.peek()?;
        let Some((segment, tail)) = rest.split_first() else {
            match token {
                Token::Str => out.push(scanner.string()?.decode().into_owned()),
                Token::Number => {
                    let start = scanner.pos();
                    scanner.number()?;
                    out.extend(text.get(start..scanner.pos()).map(str::to_owned));
                }
                _ => scanner.skip_value()?,
            }
            return Ok(());
        };
        match token {
            Token::Array if *segment == "*" => {
                scanner.begin_array()?;
                let mut first = true;
                while scanner.next_item(first)? {
                    first = false;
                    values_in(scanner, text, tail, out)?;
                }
            }
            Token::Object if *segment != "*" => {
                scanner.begin_object()?;
                let mut first = true;
                while let Some(key) = scanner.next_key(first, Some(segment))? {
                    first = false;
                    if key == Key::Expected {
                        values_in(scanner, text, tail, out)?;
                    } else {
                        scanner.skip_value()?;
                    }
                }
            }
            _ => scanner.skip_value()?,
        }
        Ok(())
    }

    /// The digest of a whole JSON text with `seed`; `None` when it is not JSON.
    fn digest(text: &str, seed: u64) -> Option<u64> {
        let mut scanner = Scanner::new(text);
        let hash = digest_value(&mut scanner, text, seed).ok()?;
        scanner.finish().ok()?;
        Some(hash)
    }

    /// One step of a 64-bit mix (splitmix64's finalizer over `h ^ x`). Not
    /// inlined: one copy is smaller than one per caller.
    #[inline(never)]
    fn mix(h: u64, x: u64) -> u64 {
        let mut z = (h ^ x).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The bytes of a value's text (a decoded string, a number or literal as
    /// written) mixed into `h`, with its length.
    fn mix_bytes(mut h: u64, bytes: &[u8]) -> u64 {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word.iter_mut().zip(chunk).for_each(|(w, b)| *w = *b);
            h = mix(h, u64::from_le_bytes(word));
        }
        mix(h, bytes.len() as u64)
    }

    /// The digest of the next value: what it is, and its contents; an object's
    /// members summed (any order), an array's items in order. Recursive, no
    /// deeper than the scanner's nesting bound (512), whose error ends it.
    fn digest_value(scanner: &mut Scanner<'_>, text: &str, seed: u64) -> Result<u64, Syntax> {
        let token = scanner.peek()?;
        let tag = mix(seed, token as u64);
        Ok(match token {
            Token::Object => {
                scanner.begin_object()?;
                let (mut sum, mut first) = (0u64, true);
                while let Some(key) = scanner.next_key(first, None)? {
                    first = false;
                    // Without an expected key, every key is read (`Key::Other`).
                    let Key::Other(key) = key else {
                        return Err(Syntax { pos: scanner.pos(), what: "a key taken for an expected one" });
                    };
                    let key = mix_bytes(seed, key.decode().as_bytes());
                    sum = sum.wrapping_add(mix(key, digest_value(scanner, text, seed)?));
                }
                mix(tag, sum)
            }
            Token::Array => {
                scanner.begin_array()?;
                let (mut h, mut first) = (tag, true);
                while scanner.next_item(first)? {
                    first = false;
                    h = mix(h, digest_value(scanner, text, seed)?);
                }
                mix(h, 0)
            }
            Token::Str => mix_bytes(tag, scanner.string()?.decode().as_bytes()),
            other => {
                let start = scanner.pos();
                if other == Token::Number {
                    scanner.number()?;
                } else {
                    scanner.literal(other)?;
                }
                mix_bytes(tag, text.as_bytes().get(start..scanner.pos()).unwrap_or_default())
            }
        })
    }

    /// The value of the top-level member `name` of a JSON object's text, as
    /// text: a string decoded, any other value as written; `None` when it is
    /// absent or `null`, or the text is no JSON object. Read with the scanner
    /// alone, against no schema: the outbox's wasm reads a write's repeat key
    /// and a record's fields with it, and carries no validator (the walk
    /// [`request_fields`](super::request_fields) reads with is 25 KB gzip of
    /// it).
    ///
    /// ```
    /// use licensing_core::request::member_text;
    /// let text = r#"{"a":{"b":1},"channelOrderId":"CO\u002d1","n":12,"z":null}"#;
    /// assert_eq!(member_text(text, "channelOrderId").as_deref(), Some("CO-1"));
    /// assert_eq!(member_text(text, "n").as_deref(), Some("12"));
    /// assert_eq!(member_text(text, "a").as_deref(), Some(r#"{"b":1}"#));
    /// assert_eq!(member_text(text, "z"), None);
    /// assert_eq!(member_text(text, "b"), None);
    /// assert_eq!(member_text("[1]", "a"), None);
    /// ```
    pub fn member_text(text: &str, name: &str) -> Option<String> {
        let mut scanner = Scanner::new(text);
        if scanner.peek().ok()? != Token::Object {
            return None;
        }
        scanner.begin_object().ok()?;
        let mut first = true;
        while let Some(key) = scanner.next_key(first, Some(name)).ok()? {
            first = false;
            if key != Key::Expected {
                scanner.skip_value().ok()?;
                continue;
            }
            return match scanner.peek().ok()? {
                Token::Null => None,
                Token::Str => Some(scanner.string().ok()?.decode().into_owned()),
                _ => {
                    let start = scanner.pos();
                    scanner.skip_value().ok()?;
                    text.get(start..scanner.pos()).map(str::to_owned)
                }
            };
        }
        None
    }

    /// Calls `found` with the text of each item of a JSON array's text until
    /// it answers true; `false` when the text is no array.
    fn each_item<'a>(text: &'a str, found: &mut dyn FnMut(&'a str) -> bool) -> bool {
        let mut scanner = Scanner::new(text);
        let mut items = || -> Result<bool, Syntax> {
            if scanner.peek()? != Token::Array {
                return Ok(false);
            }
            scanner.begin_array()?;
            let mut first = true;
            while scanner.next_item(first)? {
                first = false;
                scanner.peek()?;
                let start = scanner.pos();
                scanner.skip_value()?;
                if found(text.get(start..scanner.pos()).unwrap_or_default()) {
                    return Ok(true);
                }
            }
            scanner.finish().map(|()| true)
        };
        items().unwrap_or(false)
    }

    impl Reconcile {
        /// The reconciling read's request as JSON text, its fields from the
        /// write's body (its JSON text; an absent field is `null`). `None`
        /// when the body is no JSON object.
        ///
        /// ```
        /// use licensing_core::wire::Endpoint;
        /// let reconcile = Endpoint::BindEnterprise.reconcile().unwrap_or_else(|| unreachable!());
        /// let body = r#"{"channelCode":"CH","channelCustomerId":"cc-1","enterpriseName":"ACME"}"#;
        /// assert_eq!(
        ///     reconcile.read_request(body).as_deref(),
        ///     Some(r#"{"channelCode":"CH","channelCustomerId":"cc-1","defaultCustomer":"N"}"#)
        /// );
        /// ```
        pub fn read_request(&self, body: &str) -> Option<String> {
            if !body.trim_start().starts_with('{') {
                return None;
            }
            let mut out = String::from("{");
            for (i, (name, value)) in self.request.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write::string(&mut out, name);
                out.push(':');
                match value {
                    ReadValue::Fixed(value) => write::string(&mut out, value),
                    ReadValue::Body(field) => match member_text(body, field) {
                        Some(value) => write::string(&mut out, &value),
                        None => out.push_str("null"),
                    },
                }
            }
            out.push('}');
            Some(out)
        }

        /// What an outbox keeps of the read taken before a write's first send
        /// (its payload's JSON text): only the id of each record, `[{"customerId":
        /// "C1"}, …]`, which is all [`Reconcile::made_by`] reads of it; the
        /// records' names and the rest of the channel customer's enterprises are
        /// not kept. `None` when the payload is no JSON array of records.
        ///
        /// ```
        /// use licensing_core::wire::Endpoint;
        /// let reconcile = Endpoint::BindEnterprise.reconcile().unwrap_or_else(|| unreachable!());
        /// let list = r#"[{"customerId":"C1","enterpriseName":"ACME","channelCode":"CH"},{"enterpriseName":"no id"}]"#;
        /// assert_eq!(reconcile.ids_of(list).as_deref(), Some(r#"[{"customerId":"C1"}]"#));
        /// assert_eq!(reconcile.ids_of("{}"), None);
        /// ```
        pub fn ids_of(&self, payload: &str) -> Option<String> {
            let mut out = String::from("[");
            let read = each_item(payload, &mut |record| {
                if let Some(id) = member_text(record, self.id) {
                    if out.len() > 1 {
                        out.push(',');
                    }
                    out.push('{');
                    write::string(&mut out, self.id);
                    out.push(':');
                    write::string(&mut out, &id);
                    out.push('}');
                }
                false
            });
            out.push(']');
            read.then_some(out)
        }

        /// The record of the read's answer `now` (its payload's JSON text) that
        /// the write `body` made: the first one whose id the answer `before` (the
        /// read taken before the first send) did not list and whose `same` fields
        /// hold the body's values. `Ok(None)`: none, the write was not done.
        /// `Err` says why a payload cannot be read as the read's list of records.
        ///
        /// ```
        /// use licensing_core::wire::Endpoint;
        /// let reconcile = Endpoint::BindEnterprise.reconcile().unwrap_or_else(|| unreachable!());
        /// let body = r#"{"channelCode":"CH","channelCustomerId":"cc-1","enterpriseName":"ACME"}"#;
        /// let old = r#"{"customerId":"C1","channelCode":"CH","channelCustomerId":"cc-1","enterpriseName":"ACME"}"#;
        /// let new = r#"{"customerId":"C2","channelCode":"CH","channelCustomerId":"cc-1","enterpriseName":"ACME"}"#;
        /// let made = |before: &str, now: &str| reconcile.made_by(body, before, now);
        /// assert_eq!(made(&format!("[{old}]"), &format!("[{old}]")), Ok(None));
        /// assert_eq!(made(&format!("[{old}]"), &format!("[{old},{new}]")), Ok(Some(new.to_owned())));
        /// ```
        pub fn made_by(&self, body: &str, before: &str, now: &str) -> Result<Option<String>, String> {
            let mut listed_before: Vec<String> = Vec::new();
            if !each_item(before, &mut |record| {
                listed_before.extend(member_text(record, self.id));
                false
            }) {
                return Err(String::from("the list before is no JSON array of records"));
            }
            let mut made = None;
            let read = each_item(now, &mut |record| {
                let new = member_text(record, self.id).is_some_and(|id| !listed_before.contains(&id));
                if new && self.same.iter().all(|field| member_text(record, field) == member_text(body, field)) {
                    made = Some(record.to_owned());
                }
                made.is_some()
            });
            match (read, made) {
                (true, made) => Ok(made),
                (false, _) => Err(String::from("the list since is no JSON array of records")),
            }
        }
    }
}
