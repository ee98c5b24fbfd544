/**
 * The words checker (words-check.ts) run over every extension page a real-browser scenario reaches,
 * in both browsers: `withWordsScan` wraps a BrowserHarness so each extension page and popup it
 * opens is read after each wait and text read (at most once per SCAN_EVERY_MS per page) and
 * before it closes; `useBrowser` (fixtures.ts) fails the test with every fault found, each with
 * its page, the state it was read in and the words around it.
 *
 * What a page shows of a file (code, pre, the file view's rows, the editor, a text area) is the
 * site's text, not ours: it is left out of the read.
 */
import type { BrowserHarness, TabPage, TestPage } from './browser';
import { createPopupPage } from './popup-page';
import { describeWordFaults, findWordFaults } from './words-check';

/** A page is read again after a wait or a text read only once this long has passed since its last read. */
export const SCAN_EVERY_MS = 1_500;

/** Elements whose text is a file's or the person's own, never the extension's words. */
export const FILE_CONTENT_SELECTOR = 'code, pre, textarea, input, .file-row, .cm-editor, [data-words="file"]';

/** A BrowserHarness whose extension pages are read for wording faults. */
export interface ScannedHarness extends BrowserHarness {
  /** Returns the faults found since the last call (one line each: page, state, kind, excerpt) and forgets them. */
  takeWordFaults(): string[];
  /**
   * Reads `text`, the words of a file the extension wrote (a CSV's words, a copied report, a
   * README: see csvWords and proseOf), as the pages are read; `where` names it in a failure.
   */
  scanText(where: string, text: string): void;
}

/** Splits one CSV line into its fields (RFC 4180 quoting; no line break inside a field). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let field = '';
      let i = at + 1;
      for (; i < line.length; i++) {
        if (line[i] === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (line[i] === '"') break;
        else field += line[i];
      }
      fields.push(field);
      at = i + 2;
    } else {
      const end = line.indexOf(',', at);
      fields.push(line.slice(at, end < 0 ? line.length : end));
      at = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return fields;
}

/**
 * Returns the extension's words in a CSV export: the header and every field but the URLs and the
 * robots.txt lines quoted (url, *_rule: the site's text), one row a line, fields apart (" ; ").
 */
export function csvWords(csv: string): string {
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  const header = csvFields(lines[0] ?? '');
  const keep = header.map((h) => h !== 'url' && !h.endsWith('_rule'));
  return lines
    .filter((line) => line !== '')
    .map((line) =>
      csvFields(line)
        .filter((_, i) => keep[i] === true)
        .join(' ; '),
    )
    .join('\n');
}

/**
 * Returns the words a person reads on the page (runs in the page): `innerText` of the body with
 * file content replaced by an ellipsis (so the words either side of a quoted line are never read as
 * one phrase), and where the page is.
 */
export function readPageWords(selector: string): { where: string; text: string } {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll(selector)) el.replaceWith(document.createTextNode(' … '));
  // innerText needs the copy laid out: put it in the document, out of sight, for the read.
  copy.style.position = 'absolute';
  copy.style.left = '-10000px';
  copy.style.width = `${document.body.clientWidth || 800}px`;
  document.documentElement.append(copy);
  const text = copy.innerText;
  copy.remove();
  return { where: `${location.pathname.replace(/^\//, '')}${location.search}`, text };
}

/** Returns `harness` with every extension page and popup it opens read for wording faults. */
export function withWordsScan(harness: BrowserHarness): ScannedHarness {
  const found = new Map<string, string>();

  function note(where: string, state: string, text: string): void {
    for (const line of describeWordFaults(`${where} (${state})`, findWordFaults(text))) {
      // One fault once per page, whichever state first showed it.
      const key = `${where.split('?')[0]}|${line.slice(line.indexOf('): ') + 3)}`;
      if (!found.has(key)) found.set(key, line);
    }
  }

  async function scan<P extends TestPage>(page: P, state: string): Promise<void> {
    let read: { where: string; text: string };
    try {
      read = await page.evaluate(readPageWords, FILE_CONTENT_SELECTOR);
    } catch {
      // The page closed itself (a toolbar popup losing focus) or is navigating: nothing to read now.
      return;
    }
    note(read.where, state, read.text);
  }

  function scanned<P extends TestPage>(page: P): P {
    let lastScan = 0;
    const maybeScan = async (state: string) => {
      if (Date.now() - lastScan < SCAN_EVERY_MS) return;
      lastScan = Date.now();
      await scan(page, state);
    };
    return {
      ...page,
      text: async (selector: string) => {
        const text = await page.text(selector);
        await maybeScan(`after reading ${selector}`);
        return text;
      },
      waitFor: async (selector: string, pattern?: RegExp, timeoutMs?: number) => {
        const text = await page.waitFor(selector, pattern, timeoutMs);
        await maybeScan(`after waiting for ${selector}${pattern === undefined ? '' : ` ${String(pattern)}`}`);
        return text;
      },
      close: async () => {
        await scan(page, 'before closing');
        await page.close();
      },
    };
  }

  return {
    ...harness,
    openExtensionPage: async (path) => scanned<TabPage>(await harness.openExtensionPage(path)),
    openPopupForTab: async (tabId) => createPopupPage(scanned((await harness.openPopupForTab(tabId)).page)),
    clickAction: async (page) => createPopupPage(scanned((await harness.clickAction(page)).page)),
    scanText: (where, text) => note(where, 'file', text),
    takeWordFaults: () => {
      const lines = [...found.values()];
      found.clear();
      return lines;
    },
  };
}
