// Validation playground: every keystroke runs the wasm validator; no server call.
import { validateJson, exampleBody } from '/pkg/index.js';

const ENDPOINTS = ['batchOrder', 'bindEnterprise', 'createEnterprise', 'queryEnterprises', 'updateEnterprise',
  'lockAssets', 'unlockAssets', 'listAssets', 'shellNums', 'joinActivity'];
const $ = (id) => document.getElementById(id);
const text = {
  en: { ok: 'Valid', errors: (e, w) => `${e} error(s), ${w} warning(s)` },
  'zh-CN': { ok: '有效', errors: (e, w) => `${e} 个错误，${w} 个警告` },
};

for (const e of ENDPOINTS) $('endpoint').add(new Option(e, e));

function loadExample() {
  $('body').value = JSON.stringify(exampleBody($('endpoint').value), null, 2);
  run();
}

function run() {
  const locale = $('locale').value;
  const report = validateJson($('endpoint').value, $('body').value, { locale, strict: $('strict').checked });
  const errors = report.issues.filter((i) => i.severity === 'error').length;
  const summary = $('summary');
  summary.textContent = report.valid && report.issues.length === 0
    ? text[locale].ok : text[locale].errors(errors, report.issues.length - errors);
  summary.className = report.valid ? 'ok' : 'bad';
  $('issues').replaceChildren(...report.issues.map((issue) => {
    const li = document.createElement('li');
    li.className = issue.severity;
    const where = document.createElement('code');
    where.textContent = `${issue.path || '(body)'} · ${issue.code}`;
    li.append(issue.message, document.createElement('br'), where);
    return li;
  }));
}

$('endpoint').addEventListener('change', loadExample);
$('example').addEventListener('click', loadExample);
$('body').addEventListener('input', run);
$('locale').addEventListener('change', run);
$('strict').addEventListener('change', run);
loadExample();
