import { describe, expect, it } from 'vitest';
import type { ChangeSummary } from '../../../lib/history/notice';
import { groupVerdictChanges } from '../../../lib/history/verdict-groups';
import { crawlerTokens, prepareVersion, verdictChanges } from '../../../lib/history/verdicts';
import type { VersionMeta } from '../../../lib/history/versions';
import { describeVerdictChanges, nameCrawlerTokens } from '../../../lib/history/words';
import { findWordFaults } from '../../support/words-check';

// Issue 30: history's "Verdicts that changed" listed 30 lines, one crawler each, where the
// workbench groups. Crawlers whose verdict changed alike (same answers, same deciding lines) share
// one line, named as the workbench names a crawler set.

const URL = 'https://example.com/private/page';
const meta = (seq: number, outcome: VersionMeta['outcome'] = 'ok'): VersionMeta => ({
  seq,
  firstSeen: seq,
  lastSeen: seq,
  status: outcome === 'ok' ? '200' : '503',
  outcome,
  size: 0,
  hash: String(seq),
});
const OLD = 'User-agent: *\nAllow: /\n';
const NEW =
  'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: AdsBot-Google\nAllow: /\n';
const changesOf = (older: string, newer: string, tokens = crawlerTokens()) =>
  verdictChanges(prepareVersion(meta(1), older), prepareVersion(meta(2), newer), URL, tokens);
const summaryOf = (verdicts: ChangeSummary['verdicts']): ChangeSummary => ({
  origin: 'https://example.com',
  changedAt: 2,
  from: { seq: 1, status: '200' },
  to: { seq: 2, status: '200' },
  lines: { added: 5, removed: 1 },
  verdicts,
  url: URL,
});

describe('groupVerdictChanges', () => {
  it('puts the crawlers blocked by the same line in one group and a crawler blocked by its own group apart', () => {
    const changes = changesOf(OLD, NEW);
    expect(changes.length).toBeGreaterThan(20);
    const groups = groupVerdictChanges(changes);
    expect(groups).toHaveLength(2);
    const [star, gpt] = groups;
    expect(star?.after).toMatchObject({ allowed: false, line: 2, rule: 'Disallow: /private/' });
    expect(star?.tokens).toContain('Googlebot');
    expect(star?.tokens).not.toContain('GPTBot');
    expect(gpt).toMatchObject({ tokens: ['GPTBot'], after: { allowed: false, line: 5 } });
    // Every change is in exactly one group; AdsBot-Google (its own Allow) changed nothing.
    expect(groups.flatMap((g) => g.tokens).sort()).toEqual(changes.map((c) => c.token).sort());
    expect(groups.flatMap((g) => g.tokens)).not.toContain('AdsBot-Google');
  });

  it('keeps a 503 (everything blocked, no line) apart from a rule that blocks', () => {
    const blocked = verdictChanges(prepareVersion(meta(1), OLD), prepareVersion(meta(2, 'unreachable'), ''), URL, [
      'Googlebot',
      'Bingbot',
    ]);
    const byRule = changesOf(OLD, NEW, ['Googlebot']);
    const groups = groupVerdictChanges([...blocked, ...byRule.map((c) => ({ ...c, token: 'custom-bot' }))]);
    expect(groups.map((g) => g.tokens)).toEqual([['Googlebot', 'Bingbot'], ['custom-bot']]);
  });
});

describe('the verdict changes in words', () => {
  it('names a group as the workbench does, one sentence per group, and a single crawler by name', () => {
    const lines = describeVerdictChanges(summaryOf(changesOf(OLD, NEW)));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d+ crawlers \(all Google .+ and \d+ more\) went from Allowed to Blocked for this page$/,
    );
    expect(lines[1]).toBe("GPTBot's verdict for this page went from Allowed to Blocked");
    for (const line of lines) expect(findWordFaults(line)).toEqual([]);
  });

  it('names two crawlers by name, and a custom token by itself', () => {
    expect(nameCrawlerTokens(['Googlebot', 'Bingbot'])).toBe('2 crawlers (Googlebot and Bingbot)');
    expect(nameCrawlerTokens(['my-bot'])).toBe('my-bot');
    expect(nameCrawlerTokens(['Googlebot', 'my-bot'])).toBe('2 crawlers (Googlebot and my-bot)');
    expect(nameCrawlerTokens(['Googlebot'])).toBe('Googlebot');
  });
});
