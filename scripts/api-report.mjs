// The npm package's public API (api/npm/licensing-sdk.api.txt): every subpath of
// pkg/package.json's `exports` that has declarations, each export with its
// declared type, as TypeScript's compiler reads pkg/'s .d.ts files (comments
// left out, one declaration a block). `node scripts/api-report.mjs write`
// rewrites the file; `check` (make test: tests/js/api-report.test.mjs) fails,
// printing what differs, when the built package's API is not the committed one:
// a change to what users import must be committed on purpose (and named in
// CHANGELOG.md). Run after `make pkg`.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const PKG = path.join(ROOT, 'pkg');
export const REPORT = path.join(ROOT, 'api/npm/licensing-sdk.api.txt');

/** Each subpath of the package with the ES declarations it names. */
function subpaths() {
  const manifest = JSON.parse(readFileSync(path.join(PKG, 'package.json'), 'utf8'));
  const out = [];
  const typesOf = (tree) => {
    if (typeof tree !== 'object' || tree === null) return undefined;
    if (typeof tree.types === 'string' && tree.types.endsWith('.d.ts')) return tree.types;
    for (const key of ['import', 'default', 'node', 'browser', 'workerd']) {
      const found = typesOf(tree[key]);
      if (found) return found;
    }
    return undefined;
  };
  for (const [subpath, tree] of Object.entries(manifest.exports)) {
    const types = typesOf(tree);
    if (types) out.push([subpath, path.join(PKG, types)]);
  }
  return out.sort(([a], [b]) => a.localeCompare(b));
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** A declaration as TypeScript prints it, without comments or bodies. */
function printed(node) {
  return printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile()).trim();
}

/** The name a subpath is imported by: `.` is `licensing-sdk`, `./x` is `licensing-sdk/x`. */
const importName = (subpath) => `licensing-sdk${subpath.slice(1)}`;

/** The report: per subpath, each export (sorted) and its declarations. */
export function report() {
  const files = subpaths();
  const program = ts.createProgram(files.map(([, f]) => f), { noEmit: true, strict: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const lines = ['# The public API of the npm package licensing-sdk, from pkg/*.d.ts: node scripts/api-report.mjs write', ''];
  const listed = new Map();
  for (const [subpath, file] of files) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    lines.push(`## ${subpath} (${path.relative(PKG, file)})`, '');
    if (listed.has(path.resolve(file))) {
      lines.push(`(the declarations of ${listed.get(path.resolve(file))})`, '');
      continue;
    }
    listed.set(path.resolve(file), subpath);
    if (!moduleSymbol) {
      lines.push('(no exports)', '');
      continue;
    }
    const exports = checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name));
    for (const exported of exports) {
      // Re-exported from another package (`expect` of @playwright/test, a peer
      // dependency): named with it, the same whether or not it is installed here.
      const specifier = exported.declarations?.[0];
      const module = specifier && ts.isExportSpecifier(specifier) ? specifier.parent.parent.moduleSpecifier : undefined;
      if (module && ts.isStringLiteral(module) && !module.text.startsWith('.')) {
        lines.push(`export ${exported.name}: re-exported from ${module.text}`, '');
        continue;
      }
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      // Re-exported from a file listed above: named, not printed again.
      const from = symbol.declarations?.[0]?.getSourceFile().fileName;
      if (from && path.resolve(from) !== path.resolve(file) && listed.has(path.resolve(from))) {
        lines.push(`export ${exported.name}: re-exported from ${importName(listed.get(path.resolve(from)))}`, '');
        continue;
      }
      const declarations = (symbol.declarations ?? []).map(printed).map((d) => d.replace(/^export (declare )?/, ''));
      lines.push(`export ${exported.name}:`, ...declarations.map((d) => d.split('\n').map((l) => `  ${l}`).join('\n')), '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The lines of `a` that `b` lacks. */
const missing = (a, b) => { const set = new Set(b.split('\n')); return a.split('\n').filter((l) => l.trim() !== '' && !set.has(l)); };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mode = process.argv[2];
  const current = report();
  if (mode === 'write') {
    mkdirSync(path.dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, current);
    console.log(`wrote ${path.relative(ROOT, REPORT)}`);
  } else if (mode === 'check') {
    let committed = '';
    try { committed = readFileSync(REPORT, 'utf8'); } catch { /* absent: everything differs */ }
    if (committed !== current) {
      console.error(`${path.relative(ROOT, REPORT)} is not the built package's API (run: node scripts/api-report.mjs write, and name the change in CHANGELOG.md):`);
      for (const l of missing(committed, current)) console.error(`  - ${l}`);
      for (const l of missing(current, committed)) console.error(`  + ${l}`);
      process.exit(1);
    }
  } else {
    console.error('usage: node scripts/api-report.mjs write | check');
    process.exit(2);
  }
}
