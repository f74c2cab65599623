//! The streaming walk: reads the JSON text once, token by token, checking each
//! value against the schema tables (`schema/`) as it goes. No tree is built:
//! an object keeps one [`Slot`] per known field for the rules that run when it
//! closes (`rules::on_close`).
//!
//! Issues come in document order; an object's missing required fields and its
//! cross-field rules follow the issues inside it.

use super::ctx::{Ctx, Seg};
use super::report::{Params, Report};
use super::rule::Rule;
use super::rules;
use super::scan::{Key, Number, RawStr, Res, Scanner, Token};
use super::slot::{Slot, NOT_ALLOWED};
use super::Options;
use crate::schema::{Field, Kind, Presence, Role, Shape};

/// Deepest object nesting followed (merchandise packages nest through
/// `children`); deeper objects are one `too_deep` error and are skipped.
pub const MAX_DEPTH: usize = 64;

/// Most fields of one shape (the product has 20): one bit each in a `u32`.
pub(crate) const MAX_FIELDS: usize = 32;

/// Validates JSON text against a shape: the report, or the syntax error that
/// stopped the reading (then no other issue counts). The context says what the
/// report keeps (a field's scope). With `vouched`, a value may be `!` where an
/// object or a string field's value belongs (`Walk::vouched`), and a known
/// field's key `#i` (its index in the shape: `Scanner::next_key`).
pub(crate) fn run<'a>(text: &'a str, shape: &'static Shape, ctx: Ctx<'a>, vouched: bool) -> Result<Report, String> {
    let mut walk = Walk::new(text, ctx, Mode::Request);
    walk.s.vouching = vouched;
    match walk.root(shape) {
        Ok(()) => Ok(walk.ctx.finish()),
        Err(syntax) => Err(syntax.describe(text)),
    }
}

/// Byte ranges of the top-level fields' values, by field index (`None`: absent).
pub(crate) type Spans = Vec<Option<(usize, usize)>>;

/// Reads an answer of the service: like [`run`], but unknown fields are
/// tolerated (the service may add some), and the byte range of each top-level
/// field's value is kept so its text can be handed on as it came.
pub(crate) fn read(text: &str, shape: &'static Shape) -> Result<(Report, Spans), String> {
    let mut walk = Walk::new(text, Ctx::new(Options::default()), Mode::Tolerant);
    walk.spans = Some(vec![None; shape.fields.len()]);
    match walk.root(shape) {
        Ok(()) => Ok((walk.ctx.finish(), walk.spans.unwrap_or_default())),
        Err(syntax) => Err(syntax.describe(text)),
    }
}

/// Checks one value of an answer (tolerating unknown fields).
pub(crate) fn read_value(text: &str, kind: &'static Kind) -> Result<Report, String> {
    let mut walk = Walk::new(text, Ctx::new(Options::default()), Mode::Tolerant);
    match walk.one_value(kind) {
        Ok(()) => Ok(walk.ctx.finish()),
        Err(syntax) => Err(syntax.describe(text)),
    }
}

/// Checks one value of an answer against its kind strictly (`check_answer`):
/// unknown and absent fields are issues too. Its issues go into `ctx`, at the
/// path `ctx` is at; `Err` is the syntax error that stopped the reading.
#[cfg(feature = "check")]
pub(crate) fn check_value<'a>(text: &'a str, kind: &'static Kind, ctx: &mut Ctx<'a>) -> Result<(), String> {
    let mut walk = Walk::new(text, core::mem::replace(ctx, Ctx::new(ctx.opts.clone())), Mode::Checked);
    let result = walk.one_value(kind).map_err(|syntax| syntax.describe(text));
    *ctx = walk.ctx;
    result
}

/// Checks an answer's envelope against its shape strictly (`check_answer`):
/// its issues go into `ctx`; the byte range of each of its fields' values
/// (`Err`: the syntax error that stopped the reading). An absent required field
/// of the envelope is `envelope_field`'s (the spec gives the envelopes' fields).
#[cfg(feature = "check")]
pub(crate) fn check_root<'a>(text: &'a str, shape: &'static Shape, ctx: &mut Ctx<'a>) -> Result<Spans, String> {
    let mut walk = Walk::new(text, core::mem::replace(ctx, Ctx::new(ctx.opts.clone())), Mode::Checked);
    walk.spans = Some(vec![None; shape.fields.len()]);
    let result = walk.root(shape).map_err(|syntax| syntax.describe(text));
    let spans = walk.spans.take().unwrap_or_default();
    *ctx = walk.ctx;
    result.map(|()| spans)
}

