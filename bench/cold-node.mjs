// One cold start in a fresh Node process: load + instantiate (or compile) + the first
// validation of a one-order batch. Prints {impl, ms, valid} as JSON.
//   node cold-node.mjs ours|ajv-standalone|ajv-runtime|zod|noop
// The payload is made before the clock starts; `ms` runs from just before the import
// to just after the first verdict (Node's own start-up is not included).

import order from './build/one-order.mjs'; // makeBatch(1, 1), made by build.mjs

const impl = process.argv[2];
const body = JSON.parse(JSON.stringify(order));
const t0 = performance.now();
let valid;
switch (impl) {
  case 'ours': {
    const m = await import('../pkg/node.mjs');
    valid = m.validate('batchOrder', body).valid;
    break;
  }
  case 'ajv-standalone': {
    const m = await import('./build/ajv-validate.mjs');
    valid = m.validate(body);
    break;
  }
  case 'ajv-runtime': {
    const [{ default: Ajv }, s] = await Promise.all([import('ajv'), import('./peers/ajv-schema.mjs')]);
    valid = s.addKeywords(new Ajv(s.AJV_OPTIONS)).compile(s.schema)(body);
    break;
  }
  case 'zod': {
    const m = await import('./peers/zod-schema.mjs');
    valid = m.batchOrder.safeParse(body).success;
    break;
  }
  case 'noop': {
    // Baseline: importing a tiny module, no validation.
    const m = await import('./lib/measure.mjs');
    valid = typeof m.median === 'function';
    break;
  }
  default:
    throw new Error(`unknown impl ${impl}`);
}
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ impl, ms, valid }) + '\n');
