// Builds the package's JavaScript into pkg/ (scripts/build-pkg.sh runs it once
// the wasm is built): every module it ships, the CommonJS declarations, and
// package.json's exports map, all from the two tables below.
//
//   js/sdk/        the main entries' wing, whole: the SDK's wasm crate (Cargo.toml,
//                  src/, its wasm-bindgen-test suites in tests/bindings/), its JavaScript
//                  (src-js/: the API, routing, the client, the fast path, ...), its
//                  entries (entries/: one small file per shipped module) and its
//                  hand-written declarations (and the hand-written parts of the generated ones)
//   js/shared/     what the wings share: the wasm loader (load.js, printable.js), the
//                  watchers' events (events.js), the commands' argument and HTTP
//                  helpers (cli/); js/bin/ the two CLIs
//   js/generated/  ES modules and declarations written by `cargo xtask gen` from the
//                  Rust tables (committed)
//   js/outbox/     licensing-sdk/outbox's wing, whole: its wasm crate (Cargo.toml,
//                  src/), its JavaScript (src-js/), entries, declarations and tests
//   js/testing/    licensing-sdk/testing's and /playwright's wing: the simulator's wasm
//                  crate, createSimulator, openSession, the virtual clock and the
//                  fixtures (src-js/), entries, declarations and tests
//   js/verify/     the commands' wing (verify, proxy, state): licensing-verify's
//                  wasm crate, the commands and the state readers (src-js/), its entry, its tests
//   contract/      the OpenAPI documents and JSON Schemas `cargo xtask gen` writes (committed)
//   target/bind/   wasm-bindgen's output (scripts/build-pkg.sh), never shipped
//   target/js/     this build's inputs made from wasm-bindgen's output: the glue
//                  factories and the wasms as text (imported as `#built/…`)
//   pkg/           what ships, all of it built here (git-ignored)
//
// Each shipped module is one esbuild bundle of its entry. A sibling it names as
// `./x` (`external` below) stays a module of its own in pkg/: node.mjs re-exports
// node.cjs, so a process that imports the package both ways has one instance.
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { toPrintable } from '../js/shared/printable.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JS = path.join(ROOT, 'js');
const PKG = path.join(ROOT, 'pkg');
const BUILT = path.join(ROOT, 'target', 'js');
const requireHere = createRequire(import.meta.url);

/**
 * Every module the package ships (its path in pkg/): its entry in js/, its
 * format, the siblings in pkg/ it loads (`external`), and the peer dependencies
 * it imports from the user's own install (`peers`, never bundled: Playwright's
 * runner must find its own `test`). `minify` for the
 * browser entries whose bytes a page pays for (with a source map); the others
 * stay readable (testers step through them). `sideEffects`: running the module
 * does work (it makes the wasm's instance or checks the page's CSP).
 *
 * A Node ES module over a CommonJS one (`over`: `import` and `require` then
 * share one instance, and one `LicensingClient` class) has no entry file: the
 * build writes it, `import sdk from './x.cjs'` and the names spelled
 * (`reexportsOf`), because webpack reads a `.mjs` strictly and takes only the
 * default export of CommonJS (Next.js's server build). The names are the
 * CommonJS module's own, read from it as built (it comes first in the table).
 */
