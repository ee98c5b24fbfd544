import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeText, splitQuoted, withoutQuotes } from '../../components/code-text';
import { FileView, ROW_HEIGHT } from '../../components/popup/FileView';
import { buildFileRows, wrappedLineCount } from '../../components/popup/file-rows';
import type { FileText } from '../../components/popup/model';
import { SitemapList } from '../../components/popup/SitemapList';
import { VerdictWarnings } from '../../components/popup/VerdictWarnings';
import { countOf, nounFor } from '../../lib/shared/plural';
import { describeWordFaults, findWordFaults, proseOf } from '../support/words-check';

// Issue 20's small things, in happy-dom: the checker that the real-browser scans use, the shared
// plural, quoted robots.txt text shown as code, long lint notes wrapped whole, and components
// rendered with counts of one.

afterEach(cleanup);

describe('findWordFaults', () => {
  it.each([
    { text: 'robots.txt has 1 lines.', kind: 'plural-after-one' },
    { text: 'Evaluated 1 URLs in 3 ms', kind: 'plural-after-one' },
    { text: '1 entries kept', kind: 'plural-after-one' },
    { text: '1 lines added', kind: 'plural-after-one' },
    { text: 'The rule is 1 characters long', kind: 'plural-after-one' },
    { text: '⋯ 1 unchanged lines', kind: 'plural-after-one' },
    { text: 'one crawlers read it', kind: 'plural-after-one' },
    { text: 'Evidence bundle: 1 kept version(s)', kind: 'optional-plural' },
    { text: 'for URL(s) in the set', kind: 'optional-plural' },
    { text: 'Indexable Indexable: no noindex applies', kind: 'repeated-word' },
    { text: 'Search Search is allowed', kind: 'repeated-word' },
    { text: 'Status\nStatus 200, no redirect.', kind: 'repeated-word' },
    { text: 'Index Indexable: no noindex applies', kind: 'label-repeated-by-value' },
    { text: 'Index\tIndexable', kind: 'label-repeated-by-value' },
    { text: 'Fetch: Fetched from the server', kind: 'label-repeated-by-value' },
    { text: 'Crawl\nCrawling allowed', kind: 'label-repeated-by-value' },
    { text: 'robots.txt changed just now ago', kind: 'just-now-ago' },
    { text: 'by line 3 `Disallow: /a`', kind: 'backtick' },
    { text: 'See CU-12 for this reading.', kind: 'internal-id' },
    { text: 'a percent form in the path (CS-09)', kind: 'internal-id' },
    { text: 'Python reads it otherwise (D4)', kind: 'internal-id' },
    { text: 'Used by The stacks of Python ≤ 3.12', kind: 'used-by-the-or-no' },
    { text: 'Used by No crawler', kind: 'used-by-the-or-no' },
  ])('finds $kind in “$text”', ({ text, kind }) => {
    expect(findWordFaults(text).map((f) => f.kind)).toContain(kind);
  });

  it.each([
    '1 line added, 11 lines removed',
    '21 URLs, 31 crawlers, 1.5 MiB',
    'robots.txt changed just now: 1 line added',
    'line 12 12 ms',
    'The body is not valid UTF-16 here.',
    'Allowed by line 3 Disallow: /a — allowed today',
    'Version #1 lines up with the live file',
    'one crawler reads it, and 1 URL blocks',
    'each parser reads each URL; where one answers otherwise than Google, the URL diverges',
    'Index: the page can be indexed',
    'Indexing Allowed; Fetch Allowed',
    'Search and AI training have no statement on 3 URLs the draft unblocks.',
    'The file is UTF-8 (UTF-8) and answered (HTTP 503).',
    'Used by Scrapy and by crawlers that use Protego',
    'Content-Signal: search=yes',
  ])('finds nothing in “%s”', (text) => {
    expect(findWordFaults(text)).toEqual([]);
  });

  it('says where each fault is, with its kind and excerpt', () => {
    expect(describeWordFaults('popup (blocked)', findWordFaults('Kept 1 lines here'))).toEqual([
      'popup (blocked): plural-after-one: “Kept 1 lines here”',
    ]);
  });

  it('reads only the prose of a Markdown file: fenced blocks, indented code and inline code left out', () => {
    const readme = [
      '# Evidence',
      'Kept `Disallow: / Disallow: /` as served.',
      '```',
      'User-agent: * *',
      '```',
      '    1 lines of code',
      'Each file has 2 lines.',
    ].join('\n');
    expect(findWordFaults(proseOf(readme))).toEqual([]);
    expect(findWordFaults(proseOf('Each file has 1 lines.')).map((f) => f.kind)).toEqual(['plural-after-one']);
  });
});

