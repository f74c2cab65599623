// Where a wasm's bytes go, function by function, against another build of it:
//   node scripts/wasm-bytes.mjs BASE.wasm HEAD.wasm [--top N]
// prints each section's size in both, then the functions whose body grew,
// shrank, came or went, largest change first (names from the name section:
// build with names kept, as `make wasm-bytes` does). For "the validation-only
// wasm grew past its budget: what took the bytes?" (CONTRIBUTING, "Finding a
// wasm's bytes"). Hand-written over the binary format's outer layer
// (./wasm-sections.mjs) rather than twiggy: a second tool to install for a
// hundred lines.
import { readFileSync } from 'node:fs';
import { readLeb, wasmSections } from './wasm-sections.mjs';

const SECTION_NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count'];

/** A name (a LEB128 length, then UTF-8): `[text, the offset after it]`. */
function readName(bytes, at) {
  const [length, start] = readLeb(bytes, at);
  return [new TextDecoder().decode(bytes.subarray(start, start + length)), start + length];
}

/** The number of imported functions (they come first in the function index space). */
function importedFunctions(bytes, section) {
  let [count, at] = readLeb(bytes, section.start);
  let functions = 0;
  for (; count > 0; count--) {
    [, at] = readName(bytes, at); // module
    [, at] = readName(bytes, at); // field
    const kind = bytes[at++];
    if (kind === 0) {
      functions++;
      [, at] = readLeb(bytes, at);
    } else if (kind === 1) {
      at += 1; // the table's element type
      const flags = bytes[at++];
      [, at] = readLeb(bytes, at);
      if (flags & 1) [, at] = readLeb(bytes, at);
    } else if (kind === 2) {
      const flags = bytes[at++];
      [, at] = readLeb(bytes, at);
      if (flags & 1) [, at] = readLeb(bytes, at);
    } else if (kind === 3) {
      at += 2; // the global's type and mutability
    } else {
      throw new Error(`an import of kind ${kind}, which this reader does not know`);
    }
  }
  return functions;
}

/** The function names of the name section (subsection 1), by function index. */
function functionNames(bytes, section) {
  const names = new Map();
  let [name, at] = readName(bytes, section.start);
  if (name !== 'name') return names;
  while (at < section.end) {
    const id = bytes[at];
    const [size, start] = readLeb(bytes, at + 1);
    if (id === 1) {
      let [count, p] = readLeb(bytes, start);
      for (; count > 0; count--) {
        let index;
        [index, p] = readLeb(bytes, p);
        [name, p] = readName(bytes, p);
        names.set(index, name);
      }
    }
    at = start + size;
  }
  return names;
}

/**
 * What a wasm module's bytes are: `{ sections: Map(name → bytes), functions:
 * Map(name → body bytes), named }` (a function without a name is `#INDEX`;
 * two of one name add up).
 */
export function wasmBytes(bytes) {
  const sections = new Map();
  let imported = 0;
  let code;
  let names = new Map();
  for (const section of wasmSections(bytes)) {
    const label = section.id === 0 ? `custom ${readName(bytes, section.start)[0]}` : SECTION_NAMES[section.id] ?? `section ${section.id}`;
    sections.set(label, (sections.get(label) ?? 0) + (section.end - section.at));
    if (section.id === 2) imported = importedFunctions(bytes, section);
    if (section.id === 10) code = section;
    if (section.id === 0 && label === 'custom name') names = functionNames(bytes, section);
  }
  const functions = new Map();
  if (code !== undefined) {
    let [count, at] = readLeb(bytes, code.start);
    for (let i = 0; i < count; i++) {
      const [size, start] = readLeb(bytes, at);
      const index = imported + i;
      const name = names.has(index) ? readable(names.get(index)) : `#${index}`;
      functions.set(name, (functions.get(name) ?? 0) + (start + size - at));
      at = start + size;
    }
  }
  return { sections, functions, named: names.size > 0 };
}

/**
 * A Rust function's name as its path (`licensing_core::validate::walk::Walk::object`):
 * without the hash that differs from build to build, whether the name section
 * holds it demangled (`…::object::h0123456789abcdef`, what rustc writes with
 * legacy symbols) or mangled (`_ZN14licensing_core…6object17h…E`); any other
 * name as it is.
 */
export function readable(symbol) {
  if (!symbol.startsWith('_ZN') || !symbol.endsWith('E')) return symbol.replace(/::h[0-9a-f]{16}$/, '');
  const parts = [];
  for (let at = 3; at < symbol.length - 1;) {
    const digits = /^\d+/.exec(symbol.slice(at))?.[0];
    if (digits === undefined) return symbol;
    at += digits.length;
    parts.push(symbol.slice(at, at + Number(digits)));
    at += Number(digits);
  }
  if (/^h[0-9a-f]{16}$/.test(parts.at(-1) ?? '')) parts.pop();
  const escapes = { $LT$: '<', $GT$: '>', $RF$: '&', $BP$: '*', $C$: ',', $u20$: ' ', $u27$: "'", $u5b$: '[', $u5d$: ']', $u7b$: '{', $u7d$: '}', $u3b$: ';', $u2b$: '+', $u22$: '"' };
  return parts.map((p) => p.replace(/\$[A-Za-z0-9]+\$/g, (e) => escapes[e] ?? e).replaceAll('..', '::')).join('::');
}

/** The lines of the comparison of `base` with `head` (`wasmBytes` of each). */
export function compare(base, head, top = 40) {
  const lines = [];
  const row = (what, a, b) => `${String(a).padStart(9)} ${String(b).padStart(9)} ${(b - a >= 0 ? '+' : '') + (b - a)}`.padEnd(32) + what;
  lines.push(`${'base'.padStart(9)} ${'head'.padStart(9)} change   section`);
  const total = (m) => [...m.values()].reduce((sum, n) => sum + n, 0);
  for (const name of new Set([...base.sections.keys(), ...head.sections.keys()])) {
    lines.push(row(name, base.sections.get(name) ?? 0, head.sections.get(name) ?? 0));
  }
  lines.push(row('the whole module', total(base.sections), total(head.sections)));
  if (!base.named || !head.named) lines.push('(no function names in one of them: build with names kept, as make wasm-bytes does)');
  const changes = [];
  for (const name of new Set([...base.functions.keys(), ...head.functions.keys()])) {
    const a = base.functions.get(name) ?? 0;
    const b = head.functions.get(name) ?? 0;
    if (a !== b) changes.push({ name, a, b });
  }
  changes.sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a) || (x.name < y.name ? -1 : 1));
  lines.push('', `${'base'.padStart(9)} ${'head'.padStart(9)} change   function (${changes.length} changed; the ${Math.min(top, changes.length)} largest changes)`);
  for (const { name, a, b } of changes.slice(0, top)) {
    lines.push(row(a === 0 ? `${name} (new)` : b === 0 ? `${name} (gone)` : name, a, b));
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt === -1 ? 40 : Number(args.splice(topAt, 2)[1]);
  if (args.length !== 2 || !Number.isInteger(top) || top < 1) {
    console.error('usage: node scripts/wasm-bytes.mjs BASE.wasm HEAD.wasm [--top N]');
    process.exit(2);
  }
  const [base, head] = args.map((file) => wasmBytes(readFileSync(file)));
  for (const line of compare(base, head, top)) console.log(line);
}
