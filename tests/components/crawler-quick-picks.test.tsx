import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrawlerQuickPicks, pickTokens } from '../../components/crawler-quick-picks';
import { CRAWLERS } from '../../lib/robots/crawlers';

afterEach(cleanup);

const TOKENS = ['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot', 'OAI-SearchBot', 'ChatGPT-User', 'my-own-bot'];

describe('All / None / Search / AI, by the catalogue’s purposes', () => {
  it.each([
    ['all', TOKENS],
    ['none', []],
    // bingbot is the catalogue's Bingbot (tokens match ASCII case-insensitively); a token it does not list is neither.
    ['search', ['Googlebot', 'bingbot']],
    ['ai', ['GPTBot', 'ClaudeBot', 'OAI-SearchBot']],
  ] as const)('%s', (pick, expected) => {
    expect(pickTokens(TOKENS, pick)).toEqual(expected);
  });

  it('Search and AI over the whole catalogue are its search presets and its AI-training and AI-search presets', () => {
    const all = CRAWLERS.map((c) => c.token);
    expect(pickTokens(all, 'search')).toEqual(CRAWLERS.filter((c) => c.purpose === 'search').map((c) => c.token));
    expect(pickTokens(all, 'ai')).toEqual(
      CRAWLERS.filter((c) => c.purpose === 'ai-training' || c.purpose === 'ai-search').map((c) => c.token),
    );
  });

  it('the buttons hand the chosen tokens back', () => {
    const onPick = vi.fn();
    render(<CrawlerQuickPicks tokens={TOKENS} onPick={onPick} list="crawlers probed" />);
    expect(screen.getByRole('group', { name: 'Quick choices for the crawlers probed' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('quick-pick-search'));
    expect(onPick).toHaveBeenLastCalledWith(['Googlebot', 'bingbot']);
    fireEvent.click(screen.getByTestId('quick-pick-none'));
    expect(onPick).toHaveBeenLastCalledWith([]);
  });
});