export const MODULES = {
  'index.js': { entry: 'sdk/entries/index.js', format: 'esm', minify: true, sideEffects: true },
  'slim.js': { entry: 'sdk/entries/slim.js', format: 'esm', minify: true, sideEffects: true },
  'node.cjs': { entry: 'sdk/entries/node-require.js', format: 'cjs', platform: 'node', sideEffects: true },
  'node.mjs': { over: './node.cjs', format: 'esm', sideEffects: true },
  'workerd.mjs': { entry: 'sdk/entries/workerd.mjs', format: 'esm', external: ['./web/licensing_sdk_bg.wasm'], sideEffects: true },
  'validate.js': { entry: 'sdk/entries/validate.js', format: 'esm', minify: true, sideEffects: true },
  'validate-slim.js': { entry: 'sdk/entries/validate-slim.js', format: 'esm', minify: true, sideEffects: true },
  'validate.cjs': { entry: 'sdk/entries/validate-require.js', format: 'cjs', platform: 'node', sideEffects: true },
  'validate-node.mjs': { over: './validate.cjs', format: 'esm', sideEffects: true },
  'validate-workerd.mjs': { entry: 'sdk/entries/validate-workerd.mjs', format: 'esm', external: ['./validate/licensing_sdk_bg.wasm'], sideEffects: true },
  'meta.mjs': { entry: 'sdk/entries/meta.js', format: 'esm' },
  'meta.cjs': { entry: 'sdk/entries/meta.js', format: 'cjs' },
  'query.mjs': { entry: 'sdk/entries/query.js', format: 'esm' },
  'query.cjs': { entry: 'sdk/entries/query.js', format: 'cjs' },
  'panel.mjs': { entry: 'sdk/entries/panel.js', format: 'esm', minify: true, sideEffects: true },
  'panel.cjs': { entry: 'sdk/entries/panel.js', format: 'cjs', sideEffects: true },
  'panel-off.mjs': { entry: 'sdk/entries/panel-off.js', format: 'esm', minify: true },
  'panel-off.cjs': { entry: 'sdk/entries/panel-off.js', format: 'cjs' },
  'opentelemetry.mjs': { entry: 'sdk/entries/opentelemetry.js', format: 'esm', peers: ['@opentelemetry/api'] },
  'opentelemetry.cjs': { entry: 'sdk/entries/opentelemetry.js', format: 'cjs', peers: ['@opentelemetry/api'] },
  'testing.mjs': { entry: 'testing/entries/testing.mjs', format: 'esm' },
  'testing.cjs': { entry: 'testing/entries/testing.cjs', format: 'cjs', platform: 'node', external: ['./verify.cjs'] },
  'testing-node.mjs': { over: './testing.cjs', format: 'esm' },
  'testing-workerd.mjs': { entry: 'testing/entries/testing-workerd.mjs', format: 'esm', external: ['./testing/licensing_testing_wasm_bg.wasm'] },
  'json-schema.js': { entry: 'sdk/entries/json-schema.js', format: 'esm', external: ['./index.js'] },
  'json-schema-node.cjs': { entry: 'sdk/entries/json-schema-node.cjs', format: 'cjs', platform: 'node', external: ['./node.cjs'] },
  'json-schema-node.mjs': { over: './json-schema-node.cjs', format: 'esm' },
  'json-schema-workerd.mjs': { entry: 'sdk/entries/json-schema-workerd.mjs', format: 'esm', external: ['./workerd.mjs'] },
  'verify.cjs': { entry: 'verify/entries/verify.cjs', format: 'cjs', platform: 'node' },
  'outbox.mjs': { entry: 'outbox/entries/outbox.js', format: 'esm', minify: true },
  'outbox.cjs': { entry: 'outbox/entries/outbox-require.js', format: 'cjs', platform: 'node' },
  'outbox-node.mjs': { over: './outbox.cjs', format: 'esm', platform: 'node' },
  'playwright.cjs': { entry: 'testing/entries/playwright.cjs', format: 'cjs', platform: 'node', external: ['./testing.cjs'], peers: ['@playwright/test'] },
  'playwright.mjs': { entry: 'testing/entries/playwright.mjs', format: 'esm', platform: 'node', external: ['./playwright.cjs'] },
  'bin/licensing-sdk-sim.mjs': { entry: 'bin/licensing-sdk-sim.mjs', format: 'esm', platform: 'node', external: ['../testing-node.mjs', '../verify.cjs'] },
  'bin/licensing-sdk.mjs': { entry: 'bin/licensing-sdk.mjs', format: 'esm', platform: 'node', external: ['../verify.cjs'] },
};

/**
 * The exports map: each subpath, the declarations its modules share (`types`:
 * NAME.d.ts for an ES module, NAME.d.cts for a CommonJS one), and its conditions
 * in the order they are tried, each naming a module of MODULES.
 */
export const SUBPATHS = {
  '.': { types: 'index', workerd: 'workerd.mjs', node: { import: 'node.mjs', require: 'node.cjs' }, default: 'index.js' },
  './slim': { types: 'index', default: 'slim.js' },
  './validate': { types: 'validate', workerd: 'validate-workerd.mjs', node: { import: 'validate-node.mjs', require: 'validate.cjs' }, default: 'validate.js' },
  './validate/slim': { types: 'validate', default: 'validate-slim.js' },
  './meta': { types: 'meta', import: 'meta.mjs', require: 'meta.cjs' },
  './query': { types: 'query', import: 'query.mjs', require: 'query.cjs' },
  './panel': { types: 'panel', production: { import: 'panel-off.mjs', require: 'panel-off.cjs' }, import: 'panel.mjs', require: 'panel.cjs' },
  './opentelemetry': { types: 'opentelemetry', import: 'opentelemetry.mjs', require: 'opentelemetry.cjs' },
  './outbox': { types: 'outbox', node: { import: 'outbox-node.mjs', require: 'outbox.cjs' }, default: 'outbox.mjs' },
  './testing': { types: 'testing', workerd: 'testing-workerd.mjs', node: { import: 'testing-node.mjs', require: 'testing.cjs' }, default: 'testing.mjs' },
  './playwright': { types: 'playwright', import: 'playwright.mjs', require: 'playwright.cjs' },
  './json-schema': {
    types: 'json-schema', workerd: 'json-schema-workerd.mjs', node: { import: 'json-schema-node.mjs', require: 'json-schema-node.cjs' }, default: 'json-schema.js',
  },
};

