// A command line read against a table of its flags: `--name VALUE`,
// `--name=VALUE`, boolean `--name`, repeatable flags. What a flag means is the
// command's; this only reads them, and throws an Error naming what it does not
// know (the commands exit with code 2 on it).

/**
 * Reads `argv` against `flags`: `{ '--flag': { key, kind, read, unknown } }`,
 * kind `'string'`, `'number'` (a whole number ≥ 0), `'boolean'` or `'list'`
 * (repeatable). `read(value, previous, flag)`, when given, is what is stored
 * under `key` in place of the value (a switch's reader is given its `=VALUE`,
 * undefined when none, and decides what it means); `unknown: WHY` refuses a
 * flag as one unknown, with why. Words that are not flags are `_` (with
 * `words: false`, unknown arguments).
 */
export function parseArgs(argv, flags, { words = true } = {}) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-') && words) {
      out._.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const [flag, inline] = arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const spec = Object.hasOwn(flags, flag) ? flags[flag] : undefined;
    if (!spec || spec.unknown) throw new Error(`unknown argument ${JSON.stringify(arg)} (${spec?.unknown ?? '--help lists the options'})`);
    if (spec.kind === 'boolean') {
      if (spec.read) out[spec.key] = spec.read(inline, out[spec.key], flag);
      else if (inline !== undefined) throw new Error(`${flag} takes no value`);
      else out[spec.key] = true;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
      value = argv[++i];
    }
    if (spec.kind === 'number') {
      // Decimal digits only: Number() reads '' as 0, '0x10' as 16 and ' 7 ' as 7.
      const n = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(n)) throw new Error(`${flag} expects a whole number, not ${JSON.stringify(value)}`);
      value = n;
    }
    if (spec.read) out[spec.key] = spec.read(value, out[spec.key], flag);
    else if (spec.kind === 'list') (out[spec.key] ??= []).push(value);
    else out[spec.key] = value;
  }
  return out;
}

/** What a failed `fetch` says, in words: the cause's code (ECONNREFUSED, a TLS code) and message, or the timeout. */
export function failure(err, timeoutSecs) {
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `no answer within ${timeoutSecs} s`;
  const cause = err?.cause;
  const parts = [];
  if (cause?.code) parts.push(cause.code);
  if (cause?.message) parts.push(cause.message);
  else if (err?.message) parts.push(err.message);
  return (parts.join(': ') || String(err)).trim();
}

/**
 * The base address of a service given to `flag` (`--base-url`, `--upstream`):
 * http or https, with no query or fragment, its trailing slash dropped. A user
 * name or password in it is refused and never shown (not even in the message
 * of a text that is no URL): fetch would send it to the service, and the
 * commands would print it in their lines, reports and recordings.
 */
export function serviceUrl(flag, text) {
  const shown = JSON.stringify(String(text).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1[userinfo]@'));
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${flag} ${shown} is not a URL`);
  }
  if (url.username || url.password) {
    throw new Error(`${flag} must not carry a user name or password (${shown}): they would be sent to the service and printed in what the command writes`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${flag} must be http or https, not ${url.protocol}`);
  if (url.search || url.hash) throw new Error(`${flag} must have no query or fragment`);
  return url.href.replace(/\/+$/, '');
}

/** `text` cut into lines of at most `width` characters, at spaces. */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/**
 * A help's options: each row `[left, text]` a line `  left  text`, the text
 * wrapped under itself at column `indent` within `width` characters.
 */
export function optionLines(rows, indent, width = 96) {
  return rows.flatMap(([left, text]) => {
    const [first, ...rest] = wrap(text, width - indent);
    return [`  ${left.padEnd(indent - 3)} ${first}`, ...rest.map((l) => `${' '.repeat(indent)}${l}`)];
  });
}

/** `-h` and `--help`, which every command has. */
const HELP = { key: 'help', kind: 'boolean' };

/**
 * A command's options, each defined once: `[{ flag, key, kind, value,
 * default, help }]` (`value`: the value's name in the help; `default`:
 * printed, and used when the flag is not given). Gives the table parseArgs
 * reads (with `-h`, `--help`), the help's option lines, and each option's
 * value or default by key.
 */
export function optionTable(options, indent = 30) {
  const rows = options.map((o) => [`${o.flag}${o.value ? ` ${o.value}` : ''}`,
    `${o.help}${o.default !== undefined ? ` [default: ${o.default}]` : ''}`]);
  return {
    flags: { ...Object.fromEntries(options.map((o) => [o.flag, o])), '-h': HELP, '--help': HELP },
    help: optionLines([...rows, ['-h, --help', 'Print this help']], indent).join('\n'),
    settings: (args) => Object.fromEntries(options.map((o) => [o.key, args[o.key] ?? o.default])),
  };
}
