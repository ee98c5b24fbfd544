import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

// Importing lib/ must build nothing heavy: no Intl object, no regular expression made from a
// string, no large Map, Set, array or typed array. Each of those is built on first use, so a
// context that loads the engine (the worker after a restart, the popup's sections) pays only for
// what it runs. Every lib/ module is bundled into one script and run in a fresh node:vm context
// whose constructors count what the modules' top level builds. Regular expression literals are not
// counted: V8 compiles a literal's pattern only when it first runs.
const ROOT = join(import.meta.dirname, '..', '..');
const LIB = join(ROOT, 'lib');

/** A Map, Set or array with more entries than this, built at import, is a table built too early. */
const TABLE_LIMIT = 64;

/** The file name the bundle runs under, so that a stack frame tells its lines from the spies'. */
const BUNDLE_NAME = 'lib-bundle.js';

function listModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listModules(path);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Wraps the context's constructors so that each construction at import is written down. */
const SPIES = `
globalThis.built = [];
Error.stackTraceLimit = 50;
// Each construction with the line of the bundle that made it (the first frame outside this script).
const note = (what) => {
  if (!globalThis.counting) return;
  const frame = new Error().stack.split('\\n').find((line) => line.includes('${BUNDLE_NAME}:'));
  globalThis.built.push({ what, line: frame === undefined ? 0 : Number(/:(\\d+):\\d+\\)?$/.exec(frame)?.[1] ?? 0) });
};
const sizeOf = (value) => (typeof value === 'number' ? value : value && typeof value.length === 'number' ? value.length : 0);
const spy = (owner, name, describe) => {
  const original = owner[name];
  owner[name] = new Proxy(original, {
    construct(target, args, newTarget) {
      const made = Reflect.construct(target, args, newTarget === owner[name] ? target : newTarget);
      const what = describe(args, made);
      if (what !== null) note(what);
      return made;
    },
    apply(target, self, args) {
      const made = Reflect.apply(target, self, args);
      const what = describe(args, made);
      if (what !== null) note(what);
      return made;
    },
  });
};
for (const name of ['NumberFormat', 'PluralRules', 'DateTimeFormat', 'Collator', 'RelativeTimeFormat', 'ListFormat', 'Segmenter', 'DisplayNames', 'Locale']) {
  if (typeof Intl[name] === 'function') spy(Intl, name, () => 'Intl.' + name);
}
spy(globalThis, 'RegExp', (args) => 'RegExp ' + String(args[0]));
for (const name of ['Map', 'Set']) {
  spy(globalThis, name, (_args, made) => (made.size > ${TABLE_LIMIT} ? name + ' of ' + made.size + ' entries' : null));
}
const arrayFrom = Array.from;
const OriginalArray = Array;
spy(globalThis, 'Array', (_args, made) => (made.length > ${TABLE_LIMIT} ? 'Array of ' + made.length + ' entries' : null));
Array.from = function (...args) {
  const made = arrayFrom.apply(this === Array ? OriginalArray : this, args);
  if (made.length > ${TABLE_LIMIT}) note('Array.from of ' + made.length + ' entries');
  return made;
};
for (const name of ['Uint8Array', 'Uint16Array', 'Uint32Array', 'Int8Array', 'Int16Array', 'Int32Array', 'Float32Array', 'Float64Array']) {
  spy(globalThis, name, (args) => (sizeOf(args[0]) > ${TABLE_LIMIT} ? name + ' of ' + sizeOf(args[0]) + ' entries' : null));
}
globalThis.counting = true;
`;

async function bundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** One construction at import: what was built, and the module whose top level built it. */
interface Built {
  readonly module: string;
  readonly what: string;
}

/**
 * Returns the module each line of an unminified bundle comes from: esbuild opens each module's
 * code with a `// path` comment.
 */
