import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrawlDelayInfo } from '../../../components/popup/CrawlDelayInfo';
import { DecidingRule } from '../../../components/popup/DecidingRule';
import { GoogleSpecificNotes } from '../../../components/popup/GoogleSpecificNotes';
import { GroupExplanation } from '../../../components/popup/GroupExplanation';
import { LosingRules } from '../../../components/popup/LosingRules';
import { agent, group, rule, rulesVerdict, verdict } from './fixtures';

afterEach(cleanup);

describe('DecidingRule', () => {
  it('shows the deciding rule as written with its line number', () => {
    render(<DecidingRule verdict={rulesVerdict()} onCopy={vi.fn(async () => {})} />);
    const el = screen.getByTestId('deciding-rule');
    expect(el.textContent).toContain('Line 3');
    expect(el.textContent).toContain('Disallow: /private/');
  });

  it('copies the rule as written and says "Copied"', async () => {
    const onCopy = vi.fn(async () => {});
    render(<DecidingRule verdict={rulesVerdict()} onCopy={onCopy} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy rule' }));
    expect(onCopy).toHaveBeenCalledWith('Disallow: /private/');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says no rule matched when none did, without a "line 0"', () => {
    render(
      <DecidingRule
        verdict={rulesVerdict(verdict({ allowed: true, rule: null, path: '/public/' }))}
        onCopy={vi.fn()}
      />,
    );
    expect(screen.getByTestId('deciding-rule').textContent).toBe('No rule matches /public/: allowed.');
  });

  it('says an empty Disallow allows everything, with no byte count', () => {
    const empty = rule('disallow', 2, '');
    render(
      <DecidingRule verdict={rulesVerdict(verdict({ allowed: true, rule: empty, path: '/x' }))} onCopy={vi.fn()} />,
    );
    const text = screen.getByTestId('deciding-rule').textContent ?? '';
    expect(text).toMatch(/Line 2 Disallow:\s*is empty: it allows everything\./);
    expect(text).not.toMatch(/bytes?\)|Disallow ,/);
  });

  it('says in Why when the 500 KiB cut made the deciding rule, and not when it lies before', () => {
    const text =
      'robots.txt is 833.0 KiB, cut at 500 KiB. The deciding rule, line 9 `Disallow: /html/E`, is the last line read.';
    const cutVerdict = (cutReaches: 'rule' | 'neither') =>
      rulesVerdict(verdict({ rule: rule('disallow', 9, '/html/E') }), {
        conditions: [{ kind: 'cut', text, cutReaches }],
      });
    const { rerender } = render(<DecidingRule verdict={cutVerdict('rule')} onCopy={vi.fn()} />);
    expect(screen.getByTestId('deciding-rule').textContent).toContain('cut at 500 KiB');
    rerender(<DecidingRule verdict={cutVerdict('neither')} onCopy={vi.fn()} />);
    expect(screen.getByTestId('deciding-rule').textContent).not.toContain('cut at 500 KiB');
  });

  it('says when the index.html rule matched', () => {
    const r = {
      ...rule('allow', 7, '/docs/index.html'),
      via: 'index-html' as const,
      matchedPattern: '/docs/$',
      matchedPriority: 7,
    };
    render(<DecidingRule verdict={rulesVerdict(verdict({ allowed: true, rule: r }))} onCopy={vi.fn()} />);
    expect(screen.getByTestId('deciding-rule').textContent).toContain('index.html rule');
  });
});

