import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FileView, ROW_HEIGHT } from '../../../components/popup/FileView';
import { splitBodyLines as splitLines } from '../../../lib/fetch/body';
import { parseRobotsTxt } from '../../../lib/robots';
import type { FileMarks, FileText } from '../../../components/popup/model';

afterEach(cleanup);

function fileOf(text: string, extra: Partial<FileText> = {}): FileText {
  return {
    lines: splitLines(text).map((t, i) => ({ n: i + 1, text: t, diagnostics: [] })),
    truncated: false,
    size: `${text.length} B`,
    ...extra,
  };
}

const SMALL = '# demo\nUser-agent: *\nDisallow: /private/\nAllow: /private/press-kit.html\nCrawl-delay: 5\n';
const MARKS: FileMarks = { decidingLine: 3, groupRanges: [[2, 5]] };

describe('splitBodyLines, the file view’s one line source', () => {
  it.each([
    { source: 'robots.md §1: LF, CR and CRLF', text: 'a\nb\rc\r\nd', lines: ['a', 'b', 'c', 'd'] },
    { source: 'robots.md §1: LF then CR is two breaks', text: 'a\n\rb', lines: ['a', '', 'b'] },
    { source: 'robots.md §1: a trailing terminator leaves an empty last line', text: 'a\n', lines: ['a', ''] },
    { source: 'robots.md §1: a leading BOM is skipped', text: '\uFEFFUser-agent: *', lines: ['User-agent: *'] },
  ])('$source', ({ text, lines }) => {
    expect(splitLines(text)).toEqual(lines);
    // The parser numbers the same lines: the deciding line's number points at the drawn line.
    expect(parseRobotsTxt(text).lineCount).toBe(lines.length);
  });
});

describe('FileView', () => {
  it('shows every line with its number, the deciding line marked', () => {
    render(<FileView file={fileOf(SMALL)} marks={MARKS} />);
    const lines = screen.getAllByTestId('file-line');
    expect(lines).toHaveLength(6);
    const deciding = document.querySelectorAll('[data-testid=file-line][data-deciding=true]');
    expect(deciding).toHaveLength(1);
    expect(deciding[0]?.getAttribute('data-line')).toBe('3');
    expect(deciding[0]?.textContent).toContain('Disallow: /private/');
  });

  it('marks the applying group’s lines', () => {
    render(<FileView file={fileOf(SMALL)} marks={MARKS} />);
    const marked = [...document.querySelectorAll('[data-group=true]')].map((e) => e.getAttribute('data-line'));
    expect(marked).toEqual(['2', '3', '4', '5']);
  });

  it('shows markup in robots.txt as text and runs nothing', () => {
    const xss = "# <script>alert('robots')</script>\nUser-agent: *\nDisallow: /<img src=x onerror=alert(1)>\n";
    render(<FileView file={fileOf(xss)} marks={{ decidingLine: 3, groupRanges: [] }} />);
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getAllByTestId('file-line')[0]?.textContent).toContain("<script>alert('robots')</script>");
    expect(document.querySelector('[data-deciding=true]')?.textContent).toContain(
      'Disallow: /<img src=x onerror=alert(1)>',
    );
  });

  it('shows lint diagnostics under their line', () => {
    const file = fileOf(SMALL);
    const lines = file.lines.map((l) =>
      l.n === 5
        ? {
            ...l,
            diagnostics: [
              {
                line: 5,
                severity: 'info' as const,
                code: 'unsupported-key' as const,
                message: 'Google ignores Crawl-delay.',
              },
            ],
          }
        : l,
    );
    render(<FileView file={{ ...file, lines }} marks={MARKS} />);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('info: Google ignores Crawl-delay.');
    expect(note.previousElementSibling?.getAttribute('data-line')).toBe('5');
  });

  it('marks the 500 KiB cut', () => {
    render(<FileView file={fileOf(SMALL, { truncated: true, size: '833.0 KiB' })} marks={MARKS} />);
    expect(screen.getByRole('note').textContent).toContain('Cut here: Google reads the first 500 KiB of 833.0 KiB');
  });

  describe('with a 500 KiB file of 15,000 lines', () => {
    const big = ['User-agent: *', ...Array.from({ length: 15_000 }, (_, i) => `Disallow: /archive/item-${i}/`)].join(
      '\n',
    );
    const file = fileOf(big);

    it('draws only the rows in view, the deciding line among them', () => {
      render(<FileView file={file} marks={{ decidingLine: 12_001, groupRanges: [[1, 15_001]] }} />);
      const lines = screen.getAllByTestId('file-line');
      expect(lines.length).toBeLessThan(100);
      const deciding = document.querySelector('[data-deciding=true]');
      expect(deciding?.getAttribute('data-line')).toBe('12001');
      expect(deciding?.textContent).toContain('Disallow: /archive/item-11999/');
      const scroller = screen.getByRole('region');
      expect(scroller.scrollTop).toBeGreaterThan(11_900 * ROW_HEIGHT);
    });

    it('draws other rows when scrolled', () => {
      render(<FileView file={file} marks={{ decidingLine: 2, groupRanges: [] }} />);
      const scroller = screen.getByRole('region');
      scroller.scrollTop = 5_000 * ROW_HEIGHT;
      fireEvent.scroll(scroller);
      const numbers = screen.getAllByTestId('file-line').map((e) => Number(e.getAttribute('data-line')));
      expect(numbers).toContain(5_005);
      expect(numbers).toContain(2);
      expect(numbers).not.toContain(100);
    });
  });
});

