// `using` where the lib has esnext.disposable: the package's own
// `declare global { interface SymbolConstructor { dispose } }` merges with the
// lib's (and @types/node's) into one symbol.
import { LicensingClient } from 'licensing-sdk';

export function scoped(): void {
  using client = new LicensingClient({ baseUrl: 'http://127.0.0.1:1', token: 't' });
  void client.shellNums({ size: 1 }).catch(() => undefined);
}
const d: Disposable = new LicensingClient({ baseUrl: 'http://127.0.0.1:1', token: 't' });
export { d };
