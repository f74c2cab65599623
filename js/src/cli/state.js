// `npx licensing-sdk-sim state --from-recording FILE`: what a real service
// held, as a simulator state (licensing-verify's fixtures, in the tools' wasm),
// printed for `--state FILE` and `createSimulator({ state })`.
import { readFileSync } from 'node:fs';
import { parseArgs } from './args.js';

export const STATE_HELP = `licensing-sdk-sim state: a simulator state from a proxy's recording

Usage: npx licensing-sdk-sim state --from-recording FILE > state.json

The customers, orders, assets and claims the recorded answers showed, in the
simulator's state format (version 1), with its counters past every id and asset
number seen: npx licensing-sdk-sim --state state.json, or
createSimulator({ state }), starts from what the service held. A recording that
cannot be read is refused whole, with its line and the JSON Pointer of the
problem (exit code 2).

Options:
  --from-recording FILE   The recording (npx licensing-sdk-sim proxy --record FILE)
  -h, --help              Print this help`;

const FLAGS = {
  '--from-recording': { key: 'recording', kind: 'string' },
  '-h': { key: 'help', kind: 'boolean' },
  '--help': { key: 'help', kind: 'boolean' },
};

/** Runs `state` with `argv`; resolves to the exit code. */
export async function stateCommand(argv, { tools, stdout, stderr }) {
  let args;
  let text;
  try {
    args = parseArgs(argv, FLAGS);
    if (args.help) {
      stdout.write(`${STATE_HELP}\n`);
      return 0;
    }
    if (args._.length) throw new Error(`unexpected ${JSON.stringify(args._[0])}`);
    if (!args.recording) throw new Error('--from-recording FILE is required');
    text = readFileSync(args.recording, 'utf8');
  } catch (err) {
    stderr.write(`licensing-sdk-sim state: ${err.message}\n`);
    return 2;
  }
  try {
    stdout.write(`${tools.stateFromRecording(text)}\n`);
    return 0;
  } catch (err) {
    stderr.write(`licensing-sdk-sim state: ${args.recording}: ${err.message}\n`);
    return 2;
  }
}