/** Declarations that subpaths' declarations import (testing.d.ts names invalid-examples.js and sim-state.js). */
const IMPORTED_TYPES = ['invalid-examples', 'sim-state'];

/** Every declaration file's name (NAME.d.ts and its twin NAME.d.cts), once each. */
const TYPE_NAMES = [...new Set([...Object.values(SUBPATHS).map((s) => s.types), ...IMPORTED_TYPES])];

/** Files that ship as they are (the wasm built into pkg/, the documents copied from contract/). */
const ASSETS = [
  'openapi.json', 'schemas/', 'web/licensing_sdk_bg.wasm', 'validate/licensing_sdk_bg.wasm', 'testing/licensing_testing_wasm_bg.wasm',
  'verify/licensing_verify_wasm_bg.wasm',
];

/** The contract's documents, copied whole into pkg/ (`cargo xtask gen` writes them into contract/). */
const CONTRACT = ['openapi.json', 'schemas/'];

/** Copied into pkg/ from the repository: the npm page, both licence texts, the declarations. */
export const COPIED = {
  'README.md': 'js/README.md',
  'LICENSE-MIT': 'LICENSE-MIT',
  'LICENSE-APACHE': 'LICENSE-APACHE',
  'index.d.ts': 'js/generated/index.d.ts',
  'meta.d.ts': 'js/generated/meta.d.ts',
  'invalid-examples.d.ts': 'js/generated/invalid-examples.d.ts',
  'sim-state.d.ts': 'js/generated/sim-state.d.ts',
  'testing.d.ts': 'js/testing/testing.d.ts',
  'json-schema.d.ts': 'js/sdk/json-schema.d.ts',
  'query.d.ts': 'js/sdk/query.d.ts',
  'opentelemetry.d.ts': 'js/sdk/opentelemetry.d.ts',
  'panel.d.ts': 'js/sdk/panel.d.ts',
  'validate.d.ts': 'js/sdk/validate.d.ts',
  'outbox.d.ts': 'js/outbox/outbox.d.ts',
  'playwright.d.ts': 'js/testing/playwright.d.ts',
  // The built-in message catalogues, for translators to start from (`cargo xtask gen`).
  'messages/en.json': 'js/generated/messages/en.json',
  'messages/zh-CN.json': 'js/generated/messages/zh-CN.json',
};

