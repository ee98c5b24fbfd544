import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { VerdictCard } from '../../components/popup/VerdictCard';
import { describeBadge } from '../../entrypoints/background/badge/badge';
import { createPageJudge } from '../../entrypoints/background/robots/judge';
import { optionForToken } from '../../entrypoints/popup/crawler-options';
import { buildReport } from '../../entrypoints/popup/report';
import { describeBody } from '../../lib/fetch/body';
import { describeRecord } from '../../lib/fetch/describe';
import type { FetchOutcome } from '../../lib/fetch/types';
import type { Inspection } from '../../lib/protocol/messages';
import { describePageVerdict, verdictLine } from '../../lib/verdict/words';
import { judgePage, readPageRobots } from '../../lib/verdict/page-verdict';
import { withoutQuotes } from '../../components/code-text';

afterEach(cleanup);

const ORIGIN = 'https://site.test';

function ok(bytes: Uint8Array, contentType = 'text/plain', truncated = false, contentLength?: number): FetchOutcome {
  const body = describeBody(
    { bytes, receivedBytes: bytes.length, truncated },
    { contentType, contentLength: String(contentLength ?? bytes.length) },
  );
  return { kind: 'ok', status: 200, body };
}

function inspection(outcome: FetchOutcome, path: string): Inspection {
  const record = {
    origin: ORIGIN,
    robotsUrl: `${ORIGIN}/robots.txt`,
    finalUrl: `${ORIGIN}/robots.txt`,
    hops: [],
    outcome,
    fetchedAt: Date.UTC(2025, 0, 2),
    expiresAt: Date.UTC(2025, 0, 3),
    durationMs: 5,
  };
  return {
    kind: 'inspected',
    pageUrl: `${ORIGIN}${path}`,
    tabId: 1,
    record,
    description: describeRecord(record),
    source: 'network',
    ageMs: 0,
    diagnostics: [],
    directives: { managedBlocks: [], contentSignals: [] },
  };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const cut = utf8(`User-agent: *\n${'#'.repeat(511_983)}\nDisallow: /html/E12243_01/\n`).subarray(0, 512_000);

describe('badge title, verdict card and report say the same thing', () => {
  it.each([
    {
      name: 'an HTML comment above real rules',
      inspection: inspection(ok(utf8('<!-- generated -->\nUser-agent: *\nDisallow: /p/\n')), '/p/x'),
      crawler: 'Googlebot',
    },
    {
      name: 'a real robots.txt served as text/html',
      inspection: inspection(ok(utf8('User-agent: *\nAllow: /p/\n'), 'text/html'), '/p/x'),
      crawler: 'Googlebot',
    },
    {
      name: 'a UTF-16 file',
      inspection: inspection(
        ok(Uint8Array.from([0xff, 0xfe, ...[...'User-agent: *\n'].flatMap((c) => [c.charCodeAt(0), 0])])),
        '/p/x',
      ),
      crawler: 'Googlebot',
    },
    {
      name: 'a cut inside the deciding rule',
      inspection: inspection(ok(cut, 'text/plain', true, 852_992), '/html/E9'),
      crawler: 'Googlebot',
    },
    {
      name: 'an unreachable robots.txt',
      inspection: inspection({ kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' }, '/p/x'),
      crawler: 'Googlebot',
    },
    {
      name: 'an unmatchable custom token',
      inspection: inspection(ok(utf8('User-agent: MJ12bot\nDisallow: /\n')), '/p/x'),
      crawler: 'MJ12bot',
    },
  ])('$name', ({ inspection: inspected, crawler }) => {
    // The worker's judge (badge) and the popup's judgePage (card, report) reach one verdict.
    const badgeVerdict = createPageJudge().judge(inspected, crawler);
    const page = readPageRobots(inspected);
    const verdict = judgePage(page, inspected.pageUrl, crawler);
    expect(badgeVerdict).toEqual(verdict);

    const option = optionForToken(crawler);
    const badge = describeBadge(badgeVerdict, option.name);
    const report = buildReport(inspected, page, option, verdict, new Date(0));
    render(
      <VerdictCard verdict={verdict} crawler={option} pageUrl={inspected.pageUrl} tokenCheck={{ kind: 'valid' }} />,
    );
    const card = screen.getByRole('region', { name: 'Verdict' }).textContent ?? '';

    const { word, detail } = describePageVerdict(verdict);
    expect(card).toContain(word);
    // The same words; the card shows a quoted rule as code rather than between backticks.
    expect(card).toContain(withoutQuotes(detail));
    expect(badge.title).toContain(verdictLine(verdict));
    expect(report).toContain(`Verdict: ${verdictLine(verdict)}`);
    for (const condition of verdict.conditions) {
      expect(card).toContain(withoutQuotes(condition.text));
      expect(badge.title).toContain(condition.text);
      expect(report).toContain(condition.text);
    }
  });
});