function moduleOfLines(code: string): (line: number) => string {
  const starts: { line: number; module: string }[] = [];
  code.split('\n').forEach((text, i) => {
    const opening = /^\s*\/\/ (\S+\.[a-z]+)$/.exec(text);
    if (opening !== null) starts.push({ line: i + 1, module: opening[1] as string });
  });
  return (line) => starts.findLast((s) => s.line <= line)?.module ?? 'the entry';
}

/** Runs `code` in a fresh context after the spies; returns what its top level built, by module. */
function runCounting(code: string, after = ''): Built[] {
  const context = createContext({ TextEncoder, TextDecoder, URL, URLSearchParams, console });
  runInContext(SPIES, context, { filename: 'spies.js' });
  runInContext(`${code}\n;globalThis.counting = false;${after}\n`, context, { filename: BUNDLE_NAME });
  const moduleOf = moduleOfLines(code);
  return (context.built as { what: string; line: number }[]).map(({ what, line }) => ({
    module: moduleOf(line),
    what,
  }));
}

/** Returns the package a module of node_modules belongs to ("saxes", "@scope/name"), or null for ours (lib/). */
function packageOf(module: string): string | null {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module);
  return match === null ? null : (match[1] as string);
}

describe('importing lib/', () => {
  const modules = listModules(LIB);
  let builtAtImport: Built[] = [];

  beforeAll(async () => {
    // Each module's exports kept alive on the global, so the bundler drops none of them.
    const entry = modules
      .map(
        (file, i) =>
          `import * as m${i} from './${relative(ROOT, file).replace(/\\/g, '/')}';\nglobalThis.m${i} = m${i};`,
      )
      .join('\n');
    builtAtImport = runCounting(await bundle(entry));
  }, 60_000);

  it('covers every module of lib/', () => {
    expect(modules.length).toBeGreaterThan(100);
    expect(modules.map((m) => relative(LIB, m))).toContain(join('robots', 'index.ts'));
  });

  it('builds no Intl object, regular expression from a string or large table in our modules', () => {
    expect(builtAtImport.filter((b) => packageOf(b.module) === null)).toEqual([]);
  });

  it('loads only the dependencies known to build their tables at import', () => {
    // saxes (the sitemap reader's XML parser) makes its XML name patterns with RegExp, through
    // xmlchars; fflate (the evidence ZIP) builds its Huffman tables. Neither offers a lazy form, and
    // an extension's service worker may not import() a module later: these two stay, and a third
    // is noticed here.
    const packages = new Set(builtAtImport.map((b) => packageOf(b.module)).filter((p) => p !== null));
    expect([...packages].sort()).toEqual(['fflate', 'xmlchars']);
  });

  it('notices each of those when a module builds it at import, and names the module', async () => {
    const heavy = await bundle(`
      export const count = new Intl.NumberFormat('en-US');
      export const word = new RegExp('^[a-z]+$', 'i');
      export const table = new Map(Array.from({ length: 100 }, (_, i) => [i, i]));
      export const slots = new Uint32Array(1 << 16);
      export const small = new Set([1, 2, 3]);
    `);
    expect(runCounting(heavy).map((b) => b.what)).toEqual([
      'Intl.NumberFormat',
      'RegExp ^[a-z]+$',
      'Array.from of 100 entries',
      'Map of 100 entries',
      'Uint32Array of 65536 entries',
    ]);
    const ours = await bundle(`import { encodeExcept } from './lib/lens/text'; globalThis.encode = encodeExcept;`);
    const code = ours.replace(/(\/\/ lib\/lens\/text\.ts\n)/, '$1var early = new Intl.Collator("en");\n');
    expect(runCounting(code)).toEqual([{ module: 'lib/lens/text.ts', what: 'Intl.Collator' }]);
  });

  it('does not count what a module builds when it is called', async () => {
    const lazy = await bundle(`
      let count;
      export function format(n) { count ??= new Intl.NumberFormat('en-US'); return count.format(n); }
      globalThis.format = format;
    `);
    expect(runCounting(lazy, 'globalThis.format(1204);')).toEqual([]);
  });
});
