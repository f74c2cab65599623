// Agreement: for every generated payload of both families (compact and wide, see
// generate.mjs), ours (`validate('batchOrder', p).valid`), ajv, zod and valibot give the same
// verdict, and it is the one the generator built the payload for (and ajv without
// the surrogate keyword gives ajv's verdict on the body made whole); and on every
// invalid example of batchOrder (licensing-sdk/testing: each rule file's, so a new
// rule is checked here even when generate.mjs makes no body that needs it) the
// peers give our verdict. Prints disagreements; exits 1 if there is any (when run
// alone).
//
//   node agreement.mjs [compact|wide]   (BENCH_QUICK=1 for fewer seeds; both families by default)

import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { build } from './build.mjs';
import { AJV_OPTIONS, addKeywords, schema, schemaWithoutSurrogateTest } from './peers/ajv-schema.mjs';
import { agreementCorpus, FAMILY_IDS, MUTATIONS } from './generate.mjs';

/**
 * The rules a peer cannot say, by code, and why: their invalid examples are not
 * held against the peers. Anything else a peer accepts is a disagreement (add the
 * rule to the peers, or here with its reason).
 */
export const PEERS_LACK = {
  too_deep: 'a bound of ours (objects nested past 64 levels): JSON Schema, zod and valibot have no depth limit',
};

export async function loadValidators() {
  await build({ quiet: true });
  const sdk = await import('../pkg/node.mjs');
  const { validate: ajvValidate } = await import('./build/ajv-validate.mjs');
  const { validate: ajvPlainValidate } = await import('./build/ajv-plain-validate.mjs');
  const { batchOrder } = await import('./peers/zod-schema.mjs');
  const { safeParse: valibotParse } = await import('./peers/valibot-schema.mjs');
  return { sdk, ajvValidate, ajvPlainValidate, zodSchema: batchOrder, valibotParse };
}

function short(v, n = 300) {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > n ? s.slice(0, n) + '…' : s;
}

/** The first errors each of the four gave, as short lines, for a disagreement. */
function excerpts(report, ajvValidate, zodResult, valibotResult) {
  return {
    oursIssues: report.issues.filter((i) => i.severity === 'error').slice(0, 5).map((i) => `${i.path} ${i.code}`),
    ajvErrors: (ajvValidate.errors || []).slice(0, 5).map((e) => `${e.instancePath} ${e.keyword} ${e.message}`),
    zodIssues: zodResult.success ? [] : zodResult.error.issues.slice(0, 5).map((i) => `/${i.path.join('/')} ${i.code} ${i.message}`),
    valibotIssues: valibotResult.success ? [] : valibotResult.issues.slice(0, 5).map((i) => `/${(i.path ?? []).map((p) => p.key).join('/')} ${i.type} ${i.message}`),
  };
}

/**
 * `v` with every string (keys too), at any depth, made whole: each lone surrogate
 * U+FFFD. `v` itself where nothing in it changes (nearly every body), so the
 * caller can tell without a second walk.
 */
function madeWhole(v) {
  if (typeof v === 'string') return v.isWellFormed() ? v : v.toWellFormed();
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const items = v.map(madeWhole);
    return items.every((x, i) => x === v[i]) ? v : items;
  }
  const entries = Object.entries(v);
  const whole = entries.map(([k, x]) => [madeWhole(k), madeWhole(x)]);
  return whole.every(([k, x], i) => k === entries[i][0] && x === entries[i][1]) ? v : Object.fromEntries(whole);
}

/**
 * ajv without the surrogate keyword decides a body as ajv decides it with every
 * half of a character made whole (U+FFFD, which every string rule takes as it
 * takes any other character): null when it does, else a line saying where not.
 * `ajv` is ajv's verdict on the body as it is, which is the answer when the body
 * has nothing to make whole.
 */
