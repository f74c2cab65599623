// UI text in English and Simplified Chinese. Elements carry data-i18n="key" (text),
// data-i18n-placeholder, data-i18n-title or data-i18n-aria (attributes); applyI18n()
// rewrites them all after a locale switch. Validation messages and the fields'
// labels and the endpoints' titles come from the SDK (licensing-sdk/meta).
import { endpoints, shapes } from '/pkg/meta.mjs';
import { wireLabels } from './form-fields.js';
import { en } from './text-en.js';
import { zh } from './text-zh-CN.js';

const wire = { endpoints, shapes };
const dictionaries = { en: { ...en, ...wireLabels(wire, 'en') }, 'zh-CN': { ...zh, ...wireLabels(wire, 'zh-CN') } };
let current = 'en';
const listeners = [];

export const LOCALES = [['en', 'English'], ['zh-CN', '简体中文']];

export function locale() {
  return current;
}

/** Translates a key, filling {name} placeholders from args. Unknown keys show as themselves. */
export function t(key, args = {}) {
  const text = dictionaries[current][key] ?? dictionaries.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in args ? String(args[name]) : m));
}

/** Rewrites every data-i18n* element under root. */
export function applyI18n(root = document) {
  const args = (el) => (el.dataset.i18nArgs ? JSON.parse(el.dataset.i18nArgs) : {});
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n, args(el));
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle, args(el));
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria, args(el)));
}

export function setLocale(next) {
  current = dictionaries[next] ? next : 'en';
  document.documentElement.lang = current;
  applyI18n(document);
  for (const fn of listeners) fn(current);
}

export function onLocaleChange(fn) {
  listeners.push(fn);
}
