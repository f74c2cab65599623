// `npx licensing-sdk-sim state --from-recording FILE` (or `--from-har FILE`):
// what a real service held, as a simulator state (licensing-verify's states,
// in licensing-verify's wasm), printed for `--state FILE` and `createSimulator({ state })`.
// This file reads the files (a HAR's attached bodies too) and prints.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { optionTable, parseArgs } from '../../shared/cli/args.js';

/** How many notes stderr shows before it only counts. */
const SHOWN = 20;

/** state's options, each once (args.js). */
const TABLE = optionTable([
  { flag: '--from-recording', key: 'recording', kind: 'string', value: 'FILE', help: 'The recording (npx licensing-sdk-sim proxy --record FILE)' },
  { flag: '--from-har', key: 'har', kind: 'string', value: 'FILE', help: 'A HAR file instead (its attached bodies beside it)' },
  { flag: '--report', key: 'report', kind: 'string', value: 'FILE', help: 'Write what was left out or read otherwise as JSON (format licensing-sdk-state-report, version 1)' },
], 26);

export const STATE_HELP = `licensing-sdk-sim state: a simulator state from a proxy's recording

Usage: npx licensing-sdk-sim state --from-recording FILE > state.json
       npx licensing-sdk-sim state --from-har FILE > state.json

The customers, orders, assets and claims the recorded answers showed, in the
simulator's state format (version 1), with its counters past every id and asset
number seen: npx licensing-sdk-sim --state state.json, or
createSimulator({ state }), starts from what the service held.

A service that adds fields, renames them or sends numbers for ids still gives a
state: what the state has no place for is left out and said on stderr, each with
its line and place (the first ${SHOWN}, then a count; --report FILE lists them
all), a number id is read as its text, and a last line cut short (a proxy
stopped mid-write) is left out. A recording that cannot be read (not one, a line
that is no JSON, a key given twice) is refused whole, with its line and the JSON
Pointer of the problem (exit code 2).

A HAR 1.2 file (the browser's devtools, Playwright's recordHar with content
embed or attach, schemathesis --report har, proxy --har) is read the same way:
its entries of the service's paths (under any prefix) are the exchanges, the
others skipped and counted; each answer is also checked against the contract,
the differences printed as the checking proxy logs them.

Options:
${TABLE.help}`;

/** Runs `state` with `argv`; resolves to the exit code. */
export async function stateCommand(argv, { verify, stdout, stderr }) {
  let args;
  let text;
  try {
    args = parseArgs(argv, TABLE.flags);
    if (args.help) {
      stdout.write(`${STATE_HELP}\n`);
      return 0;
    }
    if (args._.length) throw new Error(`unexpected ${JSON.stringify(args._[0])}`);
    if (Boolean(args.recording) === Boolean(args.har)) throw new Error('one of --from-recording FILE and --from-har FILE is required');
    text = args.har ? harWithAttachments(args.har) : readFileSync(args.recording, 'utf8');
  } catch (err) {
    stderr.write(`licensing-sdk-sim state: ${err.message}\n`);
    return 2;
  }
  let made;
  try {
    made = args.har ? verify.stateFromHar(text) : verify.stateFromRecording(text);
  } catch (err) {
    stderr.write(`licensing-sdk-sim state: ${args.har ?? args.recording}: ${err.message}\n`);
    return 2;
  }
  try {
    const notes = made.noteLines();
    for (const line of notes.slice(0, SHOWN)) stderr.write(`licensing-sdk-sim state: ${line}\n`);
    if (notes.length > SHOWN) stderr.write(`licensing-sdk-sim state: … ${notes.length - SHOWN} more${args.report ? '' : ' (--report FILE lists them all)'}\n`);
    for (const line of made.answerLines()) stderr.write(`licensing-sdk-sim state: ${line}\n`);
    const summary = made.summary();
    if (summary !== undefined) stderr.write(`licensing-sdk-sim state: ${summary}\n`);
    if (args.report) writeFileSync(args.report, `${made.reportJson()}\n`);
    stdout.write(`${made.state()}\n`);
    return 0;
  } catch (err) {
    stderr.write(`licensing-sdk-sim state: ${err.message}\n`);
    return 2;
  } finally {
    made.free();
  }
}

/**
 * A HAR file's text, each body Playwright attached (`_file`, with `content:
 * "attach"`: a file beside the HAR) read into the entry as base64, as an
 * embedded body is written. A HAR that is no JSON is passed on as it is, for
 * the wasm to refuse with why.
 */
function harWithAttachments(file) {
  const text = readFileSync(file, 'utf8');
  let har;
  try {
    har = JSON.parse(text);
  } catch {
    return text;
  }
  let attached = false;
  for (const entry of Array.isArray(har?.log?.entries) ? har.log.entries : []) {
    for (const body of [entry?.request?.postData, entry?.response?.content]) {
      if (typeof body?._file !== 'string') continue;
      // Only a name beside the HAR: no path may lead elsewhere.
      if (path.basename(body._file) !== body._file) throw new Error(`${file}: an attached body's _file ${JSON.stringify(body._file)} is not a file name`);
      body.text = readFileSync(path.join(path.dirname(file), body._file)).toString('base64');
      body.encoding = 'base64';
      attached = true;
    }
  }
  return attached ? JSON.stringify(har) : text;
}
