// The portal's validation profile (the "Rules" select next to the language):
// which issues are errors, for the forms and for what the client refuses to send.
// `spec`: only what the service spec states; `recommended`: also the SDK's
// inferences (the default); `strict`: also unknown fields.

export const PROFILES = ['spec', 'recommended', 'strict'];

let current = 'recommended';
const listeners = [];

export function rulesProfile() {
  return current;
}

export function setRulesProfile(next) {
  current = PROFILES.includes(next) ? next : 'recommended';
  for (const fn of listeners) fn(current);
}

export function onRulesChange(fn) {
  listeners.push(fn);
}
