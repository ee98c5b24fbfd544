import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDivergences } from '../../../components/popup/FileDivergences';
import { LensSection } from '../../../components/popup/LensSection';
import type { LensPhase } from '../../../components/popup/lens-model';
import { inlineDivergences, readLenses } from '../../../entrypoints/popup/lens';
import { LENS_PROFILE_INFO, LENS_PROFILES } from '../../../lib/lens';

afterEach(cleanup);

/** The body as FetchedBody keeps it: one character per byte. */
const asBytes = (text: string) => Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join('');

const CARVE_OUT = 'User-agent: *\nDisallow: /\nAllow: /public/\n';

function ready(text: string, pageUrl: string, token: string, googleAllowed: boolean): LensPhase {
  return { kind: 'ready', report: readLenses({ bytes: asBytes(text), status: 200, pageUrl, token, googleAllowed }) };
}

describe('LensSection', () => {
  it('asks for the lenses only when opened', () => {
    const onOpen = vi.fn();
    render(<LensSection phase={{ kind: 'idle' }} onOpen={onOpen} onCopy={vi.fn()} crawlerName="GPTBot" />);
    expect(onOpen).not.toHaveBeenCalled();
    const details = screen.getByTestId<HTMLDetailsElement>('lens');
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(onOpen).toHaveBeenCalled();
  });

  it('shows one row per stack and says which differ from Google, and why (first-match carve-out)', () => {
    render(
      <LensSection
        phase={ready(CARVE_OUT, 'https://example.com/public/a.html', 'GPTBot', true)}
        onOpen={vi.fn()}
        onCopy={vi.fn()}
        crawlerName="GPTBot"
      />,
    );
    const rows = screen.getAllByTestId('lens-row');
    expect(rows.map((r) => r.dataset.profile)).toEqual([...LENS_PROFILES]);
    const legacy = rows[0] as HTMLElement;
    expect(legacy.dataset.allowed).toBe('false');
    expect(legacy.dataset.differs).toBe('true');
    expect(legacy.textContent).toContain('takes the first matching rule');
    expect(legacy.textContent).toContain('Crawl4AI');
    expect(legacy.textContent).toMatch(/as of \d{4}-\d{2}-\d{2}/);
    expect(rows.slice(1).every((r) => r.dataset.differs === 'false')).toBe(true);
    expect(screen.getByTestId('lens-summary').textContent).toContain('1 of 6 stacks');
    const divergence = screen.getByTestId('divergence');
    expect(divergence.dataset.line).toBe('3');
    expect(divergence.dataset.profiles).toBe('py-legacy');
    expect(screen.getByTestId('divergence-fix').textContent).toContain('Allow: /public/\nDisallow: /');
  });

  it('copies the fixed file', async () => {
    const onCopy = vi.fn(async () => {});
    render(
      <LensSection
        phase={ready(CARVE_OUT, 'https://example.com/public/a.html', 'GPTBot', true)}
        onOpen={vi.fn()}
        onCopy={onCopy}
        crawlerName="GPTBot"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy the fixed file' }));
    expect(onCopy).toHaveBeenCalledWith('User-agent: *\nAllow: /public/\nDisallow: /\n');
  });

  it('names the blank line between stacked agents, for the page of the second agent', () => {
    render(
      <LensSection
        phase={ready(
          'User-agent: GPTBot\n\nUser-agent: ClaudeBot\nDisallow: /private/\n',
          'https://example.com/private/a',
          'GPTBot',
          false,
        )}
        onOpen={vi.fn()}
        onCopy={vi.fn()}
        crawlerName="GPTBot"
      />,
    );
    const legacy = screen.getAllByTestId('lens-row')[0] as HTMLElement;
    expect(legacy.dataset.allowed).toBe('true');
    expect(legacy.dataset.differs).toBe('true');
    expect(legacy.textContent).toContain('blank line');
    expect(screen.getByTestId('divergence').dataset.line).toBe('2');
  });

  it('says when every stack agrees', () => {
    render(
      <LensSection
        phase={ready('User-agent: *\nDisallow: /private/\n', 'https://example.com/private/a', 'GPTBot', false)}
        onOpen={vi.fn()}
        onCopy={vi.fn()}
        crawlerName="GPTBot"
      />,
    );
    expect(screen.getByTestId('lens-summary').textContent).toContain('Every other stack agrees');
    expect(screen.queryAllByTestId('divergence')).toHaveLength(0);
    expect(screen.getByTestId('divergence-none')).toBeTruthy();
  });

  it('shows a failure in words, not a blank section', () => {
    render(
      <LensSection phase={{ kind: 'error', message: 'Boom' }} onOpen={vi.fn()} onCopy={vi.fn()} crawlerName="x" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Boom');
  });
});

describe('FileDivergences', () => {
  it('lists divergent lines on lines other than the page’s, and shows a line when asked', () => {
    const onShowLine = vi.fn();
    render(
      <FileDivergences
        // The page is not under /public/: the line is found through the probe the file's rule makes.
        phase={ready(CARVE_OUT, 'https://example.com/other', 'GPTBot', false)}
        onOpen={vi.fn()}
        onCopy={vi.fn()}
        onShowLine={onShowLine}
      />,
    );
    // The line itself is marked in the file view; the list below keeps the lines to copy.
    expect(screen.queryAllByTestId('divergence')).toHaveLength(0);
    const d = screen.getByTestId('divergence-detail');
    expect(d.dataset.line).toBe('3');
    expect(d.textContent).toContain('other paths');
    fireEvent.click(screen.getByRole('button', { name: 'Line 3' }));
    expect(onShowLine).toHaveBeenCalledWith(3);
  });
});

describe('inlineDivergences: one mark per divergent line for the file view', () => {
  it('names the stacks in words, the why and the fix, from the lenses’ reading', () => {
    const report = readLenses({
      bytes: asBytes(CARVE_OUT),
      status: 200,
      pageUrl: 'https://example.com/public/a.html',
      token: 'GPTBot',
      googleAllowed: true,
    });
    expect([...report.byLine.keys()]).toEqual([3]);
    const mark = report.byLine.get(3);
    expect(mark?.profiles).toEqual(['py-legacy']);
    expect(mark?.stacks).toContain('Crawl4AI');
    expect(mark?.message).toContain('first matching rule');
    expect(mark?.fix).toMatch(/^Move “Allow: \/public\/” above line 2 \(lines 2–3; /);
    expect(mark?.affectsPage).toBe(true);
  });

  it('merges two findings on one line and leaves out fetch outcomes', () => {
    const merged = inlineDivergences([
      { line: 4, profiles: ['py-legacy'], message: 'A.', affectsPage: false, fix: null, noFix: null },
      { line: 4, profiles: ['protego', 'py-legacy'], message: 'B `x`.', affectsPage: true, fix: null, noFix: null },
      { line: null, profiles: ['py-rfc'], message: 'A 403.', affectsPage: true, fix: null, noFix: null },
    ]);
    expect([...merged.values()]).toEqual([
      {
        line: 4,
        profiles: ['py-legacy', 'protego'],
        stacks: `${LENS_PROFILE_INFO['py-legacy'].displayName}, ${LENS_PROFILE_INFO.protego.displayName}`,
        message: 'A. B “x”.',
        fix: null,
        affectsPage: true,
      },
    ]);
  });
});
