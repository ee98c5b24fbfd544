import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageVerdict } from '../../../components/popup/model';
import { VerdictCard } from '../../../components/popup/VerdictCard';
import { GOOGLEBOT, NO_ROBOTS, rule, rulesVerdict, UNREACHABLE, verdict } from './fixtures';
import { withoutQuotes } from '../../../components/code-text';

afterEach(cleanup);

const URL = 'http://127.0.0.1:4781/private/page.html';

describe.each<{ name: string; verdict: PageVerdict; word: string; detail: string; tone: string }>([
  {
    name: 'blocked by a rule, with the rule and its line',
    verdict: rulesVerdict(),
    word: 'Blocked',
    detail: 'by line 3 `Disallow: /private/`',
    tone: 'tone-blocked',
  },
  {
    name: 'allowed by an Allow rule',
    verdict: rulesVerdict(verdict({ allowed: true, rule: rule('allow', 4, '/private/press-kit.html') })),
    word: 'Allowed',
    detail: 'by line 4 `Allow: /private/press-kit.html`',
    tone: 'tone-allowed',
  },
  {
    name: 'allowed when no rule matches',
    verdict: rulesVerdict(verdict({ allowed: true, rule: null })),
    word: 'Allowed',
    detail: 'no rule matches this URL',
    tone: 'tone-allowed',
  },
  {
    name: 'allowed when robots.txt is missing (404)',
    verdict: NO_ROBOTS,
    word: 'Allowed',
    detail: 'no robots.txt: every URL on the site may be crawled',
    tone: 'tone-no-file',
  },
  {
    name: 'blocked when robots.txt is unreachable (503)',
    verdict: UNREACHABLE,
    word: 'Blocked',
    detail: 'robots.txt unreachable: every URL on the site is blocked',
    tone: 'tone-unreachable',
  },
  {
    name: 'no verdict on a browser page',
    verdict: {
      kind: 'not-applicable',
      explanation: 'robots.txt does not apply to browser pages (chrome:).',
      conditions: [],
    },
    word: 'Not applicable',
    detail: 'robots.txt does not apply to this page',
    tone: 'tone-none',
  },
])('VerdictCard: $name', ({ verdict: v, word, detail, tone }) => {
  it('says the verdict in words, with an icon, not by colour alone', () => {
    render(<VerdictCard verdict={v} crawler={GOOGLEBOT} pageUrl={URL} tokenCheck={{ kind: 'valid' }} />);
    const el = screen.getByTestId('verdict');
    expect(el.textContent).toContain(word);
    // A quoted rule is shown as code, never between backticks.
    expect(el.textContent).toContain(withoutQuotes(detail));
    expect(el.textContent).not.toContain('`');
    const quoted = /`([^`]+)`/.exec(detail)?.[1];
    if (quoted !== undefined)
      expect(el.closest('.verdict-card')?.querySelector('.verdict-detail code')?.textContent).toBe(quoted);
    expect(el.closest('.verdict-card')?.className).toContain(tone);
  });
});

describe('VerdictCard', () => {
  it('names the crawler and the page', () => {
    render(<VerdictCard verdict={rulesVerdict()} crawler={GOOGLEBOT} pageUrl={URL} tokenCheck={{ kind: 'valid' }} />);
    expect(screen.getByText('Googlebot')).toBeTruthy();
    expect(screen.getByText(URL)).toBeTruthy();
  });

  it('shows why a custom token can never match, naming the file line, in the verdict card', () => {
    const custom = { ...GOOGLEBOT, token: 'MJ12bot', name: 'MJ12bot', custom: true };
    const text =
      'MJ12bot cannot be matched: Google keeps only the leading letters, _ and - of a User-agent name, so line 4 `User-agent: MJ12bot` is read as `MJ`, and MJ12bot is compared whole: no group can ever name it.';
    render(
      <VerdictCard
        verdict={rulesVerdict(verdict({ allowed: true, rule: null }), {
          conditions: [{ kind: 'unmatchable-token', text }],
        })}
        crawler={custom}
        pageUrl={URL}
        tokenCheck={{ kind: 'unmatchable', explanation: 'MJ12bot contains a digit.' }}
      />,
    );
    const warning = screen.getByTestId('verdict-warning');
    expect(warning.textContent).toContain('line 4 User-agent: MJ12bot is read as MJ');
    expect([...warning.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['User-agent: MJ12bot', 'MJ']);
    expect(warning.closest('.verdict-card')).not.toBeNull();
  });

  it('shows every reading condition beside the verdict, and no warning when none holds', () => {
    const conditions = [
      { kind: 'served-as-html' as const, text: 'robots.txt is served as text/html (Content-Type: text/html).' },
      { kind: 'cut' as const, text: 'robots.txt is 833.0 KiB, cut at 500 KiB.' },
    ];
    const { rerender } = render(
      <VerdictCard
        verdict={rulesVerdict(verdict(), { conditions })}
        crawler={GOOGLEBOT}
        pageUrl={URL}
        tokenCheck={{ kind: 'valid' }}
      />,
    );
    const warning = screen.getByTestId('verdict-warning');
    expect(warning.textContent).toContain('text/html');
    expect(warning.textContent).toContain('cut at 500 KiB');
    rerender(<VerdictCard verdict={rulesVerdict()} crawler={GOOGLEBOT} pageUrl={URL} tokenCheck={{ kind: 'valid' }} />);
    expect(screen.queryByTestId('verdict-warning')).toBeNull();
  });

  it('does not repeat a token that differs from the name only by case (no “Bingbot bingbot”)', () => {
    const bing = { ...GOOGLEBOT, token: 'bingbot', name: 'Bingbot', operator: 'Microsoft' };
    const { container } = render(
      <VerdictCard verdict={rulesVerdict()} crawler={bing} pageUrl={URL} tokenCheck={{ kind: 'valid' }} />,
    );
    expect(container.querySelector('.verdict-for')?.textContent).not.toMatch(/Bingbot\s+bingbot/);
  });

  it('explains a not-applicable page in its own words', () => {
    render(
      <VerdictCard
        verdict={{
          kind: 'not-applicable',
          explanation: 'robots.txt does not apply to browser pages (chrome:).',
          conditions: [],
        }}
        crawler={GOOGLEBOT}
        pageUrl="chrome://version/"
        tokenCheck={{ kind: 'valid' }}
      />,
    );
    expect(screen.getByText(/browser pages \(chrome:\)/)).toBeTruthy();
    expect(screen.getByTestId('verdict').textContent).not.toMatch(/Allowed|Blocked/);
  });
});
