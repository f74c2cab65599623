// `npx licensing-sdk verify`: a live service checked against the contract.
// The run is licensing-verify's (crates/licensing-verify, through its
// wasm): it says what to send and judges what came. This file sends it, with
// the tokens it alone holds, and prints what the run reports.
import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { failure, optionTable, parseArgs, serviceUrl } from '../../shared/cli/args.js';
import { readAnswer, simFlag } from '../../shared/cli/http.js';

/**
 * verify's options, each once: how it is read (args.js), its value's name, its
 * default (one the run's config gives is said in its help) and its help.
 */
const OPTIONS = [
  { flag: '--base-url', key: 'baseUrl', kind: 'string', value: 'URL', help: "The service's base address (the part before /order/api/...)" },
  { flag: '--token', key: 'token', kind: 'string', value: 'TOKEN', help: 'An application token with scope auth_order (or the environment variable LICENSING_SDK_TOKEN)' },
  { flag: '--activity-token', key: 'activityToken', kind: 'string', value: 'TOKEN', help: 'One with scope auth_activity (or LICENSING_SDK_ACTIVITY_TOKEN): the scope checks and, with --writes, joinActivity' },
  { flag: '--writes', key: 'writes', kind: 'boolean', help: 'Also write, for a SANDBOX only: every endpoint once (an enterprise, a batch order, locks, a claim), and for each rule the SDK infers the smallest request only it refuses' },
  { flag: '--json', key: 'json', kind: 'string', value: 'FILE', help: 'Write the report as JSON too' },
  { flag: '--html', key: 'html', kind: 'string', value: 'FILE', help: "Write the report as one self-contained HTML page too (each endpoint's checks, each difference from the contract side by side, the answer behind it; tokens redacted)" },
  { flag: '--activity-label', key: 'activityLabel', kind: 'string', value: 'LABEL', help: 'The activity --writes joins [default: one no service has]' },
  { flag: '--channel-code', key: 'channelCode', kind: 'string', value: 'CODE', help: 'The channel customer the reads ask for (with --channel-customer-id)' },
  { flag: '--channel-customer-id', key: 'channelCustomerId', kind: 'string', value: 'ID', help: 'Its id at the channel' },
  { flag: '--enterprise-global-id', key: 'enterpriseGlobalId', kind: 'string', value: 'ID', help: 'The enterprise whose assets the reads list' },
  { flag: '--app-key', key: 'appKey', kind: 'string', value: 'KEY', help: "batchOrder's appKey [default: licensing-sdk-verify]" },
  { flag: '--timeout-secs', key: 'timeoutSecs', kind: 'number', value: 'N', default: 15, help: 'How long each request may take' },
  { flag: '--max-answer-bytes', key: 'maxAnswerBytes', kind: 'number', value: 'N', default: Number(simFlag('--max-answer-bytes').default), help: 'Largest answer read, in bytes (the rest is not read: that check could not be checked, exit code 2)' },
  { flag: '--locale', key: 'locale', kind: 'string', value: 'en|zh-CN', help: "The language of the differences' messages [default: en]" },
];

const TABLE = optionTable(OPTIONS, 28);

export const VERIFY_HELP = `licensing-sdk verify: checks a live Licensing service against the contract

Usage: npx licensing-sdk verify --base-url URL --token TOKEN [OPTIONS]

Every check says whose word it holds the service to:
  agrees / differs   what the spec states (scopes per module, envelopes, HTTP 299
                     refusals, the activity module's resultCode, the answers' shapes)
  service does       what the spec leaves open and the SDK infers (how a missing or
                     wrong token is refused, whether a replayed g_nonce is, what a rule
                     the SDK infers refuses): to learn, not a failure
  could not check    and why
Read-only unless --writes: the reads, auth, g_nonce, and a read refused for a
missing field. Exit code 0 when nothing the spec states differs, 1 when something
does, 2 when the service cannot be checked (an unreachable address, TLS, a page
that is not the service, a refused token, a timeout, an answer larger than
--max-answer-bytes).

Options:
${TABLE.help}

The tokens are never printed, logged or written to the report.`;

