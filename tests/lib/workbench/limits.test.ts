import { describe, expect, it } from 'vitest';
import {
  buildCsv,
  CSV_PART_ROWS,
  createSideColumns,
  listCrawlers,
  MAX_LIST_URLS,
  parseUrlList,
  writeCsvParts,
} from '../../../lib/workbench';

const ORIGIN = 'https://a.test';

describe('a URL list at the documented limits', () => {
  it('caps a 1,000,000-line URL file at the set cap and says what was left out', () => {
    const text = Array.from({ length: 1_000_000 }, (_, i) => `/p/${i}`).join('\n') + '\n';
    const list = parseUrlList(text, ORIGIN);
    expect(list.urls).toHaveLength(MAX_LIST_URLS);
    expect(list.urls.at(-1)).toBe(`${ORIGIN}/p/${MAX_LIST_URLS - 1}`);
    expect(list.capNotice).toBe(
      'The list is capped at 200,000 URLs: line 200,001 and the 799,999 lines after it were left out.',
    );
  });

  it('counts every line that is not a URL but keeps only the first hundred as examples', () => {
    const list = parseUrlList(Array.from({ length: 500 }, (_, i) => `word ${i}`).join('\r\n'), ORIGIN);
    expect(list.invalidCount).toBe(500);
    expect(list.invalid).toHaveLength(100);
    expect(list.invalid[99]).toEqual({ line: 100, text: 'word 99' });
    expect(list.capNotice).toBeNull();
  });

  it('keeps a list under the cap whole', () => {
    const list = parseUrlList('/a\r\n/b\r/c', ORIGIN, false, 3);
    expect(list.urls).toEqual([`${ORIGIN}/a`, `${ORIGIN}/b`, `${ORIGIN}/c`]);
    expect(list.capNotice).toBeNull();
  });
});

describe('CSV export in parts', () => {
  it('writes exactly the text buildCsv writes, in parts', async () => {
    const urls = Array.from({ length: 7 }, (_, i) => `${ORIGIN}/"q",${i}`);
    const tokens = ['Googlebot', 'GPTBot'];
    const live = createSideColumns(14);
    const draft = createSideColumns(14);
    draft.allowed.fill(1, 3, 9);
    draft.line.fill(2, 3, 9);
    const rows = Uint32Array.from({ length: 14 }, (_, i) => i);
    const table = { urls, names: tokens, live, draft, liveLines: [], draftLines: ['User-agent: *', 'Allow: /"q",'] };
    const parts: string[] = [];
    const written = await writeCsvParts(rows, table, (p) => parts.push(p), { partRows: 4 });
    expect(written).toBe(14);
    expect(parts).toHaveLength(1 + 4);
    expect(parts.join('')).toBe(buildCsv(rows, table));
  });

  it('exports 200,000 URLs × every preset (37 crawlers) as a Blob of parts, with every row, yielding between parts', async () => {
    const tokens = listCrawlers().map((c) => c.token);
    expect(tokens).toHaveLength(37);
    const urls = Array.from({ length: 200_000 }, (_, i) => `${ORIGIN}/${i}`);
    const cells = urls.length * tokens.length;
    const live = createSideColumns(cells);
    const draft = createSideColumns(cells);
    const rows = Uint32Array.from({ length: cells }, (_, i) => i);
    const blobs: Blob[] = [];
    let lines = 0;
    let longest = 0;
    let pauses = 0;
    const written = await writeCsvParts(
      rows,
      { urls, names: tokens, live, draft, liveLines: [], draftLines: [] },
      (part) => {
        for (let i = part.indexOf('\r\n'); i >= 0; i = part.indexOf('\r\n', i + 2)) lines++;
        longest = Math.max(longest, part.length);
        blobs.push(new Blob([part]));
      },
      { pause: () => (pauses++, Promise.resolve()) },
    );
    const blob = new Blob(blobs, { type: 'text/csv;charset=utf-8' });
    const rowCount = 200_000 * 37;
    expect(written).toBe(rowCount);
    expect(lines).toBe(rowCount + 1);
    expect(blobs).toHaveLength(1 + rowCount / CSV_PART_ROWS);
    expect(pauses).toBe(rowCount / CSV_PART_ROWS - 1);
    // No string near the engine's limit: each part is a few megabytes.
    expect(longest).toBeLessThan(4 * 1024 * 1024);
    expect(blob.size).toBeGreaterThan(250 * 1024 * 1024);
    expect(await blob.slice(blob.size - 100).text()).toMatch(
      new RegExp(`\\r\\n${ORIGIN}/199999,${tokens.at(-1)},blocked,,,blocked,,,same\\r\\n$`),
    );
  }, 120_000);
});
