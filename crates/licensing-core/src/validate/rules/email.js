// Surely nothing for rules/email.rs, which checks a non-empty value only: one
// `@`; a local part without white space (Rust's, which has U+0085 where JS's
// \s has not; control characters are left to the wasm) of at most 64 bytes; a
// domain of at least two dot-separated labels, each of ASCII letters, digits
// and inner `-`, or of non-ASCII characters but white space, at most 255 bytes.
// Bytes are bounded by UTF-16 units: 3 per unit at most, so a value with
// non-ASCII is taken here only when short enough to prove the bounds.
// The common case first, in one test: an ASCII address (a subset of the above).
const EMAIL_ASCII = /^[\x21-\x3f\x41-\x7e]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const EMAIL_LOCAL = /^(?:[\x21-\x3f\x41-\x7e]|[^\x00-\x7f\s\u0085])+$/u;
const EMAIL_LABEL = /^(?:[A-Za-z0-9]|[^\x00-\x7f\s\u0085])(?:(?:[A-Za-z0-9-]|[^\x00-\x7f\s\u0085])*(?:[A-Za-z0-9]|[^\x00-\x7f\s\u0085]))?$/u;
const ASCII = /^[\x00-\x7f]*$/;
function isEmailOrEmpty(s) {
  if (s.length === 0 || (s.length <= 255 && EMAIL_ASCII.test(s))) return true;
  if (!wellFormed(s)) return false;
  const at = s.indexOf('@');
  if (at <= 0 || at !== s.lastIndexOf('@')) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  const ascii = ASCII.test(s);
  if (local.length > (ascii ? 64 : 21) || domain.length > (ascii ? 255 : 85)) return false;
  if (!EMAIL_LOCAL.test(local)) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => EMAIL_LABEL.test(l));
}
