import { describe, expect, it } from 'vitest';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import { readRecordBody, statusLabelOf } from '../../../lib/history/record';
import { fetchedBody } from '../fetch/fixtures';

function recordOf(outcome: FetchOutcome): FetchRecord {
  const url = 'https://example.com/robots.txt';
  return {
    origin: 'https://example.com',
    robotsUrl: url,
    finalUrl: url,
    hops: [],
    outcome,
    fetchedAt: 0,
    expiresAt: 1,
    durationMs: 1,
  };
}

const BODY = fetchedBody({ text: 'User-agent: *\n' });

describe('how a fetch is filed in history', () => {
  it.each([
    {
      outcome: { kind: 'ok', status: 200, body: BODY },
      label: '200',
      body: 'User-agent: *\n',
      source: 'SEMANTICS.md §7: 2xx',
    },
    { outcome: { kind: 'unavailable', cause: 'client-error', status: 404 }, label: '404', body: '', source: '§7: 4xx' },
    { outcome: { kind: 'unavailable', cause: 'unexpected-status', status: 304 }, label: '304', body: '', source: '§7' },
    {
      outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 301 },
      label: 'too-many-redirects',
      body: '',
      source: '§7: more than 5 redirects',
    },
    {
      outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' },
      label: '503',
      body: '',
      source: '§7: 5xx',
    },
    {
      outcome: { kind: 'unreachable', cause: 'rate-limited', status: 429, detail: 'HTTP 429' },
      label: '429',
      body: '',
      source: '§7: 429',
    },
    {
      outcome: { kind: 'unreachable', cause: 'timeout', status: null, detail: '10 s' },
      label: 'timeout',
      body: '',
      source: '§7: timeout',
    },
    {
      outcome: { kind: 'unreachable', cause: 'network-error', status: null, detail: 'net::ERR_CONNECTION_REFUSED' },
      label: 'network-error',
      body: '',
      source: '§7: network failure',
    },
  ] as const)('files $label ($source)', ({ outcome, label, body }) => {
    const record = recordOf(outcome);
    expect(statusLabelOf(record)).toBe(label);
    expect(readRecordBody(record)).toBe(body);
  });
});
