import { describe, expect, it } from 'vitest';
import { describeOutcome } from '../../../lib/fetch/describe';
import type { FetchOutcome } from '../../../lib/fetch/types';
import { judgeIndexability, type PageEvidence } from '../../../lib/page-directives/verdict';
import { fetchPermission } from '../../../lib/verdict/page-state';
import type { PageVerdict } from '../../../lib/verdict/types';

const EVIDENCE: PageEvidence = {
  url: 'https://site.test/page',
  status: 200,
  redirects: [],
  robotsHeaders: [],
  linkHeaders: [],
  metas: [],
  canonicals: [],
  served: null,
};

function verdictOf(outcome: Extract<FetchOutcome, { kind: 'unreachable' | 'unavailable' }>): PageVerdict {
  const { summary, effect } = describeOutcome(outcome);
  const explanation = `${summary} ${effect}`;
  return outcome.kind === 'unreachable'
    ? { kind: 'unreachable', allowed: false, outcome, explanation, conditions: [] }
    : { kind: 'unavailable', allowed: true, outcome, explanation, conditions: [] };
}

describe('the Index row’s reason when robots.txt gave no rules', () => {
  it.each<{ outcome: Extract<FetchOutcome, { kind: 'unreachable' }>; reason: string; source: string }>([
    {
      outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' },
      reason: 'unreachable: HTTP 503',
      source: 'the 503 case',
    },
    {
      outcome: { kind: 'unreachable', cause: 'rate-limited', status: 429, detail: 'HTTP 429' },
      reason: 'unreachable: HTTP 429',
      source: 'docs/semantics/robots.md §7: 429 is unreachable',
    },
    {
      outcome: { kind: 'unreachable', cause: 'timeout', status: null, detail: 'No complete answer within 2 s' },
      reason: 'unreachable: timed out',
      source: 'docs/semantics/robots.md §7: a timeout is unreachable',
    },
    {
      outcome: {
        kind: 'unreachable',
        cause: 'network-error',
        status: null,
        detail: 'the server refused the connection',
      },
      reason: 'unreachable: the server refused the connection',
      source: 'docs/semantics/robots.md §7: a connection error is unreachable',
    },
  ])('gives “$reason” in brackets, not the fetch’s whole sentence ($source)', ({ outcome, reason }) => {
    const verdict = verdictOf(outcome);
    const result = judgeIndexability(EVIDENCE, 'Googlebot', fetchPermission(verdict), 0);
    expect(result.kind).toBe('blocked');
    expect(result.reason).toContain(`(${reason})`);
    expect(result.reason).not.toContain(describeOutcome(outcome).summary);
    expect(result.reason).not.toContain('Crawlers treat');
  });

  it('allows fetching when there is no robots.txt, saying so in a few words', () => {
    const permission = fetchPermission(verdictOf({ kind: 'unavailable', cause: 'client-error', status: 404 }));
    expect(permission).toEqual({ allowed: true, reason: 'no robots.txt: HTTP 404' });
  });
});
