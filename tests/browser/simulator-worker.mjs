// The same checks in a dedicated module worker.
import { runChecks } from './simulator-checks.mjs';

runChecks().then((results) => self.postMessage(results));
