#!/usr/bin/env node
// `npx licensing-sdk`: the package's command. `verify` checks a live service
// against the contract (verify/src-js/verify.js); what it drives is
// licensing-verify's, in the wasm beside the package (../verify.cjs).
import { verifyCommand } from '../verify/src-js/verify.js';
import verifyModule from '../verify.cjs';

const USAGE = `licensing-sdk: the Licensing Order and Activity Service's SDK

Usage: npx licensing-sdk verify --base-url URL --token TOKEN [OPTIONS]

Commands:
  verify    Check a live service against the contract (--help for its options)

The simulator and its checking proxy: npx licensing-sdk-sim --help.`;

const [command, ...rest] = process.argv.slice(2);
const io = { env: process.env, stdout: process.stdout, stderr: process.stderr };
let code;
if (command === 'verify') {
  code = await verifyCommand(rest, { ...io, verify: verifyModule.verify() });
} else if (command === undefined || command === '-h' || command === '--help') {
  process.stdout.write(`${USAGE}\n`);
  code = command === undefined ? 2 : 0;
} else {
  process.stderr.write(`licensing-sdk: unknown command ${JSON.stringify(command)}\n\n${USAGE}\n`);
  code = 2;
}
process.exitCode = code;
