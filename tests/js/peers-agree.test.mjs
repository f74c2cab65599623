// The bench's three peers (bench/peers/: ajv's JSON Schema, zod's schema and
// valibot's) say every error rule of batchOrder: on each invalid example
// licensing-sdk/testing holds (every rule file's), ajv, zod and valibot give the
// validator's verdict; the second ajv (the schema without the surrogate keyword)
// gives ajv's verdict on each example made whole (a lone surrogate U+FFFD). make bench
// runs the same check (bench/agreement.mjs, examplesAgreement) beside its
// generated bodies; here it fails as soon as a new error rule lands without its
// peers' part, not at the next bench run.
import assert from 'node:assert/strict';
import test from 'node:test';
import { validate } from 'licensing-sdk';
import { invalidExamples } from 'licensing-sdk/testing';
import { compileAjvPeer, compileAjvPlainPeer, examplesAgreement, PEERS_LACK } from '../../bench/agreement.mjs';
import { batchOrder as zodSchema } from '../../bench/peers/zod-schema.mjs';
import { safeParse as valibotParse } from '../../bench/peers/valibot-schema.mjs';

test("ajv, zod and valibot give the validator's verdict on every rule's invalid examples of batchOrder", () => {
  const ajvValidate = compileAjvPeer();
  const { examples, disagreements } = examplesAgreement({ validate, ajvValidate, zodSchema, valibotParse, invalidExamples });
  assert.ok(examples > 0, 'licensing-sdk/testing gave no invalid example of batchOrder');
  const why = disagreements.map((d) =>
    `${d.name}: ours ${d.ours}, ajv ${d.ajv}, zod ${d.zod}, valibot ${d.valibot}\n  ours: ${d.oursIssues.join('; ')}\n  ajv: ${d.ajvErrors.join('; ')}\n` +
    `  zod: ${d.zodIssues.join('; ')}\n  valibot: ${d.valibotIssues.join('; ')}`);
  assert.deepEqual(why, [],
    `the peers disagree with the validator (say the rule in bench/peers/ajv-schema.mjs, bench/peers/zod-schema.mjs and bench/peers/valibot-schema.mjs, ` +
    `or, if a peer cannot say it, add its code to PEERS_LACK in bench/agreement.mjs with the reason):\n${why.join('\n')}`);
});

test('ajv without the surrogate keyword (the bench\'s second ajv) gives ajv\'s verdict on each invalid example made whole, and passes half of a character', () => {
  const { plainDisagreements } = examplesAgreement({ validate, ajvValidate: compileAjvPeer(), ajvPlainValidate: compileAjvPlainPeer(), zodSchema, valibotParse, invalidExamples });
  assert.deepEqual(plainDisagreements, []);
  // It is the schema as users write it: a lone surrogate passes it.
  const surrogate = invalidExamples('batchOrder').filter((ex) => ex.code === 'lone_surrogate' && ex.body !== undefined);
  assert.ok(surrogate.length > 0, 'no invalid example of lone_surrogate with a body');
  for (const ex of surrogate) assert.equal(compileAjvPlainPeer()(ex.body), true, `${ex.path}: passes ajv without the keyword`);
});

test('a peer that disagrees is named, with the first errors of each', () => {
  // A valibot that passes everything: every example ours fails is then a disagreement.
  const passesAll = () => ({ success: true });
  const { disagreements } = examplesAgreement({ validate, ajvValidate: compileAjvPeer(), zodSchema, valibotParse: passesAll, invalidExamples });
  const failed = invalidExamples('batchOrder').filter((ex) => ex.body !== undefined && !PEERS_LACK[ex.code] && !validate('batchOrder', ex.body).valid);
  assert.ok(failed.length > 0);
  assert.equal(disagreements.length, failed.length);
  for (const d of disagreements) {
    assert.equal(d.valibot, true);
    assert.ok(d.oursIssues.length > 0 && d.ajvErrors.length > 0 && d.zodIssues.length > 0, `${d.name}: the errors of each peer`);
  }
});

test('every rule the peers are excused from is a rule that reports on batchOrder', () => {
  const codes = new Set(invalidExamples('batchOrder').map((ex) => ex.code));
  for (const code of Object.keys(PEERS_LACK)) assert.ok(codes.has(code), `PEERS_LACK in bench/agreement.mjs names ${code}, which no invalid example of batchOrder has: take it out`);
});
