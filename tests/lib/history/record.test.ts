import { describe, expect, it } from 'vitest';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import { statusLabelOf } from '../../../lib/fetch/status-label';
import { readKeptBody, readRecordBytes } from '../../../lib/history/record';
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
      source: 'docs/semantics/robots.md §7: 2xx',
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
    expect(readRecordBytes(record)).toBe(body);
  });

  it('keeps a body as its bytes: a Latin-1 byte stays one byte, not U+FFFD', () => {
    const latin1 = recordOf({ kind: 'ok', status: 200, body: fetchedBody({ bytes: 'Disallow: /caf\xe9\n' }) });
    expect(readRecordBytes(latin1)).toBe('Disallow: /caf\xe9\n');
  });
});

describe('reading a kept body', () => {
  it('decodes a body kept as bytes for reading, and keeps its bytes for parsing', () => {
    const kept = readKeptBody({ form: 'bytes' }, 'Disallow: /caf\xe9 /\xc3\xa9\n');
    expect(kept.text).toBe('Disallow: /caf\uFFFD /é\n');
    expect([...kept.bytes.slice(14, 19)]).toEqual([0xe9, 0x20, 0x2f, 0xc3, 0xa9]);
  });

  it('reads a version kept as text before: the text, and its UTF-8 as bytes', () => {
    const kept = readKeptBody({}, 'Disallow: /é\n');
    expect(kept.text).toBe('Disallow: /é\n');
    expect([...kept.bytes.slice(11, 13)]).toEqual([0xc3, 0xa9]);
  });
});