/// What a walk reads, and so what it reports besides the shape's kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A request: an unknown field is an issue.
    Request,
    /// An answer, as the client reads it: unknown fields are skipped (the
    /// service may add some); integers JavaScript would round are warned of.
    Tolerant,
    /// An answer checked against its shape (`check_answer`): as `Tolerant`,
    /// but unknown fields and the absent fields of a shape are issues.
    #[cfg(feature = "check")]
    Checked,
}

struct Walk<'a> {
    s: Scanner<'a>,
    ctx: Ctx<'a>,
    /// What the rules remember between objects.
    rules: rules::RuleState,
    /// A request or an answer, and how strictly.
    mode: Mode,
    /// Where the root object's fields are (answers only).
    spans: Option<Spans>,
}

/// Name of the JSON type a kind expects, as used in `type` issues.
fn expected(kind: &Kind) -> &'static str {
    match kind {
        Kind::Str | Kind::Enum(_) | Kind::Format(_) => "string",
        Kind::Int | Kind::IntMin(_) | Kind::IntEnum(_) => "integer",
        Kind::Bool => "boolean",
        Kind::IntOrStr => "integer or string",
        Kind::Array(_) => "array",
        Kind::ArrayOrNull(_) => "array or null",
        Kind::Object(_) => "object",
        Kind::Any => "any value",
    }
}

/// Name of a token's JSON type (numbers are read first: see [`number_name`]).
pub(crate) fn token_name(token: Token) -> &'static str {
    match token {
        Token::Object => "object",
        Token::Array => "array",
        Token::Str => "string",
        Token::Number => "number",
        Token::True | Token::False => "boolean",
        Token::Null => "null",
    }
}

/// `integer` for an integer that fits 64 bits, else `number`.
pub(crate) fn number_name(n: Number) -> &'static str {
    match n {
        Number::Int(_) => "integer",
        Number::BigInt | Number::Float => "number",
    }
}

impl<'a> Walk<'a> {
    /// Whether this walk checks an answer (`check_answer`); never without the
    /// feature `check`, so that a build without it leaves that code out.
    fn checked(&self) -> bool {
        #[cfg(feature = "check")]
        return self.mode == Mode::Checked;
        #[cfg(not(feature = "check"))]
        return false;
    }

    fn new(text: &'a str, ctx: Ctx<'a>, mode: Mode) -> Self {
        Self { s: Scanner::new(text), ctx, rules: rules::RuleState::default(), mode, spans: None }
    }

    /// Reads the whole text as one value of `kind`.
    fn one_value(&mut self, kind: &'static Kind) -> Res<()> {
        let token = self.s.peek()?;
        self.value(kind, token, 0, &mut Slot::Absent)?;
        self.s.finish()
    }

    fn root(&mut self, shape: &'static Shape) -> Res<()> {
        match self.s.peek()? {
            Token::Object => {
                self.object(shape, 0)?;
            }
            Token::Number => {
                let n = self.s.number()?;
                self.type_error("object", number_name(n));
            }
            token => {
                self.type_error("object", token_name(token));
                self.s.skip_value()?;
            }
        }
        self.s.finish()
    }

    fn type_error(&mut self, expected: &'static str, actual: &'static str) {
        let rule = if self.ctx.at_root() { Rule::BodyObject } else { Rule::FieldType };
        self.ctx.report(rule, || Params::none().with("expected", expected).with("actual", actual));
    }