function plainDisagreement(name, body, ajv, ajvValidate, ajvPlain) {
  const whole = madeWhole(body);
  const expected = whole === body ? ajv : ajvValidate(whole);
  return ajvPlain === expected ? null : `${name}: ajv without the surrogate keyword ${ajvPlain}, ajv on the body made whole ${expected}`;
}

/**
 * ajv's validator of the peer schema, compiled in this process. Imported from
 * here rather than from the caller's own `ajv`: the schema's keyword writes code
 * with the `_` template of the ajv it imports, which must be the ajv compiling it
 * (bench/ has its own node_modules, the repository's root another).
 */
export function compileAjvPeer(of = schema) {
  return addKeywords(new Ajv(AJV_OPTIONS)).compile(of);
}

/** The same without the surrogate keyword (peers/ajv-schema.mjs, `schemaWithoutSurrogateTest`). */
export const compileAjvPlainPeer = () => compileAjvPeer(schemaWithoutSurrogateTest);

/**
 * On every invalid example of batchOrder that `licensing-sdk/testing` holds (each
 * rule file's `examples`), ajv, zod and valibot give our verdict, but for the rules of
 * PEERS_LACK. An example given as text alone (duplicate keys, malformed JSON) is
 * an issue of the text, which the peers never see (they validate the parsed value).
 * Shared by the bench and by `make test` (tests/js/peers-agree.test.mjs), so a new
 * error rule the peers do not say fails before any bench is run.
 *
 * With `ajvPlainValidate`, ajv without the surrogate keyword gives ajv's verdict
 * on the example made whole (`plainDisagreements` lists where not).
 *
 * @returns {{ examples: number, disagreements: object[], plainDisagreements: string[] }}
 */
export function examplesAgreement({ validate, ajvValidate, ajvPlainValidate, zodSchema, valibotParse, invalidExamples }) {
  const disagreements = [];
  const plainDisagreements = [];
  let examples = 0;
  for (const ex of invalidExamples('batchOrder')) {
    if (ex.body === undefined || PEERS_LACK[ex.code]) continue;
    examples++;
    const report = validate('batchOrder', ex.body);
    const ajv = ajvValidate(ex.body);
    const zr = zodSchema.safeParse(ex.body);
    const vr = valibotParse(ex.body);
    if (report.valid !== ajv || report.valid !== zr.success || report.valid !== vr.success) {
      disagreements.push({
        family: 'invalid examples',
        name: `invalid example ${ex.code} at ${ex.path}`,
        expected: report.valid,
        ours: report.valid,
        ajv,
        zod: zr.success,
        valibot: vr.success,
        ...excerpts(report, ajvValidate, zr, vr),
      });
    }
    // Last: it may run ajv again, on another body (ajv's `errors` are the last call's).
    const plain = ajvPlainValidate && plainDisagreement(`invalid example ${ex.code} at ${ex.path}`, ex.body, ajv, ajvValidate, ajvPlainValidate(ex.body));
    if (plain) plainDisagreements.push(plain);
  }
  return { examples, disagreements, plainDisagreements };
}

