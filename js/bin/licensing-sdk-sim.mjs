#!/usr/bin/env node
// `npx licensing-sdk-sim`: the simulator of licensing-sdk/testing served over
// HTTP by Node alone (src/cli/sim.js). Its commands `proxy` (verify/src-js/proxy.js)
// and `state` (verify/src-js/state.js) drive licensing-verify, which meets a real service (../verify.cjs).
import { createSimulator } from '../testing-node.mjs';
import verifyModule from '../verify.cjs';
import { proxyCommand } from '../verify/src-js/proxy.js';
import { simCommand } from '../shared/cli/sim.js';
import { stateCommand } from '../verify/src-js/state.js';

/** A server that listens stops gracefully on Ctrl-C or SIGTERM; then the process exits. */
const stopOnSignal = ({ stop }) => {
  const end = () => stop().then(() => process.exit(0));
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
};

const [command, ...rest] = process.argv.slice(2);
const io = { stdout: process.stdout, stderr: process.stderr };
try {
  let started;
  if (command === 'state') started = await stateCommand(rest, { ...io, verify: verifyModule.verify() });
  else if (command === 'proxy') started = await proxyCommand(rest, { ...io, verify: verifyModule.verify() });
  else started = await simCommand(process.argv.slice(2), { ...io, createSimulator, serving: stopOnSignal });
  if (typeof started === 'number') process.exitCode = started;
  else if (command === 'proxy') stopOnSignal(started);
} catch (err) {
  process.stderr.write(`licensing-sdk-sim: ${err?.message ?? err}\n`);
  process.exit(1);
}