describe('countOf, the one plural', () => {
  it.each([
    [0, 'line', undefined, '0 lines'],
    [1, 'line', undefined, '1 line'],
    [2, 'URL', undefined, '2 URLs'],
    [1204, 'URL', undefined, '1,204 URLs'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
  ])('counts %d %s', (count, one, many, words) => {
    expect(countOf(count, one, many)).toBe(words);
    expect(findWordFaults(words)).toEqual([]);
  });

  it('names the noun alone for a count said elsewhere', () => {
    expect(nounFor(1, 'finding')).toBe('finding');
    expect(nounFor(7, 'finding')).toBe('findings');
  });
});

describe('quoted robots.txt text is shown as code', () => {
  it.each([
    { text: 'by line 3 `Disallow: /a`', parts: ['by line 3 ', { code: 'Disallow: /a' }] },
    {
      text: '`Disallow: /` on line 2 wins over `Allow: /public/`.',
      parts: [{ code: 'Disallow: /' }, ' on line 2 wins over ', { code: 'Allow: /public/' }, '.'],
    },
    // A backtick inside the quoted line stays in the code.
    { text: 'line 4 `Disallow: /a`b` is odd', parts: ['line 4 ', { code: 'Disallow: /a`b' }, ' is odd'] },
    { text: 'no quote here', parts: ['no quote here'] },
    { text: 'an unpaired ` stays', parts: ['an unpaired ` stays'] },
  ])('$text', ({ text, parts }) => {
    expect(splitQuoted(text)).toEqual(parts);
  });

  it('renders code elements and no backtick; the plain words for a tooltip', () => {
    const { container } = render(
      <p>
        <CodeText text="if readers apply `*` to it, robots.txt line 3 would disallow this path." />
      </p>,
    );
    expect(container.textContent).toBe('if readers apply * to it, robots.txt line 3 would disallow this path.');
    expect([...container.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['*']);
    expect(withoutQuotes('the `*` group')).toBe('the * group');
  });
});

function fileOf(lines: readonly string[], notes: Record<number, string> = {}): FileText {
  return {
    lines: lines.map((text, i) => ({
      n: i + 1,
      text,
      diagnostics:
        notes[i + 1] === undefined
          ? []
          : [
              {
                line: i + 1,
                severity: 'warning' as const,
                code: 'global-replaced' as const,
                message: notes[i + 1] ?? '',
              },
            ],
    })),
    truncated: false,
    size: '1 KiB',
  };
}

describe('lint notes are never cut at the edge', () => {
  it.each([
    { text: 'short', columns: 40, lines: 1 },
    { text: 'one two three', columns: 7, lines: 2 },
    { text: 'a b c d e f', columns: 3, lines: 3 },
    { text: 'x'.repeat(25), columns: 10, lines: 3 },
    { text: 'ab ' + 'x'.repeat(25), columns: 10, lines: 4 },
  ])('“$text” wraps to $lines lines at $columns columns', ({ text, columns, lines }) => {
    expect(wrappedLineCount(text, columns)).toBe(lines);
  });

  it('a long note takes the rows it wraps to, and the next line is drawn below it', () => {
    const long =
      'Googlebot has its own group, so it ignores the rule of the `*` group (lines 2–3); repeat any it should obey here.';
    const file = fileOf(['User-agent: *', 'Disallow: /a', 'User-agent: Googlebot', 'Allow: /'], { 3: long });
    const { rows } = buildFileRows(file, 40);
    const note = rows.find((r) => r.kind === 'diagnostic');
    expect(note?.kind === 'diagnostic' ? note.span : 0).toBe(wrappedLineCount(withoutQuotes(`warning: ${long}`), 40));
    render(<FileView file={file} marks={{ decidingLine: 4, groupRanges: [[3, 4]] }} />);
    const drawn = document.querySelector<HTMLElement>('.file-row.diagnostic');
    const span = Number(drawn?.dataset.span);
    expect(span).toBeGreaterThan(1);
    expect(drawn?.style.height).toBe(`${span * ROW_HEIGHT}px`);
    // The whole note is in the row, with its quoted * as code.
    expect(drawn?.textContent).toContain('warning: Googlebot has its own group, so it ignores the rule of the * group');
    expect(drawn?.textContent).toContain('repeat any it should obey here.');
    const next = document.querySelector<HTMLElement>('[data-testid=file-line][data-line="4"]');
    const noteTop = Number.parseInt(drawn?.style.top ?? '', 10);
    expect(Number.parseInt(next?.style.top ?? '', 10)).toBe(noteTop + span * ROW_HEIGHT);
    expect(document.querySelector('.file-summary')?.textContent).toMatch(/^4 lines, 1 lint finding\./);
  });
});

describe('components with counts of one say them in the singular', () => {
  it('a one-line file, a single warning, a single sitemap', () => {
    render(
      <div>
        <FileView file={fileOf(['User-agent: *'])} marks={{ decidingLine: 0, groupRanges: [] }} />
        <VerdictWarnings
          conditions={[
            { kind: 'served-as-html', text: 'robots.txt is served as text/html.' },
            { kind: 'stale-cache', text: 'This copy is 2 days old.' },
          ]}
          tokenNote={null}
          roomy={false}
        />
        <SitemapList sitemaps={[{ url: 'https://a.test/sitemap.xml', line: 2, validity: 'absolute' }]} />
      </div>,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('1 line.');
    expect(text).toContain('2 warnings');
    expect(findWordFaults(text)).toEqual([]);
  });
});