    /// Reads an object (at its `{`); returns whether it lists products anywhere
    /// in its merchandise tree (for the `new_buy` products rule).
    fn object(&mut self, shape: &'static Shape, depth: usize) -> Res<bool> {
        if depth > MAX_DEPTH {
            self.ctx.report(Rule::Depth, || Params::none().with("max", super::itoa::unsigned(MAX_DEPTH as u64)));
            self.s.skip_value()?;
            return Ok(false);
        }
        self.s.begin_object()?;
        let mut slots = [Slot::Absent; MAX_FIELDS];
        let mut seen: u32 = 0;
        let mut nested_products = false;
        let mut hint = 0;
        let mut first = true;
        // Checked answers: unknown keys close to a field's name, judged when
        // the object closes (a stand-in for an absent field is `renamed_field`).
        let mut stand_ins: Vec<(usize, RawStr<'a>)> = Vec::new();
        while let Some(key) = self.s.next_key(first, shape.fields.get(hint).map(|f| f.name))? {
            first = false;
            let index = match key {
                Key::Expected => Some(hint),
                Key::Other(raw) => match raw.plain() {
                    Some(k) => shape.find(k),
                    None => shape.find(&raw.decode()),
                },
                // Past the shape's fields: the `else` below.
                Key::Index(i) => usize::try_from(i).ok(),
            };
            let (Some(i), Some(field)) = (index, index.and_then(|i| shape.fields.get(i))) else {
                match key {
                    Key::Other(raw) => match self.stand_in_for(shape, raw) {
                        Some(i) => {
                            stand_ins.push((i, raw));
                            self.s.skip_value()?;
                        }
                        None => self.unknown_field(shape, raw)?,
                    },
                    // A vouched text's index past the shape's fields.
                    Key::Index(_) => return self.s.err("expected a string key"),
                    Key::Expected => {}
                }
                continue;
            };
            hint = i + 1;
            let bit = 1u32 << (i % MAX_FIELDS);
            self.ctx.push(Seg::Key(field.name));
            if seen & bit != 0 {
                self.ctx.report(Rule::DuplicateKey, Params::none);
                self.s.skip_value()?;
            } else {
                seen |= bit;
                let start = self.s.pos();
                // The value's slot written in place: returned and then copied
                // in, it was stored a byte at a time and read back whole (a
                // stalled store, the walk's costliest instruction natively).
                let mut spare = Slot::Absent;
                let products = self.field(field, depth, slots.get_mut(i).unwrap_or(&mut spare))?;
                if let Some(span) = self.spans.as_mut().filter(|_| depth == 0).and_then(|spans| spans.get_mut(i)) {
                    // From the `:` on: the span may start with whitespace.
                    *span = Some((start, self.s.pos()));
                }
                nested_products |= products;
            }
            self.ctx.pop();
        }
        let renamed = self.stand_ins(shape, &slots, &stand_ins);
        for (i, (field, slot)) in shape.fields.iter().zip(slots.iter()).enumerate() {
            if renamed & (1u32 << (i % MAX_FIELDS)) != 0 {
                continue;
            }
            let missing = match slot {
                Slot::Absent => true,
                Slot::Null => !matches!(field.kind, Kind::ArrayOrNull(_)),
                _ => false,
            };
            let required = missing && field.presence != Presence::Optional;
            if self.checked() {
                // The envelope's fields are the spec's (`envelope_field`); it
                // gives no record's field a presence: whatever the tables
                // infer, an absent one is the inferred `answer_field`.
                if depth == 0 {
                    if required {
                        self.ctx.report_at(field.name, Rule::EnvelopeField, Params::none);
                    }
                } else if required || *slot == Slot::Absent {
                    self.ctx.report_at(field.name, Rule::AnswerField, Params::none);
                }
            } else if required {
                self.ctx.report_at(field.name, Rule::Required, Params::none);
            }
        }
        Ok(rules::on_close(shape.role, &slots, nested_products, &mut self.rules, &mut self.ctx))
    }

    /// In a checked answer, the field an unknown key may stand in for: the one
    /// its name is closest to (`rules::suggest`).
    fn stand_in_for(&self, shape: &'static Shape, key: RawStr<'a>) -> Option<usize> {
        if !self.checked() {
            return None;
        }
        let names: Vec<&str> = shape.fields.iter().map(|f| f.name).collect();
        let name = rules::suggest::closest(&key.decode(), &names)?;
        names.iter().position(|n| *n == name)
    }

    /// The stand-ins of a closed object: one for an absent field is
    /// `renamed_field` at the field (the first such key); any other, an unknown
    /// field as usual. Returns the renamed fields' bits.
    fn stand_ins(&mut self, shape: &'static Shape, slots: &[Slot], stand_ins: &[(usize, RawStr<'a>)]) -> u32 {
        let mut renamed = 0u32;
        for &(i, raw) in stand_ins {
            let bit = 1u32 << (i % MAX_FIELDS);
            match shape.fields.get(i) {
                Some(field) if renamed & bit == 0 && slots.get(i) == Some(&Slot::Absent) => {
                    renamed |= bit;
                    self.ctx.report_at(field.name, Rule::RenamedField, || {
                        Params::none().with("found", super::ctx::excerpt(&raw.decode(), 60))
                    });
                }
                _ => self.report_unknown(shape, raw),
            }
        }
        renamed
    }

    fn unknown_field(&mut self, shape: &'static Shape, key: RawStr<'a>) -> Res<()> {
        if self.mode != Mode::Tolerant {
            self.report_unknown(shape, key);
        }
        self.s.skip_value()
    }

    fn report_unknown(&mut self, shape: &'static Shape, key: RawStr<'a>) {
        let seg = match key.plain() {
            Some(k) => Seg::Key(k),
            None => self.ctx.decoded_key(key.decode().into_owned()),
        };
        self.ctx.push(seg);
        self.ctx.report(Rule::UnknownField, || {
            let names: Vec<&str> = shape.fields.iter().map(|f| f.name).collect();
            match rules::suggest::closest(&key.decode(), &names) {
                Some(s) => Params::none().with("suggestion", s),
                None => Params::none(),
            }
        });
        self.ctx.pop();
    }

    /// A known field's value, into `slot`; whether it lists products anywhere in
    /// its merchandise tree. Null counts as absent (but for `children`, where
    /// null is a value); a required string or list must not be blank or empty.
    fn field(&mut self, field: &'static Field, depth: usize, slot: &mut Slot) -> Res<bool> {
        if let Some(products) = self.vouched(&field.kind, slot)? {
            return Ok(products);
        }
        let token = self.s.peek()?;
        if token == Token::Null && !matches!(field.kind, Kind::ArrayOrNull(_)) {
            self.s.literal(token)?;
            *slot = Slot::Null;
            return Ok(false);
        }
        if field.presence != Presence::NonEmpty {
            return self.value(&field.kind, token, depth, slot);
        }
        if token == Token::Str {
            let raw = self.s.string()?;
            let blank = raw.is_blank();
            if blank {
                self.ctx.report(Rule::NonEmpty, Params::none);
            }
            *slot = self.string(&field.kind, raw, blank);
            return Ok(false);
        }
        let products = self.value(&field.kind, token, depth, slot)?;
        if *slot == Slot::Array(0) {
            self.ctx.report(Rule::NonEmpty, Params::none);
        }
        Ok(products)
    }

    /// A value of `kind` (`token`: its type, peeked), into `slot`; whether it
    /// lists products anywhere in its merchandise tree.
    fn value(&mut self, kind: &'static Kind, token: Token, depth: usize, slot: &mut Slot) -> Res<bool> {
        if matches!(kind, Kind::Any) {
            self.s.skip_value()?;
            *slot = Slot::Other;
            return Ok(false);
        }
        *slot = match token {
            Token::Str => {
                let raw = self.s.string()?;
                self.string(kind, raw, raw.is_blank())
            }
            Token::Number => {
                let n = self.s.number()?;
                self.number(kind, n)
            }
            Token::True | Token::False => {
                self.s.literal(token)?;
                if !matches!(kind, Kind::Bool) {
                    self.type_error(expected(kind), "boolean");
                }
                Slot::Bool(token == Token::True)
            }
            Token::Null => {
                self.s.literal(token)?;
                if !matches!(kind, Kind::ArrayOrNull(_)) {
                    self.type_error(expected(kind), "null");
                }
                Slot::Null
            }
            Token::Array => match kind {
                Kind::Array(item) | Kind::ArrayOrNull(item) => return self.array(item, depth, slot),
                _ => {
                    self.type_error(expected(kind), "array");
                    self.s.skip_value()?;
                    Slot::Other
                }
            },
            Token::Object => match kind {
                Kind::Object(shape) => {
                    *slot = Slot::Other;
                    return self.object(shape, depth + 1);
                }
                _ => {
                    self.type_error(expected(kind), "object");
                    self.s.skip_value()?;
                    Slot::Other
                }
            },
        };
        Ok(false)
    }

    /// An array of `item`s, its length into `slot`; whether an item lists products.
    fn array(&mut self, item: &'static Kind, depth: usize, slot: &mut Slot) -> Res<bool> {
        self.s.begin_array()?;
        let mut len = 0;
        let mut products = false;
        // What the rules keep of an array is its length: its items' slots go.
        let mut item_slot = Slot::Absent;
        while self.s.next_item(len == 0)? {
            self.ctx.push(Seg::Index(len));
            products |= match self.vouched(item, &mut item_slot)? {
                Some(products) => products,
                None => {
                    let token = self.s.peek()?;
                    self.value(item, token, depth, &mut item_slot)?
                }
            };
            self.ctx.pop();
            len += 1;
        }
        *slot = Slot::Array(len);
        Ok(products)
    }

    /// A vouched value (`!`) of `kind`, if one is next and the text may hold
    /// them (`Some`: whether it lists products, as [`Walk::value`] says). The
    /// package's fast path wrote it for an object with no issue inside it, or
    /// a string that is not blank and has no issue; its slot is what such a
    /// value leaves (an object; a string, not blank, not an enumeration's). A
    /// merchandise the fast path passed lists products somewhere in its tree
    /// (`leaf_products` holds at every leaf). A vouched asset or product
    /// leaves no facts for its order's rules (`order.rs`), and has none to
    /// leave: the fast path checked it with its order's type. `!` anywhere
    /// else is a syntax error.
    fn vouched(&mut self, kind: &'static Kind, slot: &mut Slot) -> Res<Option<bool>> {
        if !self.s.vouched() {
            return Ok(None);
        }
        let products = match kind {
            Kind::Object(shape) => {
                *slot = Slot::Other;
                shape.role == Role::Merchandise
            }
            Kind::Str | Kind::Format(_) => {
                *slot = Slot::Str { blank: false, variant: NOT_ALLOWED };
                false
            }
            // The scanner's own words for a value it cannot read (one string fewer in the wasm).
            _ => return self.s.err("expected a JSON value"),
        };
        Ok(Some(products))
    }

    /// Checks a string read for a kind (`blank`: whether it is blank, computed
    /// once by the caller).
    fn string(&mut self, kind: &'static Kind, raw: RawStr<'a>, blank: bool) -> Slot {
        let mut variant = NOT_ALLOWED;
        // Where a string belongs (an enumeration's values are whole already).
        let text_field = matches!(kind, Kind::Str | Kind::IntOrStr | Kind::Format(_));
        if text_field && self.mode == Mode::Request && raw.has_lone_surrogate() {
            rules::lone_surrogate::report(&mut self.ctx);
        }
        match kind {
            Kind::Str | Kind::IntOrStr => {}
            Kind::Enum(def) => {
                let value = raw.decode();
                match def.values.iter().position(|v| v.wire == value) {
                    Some(i) => variant = u8::try_from(i).unwrap_or(NOT_ALLOWED),
                    None => rules::enum_value::not_allowed(&value, def, &mut self.ctx),
                }
            }
            Kind::Format(format) => format.def().check(&raw.decode(), &mut self.ctx),
            _ => self.type_error(expected(kind), "string"),
        }
        Slot::Str { blank, variant }
    }

    fn number(&mut self, kind: &'static Kind, n: Number) -> Slot {
        match (kind, n) {
            (Kind::Int | Kind::IntOrStr, Number::Int(v)) => {
                if self.mode != Mode::Request {
                    rules::unsafe_integer::check(v, &mut self.ctx);
                }
            }
            (Kind::IntMin(min), Number::Int(v)) => {
                if v < *min {
                    self.ctx.report(Rule::Minimum, || {
                        Params::none().with("min", super::itoa::signed(*min)).with("value", super::itoa::signed(v))
                    });
                }
            }
            (Kind::IntEnum(def), Number::Int(v)) => {
                if !def.values.iter().any(|x| x.value == v) {
                    rules::enum_value::not_allowed_int(v, def, &mut self.ctx);
                }
            }
            _ => {
                self.type_error(expected(kind), number_name(n));
                // A number where an answer's string belongs (an id) arrives as JS reads it.
                if let (true, Number::Int(v)) = (self.mode != Mode::Request, n) {
                    rules::unsafe_integer::check(v, &mut self.ctx);
                }
            }
        }
        match n {
            Number::Int(v) => Slot::Int(v),
            Number::BigInt | Number::Float => Slot::Other,
        }
    }
}
