import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexabilityPanel } from '../../../components/popup/Indexability';
import { IndexabilityMarks } from '../../../components/popup/IndexabilityMarks';
import { combinedTone } from '../../../components/popup/indexability-tone';
import { combineBadge } from '../../../entrypoints/background/badge/indexability';
import { BADGE_COLORS, describeBadge } from '../../../entrypoints/background/badge/badge';
import type { PageResponse } from '../../../lib/verdict/page-state';
import { judgeIndexability, type PageEvidence } from '../../../lib/page-directives/verdict';
import { judgePage } from '../../../lib/verdict/page-verdict';
import { type PageRobots } from '../../../lib/verdict/types';
import { parsedFile } from './fixtures';

afterEach(cleanup);

const URL_ = 'https://site.test/page';
const NOW = Date.UTC(2026, 0, 1);

function evidence(over: Partial<PageEvidence> = {}): PageEvidence {
  return {
    url: URL_,
    status: 200,
    redirects: [],
    robotsHeaders: [],
    linkHeaders: [],
    metas: [],
    canonicals: [],
    served: null,
    ...over,
  };
}
const RESPONSE: PageResponse = {
  via: 'observed',
  requestUrl: URL_,
  url: URL_,
  status: 200,
  redirects: [],
  robotsHeaders: [],
  linkHeaders: [],
  fromCache: false,
  at: NOW,
};
const ALLOWED = { allowed: true, reason: 'no rule matches' };

function parsed(text: string): PageRobots {
  return parsedFile(text, 'text/plain');
}

function panel(e: PageEvidence, onRefetch = vi.fn()) {
  const result = judgeIndexability(e, 'Googlebot', ALLOWED, NOW);
  render(
    <IndexabilityPanel
      view={{ kind: 'ready', result, headers: { kind: 'observed', response: RESPONSE }, contentScript: true }}
      crawlerName="Googlebot"
      refetching={false}
      refetchError={null}
      onRefetch={onRefetch}
    />,
  );
  return result;
}

describe('IndexabilityPanel', () => {
  it('says Not indexable, names each source and highlights the deciding token as text', () => {
    panel(
      evidence({
        metas: [{ name: 'robots', content: 'noindex, <img src=x onerror=alert(1)>', inHead: true }],
        robotsHeaders: ['bingbot: noindex'],
      }),
    );
    expect(screen.getByTestId('indexability').textContent).toMatch(/^Not indexable for Googlebot/);
    const directives = screen.getAllByTestId('directive');
    expect(directives.map((d) => [d.dataset.source, d.textContent])).toEqual([
      ['meta', 'noindex, <img src=x onerror=alert(1)>'],
      ['header', 'bingbot: noindex'],
    ]);
    expect(directives[0]?.querySelector('mark')?.textContent).toBe('noindex');
    expect(document.querySelector('img')).toBeNull();
    // A header for another crawler is shown, marked as not applying, and decides nothing.
    expect(directives[1]?.dataset.applies).toBe('false');
    expect(directives[1]?.querySelector('mark')).toBeNull();
  });

  it('shows the resolved canonical with its warnings', () => {
    panel(evidence({ canonicals: [{ href: '/main', inHead: true, qualifiers: [] }] }));
    expect(screen.getByTestId('indexability').textContent).toMatch(/^Canonicalised/);
    expect(screen.getByTestId('canonical').textContent).toContain('https://site.test/main');
    expect(screen.getByTestId('indexability').textContent).toMatch(/relative URL/);
  });

  it('says the headers are unknown and offers the re-fetch', () => {
    const onRefetch = vi.fn();
    const result = judgeIndexability(
      evidence({ robotsHeaders: null, linkHeaders: null, status: null }),
      'Googlebot',
      ALLOWED,
      NOW,
    );
    render(
      <IndexabilityPanel
        view={{
          kind: 'ready',
          result,
          headers: { kind: 'unknown', why: 'a single-page-app navigation' },
          contentScript: true,
        }}
        crawlerName="Googlebot"
        refetching={false}
        refetchError={null}
        onRefetch={onRefetch}
      />,
    );
    expect(screen.getByTestId('status-chain').textContent).toMatch(/unknown: a single-page-app navigation/);
    fireEvent.click(screen.getByTestId('refetch'));
    expect(onRefetch).toHaveBeenCalledOnce();
  });

  it('says when page inspection is off', () => {
    render(
      <IndexabilityPanel
        view={{ kind: 'off' }}
        crawlerName="G"
        refetching={false}
        refetchError={null}
        onRefetch={vi.fn()}
      />,
    );
    expect(screen.getByTestId('indexability').textContent).toMatch(/Page inspection is off/);
  });
});