describe('FileView and the path tester’s line', () => {
  const big = `User-agent: *\n${Array.from({ length: 30_000 }, (_, i) => `Disallow: /archive/item-${i}/`).join('\n')}\n`;

  it('marks the tested line apart from the deciding line, both drawn in a long file, few rows drawn', () => {
    render(<FileView file={fileOf(big)} marks={{ decidingLine: 3, groupRanges: [[1, 30_001]], testedLine: 29_000 }} />);
    const tested = document.querySelectorAll<HTMLElement>('[data-testid=file-line][data-tested=true]');
    expect([...tested].map((e) => e.dataset.line)).toEqual(['29000']);
    expect(tested[0]?.dataset.deciding).toBe('false');
    expect(tested[0]?.classList.contains('tested')).toBe(true);
    expect(tested[0]?.textContent).toContain('the tested path’s deciding line');
    expect(document.querySelector<HTMLElement>('[data-deciding=true]')?.dataset.line).toBe('3');
    expect(screen.getAllByTestId('file-line').length).toBeLessThan(200);
  });

  it('scrolls to the tested line on demand, from its button or a reveal request', () => {
    const marks: FileMarks = { decidingLine: 3, groupRanges: [], testedLine: 20_000 };
    const { rerender } = render(<FileView file={fileOf(big)} marks={marks} />);
    const scroller = document.querySelector('.file-scroller') as HTMLElement;
    expect(scroller.scrollTop).toBe(0);
    fireEvent.click(screen.getByTestId('show-tested-line'));
    expect(scroller.scrollTop).toBeGreaterThan(19_900 * ROW_HEIGHT);
    expect(document.querySelectorAll('[data-testid=file-line]').length).toBeLessThan(200);
    scroller.scrollTop = 0;
    rerender(<FileView file={fileOf(big)} marks={marks} reveal={{ line: 25_000, seq: 1 }} />);
    expect(scroller.scrollTop).toBeGreaterThan(24_900 * ROW_HEIGHT);
    expect(document.querySelector('[data-line="25000"]')).not.toBeNull();
  });

  it('offers no tested-line button when the tested path has no line or it is the page’s', () => {
    render(<FileView file={fileOf(SMALL)} marks={{ ...MARKS, testedLine: 3 }} />);
    expect(screen.queryByTestId('show-tested-line')).toBeNull();
    expect(document.querySelector<HTMLElement>('[data-tested=true]')?.dataset.deciding).toBe('true');
  });
});

