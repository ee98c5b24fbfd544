import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, SECOND } from '../../../lib/fetch/constants';
import { computeExpiresAt, parseCacheControl } from '../../../lib/fetch/freshness';
import type { FetchOutcome } from '../../../lib/fetch/types';

const OK: FetchOutcome = {
  kind: 'ok',
  status: 200,
  body: {
    bytes: '',
    contentLength: 0,
    truncated: false,
    hasBom: false,
    encoding: 'utf-8',
    encodingEvidence: null,
    contentType: null,
    looksLikeHtml: false,
  },
};
const GONE: FetchOutcome = { kind: 'unavailable', cause: 'client-error', status: 404 };
const DOWN: FetchOutcome = { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' };

describe('parseCacheControl', () => {
  it.each([
    { header: null, directive: { kind: 'none' } },
    { header: '', directive: { kind: 'none' } },
    { header: 'public', directive: { kind: 'none' } },
    { header: 'max-age=3600', directive: { kind: 'max-age', seconds: 3600 } },
    { header: 'public, MAX-AGE = 60', directive: { kind: 'max-age', seconds: 60 } },
    { header: 'max-age="120"', directive: { kind: 'max-age', seconds: 120 } },
    { header: 'max-age=abc', directive: { kind: 'none' } },
    { header: 'max-age=-5', directive: { kind: 'none' } },
    { header: 'max-age=0', directive: { kind: 'max-age', seconds: 0 } },
    { header: 'no-store', directive: { kind: 'no-reuse', directive: 'no-store' } },
    { header: 'max-age=600, No-Cache', directive: { kind: 'no-reuse', directive: 'no-cache' } },
  ])('reads "$header"', ({ header, directive }) => {
    expect(parseCacheControl(header)).toEqual(directive);
  });
});

describe('computeExpiresAt', () => {
  const at = 1_000_000;
  it.each([
    {
      name: 'a file without Cache-Control lives 24 hours',
      outcome: OK,
      header: null,
      lifetime: 24 * HOUR,
      source: 'RFC 9309 §2.4',
    },
    { name: 'a 404 lives 24 hours too', outcome: GONE, header: null, lifetime: 24 * HOUR, source: 'RFC 9309 §2.4' },
    {
      name: 'max-age shortens the lifetime',
      outcome: OK,
      header: 'max-age=90',
      lifetime: 90 * SECOND,
      source: 'Google crawler docs',
    },
    {
      name: 'max-age cannot lengthen it past 24 hours',
      outcome: OK,
      header: 'max-age=999999',
      lifetime: 24 * HOUR,
      source: 'RFC 9309 §2.4',
    },
    { name: 'max-age=0 expires at once', outcome: OK, header: 'max-age=0', lifetime: 0, source: 'Google crawler docs' },
    { name: 'no-store expires at once', outcome: OK, header: 'no-store', lifetime: 0, source: 'robots.md §7' },
    {
      name: 'an unreachable answer lives 5 minutes',
      outcome: DOWN,
      header: null,
      lifetime: 5 * MINUTE,
      source: 'robots.md §7',
    },
    {
      name: 'an unreachable answer with a shorter max-age',
      outcome: DOWN,
      header: 'max-age=30',
      lifetime: 30 * SECOND,
      source: 'robots.md §7',
    },
  ])('$name ($source)', ({ outcome, header, lifetime }) => {
    expect(computeExpiresAt(outcome, header, at) - at).toBe(lifetime);
  });
});
