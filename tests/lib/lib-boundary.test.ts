import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// lib/ runs in Node, in the worker and in the popup (docs/architecture.md): it may import
// only other lib/ modules and must not reach a browser API, WXT, Preact or a Node-only API.
// lib/tsconfig.json makes the compiler refuse the DOM and WXT/Preact imports too; this test also
// covers what Node's types let through there (node: modules, process, Buffer, require).
const LIB = join(import.meta.dirname, '..', '..', 'lib');

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listSources(path);
    return /\.(ts|tsx|js|mjs)$/.test(name) ? [path] : [];
  });
}

const FORBIDDEN_IMPORT =
  /(?:from\s*|import\s*\(\s*|import\s+)['"](wxt(?:\/[^'"]*)?|#imports|preact(?:\/[^'"]*)?|@preact\/[^'"]+|@wxt-dev\/[^'"]+|@webext-core\/[^'"]+|webextension-polyfill|node:[^'"]+)['"]/;
const FORBIDDEN_GLOBAL =
  /\b(?:chrome|browser)\s*\.\s*(?:runtime|tabs|storage|action|browserAction|webRequest|scripting|windows)\b|\bdocument\s*\.|\bwindow\s*\.|\bprocess\s*\.|\bBuffer\b|\brequire\s*\(/;

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('lib/ boundary', () => {
  const files = listSources(LIB);

  it('has sources to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [relative(LIB, f), f]))('%s imports no browser API, WXT or Preact', (_name, file) => {
    const source = stripComments(readFileSync(file, 'utf8'));
    expect(source).not.toMatch(FORBIDDEN_IMPORT);
    expect(source).not.toMatch(FORBIDDEN_GLOBAL);
  });

  it('detects a forbidden import when one is present', () => {
    expect(`import { browser } from 'wxt/browser';`).toMatch(FORBIDDEN_IMPORT);
    expect(`import { h } from "preact";`).toMatch(FORBIDDEN_IMPORT);
    expect(`await chrome.storage.local.get()`).toMatch(FORBIDDEN_GLOBAL);
    expect(`import { readFileSync } from 'node:fs';`).toMatch(FORBIDDEN_IMPORT);
    expect(`const home = process.env.HOME;`).toMatch(FORBIDDEN_GLOBAL);
    expect(`Buffer.from(text)`).toMatch(FORBIDDEN_GLOBAL);
    expect(`import { parseRobotsTxt } from './robots/index';`).not.toMatch(FORBIDDEN_IMPORT);
  });
});