describe('IndexabilityMarks', () => {
  it('toggles and shows counts and the time taken', () => {
    const onToggle = vi.fn();
    render(
      <IndexabilityMarks
        on
        busy={false}
        counts={{ links: 10, blocked: 2, nofollow: 1, ugc: 0, sponsored: 0, unchecked: 3, skippedOrigins: 1 }}
        timing={{ domMs: 4.2, totalMs: 30 }}
        error={null}
        crawlerName="Googlebot"
        onToggle={onToggle}
      />,
    );
    expect(screen.getByTestId('mark-summary').textContent).toMatch(/3 links on 1 other sites not checked/);
    fireEvent.click(screen.getByTestId('mark-links'));
    expect(onToggle).toHaveBeenCalledWith(false);
  });

  it('never says "0 blocked" when the request was refused and nothing was checked', () => {
    const notChecked = {
      tooLong: 0,
      overRequest: 0,
      overOrigins: 0,
      failed: 0,
      refused: 12,
      refusal: 'the worker refused',
    };
    render(
      <IndexabilityMarks
        on
        busy={false}
        counts={{
          links: 12,
          blocked: 0,
          nofollow: 0,
          ugc: 0,
          sponsored: 0,
          unchecked: 12,
          skippedOrigins: 0,
          notChecked,
        }}
        timing={null}
        error={null}
        crawlerName="Googlebot"
        onToggle={vi.fn()}
      />,
    );
    const text = screen.getByTestId('mark-summary').textContent ?? '';
    expect(text).toContain('12 links: blocked not known (nothing was checked: the worker refused)');
    expect(text).not.toMatch(/\b0 blocked/);
  });

  it('says why links were not checked, by reason', () => {
    const notChecked = { tooLong: 1, overRequest: 0, overOrigins: 3, failed: 2, refused: 0, refusal: null };
    render(
      <IndexabilityMarks
        on
        busy={false}
        counts={{
          links: 20,
          blocked: 4,
          nofollow: 0,
          ugc: 0,
          sponsored: 0,
          unchecked: 6,
          skippedOrigins: 1,
          notChecked,
        }}
        timing={null}
        error={null}
        crawlerName="Googlebot"
        onToggle={vi.fn()}
      />,
    );
    expect(screen.getByTestId('mark-summary').textContent).toBe(
      '20 links: 4 blocked, 0 nofollow, 0 ugc, 0 sponsored; links not checked: 1 over 4,096 characters, ' +
        '3 on 1 other sites (robots.txt fetch limit), 2 whose site’s robots.txt could not be read.',
    );
  });
});

describe('badge and card combine both verdicts', () => {
  const open = judgePage(parsed('User-agent: *\nDisallow: /private/\n'), URL_, 'Googlebot');
  const blocked = judgePage(parsed('User-agent: *\nDisallow: /\n'), URL_, 'Googlebot');
  const noindex = judgeIndexability(
    evidence({ metas: [{ name: 'robots', content: 'noindex', inHead: true }] }),
    'Googlebot',
    ALLOWED,
    NOW,
  );
  const canonicalised = judgeIndexability(
    evidence({ canonicals: [{ href: '/x', inHead: true, qualifiers: [] }] }),
    'Googlebot',
    ALLOWED,
    NOW,
  );
  const indexable = judgeIndexability(evidence(), 'Googlebot', ALLOWED, NOW);

  it.each([
    {
      name: 'fetchable and indexable → green OK',
      verdict: open,
      idx: indexable,
      text: 'OK',
      color: BADGE_COLORS.allowed,
      tone: 'allowed',
    },
    {
      name: 'noindex → red NOIX',
      verdict: open,
      idx: noindex,
      text: 'NOIX',
      color: BADGE_COLORS.blocked,
      tone: 'blocked',
    },
    {
      name: 'canonicalised → amber CAN',
      verdict: open,
      idx: canonicalised,
      text: 'CAN',
      color: BADGE_COLORS.unreachable,
      tone: 'warning',
    },
    {
      name: 'blocked stays red NO',
      verdict: blocked,
      idx: indexable,
      text: 'NO',
      color: BADGE_COLORS.blocked,
      tone: 'blocked',
    },
    {
      name: 'page not read: robots.txt only',
      verdict: open,
      idx: null,
      text: 'OK',
      color: BADGE_COLORS.allowed,
      tone: 'allowed',
    },
  ])('$name', ({ verdict, idx, text, color, tone }) => {
    const view = combineBadge(describeBadge(verdict, 'Googlebot'), verdict, idx);
    expect(view).toMatchObject({ kind: 'shown', text, color });
    expect(combinedTone(verdict, idx)).toBe(tone);
  });
});
