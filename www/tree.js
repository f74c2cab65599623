// The order as a tree: batch → orders → assets → products / packages → child packages
// (and their products). A node is failing when an error's path is its pointer or lies
// below it; it is marked by an icon and a text (not by colour alone).
import { h, isUnder } from './dom.js';
import { t } from './i18n.js';

const arr = (v) => (Array.isArray(v) ? v : []);
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const show = (v) => (v === undefined || v === null || v === '' ? t('tree.none') : String(v));

/** Renders the tree of `body`, marking nodes by the report's issues. */
export function renderTree(body, issues) {
  const errors = issues.filter((i) => i.severity === 'error').map((i) => i.path);
  const warnings = issues.filter((i) => i.severity !== 'error').map((i) => i.path);

  const node = (path, label, kind, children = []) => {
    const failing = errors.some((p) => isUnder(p, path));
    const warned = !failing && warnings.some((p) => isUnder(p, path));
    const state = failing ? 'failing' : warned ? 'warned' : 'ok';
    return h('li', { class: `node ${kind} ${state}`, 'data-node': path },
      h('button', { type: 'button', class: 'node-label', 'data-goto': path },
        h('span', { class: 'mark', 'aria-hidden': 'true' }, failing ? '✖' : warned ? '⚠' : '✓'),
        h('span', { class: 'label' }, label),
        failing ? h('span', { class: 'state' }, t('tree.failing'))
          : warned ? h('span', { class: 'state' }, t('tree.warning')) : null),
      children.length ? h('ul', {}, children) : null);
  };

  const product = (path, p, k) => node(path, t('tree.product', { uri: show(p.productUri ?? p.crmProductId ?? `#${k + 1}`) }), 'product');
  const pkg = (path, m, i) => node(path, t('tree.package', { num: show(m.merchandiseNum ?? m.merchandiseName ?? `#${i + 1}`) }), 'package', [
    ...arr(m.licenseOrderProductList).map((p, k) => product(`${path}/licenseOrderProductList/${k}`, obj(p), k)),
    ...arr(m.children).map((c, j) => pkg(`${path}/children/${j}`, obj(c), j)),
  ]);
  const asset = (path, a) => node(path, t('tree.asset', { nos: arr(a.assetNos).map(show).join(', ') || t('tree.none') }), 'asset', [
    ...arr(a.products).map((p, k) => product(`${path}/products/${k}`, obj(p), k)),
    ...arr(a.merchandises).map((m, i) => pkg(`${path}/merchandises/${i}`, obj(m), i)),
  ]);
  const order = (path, o) => node(path,
    `${t('tree.order', { seq: show(o.sequence), type: show(o.orderType) })} · ${show(o.licenseType)}`, 'order',
    arr(o.assets).map((a, j) => asset(`${path}/assets/${j}`, obj(a))));

  const b = obj(body);
  return h('ul', { class: 'tree' },
    node('', t('tree.batch', { id: show(b.channelOrderId) }), 'batch',
      arr(b.orderList).map((o, i) => order(`/orderList/${i}`, obj(o)))));
}
