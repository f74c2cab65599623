// The declarations as TypeScript users compile them (tests/ecosystem/typescript/):
// a matrix of small consumer projects, each with its own tsconfig (noEmit,
// strict, skipLibCheck: false), compiled by TypeScript 5.9 and by TypeScript 7
// (the native compiler); and `validate` as an editor sees it, measured with the
// TypeScript 5.9 language service (completions and diagnostics).
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { HERE, run } from './harness.mjs';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const TSC = {
  '5.9': path.join(HERE, 'node_modules/typescript/bin/tsc'),
  // typescript@7 (npm alias typescript7): bin/tsc is a Node launcher of the native compiler.
  '7.0': path.join(HERE, 'node_modules/typescript7/bin/tsc'),
};

// Each cell: a folder of tests/ecosystem/typescript/, and the compilers it runs under.
// - commonjs-node10 / commonjs-node: TypeScript 7 removed `moduleResolution: node10`
//   (and its alias `node`): its tsc stops at TS5108 on the option itself, so these
//   cells are 5.9 only; TypeScript 7's CommonJS cell is commonjs-bundler
//   (`module: commonjs` + `moduleResolution: bundler`, which 5.9 refuses with TS5095).
const BOTH = ['5.9', '7.0'];
const CELLS = [
  ['bundler-preserve', BOTH, 'module preserve + bundler; .ts, .mts, .cts'],
  ['bundler-esnext', BOTH, 'module esnext + bundler; .ts, .mts'],
  ['node16-esm', BOTH, 'node16, "type": "module"; .ts (ESM), .mts, .cts'],
  ['node16-cjs', BOTH, 'node16, "type": "commonjs"; .ts (CJS), .mts, .cts'],
  ['nodenext-esm', BOTH, 'nodenext, "type": "module"; .ts (ESM), .mts, .cts'],
  ['nodenext-cjs', BOTH, 'nodenext, "type": "commonjs"; .ts (CJS), .mts, .cts'],
  ['commonjs-node10', ['5.9'], 'module commonjs + moduleResolution node10; .ts, .cts'],
  ['commonjs-node', ['5.9'], 'module commonjs + moduleResolution node; .ts, .cts'],
  ['commonjs-bundler', ['7.0'], 'module commonjs + moduleResolution bundler; .ts, .cts'],
  ['browser-es2023', BOTH, 'lib es2023 + dom, types [] (no esnext.disposable, no @types/node)'],
  ['disposable-lib', BOTH, 'lib with esnext.disposable, types []: `using client`'],
  ['disposable-node', BOTH, 'lib esnext + @types/node: `using client`, three SymbolConstructor declarations merged'],
];

// The consumer sources the cells compile: one ES module and one CommonJS source
// (typescript/consumers/), copied in before the run; a `.ts` file is whichever
// its package's type makes it. (The disposable and browser cells keep their own.)
const SEEDS = {
  'bundler-preserve': { 'main.ts': 'esm', 'main.mts': 'esm', 'main.cts': 'cjs' },
  'bundler-esnext': { 'main.ts': 'esm', 'main.mts': 'esm' },
  'node16-esm': { 'main.ts': 'esm', 'main.mts': 'esm', 'main.cts': 'cjs' },
  'node16-cjs': { 'main.ts': 'cjs', 'main.mts': 'esm', 'main.cts': 'cjs' },
  'nodenext-esm': { 'main.ts': 'esm', 'main.mts': 'esm', 'main.cts': 'cjs' },
  'nodenext-cjs': { 'main.ts': 'cjs', 'main.mts': 'esm', 'main.cts': 'cjs' },
  'commonjs-node10': { 'main.ts': 'cjs', 'main.cts': 'cjs' },
  'commonjs-node': { 'main.ts': 'cjs', 'main.cts': 'cjs' },
  'commonjs-bundler': { 'main.ts': 'cjs', 'main.cts': 'cjs' },
};
before(() => {
  for (const [cell, files] of Object.entries(SEEDS)) {
    for (const [file, kind] of Object.entries(files)) {
      copyFileSync(path.join(HERE, 'typescript', 'consumers', `${kind}.ts`), path.join(HERE, 'typescript', cell, file));
    }
  }
});

// Two compiles at a time: the machines have two cores.
describe('TypeScript matrix', { concurrency: 2 }, () => {
  for (const [cell, versions, what] of CELLS) {
    for (const version of versions) {
      test(`TypeScript ${version} · ${cell} (${what})`, async () => {
        const dir = path.join(HERE, 'typescript', cell);
        try {
          await run(process.execPath, [TSC[version], '-p', dir, '--pretty', 'false'], { cwd: dir, timeoutMs: 180_000 });
        } catch (err) {
          assert.fail(`cell ${cell} under TypeScript ${version} does not compile:\n${err.message}`);
        }
      });
    }
  }
});

