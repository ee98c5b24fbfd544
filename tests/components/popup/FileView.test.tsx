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
    { source: 'SEMANTICS §1: LF, CR and CRLF', text: 'a\nb\rc\r\nd', lines: ['a', 'b', 'c', 'd'] },
    { source: 'SEMANTICS §1: LF then CR is two breaks', text: 'a\n\rb', lines: ['a', '', 'b'] },
    { source: 'SEMANTICS §1: a trailing terminator leaves an empty last line', text: 'a\n', lines: ['a', ''] },
    { source: 'SEMANTICS §1: a leading BOM is skipped', text: '\uFEFFUser-agent: *', lines: ['User-agent: *'] },
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
