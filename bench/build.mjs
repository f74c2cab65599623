// Builds what the benchmark loads and measures, into bench/build/:
// - ajv-validate.mjs: the batch order schema compiled by ajv to standalone ESM code
//   (ajv/dist/standalone), the validator the Node and browser runs time;
// - ajv-plain-validate.mjs: the same without the lone-surrogate keyword, as ajv's users
//   usually write it (peers/ajv-schema.mjs, schemaWithoutSurrogateTest);
// - ajv-standalone.bundle.js, ajv-plain.bundle.js: those validators bundled by esbuild
//   (minified, browser, esm);
// - ajv-runtime.bundle.js: ajv itself + the schema, compiled when loaded;
// - zod.bundle.js: zod + our zod schema;
// - valibot.bundle.js: valibot + our valibot schema;
// - licensing_sdk.min.js: our JS glue minified the same way (size only);
// - cold-steps.bundle.js: the default entry's parts (the glue, the validators, the
//   wasm as printable text and its decoder) as one module whose steps a cold page
//   times one by one (browser/cold.mjs, `ours-steps`);
// - fast-check-without-surrogate-test.mjs: js/generated/fast-check.js with its test for
//   half of a character turned off (what that test costs, for the steps);
// - check-batch.bundle.js: the package's order-by-order pass, its vouched text and its
//   serializer (js/sdk/src-js/fast-path.js's checkBatch, routing.js's vouchedText,
//   js/shared/serialize.js's serialize), and
//   the generated fast path with and without that test, for the browser's step timings.
// Run alone: node build.mjs

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import * as esbuild from 'esbuild';
import { AJV_OPTIONS, addKeywords, schema, schemaWithoutSurrogateTest } from './peers/ajv-schema.mjs';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const BUILD_DIR = join(BENCH_DIR, 'build');
export const PKG_DIR = process.env.BENCH_PKG_DIR || join(BENCH_DIR, '..', 'pkg');
/** wasm-bindgen's output beside the wasm (the glue as generated), where scripts/build-pkg.sh keeps it. */
export const BIND_DIR = join(BENCH_DIR, '..', 'target', 'bind');

const GENERATED_FAST_CHECK = join(BENCH_DIR, '..', 'js', 'generated', 'fast-check.js');
const FAST_CHECK_WITHOUT_SURROGATE_TEST = join(BUILD_DIR, 'fast-check-without-surrogate-test.mjs');

/**
 * The generated fast path with its lone-surrogate test answering true for every
 * string: not a validator (it passes half of a character), only a measure of
 * what that test costs the fast path, beside ajv without the surrogate keyword.
 */
function fastCheckWithoutSurrogateTest() {
  const source = readFileSync(GENERATED_FAST_CHECK, 'utf8');
  const line = /^const wellFormed = .*;$/m;
  if (!line.test(source)) throw new Error('js/generated/fast-check.js has no `const wellFormed = …;` line to turn off');
  return source.replace(line, 'const wellFormed = () => true; // turned off by bench/build.mjs: a measure, not a validator');
}

export const BUNDLES = {
  ajvStandalone: join(BUILD_DIR, 'ajv-standalone.bundle.js'),
  ajvPlain: join(BUILD_DIR, 'ajv-plain.bundle.js'),
  ajvRuntime: join(BUILD_DIR, 'ajv-runtime.bundle.js'),
  zod: join(BUILD_DIR, 'zod.bundle.js'),
  valibot: join(BUILD_DIR, 'valibot.bundle.js'),
  checkBatch: join(BUILD_DIR, 'check-batch.bundle.js'),
  coldSteps: join(BUILD_DIR, 'cold-steps.bundle.js'),
};

/** The package's JavaScript and the build's generated modules (scripts/build-js.mjs writes target/js/). */
const JS_DIR = join(BENCH_DIR, '..', 'js');
const BUILT_DIR = join(BENCH_DIR, '..', 'target', 'js');

/** The ajv validator of the batch order schema (or of `of`) as standalone ESM source. */
export function ajvStandaloneSource(of = schema) {
  const ajv = addKeywords(new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } }));
  const validate = ajv.compile(of);
  return standaloneCode(ajv, validate);
}

