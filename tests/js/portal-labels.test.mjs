// The demo portal's labels against the wire as the installed package states it
// (licensing-sdk/meta): a field's label is its definition's (meta's `label`), the
// rest of the text is the dictionaries' (www/text-en.js, www/text-zh-CN.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints, shapes, enums } from 'licensing-sdk/meta';
import { en } from '../../www/text-en.js';
import { zh } from '../../www/text-zh-CN.js';
import { wireLabels, labelledFields, labelKey, orderFormFields, OUT_OF_SCOPE, titleKey, uncoveredEndpoints } from '../../www/form-fields.js';

const fields = labelledFields({ endpoints, shapes });
const list = (lines) => lines.map((line) => `  ${line}`).join('\n');

test('every field the forms show is on the wire', () => {
  const unknown = fields.filter(({ shape, name }) => !shapes[shape]?.fields.some((f) => f.name === name))
    .map(({ shape, name }) => `${shape}.${name}: not a field of licensing-sdk/meta (www/form-fields.js lists it)`);
  assert.ok(unknown.length === 0, `\n${list(unknown)}`);
});

test('every field the forms show has its label in licensing-sdk/meta, in English and in Chinese', () => {
  const missing = fields.filter(({ shape, name }) => {
    const label = shapes[shape]?.fields.find((f) => f.name === name)?.label;
    return !['en', 'zh-CN'].every((locale) => typeof label?.[locale] === 'string' && label[locale].trim() !== '');
  }).map(({ shape, name }) => `${shape}.${name}: add .label("…", "…") to its definition (crates/licensing-core/src/schema/endpoints/)`);
  assert.ok(missing.length === 0, `fields without a label:\n${list(missing)}`);
});

test('every endpoint has its title in licensing-sdk/meta, in English and in Chinese', () => {
  const missing = Object.entries(endpoints).filter(([, e]) => !['en', 'zh-CN'].every((locale) => e.title?.[locale]?.trim()))
    .map(([name]) => `${name}: its title in both languages (crates/licensing-core/src/wire/mod.rs, its entry's post(…))`);
  assert.ok(missing.length === 0, `\n${list(missing)}`);
});

test('an endpoint that no page covers is the "More" tab\'s, never batchOrder or a covered one', () => {
  const covered = Object.keys(endpoints).filter((name) => name !== 'batchOrder' && name !== 'shellNums');
  assert.deepEqual(uncoveredEndpoints({ ...endpoints, fresh: endpoints.shellNums }, covered), ['shellNums', 'fresh']);
});

test('the forms label each field and title each endpoint from meta, under keys the dictionaries leave free', () => {
  for (const [locale, dictionary] of [['en', en], ['zh-CN', zh]]) {
    const labels = wireLabels({ endpoints, shapes }, locale);
    for (const [name, e] of Object.entries(endpoints)) assert.equal(labels[titleKey(name)], e.title[locale], `${locale}: ${name}`);
    for (const { shape, name } of fields) {
      const own = shapes[shape].fields.find((f) => f.name === name).label[locale];
      assert.equal(labels[labelKey(shape, name)], own, `${locale}: ${shape}.${name}`);
    }
    const clash = Object.keys(dictionary).filter((key) => key.startsWith('f.') || key.startsWith('ep.'));
    assert.deepEqual(clash, [], `${locale}: the dictionaries name no field and no endpoint (meta has their words)`);
  }
});

test('the two dictionaries have the same keys; enumeration values are named by the wire, in both languages', () => {
  // A value's English is what the spec says of it (meta's `doc`), its Chinese
  // the `#[zh]` of its definition (schema/enums.rs): no dictionary lists values,
  // so a new one is named where it is defined.
  const problems = [
    ...Object.keys(en).filter((key) => !Object.hasOwn(zh, key)).map((key) => `${key}: in www/text-en.js, missing from www/text-zh-CN.js`),
    ...Object.keys(zh).filter((key) => !Object.hasOwn(en, key)).map((key) => `${key}: in www/text-zh-CN.js, missing from www/text-en.js`),
    ...Object.keys(zh).filter((key) => key.startsWith('enum.') && !key.startsWith('enum.bool.'))
      .map((key) => `${key}: enumeration values are named in their definition (#[zh = "…"]), not in www/text-zh-CN.js`),
    ...Object.entries(enums).flatMap(([name, e]) => e.values
      .filter((v) => typeof v['zh-CN'] !== 'string' || v['zh-CN'].trim() === '' || typeof v.doc !== 'string' || v.doc.trim() === '')
      .map((v) => `enum ${name} value ${v.value}: no doc or zh-CN name in licensing-sdk/meta`)),
  ];
  assert.ok(problems.length === 0, `\n${list(problems)}`);
});

test('every field of the order form\'s shapes is an input or out of scope, in one place, with a reason', () => {
  const form = orderFormFields(shapes);
  const shownIn = { Asset: form.asset, Product: form.product, Merchandise: form.package };
  for (const [shape, names] of Object.entries(shownIn)) {
    for (const f of shapes[shape].fields.filter((x) => x.kind !== 'array' && x.kind !== 'arrayOrNull')) {
      const out = OUT_OF_SCOPE[shape]?.[f.name];
      assert.ok(names.includes(f.name) !== (typeof out === 'string' && out.length > 0), `${shape}.${f.name}: an input, or out of scope with a reason`);
    }
    for (const name of Object.keys(OUT_OF_SCOPE[shape] ?? {})) {
      assert.ok(shapes[shape].fields.some((f) => f.name === name), `OUT_OF_SCOPE.${shape}.${name} is not a field of the wire`);
    }
  }
});

// A field the order form leaves out is one the operator can never fill: no rule
// may ask for it, or the form could never be sent. Each rule's failing cases
// (tests/js/rule-cases.json, generated from the rule files) say where its issue
// is; an issue at a left-out field that the case's body lacks is such an ask.
test('no rule asks for a field the order form leaves out, and none of them is required', async () => {
  const { readFileSync } = await import('node:fs');
  const cases = JSON.parse(readFileSync(new URL('./rule-cases.json', import.meta.url), 'utf8'));
  // The shape that holds the field a path ends at, read in meta from the endpoint's request.
  const holder = (endpoint, keys) => keys.slice(0, -1).filter((key) => !/^\d+$/.test(key)).reduce((shape, key) => {
    const field = shape && shapes[shape].fields.find((f) => f.name === key);
    return field?.shape ?? field?.items?.shape;
  }, endpoints[endpoint].request);
  const problems = [];
  for (const [shape, fields] of Object.entries(OUT_OF_SCOPE)) {
    for (const name of Object.keys(fields)) {
      const field = shapes[shape].fields.find((f) => f.name === name);
      if (field && field.presence !== 'optional') problems.push(`${shape}.${name} is ${field.presence}: the form must show it`);
    }
  }
  for (const [rule, table] of Object.entries(cases)) {
    if (rule === '$comment') continue;
    for (const c of table.fails.filter((f) => f.endpoint === 'batchOrder' && f.path)) {
      const keys = c.path.split('/').slice(1);
      const shape = holder(c.endpoint, keys);
      const name = keys.at(-1);
      if (!shape || !Object.hasOwn(OUT_OF_SCOPE[shape] ?? {}, name)) continue;
      let value;
      try { value = keys.reduce((at, key) => at?.[key], JSON.parse(c.text)); } catch { continue; }
      if (value === undefined || value === null) problems.push(`${rule} asks for ${shape}.${name} (${c.path}), which OUT_OF_SCOPE leaves out of the form`);
    }
  }
  assert.deepEqual(problems, []);
});