// ---- validate in the editor ---------------------------------------------------------

const FILE = path.join(HERE, 'typescript', '__editor__.ts');
const HEAD = "import { validate, type Endpoint } from 'licensing-sdk';\n";

/** A language service over one in-memory file (`|` marks the cursor); the package as installed. */
function editor(source) {
  const cursor = source.indexOf('|');
  const text = HEAD + source.replace('|', '');
  const options = {
    strict: true, noEmit: true, skipLibCheck: false, target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], types: [],
  };
  const host = {
    getScriptFileNames: () => [FILE],
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      if (f === FILE) return ts.ScriptSnapshot.fromString(text);
      return ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)) : undefined;
    },
    getCurrentDirectory: () => HERE,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === FILE || ts.sys.fileExists(f),
    readFile: (f) => (f === FILE ? text : ts.sys.readFile(f)),
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return {
    completions: () => (service.getCompletionsAtPosition(FILE, HEAD.length + cursor, {})?.entries ?? []).map((e) => e.name),
    diagnostics: () => service.getSemanticDiagnostics(FILE).map((d) => ({
      code: d.code,
      text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      at: text.slice(d.start, d.start + d.length),
    })),
  };
}

/** The enumeration's values as index.d.ts declares them (`export type SyncMode = "sync" | "async";`). */
function enumValues(name) {
  const dts = readFileSync(require.resolve('licensing-sdk/package.json').replace('package.json', 'index.d.ts'), 'utf8');
  const line = dts.split('\n').find((l) => l.startsWith(`export type ${name} = `));
  assert.ok(line, `index.d.ts declares ${name}`);
  return [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

describe('validate in the editor (TypeScript 5.9 language service)', () => {
  test('enum values are completed inside the object literal', () => {
    assert.deepEqual(editor("validate('batchOrder', { syncMode: '|' });").completions().sort(), enumValues('SyncMode').sort());
    const nested = editor("validate('batchOrder', { orderList: [{ licenseType: '|' }] });").completions();
    assert.deepEqual(nested.sort(), enumValues('LicenseType').sort());
  });

  test("field names are completed, the endpoint's own only", () => {
    const fields = editor("validate('batchOrder', { | });").completions();
    assert.deepEqual(fields.sort(), ['channelCode', 'channelOrderId', 'orderList', 'syncMode']);
  });

  test('a wrong enum value is an error at the value naming its type, not `never`', () => {
    const [d, ...rest] = editor("validate('batchOrder', { syncMode: 'SYNC' });").diagnostics();
    assert.equal(rest.length, 0, JSON.stringify(rest));
    assert.equal(d.at, 'syncMode', JSON.stringify(d));
    assert.match(d.text, /'"SYNC"' is not assignable to type 'SyncMode \| null \| undefined'/);
    assert.doesNotMatch(d.text, /never|No overload/);
    const [nested] = editor("validate('batchOrder', { orderList: [{ licenseType: 'cloud' }] });").diagnostics();
    assert.equal(nested.at, 'licenseType');
    assert.match(nested.text, /'"cloud"' is not assignable to type 'LicenseType \| null \| undefined'/);
  });

  test('a misspelled field is an error naming the field', () => {
    const [d] = editor("validate('batchOrder', { channelCod: 'CH' });").diagnostics();
    assert.equal(d.at, 'channelCod');
    assert.match(d.text, /'channelCod' does not exist in type 'BatchOrderRequest'/);
  });

  test('untyped input: unknown, any (JSON.parse), a typed body, an endpoint name cast from string', () => {
    const source = [
      "const parsed: unknown = JSON.parse('{}');",
      "validate('shellNums', parsed);",
      "validate('batchOrder', JSON.parse('{}'));",
      "const name: string = 'shellNums';",
      'validate(name as Endpoint, parsed);',
      "validate('shellNums', { size: 1 }, { locale: 'zh-CN' });",
      "validate('batchOrder', { syncMode: null, orderList: [{ customerType: null }] });",
    ].join('\n');
    assert.deepEqual(editor(source).diagnostics(), []);
  });

  test('an endpoint name that is not one is an error at the name', () => {
    const [d] = editor("validate('batchorder', {});").diagnostics();
    assert.equal(d.at, "'batchorder'");
  });
});