/**
 * Runs `verify` with `argv`; resolves to the exit code. `io`: `{ verify, env,
 * stdout, stderr, fetch }` (licensing-verify's wasm instance, and where to write).
 */
export async function verifyCommand(argv, { verify, env, stdout, stderr, fetch = globalThis.fetch }) {
  let args;
  let base;
  try {
    args = parseArgs(argv, TABLE.flags);
    if (args.help) {
      stdout.write(`${VERIFY_HELP}\n`);
      return 0;
    }
    if (args._.length) throw new Error(`unexpected ${JSON.stringify(args._[0])}`);
    if (args.baseUrl === undefined) throw new Error('--base-url is required');
    base = serviceUrl('--base-url', args.baseUrl);
    args.token ??= env.LICENSING_SDK_TOKEN;
    args.activityToken ??= env.LICENSING_SDK_ACTIVITY_TOKEN;
    if (!args.token) throw new Error('--token (or LICENSING_SDK_TOKEN) is required');
    if (args.locale !== undefined && !['en', 'zh-CN'].includes(args.locale)) throw new Error(`--locale is en or zh-CN, not ${JSON.stringify(args.locale)}`);
  } catch (err) {
    stderr.write(`licensing-sdk verify: ${err.message}\n(npx licensing-sdk verify --help)\n`);
    return 2;
  }
  const { token, activityToken } = args;
  const { timeoutSecs, maxAnswerBytes } = TABLE.settings(args);
  const config = {
    baseUrl: base,
    writes: Boolean(args.writes),
    activityToken: !activityToken ? 'absent' : activityToken === token ? 'same-as-order' : 'distinct',
    run: randomBytes(4).toString('hex'),
    secrets: [token, activityToken].filter(Boolean),
    ...(args.appKey !== undefined && { appKey: args.appKey }),
    ...(args.activityLabel !== undefined && { activityLabel: args.activityLabel }),
    ...(args.channelCode !== undefined && { channelCode: args.channelCode }),
    ...(args.channelCustomerId !== undefined && { channelCustomerId: args.channelCustomerId }),
    ...(args.enterpriseGlobalId !== undefined && { enterpriseGlobalId: args.enterpriseGlobalId }),
    ...(args.locale !== undefined && { locale: args.locale }),
  };
  const run = new verify.VerifyRun(JSON.stringify(config));
  const bearer = { order: token, activity: activityToken, wrong: verify.wrongToken() };
  const limits = { timeoutSecs, maxAnswerBytes };
  try {
    for (let json = run.nextProbe(); json !== undefined; json = run.nextProbe()) {
      const probe = JSON.parse(json);
      stderr.write(`[verify] ${probe.check}: ${probe.method} ${probe.path}\n`);
      const headers = {};
      if (probe.auth !== 'none') headers.authorization = `Bearer ${bearer[probe.auth]}`;
      if (probe.body !== undefined) headers['content-type'] = 'application/json';
      await send(run, fetch, `${base}${probe.path}${probe.query ? `?${probe.query}` : ''}`, { method: probe.method, headers, body: probe.body }, limits);
    }
    for (const line of run.lines()) stdout.write(`${line}\n`);
    if (args.json) writeFileSync(args.json, `${run.reportJson()}\n`);
    if (args.html) writeFileSync(args.html, run.reportHtml());
    return run.exitCode();
  } finally {
    run.free();
  }
}

/**
 * Sends a probe and gives the run what came: the answer (read up to
 * `maxAnswerBytes`, as UTF-8), or why none did (a larger one is not read further).
 */
async function send(run, fetch, url, init, { timeoutSecs, maxAnswerBytes }) {
  try {
    const answer = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutSecs * 1000) });
    const bytes = await readAnswer(answer, maxAnswerBytes);
    if (bytes === null) run.tooLarge(maxAnswerBytes);
    else run.answered(answer.status, answer.headers.get('content-type') ?? undefined, new TextDecoder().decode(bytes));
  } catch (err) {
    run.failed(failure(err, timeoutSecs));
  }
}
