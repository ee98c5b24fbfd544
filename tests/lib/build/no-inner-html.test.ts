import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { rewritePreactInnerHtml } from '../../../build/no-inner-html';

// Issue 30: web-ext lint's two UNSAFE_VAR_ASSIGNMENT warnings came from Preact's raw-HTML branch.

const preactPath = createRequire(import.meta.url).resolve('preact');
const dir = mkdtempSync(join(tmpdir(), 'robotscope-preact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rewritePreactInnerHtml over the installed Preact', () => {
  const source = readFileSync(preactPath, 'utf8');

  it('finds the raw-HTML branch and leaves no innerHTML', () => {
    expect(source).toContain('innerHTML');
    const rewritten = rewritePreactInnerHtml(source);
    expect(rewritten).not.toBeNull();
    expect(rewritten).not.toContain('innerHTML');
  });

  it('keeps a module that still loads, with its exports', async () => {
    const file = join(dir, 'preact.mjs');
    // Without its source map comment: the map stays beside the original.
    writeFileSync(file, (rewritePreactInnerHtml(source) ?? '').replace(/\/\/# sourceMappingURL=\S+\s*$/, ''));
    const rewritten = (await import(pathToFileURL(file).href)) as typeof import('preact');
    expect(typeof rewritten.render).toBe('function');
    expect(typeof rewritten.h).toBe('function');
  });

  it('says so when the branch is not there', () => {
    expect(rewritePreactInnerHtml('export const x = 1;')).toBeNull();
  });
});
