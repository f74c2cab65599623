// The wire as licensing-sdk/meta states it (generated from the SDK's schema
// tables): each field's kind, presence and enumeration, each value's meaning in
// the spec's words. The forms build their inputs from it instead of keeping
// lists of fields and values by hand.
import { businessCodes, endpoints, shapes, enums } from '/pkg/meta.mjs';
import { locale, t } from './i18n.js';

export { endpoints, shapes };

/** A field of a shape, by wire name. */
export function fieldOf(shape, name) {
  const meta = shapes[shape]?.fields.find((f) => f.name === name);
  if (!meta) throw new Error(`the wire has no field ${shape}.${name}`);
  return meta;
}

/** The fields of an endpoint's request, in the spec's order. */
export const requestFields = (endpoint) => shapes[endpoints[endpoint].request].fields;

/** Whether the validator requires the field (an inference: the spec shows no presence). */
export const isRequired = (meta) => meta.presence !== 'optional';

/**
 * The input a field gets: { kind, enumName? }. kind: 'int', 'bool', 'enum' and
 * 'intEnum' (selects of the enumeration's values), 'lines' (a list of strings,
 * one per line), 'text'.
 */
export function inputOf(meta) {
  switch (meta.kind) {
    case 'integer': return { kind: 'int' };
    case 'boolean': return { kind: 'bool' };
    case 'enum': return { kind: 'enum', enumName: meta.enum };
    case 'intEnum': return { kind: 'intEnum', enumName: meta.enum };
    case 'array': return ['string', 'assetNumber'].includes(meta.items.kind) ? { kind: 'lines' } : { kind: 'text' };
    default: return { kind: 'text' };
  }
}

/** An enumeration's values, as select option values. */
export const enumValues = (name) => enums[name].values.map((v) => String(v.value));

/**
 * What a refused call's business code means, in the page's language (licensing-sdk/meta's
 * `businessCodes`): the order module's for an error of kind `business`, the activity
 * module's for `activity`; undefined for a code the spec does not list.
 */
export function codeMeaning(kind, code) {
  const module = kind === 'activity' ? 'activity' : kind === 'business' ? 'order' : undefined;
  const known = businessCodes.find((c) => c.module === module && c.code === String(code));
  return known?.meaning[locale() === 'zh-CN' ? 'zh-CN' : 'en'];
}

/** A value's meaning: in Chinese its name from the wire's definition, else the spec's words (English). */
export function enumText(name, value) {
  const known = enums[name]?.values.find((v) => String(v.value) === String(value));
  if (!known) return t('unknownValue');
  return locale() === 'zh-CN' ? known['zh-CN'] : known.doc;
}