describe('GroupExplanation', () => {
  it('lists the User-agent lines of the group that applied', () => {
    render(<GroupExplanation verdict={rulesVerdict()} />);
    const el = screen.getByTestId('matched-group');
    expect(el.textContent).toContain('User-agent: *');
    expect(el.textContent).toContain('Lines 2–5');
  });

  it('says plainly that * was ignored because a specific group exists', () => {
    const v = verdict({
      selection: {
        kind: 'specific',
        groups: [group(1, 5, 7, [agent(5, 'Googlebot'), agent(6, 'bingbot')])],
        globalIgnored: true,
      },
    });
    render(
      <GroupExplanation verdict={rulesVerdict(v, { via: { kind: 'own', token: 'Googlebot', match: 'exact' } })} />,
    );
    const el = screen.getByTestId('matched-group');
    expect(el.textContent).toContain('User-agent: Googlebot');
    expect(el.textContent).toContain('User-agent: bingbot');
    expect(el.textContent).toContain('The * group is ignored');
  });

  it('says when several groups were merged', () => {
    const v = verdict({
      selection: {
        kind: 'specific',
        groups: [group(1, 4, 5, [agent(4, 'Googlebot')]), group(3, 9, 10, [agent(9, 'googlebot')])],
        globalIgnored: false,
      },
    });
    render(
      <GroupExplanation verdict={rulesVerdict(v, { via: { kind: 'own', token: 'Googlebot', match: 'exact' } })} />,
    );
    expect(screen.getByTestId('matched-group').textContent).toContain(
      '2 groups name the same agent; their rules are merged',
    );
  });

  it('explains a fallback token’s group', () => {
    const v = verdict({
      selection: { kind: 'specific', groups: [group(1, 5, 6, [agent(5, 'Googlebot')])], globalIgnored: true },
    });
    render(
      <GroupExplanation
        verdict={rulesVerdict(v, {
          token: 'Googlebot-Image',
          via: { kind: 'fallback', token: 'Googlebot', unnamed: ['Googlebot-Image'] },
        })}
      />,
    );
    expect(screen.getByTestId('matched-group').textContent).toContain(
      'No Googlebot-Image group: Googlebot’s rules apply (Googlebot-Image falls back to Googlebot).',
    );
  });

  it('says when no group applies and there is no * group', () => {
    const v = verdict({ allowed: true, rule: null, selection: { kind: 'none' } });
    render(<GroupExplanation verdict={rulesVerdict(v, { token: 'MyBot', via: { kind: 'none', unnamed: [] } })} />);
    const text = screen.getByTestId('matched-group').textContent;
    expect(text).toContain('No group applies');
    expect(text).toContain('No group names MyBot and there is no * group: everything is allowed.');
  });

  it('says that AdsBot-Google ignores an existing * group, not that there is none', () => {
    const v = verdict({ allowed: true, rule: null, selection: { kind: 'none' } });
    render(
      <GroupExplanation
        verdict={rulesVerdict(v, {
          token: 'AdsBot-Google',
          via: { kind: 'ignored-global', unnamed: ['AdsBot-Google'] },
        })}
      />,
    );
    const text = screen.getByTestId('matched-group').textContent;
    expect(text).toContain(
      'AdsBot-Google ignores the * group: only a group naming it applies, and none does — so it may fetch everything.',
    );
    expect(text).not.toContain('there is no * group');
  });
});

describe('LosingRules', () => {
  it('lists the other matching rules and why each lost', () => {
    render(
      <LosingRules
        others={[
          { match: rule('disallow', 3, '/private/'), reason: 'shorter' },
          { match: rule('disallow', 8, '/private/press-kit.html'), reason: 'tie-goes-to-allow' },
        ]}
      />,
    );
    expect(screen.getByText(/shorter pattern: the longest match wins/)).toBeTruthy();
    expect(screen.getByText(/ties go to Allow/)).toBeTruthy();
  });

  it('renders nothing when no other rule matched', () => {
    const { container } = render(<LosingRules others={[]} />);
    expect(container.textContent).toBe('');
  });
});

describe('GoogleSpecificNotes', () => {
  it('labels a Google-only behaviour that decided as "Google-specific"', () => {
    render(
      <GoogleSpecificNotes
        behaviours={[
          { kind: 'index-html', line: 7 },
          { kind: 'typo-key', line: 3, written: 'Dissallow' },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toMatch(/^Google-specific.*line 7.*index\.html rule/);
    expect(items[1]?.textContent).toContain('“Dissallow”');
  });
});

describe('CrawlDelayInfo', () => {
  const withDelay = verdict({ crawlDelay: { line: 5, raw: '5', seconds: 5 } });

  it('shows the delay and that this crawler honours it', () => {
    render(
      <CrawlDelayInfo
        verdict={rulesVerdict(withDelay, { crawlDelaySupport: { kind: 'honoured', note: 'Bing honours 1–30 s.' } })}
        crawlerName="Bingbot"
      />,
    );
    expect(screen.getByTestId('crawl-delay').textContent).toMatch(/Crawl-delay: 5 s \(line 5\)\. Bingbot honours it/);
  });

  it('shows the delay and that this crawler ignores it', () => {
    render(<CrawlDelayInfo verdict={rulesVerdict(withDelay)} crawlerName="Googlebot" />);
    expect(screen.getByTestId('crawl-delay').textContent).toMatch(
      /5 s.*Googlebot ignores it.*Google ignores Crawl-delay/,
    );
  });

  it('says when the group has no Crawl-delay', () => {
    render(<CrawlDelayInfo verdict={rulesVerdict()} crawlerName="Googlebot" />);
    expect(screen.getByTestId('crawl-delay').textContent).toContain('none in this group');
  });

  it('flags a value that is not a number', () => {
    render(
      <CrawlDelayInfo
        verdict={rulesVerdict(verdict({ crawlDelay: { line: 5, raw: 'soon', seconds: null } }))}
        crawlerName="Googlebot"
      />,
    );
    expect(screen.getByTestId('crawl-delay').textContent).toContain('“soon” (not a number)');
  });
});
