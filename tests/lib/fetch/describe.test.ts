import { describe, expect, it } from 'vitest';
import {
  describeOutcome,
  describeRecord,
  GOOGLE_CACHE_NOTE,
  GOOGLE_UNREACHABLE_NOTE,
} from '../../../lib/fetch/describe';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import { fetchedBody } from './fixtures';

describe('describeOutcome', () => {
  it.each<{ name: string; outcome: FetchOutcome; summary: RegExp; effect: RegExp; note?: RegExp }>([
    {
      name: 'ok',
      outcome: { kind: 'ok', status: 200, body: fetchedBody() },
      summary: /found \(HTTP 200\)/,
      effect: /rules decide/,
    },
    {
      name: '404',
      outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
      summary: /No robots\.txt \(HTTP 404\)/,
      effect: /every URL .* may be crawled/,
    },
    {
      name: '403',
      outcome: { kind: 'unavailable', cause: 'client-error', status: 403 },
      summary: /not accessible \(HTTP 403\)/,
      effect: /may be crawled/,
      note: /401 and 403 like 404/,
    },
    {
      name: 'too many redirects',
      outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 302 },
      summary: /more than 5 times/,
      effect: /may be crawled/,
      note: /at most 5 redirects/,
    },
    {
      name: 'loop',
      outcome: { kind: 'unavailable', cause: 'redirect-loop', status: 301 },
      summary: /loop/,
      effect: /may be crawled/,
    },
    {
      name: '429',
      outcome: { kind: 'unreachable', cause: 'rate-limited', status: 429, detail: '' },
      summary: /429/,
      effect: /disallowed/,
      note: /12 hours.*30 days/,
    },
    {
      name: '503',
      outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' },
      summary: /HTTP 503/,
      effect: /disallowed/,
      note: /12 hours/,
    },
    {
      name: 'timeout',
      outcome: { kind: 'unreachable', cause: 'timeout', status: null, detail: 'No complete answer within 2 s' },
      summary: /within 2 s/,
      effect: /disallowed/,
      note: /12 hours/,
    },
    {
      name: 'refused',
      outcome: {
        kind: 'unreachable',
        cause: 'network-error',
        status: null,
        detail: 'the server refused the connection',
      },
      summary: /^robots\.txt could not be fetched: the server refused the connection\.$/,
      effect: /disallowed/,
      note: /30 days/,
    },
  ])('says what $name means and what crawlers do', ({ outcome, summary, effect, note }) => {
    const description = describeOutcome(outcome);
    expect(description.summary).toMatch(summary);
    expect(description.effect).toMatch(effect);
    if (note) expect(description.notes.join(' ')).toMatch(note);
  });

  it('says nothing of the body itself: HTML, the cut and the encoding are the verdict’s reading conditions', () => {
    const description = describeOutcome({
      kind: 'ok',
      status: 200,
      body: fetchedBody({ text: '<!doctype html>', truncated: true, encoding: 'not-utf-8', looksLikeHtml: true }),
    });
    expect(Object.keys(description)).toEqual(['summary', 'effect', 'notes']);
    expect(description.notes).toEqual([]);
  });

  it('gives the Google unreachable note word for word', () => {
    expect(describeOutcome({ kind: 'unreachable', cause: 'server-error', status: 500, detail: '' }).notes).toEqual([
      GOOGLE_UNREACHABLE_NOTE,
    ]);
  });
});

describe('describeRecord', () => {
  const record: FetchRecord = {
    origin: 'https://a.test',
    robotsUrl: 'https://a.test/robots.txt',
    finalUrl: 'https://b.test/robots.txt',
    hops: [
      { status: 301, from: 'https://a.test/robots.txt', to: 'https://b.test/r', crossOrigin: true },
      { status: 302, from: 'https://b.test/r', to: 'https://b.test/robots.txt', crossOrigin: false },
    ],
    outcome: { kind: 'ok', status: 200, body: fetchedBody() },
    fetchedAt: 0,
    expiresAt: 1,
    durationMs: 1,
  };

  it('says the rules of a redirected file apply to the original origin', () => {
    expect(describeRecord(record).notes).toContain(
      'robots.txt redirected 2 times, to another origin (https://b.test/robots.txt). Its rules apply to https://a.test.',
    );
  });

  it('says Google may use a copy up to 24 hours old', () => {
    expect(describeRecord(record).notes).toContain(GOOGLE_CACHE_NOTE);
  });

  it('mentions a UTF-8 byte order mark, which Google skips', () => {
    const withBom = { ...record, outcome: { kind: 'ok' as const, status: 200, body: fetchedBody({ hasBom: true }) } };
    expect(describeRecord(withBom).notes.join(' ')).toMatch(/byte order mark \(BOM\)\. Google skips it/);
  });
});