/** `#built/NAME` resolves to target/js/NAME: what this build makes from wasm-bindgen's output. */
const builtInputs = {
  name: 'built-inputs',
  setup(build) {
    build.onResolve({ filter: /^#built\// }, (args) => ({ path: path.join(BUILT, args.path.slice('#built/'.length)) }));
  },
};

/** A module's siblings in pkg/, left as imports of their own. */
const siblings = (names) => ({
  name: 'siblings',
  setup(build) {
    for (const name of names) {
      const filter = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      build.onResolve({ filter }, () => ({ path: name, external: true }));
    }
  },
});

/** The sibling modules a module loads: its `external`, and what a written re-export is over. */
export const siblingsOf = (m) => [...(m.external ?? []), ...(m.over ? [m.over] : [])];

/**
 * The entry of a Node ES module the build writes (`over` in MODULES): the
 * CommonJS sibling's exports, by name.
 */
const reexportsOf = (out, m) => ({
  name: 'written-reexports',
  setup(build) {
    build.onResolve({ filter: /^written-reexport:/ }, (args) => ({ path: args.path, namespace: 'written-reexport' }));
    build.onLoad({ filter: /.*/, namespace: 'written-reexport' }, async () => {
      // A fresh require of the module as built (a rebuild in this process reads it again).
      const built = path.join(PKG, path.dirname(out), m.over);
      delete requireHere.cache[requireHere.resolve(built)];
      const names = Object.keys(requireHere(built));
      if (names.length === 0) throw new Error(`${out}: pkg/${m.over} exports nothing (is it built before ${out}?)`);
      return { contents: `import sdk from '${m.over}';\nexport const { ${names.join(', ')} } = sdk;\n`, loader: 'js', resolveDir: path.join(PKG, path.dirname(out)) };
    });
  },
});

/** The esbuild options of one shipped module. */
export function moduleOptions(out, outfile = path.join(PKG, out)) {
  const m = MODULES[out];
  const source = m.over ? `the exports of ${m.over}` : `js/${m.entry}`;
  return {
    bundle: true,
    format: m.format,
    platform: m.platform ?? 'browser',
    target: m.platform === 'node' ? 'node18' : 'es2022',
    legalComments: 'none',
    logLevel: 'warning',
    minify: Boolean(m.minify),
    sourcemap: Boolean(m.minify),
    entryPoints: [m.over ? `written-reexport:${out}` : path.join(JS, m.entry)],
    external: m.peers ?? [],
    outfile,
    banner: { js: `// licensing-sdk ${out}: built by scripts/build-js.mjs from ${source}; edit the sources in js/.` },
    plugins: [builtInputs, siblings(siblingsOf(m)), ...(m.over ? [reexportsOf(out, m)] : [])],
  };
}

/** `export default` of a string, as an ES module. */
const stringModule = (what, text) => `// @generated by scripts/build-js.mjs: ${what}.\nexport default ${JSON.stringify(text)};\n`;

/**
 * The CommonJS twin of an ES declaration file: the same text with each relative
 * `./x.js` module specifier (found in the syntax tree, in imports, exports and
 * `import()` types) naming `./x.cjs`, so that TypeScript reads `./x.d.cts`
 * (a .d.cts that imports an ES module's declarations is an error, TS1479).
 */
export function cjsDeclarations(text, fileName) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const specifiers = [];
  const visit = (node) => {
    const spec = ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ? node.moduleSpecifier
      : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined;
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('./') && spec.text.endsWith('.js')) specifiers.push(spec);
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = text;
  for (const spec of specifiers.reverse()) {
    const start = spec.getStart(source) + 1;
    const end = spec.getEnd() - 1;
    out = `${out.slice(0, start)}${spec.text.slice(0, -'.js'.length)}.cjs${out.slice(end)}`;
  }
  return out;
}

/** A subpath's condition tree with each module as `{ types, default }`. */
function conditions(tree, types) {
  const out = {};
  for (const [key, value] of Object.entries(tree)) {
    if (key === 'types') continue;
    if (typeof value === 'string') {
      const m = MODULES[value];
      if (!m) throw new Error(`SUBPATHS names ${value}, which is not in MODULES`);
      out[key] = { types: `./${types}.${m.format === 'cjs' ? 'd.cts' : 'd.ts'}`, default: `./${value}` };
    } else {
      out[key] = conditions(value, types);
    }
  }
  return out;
}

/**
 * The project's address, from Cargo.toml's [workspace.package] (one place for the
 * crates and the package): `repository` and `homepage`.
 */
export function project() {
  const cargo = readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8');
  const section = cargo.slice(cargo.indexOf('[workspace.package]'));
  const field = (name) => new RegExp(`^${name} = "([^"]+)"`, 'm').exec(section)?.[1];
  const repository = field('repository');
  const version = field('version');
  if (!repository || !version) throw new Error('Cargo.toml: [workspace.package] has no repository or version');
  return { repository, homepage: field('homepage') ?? repository, version };
}

/**
 * js/README.md as the npm page shows it: its links into the repository
 * (`../docs/guide/forms.md`) made absolute, since npm shows the file alone.
 */
export function npmReadme(text, repository) {
  return text.replace(/\]\(\.\.\/([^)#\s]*)(#[^)\s]*)?\)/g, (_, file, anchor = '') => {
    const kind = file === '' || file.endsWith('/') ? 'tree' : 'blob';
    return `](${repository}/${kind}/main/${file}${anchor})`;
  });
}

/** pkg/package.json: js/package.json with what this build decides (entry points, exports, files). */
export function packageJson() {
  const source = JSON.parse(readFileSync(path.join(JS, 'package.json'), 'utf8'));
  const { repository, homepage, version } = project();
  if (source.version !== version) throw new Error(`js/package.json's version ${source.version} is not Cargo.toml's ${version} (scripts/bump-version.mjs moves both)`);
  const outs = Object.keys(MODULES);
  const files = [
    ...Object.keys(COPIED).filter((f) => !f.endsWith('.d.ts')),
    ...outs.flatMap((out) => (MODULES[out].minify ? [out, `${out}.map`] : [out])),
    ...TYPE_NAMES.flatMap((t) => [`${t}.d.ts`, `${t}.d.cts`]),
    ...ASSETS,
  ];
  const exports = {};
  for (const [subpath, tree] of Object.entries(SUBPATHS)) exports[subpath] = conditions(tree, tree.types);
  exports['./openapi.json'] = './openapi.json';
  exports['./schemas/*.json'] = './schemas/*.json';
  exports['./messages/*.json'] = './messages/*.json';
  exports['./package.json'] = './package.json';
  const root = SUBPATHS['.'];
  return {
    ...source,
    repository: { type: 'git', url: `git+${repository}.git` },
    homepage,
    bugs: { url: `${repository}/issues` },
    main: `./${root.node.require}`,
    module: `./${root.default}`,
    types: `./${root.types}.d.ts`,
    exports,
    files,
    sideEffects: outs.filter((out) => MODULES[out].sideEffects).map((out) => `./${out}`),
    // TypeScript's node10 resolution reads no `exports`: each subpath's declarations by name.
    typesVersions: {
      '*': Object.fromEntries(Object.entries(SUBPATHS).filter(([s]) => s !== '.').map(([s, t]) => [s.slice(2), [`./${t.types}.d.ts`]])),
    },
  };
}

async function main() {
  mkdirSync(BUILT, { recursive: true });
  // The glue factories, and the wasms as text: printable text for the browser
  // entries (js/shared/printable.js: gzip finds the wasm's repeats in it as in the
  // wasm, 68.4 KB against 75.0 KB for hexadecimal), hexadecimal for the Node
  // ones (Buffer decodes it natively; no download to save).
  const glues = [
    ['target/bind/web/licensing_sdk.js', 'glue.js'],
    ['target/bind/validate/licensing_sdk.js', 'validate-glue.js'],
    ['target/bind/testing/licensing_testing_wasm.js', 'testing-glue.js'],
    ['target/bind/verify/licensing_verify_wasm.js', 'verify-glue.js'],
    ['target/bind/outbox/licensing_outbox_wasm.js', 'outbox-glue.js'],
  ];
  for (const [glue, out] of glues) {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/glue-factory.mjs'), path.join(ROOT, glue), path.join(BUILT, out)], { stdio: 'inherit' });
  }
  // The outbox's wasm ships inside its modules only (no .wasm file in pkg/).
  const wasmPath = (wasm) => (wasm.startsWith('outbox/') ? path.join(ROOT, 'target/bind', wasm) : path.join(PKG, wasm));
  for (const [wasm, out] of [['web/licensing_sdk_bg.wasm', 'wasm-hex.js'], ['validate/licensing_sdk_bg.wasm', 'validate-hex.js'], ['testing/licensing_testing_wasm_bg.wasm', 'testing-hex.js'],
    ['outbox/licensing_outbox_wasm_bg.wasm', 'outbox-hex.js']]) {
    writeFileSync(path.join(BUILT, out), stringModule(`${wasm} in hexadecimal`, readFileSync(wasmPath(wasm)).toString('hex')));
  }
  for (const [wasm, out] of [['web/licensing_sdk_bg.wasm', 'wasm-printable.js'], ['validate/licensing_sdk_bg.wasm', 'validate-printable.js'],
    ['outbox/licensing_outbox_wasm_bg.wasm', 'outbox-printable.js']]) {
    writeFileSync(path.join(BUILT, out), stringModule(`${wasm} as printable text (js/shared/printable.js)`, toPrintable(readFileSync(wasmPath(wasm)))));
  }

  for (const out of Object.keys(MODULES)) await esbuild.build(moduleOptions(out));
  // Every sibling a module loads is in pkg/.
  for (const [out, m] of Object.entries(MODULES)) {
    for (const name of siblingsOf(m)) {
      if (!existsSync(path.join(PKG, path.dirname(out), name))) throw new Error(`pkg/${out} loads ${name}, which pkg/ does not have`);
    }
  }

  for (const [to, from] of Object.entries(COPIED)) {
    mkdirSync(path.dirname(path.join(PKG, to)), { recursive: true });
    copyFileSync(path.join(ROOT, from), path.join(PKG, to));
  }
  for (const doc of CONTRACT) {
    rmSync(path.join(PKG, doc), { recursive: true, force: true });
    cpSync(path.join(ROOT, 'contract', doc), path.join(PKG, doc), { recursive: true });
  }
  writeFileSync(path.join(PKG, 'README.md'), npmReadme(readFileSync(path.join(ROOT, COPIED['README.md']), 'utf8'), project().repository));
  for (const t of TYPE_NAMES) {
    const file = path.join(PKG, `${t}.d.ts`);
    writeFileSync(path.join(PKG, `${t}.d.cts`), cjsDeclarations(readFileSync(file, 'utf8'), file));
  }
  writeFileSync(path.join(PKG, 'package.json'), `${JSON.stringify(packageJson(), null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