export async function runAgreement({ quick = false, log = console.error, families = FAMILY_IDS } = {}) {
  const { sdk, ajvValidate, ajvPlainValidate, zodSchema, valibotParse } = await loadValidators();
  const plainDisagreements = [];
  const perFamily = () => Object.fromEntries(families.map((f) => [f, 0]));
  const byMutation = new Map(MUTATIONS.map((m) => [m.name, { mutation: m, payloads: 0, codeSeen: 0, byFamily: perFamily() }]));
  const byFamily = Object.fromEntries(families.map((f) => [f, { total: 0, valid: 0 }]));
  const disagreements = [];
  let total = 0, valid = 0;
  for await (const item of agreementCorpus({ quick, families })) {
    total++;
    byFamily[item.family].total++;
    // The wire form: what a body becomes when sent (undefined dropped, NaN → null).
    const body = JSON.parse(JSON.stringify(item.body));
    const report = sdk.validate('batchOrder', body);
    const ours = report.valid;
    const ajv = ajvValidate(body);
    const zr = zodSchema.safeParse(body);
    const zod = zr.success;
    const vr = valibotParse(body);
    const valibot = vr.success;
    if (ours) {
      valid++;
      byFamily[item.family].valid++;
    }
    if (item.mutation) {
      const entry = byMutation.get(item.mutation);
      entry.payloads++;
      entry.byFamily[item.family]++;
      const code = entry.mutation.code;
      if (code === null ? report.issues.length === 0 : report.issues.some((i) => i.code === code)) entry.codeSeen++;
    }
    if (ours !== ajv || ours !== zod || ours !== valibot || ours !== item.expectedValid) {
      disagreements.push({
        family: item.family,
        name: item.name,
        expected: item.expectedValid,
        ours,
        ajv,
        zod,
        valibot,
        ...excerpts(report, ajvValidate, zr, vr),
      });
    }
    // Last: it may run ajv again, on another body (ajv's `errors` are the last call's).
    const plain = plainDisagreement(item.name, body, ajv, ajvValidate, ajvPlainValidate(body));
    if (plain) plainDisagreements.push(plain);
  }
  // Every rule's invalid examples: the peers give our verdict.
  const { invalidExamples } = await import('../pkg/testing-node.mjs');
  const onExamples = examplesAgreement({ validate: sdk.validate, ajvValidate, ajvPlainValidate, zodSchema, valibotParse, invalidExamples });
  const examples = onExamples.examples;
  disagreements.push(...onExamples.disagreements);
  plainDisagreements.push(...onExamples.plainDisagreements);
  // A mutation must apply in every family (else that family's bodies never have it).
  const uncovered = [...byMutation.values()].flatMap((e) => families.filter((f) => e.byFamily[f] === 0).map((f) => `${e.mutation.name} (${f})`));
  const codeMissing = [...byMutation.values()].filter((e) => e.payloads > 0 && e.codeSeen < e.payloads);
  for (const d of disagreements) {
    log(`DISAGREE ${d.name}: expected ${d.expected}, ours ${d.ours}, ajv ${d.ajv}, zod ${d.zod}, valibot ${d.valibot}`);
    log(`  ours: ${short(d.oursIssues)}\n  ajv:  ${short(d.ajvErrors)}\n  zod:  ${short(d.zodIssues)}\n  valibot: ${short(d.valibotIssues)}`);
  }
  for (const line of plainDisagreements) log(`DISAGREE ${line}`);
  for (const name of uncovered) log(`UNCOVERED mutation never applied: ${name}`);
  for (const e of codeMissing) log(`note: ${e.mutation.name}: our report lacks '${e.mutation.code ?? 'no issue'}' in ${e.payloads - e.codeSeen} of ${e.payloads} payloads`);
  const result = {
    total,
    valid,
    invalid: total - valid,
    byFamily,
    disagreements,
    plainDisagreements,
    uncovered,
    mutations: [...byMutation.values()].map((e) => ({ name: e.mutation.name, code: e.mutation.code, error: e.mutation.error, payloads: e.payloads, byFamily: e.byFamily, codeSeen: e.codeSeen })),
    examples,
    ok: disagreements.length === 0 && plainDisagreements.length === 0 && uncovered.length === 0,
  };
  log(`[agreement] ${total} payloads (${valid} valid, ${total - valid} invalid; ` + families.map((f) => `${f} ${byFamily[f].total}`).join(', ') + `), ${MUTATIONS.length} mutation kinds, ${examples} invalid examples: ` +
    (result.ok ? 'ours, ajv, zod and valibot agree on every verdict (and ajv without the surrogate keyword with ajv on each body made whole)'
      : `${disagreements.length + plainDisagreements.length} disagreements, ${uncovered.length} uncovered mutations`));
  return result;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const only = process.argv.slice(2).filter((a) => FAMILY_IDS.includes(a));
  const r = await runAgreement({ quick: !!process.env.BENCH_QUICK, families: only.length ? only : FAMILY_IDS });
  process.exit(r.ok ? 0 : 1);
}