export async function build({ quiet = false } = {}) {
  mkdirSync(BUILD_DIR, { recursive: true });
  const standalone = join(BUILD_DIR, 'ajv-validate.mjs');
  writeFileSync(standalone, ajvStandaloneSource());
  const plain = join(BUILD_DIR, 'ajv-plain-validate.mjs');
  writeFileSync(plain, ajvStandaloneSource(schemaWithoutSurrogateTest));
  writeFileSync(FAST_CHECK_WITHOUT_SURROGATE_TEST, fastCheckWithoutSurrogateTest());

  const common = { bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: true, logLevel: 'warning', legalComments: 'none' };
  const entries = {
    ajvStandalone: `export { default as validate } from ${JSON.stringify(standalone)};`,
    ajvPlain: `export { default as validate } from ${JSON.stringify(plain)};`,
    ajvRuntime: [
      `import Ajv from 'ajv';`,
      `import { AJV_OPTIONS, addKeywords, schema } from ${JSON.stringify(join(BENCH_DIR, 'peers', 'ajv-schema.mjs'))};`,
      `export const validate = addKeywords(new Ajv(AJV_OPTIONS)).compile(schema);`,
    ].join('\n'),
    zod: `export { batchOrder } from ${JSON.stringify(join(BENCH_DIR, 'peers', 'zod-schema.mjs'))};`,
    valibot: `export { safeParse } from ${JSON.stringify(join(BENCH_DIR, 'peers', 'valibot-schema.mjs'))};`,
    // The package's order-by-order pass and its vouched text, for the browser's
    // step timings (a copy: the browser entry does not export them).
    checkBatch: [
      `export { checkBatch } from ${JSON.stringify(join(BENCH_DIR, '..', 'js', 'sdk', 'src-js', 'fast-path.js'))};`,
      `export { vouchedText } from ${JSON.stringify(join(BENCH_DIR, '..', 'js', 'sdk', 'src-js', 'routing.js'))};`,
      `export { serialize } from ${JSON.stringify(join(BENCH_DIR, '..', 'js', 'shared', 'serialize.js'))};`,
      `export { fastCheck } from ${JSON.stringify(GENERATED_FAST_CHECK)};`,
      `export { fastCheck as fastCheckWithoutSurrogateTest } from ${JSON.stringify(FAST_CHECK_WITHOUT_SURROGATE_TEST)};`,
    ].join('\n'),
    // What the default entry (js/sdk/entries/index.js) puts together, with its
    // steps left to the page: decode the text, compile, instantiate, first call.
    coldSteps: [
      `export { default as createGlue } from ${JSON.stringify(join(BUILT_DIR, 'glue.js'))};`,
      `export { use, current } from ${JSON.stringify(join(JS_DIR, 'sdk', 'src-js', 'instance.js'))};`,
      `export { validate } from ${JSON.stringify(join(JS_DIR, 'sdk', 'src-js', 'validation.js'))};`,
      `export { fromPrintable } from ${JSON.stringify(join(JS_DIR, 'shared', 'printable.js'))};`,
      `export { default as WASM_TEXT } from ${JSON.stringify(join(BUILT_DIR, 'wasm-printable.js'))};`,
    ].join('\n'),
  };
  for (const [name, contents] of Object.entries(entries)) {
    await esbuild.build({ ...common, stdin: { contents, resolveDir: BENCH_DIR, sourcefile: `${name}-entry.mjs` }, outfile: BUNDLES[name] });
  }
  // Our glue as a bundler would ship it (the wasm is a separate asset).
  const glue = readFileSync(join(BIND_DIR, 'web', 'licensing_sdk.js'), 'utf8');
  const min = await esbuild.transform(glue, { minify: true, format: 'esm', target: 'es2022', legalComments: 'none' });
  writeFileSync(join(BUILD_DIR, 'licensing_sdk.min.js'), min.code);
  // The cold starts' one-order payload, made here: makeBatch loads the simulator's
  // wasm (makeValid), which the measured process or page must not compile.
  const { makeBatch } = await import('./generate.mjs');
  writeFileSync(join(BUILD_DIR, 'one-order.mjs'), `export default ${JSON.stringify(await makeBatch(1, 1))};\n`);
  if (!quiet) console.error(`[build] ajv standalone validator, bundles, minified glue and the one-order payload in ${BUILD_DIR}`);
  return { standalone, bundles: BUNDLES, esbuildVersion: esbuild.version };
}

export async function minifyFile(path) {
  const r = await esbuild.transform(readFileSync(path, 'utf8'), { minify: true, format: 'esm', target: 'es2022', legalComments: 'none' });
  return r.code;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await build();
}
