// A body as the JSON text that crosses into a wasm, read once: the SDK's
// validators and client (js/sdk/src-js/routing.js, api.js) and the outbox's
// writes (js/outbox/src-js/writes.js) send the same text for the same body.

/**
 * `value` as the JSON text that crosses into the wasm, read once (by one
 * JSON.stringify: a getter or a Proxy cannot make what is validated differ
 * from what is sent), with every NaN and ±Infinity written as 0.5 (a number
 * that is no integer: every known field then gets its `type` issue) and
 * `nonFinite`, the JSON Pointers where they were. JSON.stringify alone writes
 * `null` for them, read as absent: a form's unparsable number would be
 * dropped without a word. Throws what JSON.stringify throws (a cycle, a
 * BigInt, a throwing getter or `toJSON`); `undefined` and functions are `null`.
 */
function serialize(value) {
  let mark;
  const text = JSON.stringify(value, function replace(key, v) {
    if (typeof v !== 'number' || v - v === 0) return v;
    // A string no caller writes, found again in the text below: this pass
    // stays as light as a replacer can be (1.7x a plain JSON.stringify, where
    // tracking every object's path was 5x).
    return (mark ??= `\u0000licensing-sdk non-finite ${Math.random()}`);
  }) ?? 'null';
  if (mark === undefined) return { text, nonFinite: [] };
  return { text: text.split(JSON.stringify(mark)).join('0.5'), nonFinite: pointersTo(JSON.parse(text), mark) };
}

/** The JSON Pointers of the places in `root` (parsed JSON) that hold `mark`, in document order. */
function pointersTo(root, mark) {
  const found = [];
  // Depth first by hand: the text can nest deeper than the call stack allows.
  const stack = [[root, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop();
    if (v === mark) found.push(at);
    if (v === null || typeof v !== 'object') continue;
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push([v[keys[i]], `${at}/${keys[i].replace(/~/g, '~0').replace(/\//g, '~1')}`]);
    }
  }
  return found;
}

export { serialize };