describe('FileView: usage lines and the lines other parsers read differently', () => {
  const USAGE = 'User-agent: *\nContent-Usage: /blog/ train-ai=n\nAllow: /\nLicense: https://e.test/l.xml\n';
  const withMeanings = (): FileText => {
    const file = fileOf(USAGE);
    return {
      ...file,
      lines: file.lines.map((l) =>
        l.n === 2
          ? { ...l, meaning: 'Content-Usage: AI training not allowed under /blog/ (for every crawler).' }
          : l.n === 4
            ? { ...l, meaning: 'License: the licence terms for the whole file are at https://e.test/l.xml.' }
            : l,
      ),
    };
  };

  it('puts each usage line’s meaning under it, not counted as a lint finding', () => {
    render(<FileView file={withMeanings()} marks={{ decidingLine: 3, groupRanges: [[1, 4]] }} />);
    const meanings = screen.getAllByTestId('usage-meaning');
    expect(meanings.map((m) => [m.dataset.line, m.textContent])).toEqual([
      ['2', '↳Content-Usage: AI training not allowed under /blog/ (for every crawler).'],
      ['4', '↳License: the licence terms for the whole file are at https://e.test/l.xml.'],
    ]);
    expect(meanings[0]?.previousElementSibling?.getAttribute('data-line')).toBe('2');
    expect(document.querySelector('.file-summary')?.textContent).toMatch(/^5 lines\./);
  });

  it('marks a divergent line on the line itself, with the stacks, why and the fix', () => {
    const divergences = new Map([
      [
        3,
        {
          line: 3,
          profiles: ['py-legacy', 'protego'],
          stacks: 'Python ≤ 3.12 (Crawl4AI, scripts), Scrapy (Protego)',
          message: 'They take the first matching rule.',
          fix: 'Move “Allow: /” above line 2 (line 3; the lines to copy are below the file).',
          affectsPage: true,
        },
      ],
    ]);
    render(<FileView file={withMeanings()} marks={{ decidingLine: 3, groupRanges: [] }} divergences={divergences} />);
    const marks = screen.getAllByTestId('divergence');
    expect(marks).toHaveLength(1);
    const mark = marks[0] as HTMLElement;
    expect(mark.dataset.line).toBe('3');
    expect(mark.dataset.profiles).toBe('py-legacy,protego');
    expect(mark.textContent).toBe(
      '≠Read differently by Python ≤ 3.12 (Crawl4AI, scripts), Scrapy (Protego) (this page too): They take the first matching rule. Suggested fix: Move “Allow: /” above line 2 (line 3; the lines to copy are below the file).',
    );
    const line = document.querySelector('[data-testid=file-line][data-line="3"]');
    expect(line?.getAttribute('data-divergent')).toBe('true');
    expect(document.querySelectorAll('[data-divergent=true]')).toHaveLength(1);
    expect(document.querySelector('.file-summary')?.textContent).toContain('1 line read differently by other parsers');
  });

  it('keeps every divergence mark in the DOM in a long file, scrolled away', () => {
    const big = ['User-agent: *', ...Array.from({ length: 5_000 }, (_, i) => `Disallow: /a-${i}/`)].join('\n');
    const divergences = new Map(
      [2, 2_500, 4_999].map((line) => [
        line,
        { line, profiles: ['rfc9309'], stacks: 'RFC 9309, strict', message: 'x.', fix: null, affectsPage: false },
      ]),
    );
    render(<FileView file={fileOf(big)} marks={{ decidingLine: 0, groupRanges: [] }} divergences={divergences} />);
    expect(screen.getAllByTestId('divergence').map((d) => d.dataset.line)).toEqual(['2', '2500', '4999']);
    expect(screen.getAllByTestId('file-line').length).toBeLessThan(100);
  });
});
