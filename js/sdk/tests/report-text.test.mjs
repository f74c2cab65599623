// The default entries read the full wasm's report as JSON text with their own
// reader (js/sdk/src-js/report-text.js) rather than `JSON.parse`; the
// validation-only entry still gets the object `JSON.parse` made in the wasm.
// Both must give the same report, whatever a key or a value holds: quotes,
// backslashes, control characters, the writer's own punctuation, any language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as full from 'licensing-sdk';
import * as light from 'licensing-sdk/validate';
import { readReport } from '../src-js/report-text.js';
import { makeBatch, MUTATIONS, mutated } from '../../../bench/generate.mjs';

const AWKWARD = [
  'a"b', 'a\\b', 'a\\"b', 'x\\\\"y', 'end\\', '"', '\\', '\\\\', 'tab\there', 'nl\nx', '\u0001', '\u001f',
  ':"', '","', '}', ']', '{"a":"b"}', ',"params":{', '中文"引号', '\u2028', '😀', '',
];
const OPTIONS = [undefined, { locale: 'zh-CN' }, { rules: 'strict' }, { maxIssues: 1 }];

test('the default entry reads each report as the validation-only entry gets it', async () => {
  const base = await makeBatch(3, 7);
  let compared = 0;
  const same = (call) => {
    for (const options of OPTIONS) {
      assert.deepEqual(call(full, options), call(light, options));
      compared += 1;
    }
  };
  for (const text of AWKWARD) {
    same((sdk, o) => sdk.validate('shellNums', { size: 1, [text]: text }, o));
    same((sdk, o) => sdk.validate('batchOrder', { syncMode: text, [text]: 1 }, o));
    same((sdk, o) => sdk.validateJson('shellNums', text, o));
    same((sdk, o) => sdk.validateJson('lockAssets', JSON.stringify({ assetNums: [text], operatorIdentity: text }), o));
  }
  for (const m of MUTATIONS) {
    for (let seed = 1; seed < 6; seed++) {
      const body = mutated(base, m, seed);
      if (body !== undefined) same((sdk, o) => sdk.validate('batchOrder', body, o));
    }
  }
  same((sdk, o) => sdk.validate('shellNums', { size: 1 }, o));
  same((sdk, o) => sdk.validateField('lockAssets', '/assetNums', { assetNums: ['7000000001', 'x"'] }, o));
  assert.ok(compared > 1000, `${compared} calls compared`);
});

test('the reader gives what JSON.parse gives, or hands the text to it', () => {
  const reports = [
    { valid: true, issues: [] },
    { valid: false, issues: [{ path: '', code: 'type', rule: 'body_object', severity: 'error', source: 'inferred', message: 'm' }] },
    {
      valid: true,
      issues: [
        { path: '/a/0/b', code: 'unknown_field', rule: 'unknown_field', severity: 'warning', source: 'inferred', message: 'x', params: { suggestion: 'b' } },
        { path: '/c', code: 'enum', rule: 'enum_value', severity: 'warning', source: 'spec', message: 'y', params: { value: 'v', allowed: 'a, b' } },
        { path: '/d', code: 'required', rule: 'required', severity: 'warning', source: 'spec', message: 'z' },
      ],
    },
    // A backslash anywhere: the text goes to JSON.parse.
    { valid: false, issues: [{ path: '/"', code: 'c', rule: 'r', severity: 'error', source: 'spec', message: 'a "quoted" \\ value', params: { value: '"' } }] },
  ];
  for (const report of reports) assert.deepEqual(readReport(JSON.stringify(report)), report);
});
