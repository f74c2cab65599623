// Surely nothing for rules/email.rs, which checks a non-empty value only: an
// ASCII subset of its check (local part without white space or `@`, at most
// 64; domain labels of letters, digits and inner `-`, at least two of them; the
// whole at most 255).
const EMAIL = /^[\x21-\x3f\x41-\x7e]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
function isEmailOrEmpty(s) {
  return s.length === 0 || (s.length <= 255 && EMAIL.test(s));
}
