import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FetchPanel } from '../../../components/popup/FetchPanel';
import { describeRecord } from '../../../lib/fetch/describe';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import { okOutcome, record } from './fixtures';

afterEach(cleanup);

function show(rec: FetchRecord, props: { ageMs?: number; source?: 'cache' | 'network'; onRefresh?: () => void } = {}) {
  return render(
    <FetchPanel
      record={rec}
      description={describeRecord(rec)}
      source={props.source ?? 'cache'}
      ageMs={props.ageMs ?? 5 * 60_000}
      refreshing={false}
      onRefresh={props.onRefresh ?? vi.fn()}
    />,
  );
}

describe.each<{ name: string; outcome: FetchOutcome; status: string; says: string }>([
  {
    name: 'ok (200)',
    outcome: okOutcome('User-agent: *\nDisallow: /x\n'),
    status: 'HTTP 200',
    says: 'Its rules decide what each crawler may fetch.',
  },
  {
    name: '404: unavailable',
    outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
    status: 'HTTP 404',
    says: 'No robots.txt (HTTP 404). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
  },
  {
    name: '403: unavailable, yet not a block',
    outcome: { kind: 'unavailable', cause: 'client-error', status: 403 },
    status: 'HTTP 403',
    says: 'Crawlers treat 401 and 403 like 404',
  },
  {
    name: '503: unreachable',
    outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' },
    status: 'HTTP 503',
    says: 'The server failed to deliver robots.txt (HTTP 503). Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.',
  },
  {
    name: 'timeout: unreachable',
    outcome: { kind: 'unreachable', cause: 'timeout', status: null, detail: '10000 ms' },
    status: 'timeout (10000 ms)',
    says: 'Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.',
  },
  {
    name: 'network error: unreachable',
    outcome: { kind: 'unreachable', cause: 'network-error', status: null, detail: 'net::ERR_CONNECTION_REFUSED' },
    status: 'network error: net::ERR_CONNECTION_REFUSED',
    says: 'robots.txt could not be fetched: net::ERR_CONNECTION_REFUSED.',
  },
  {
    name: 'too many redirects: unavailable',
    outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 301 },
    status: 'too many redirects (last HTTP 301)',
    says: 'robots.txt redirects more than 5 times.',
  },
  {
    name: 'a redirect loop: unavailable, not "more than 5 redirects"',
    outcome: { kind: 'unavailable', cause: 'redirect-loop', status: 302 },
    status: 'redirect loop',
    says: 'robots.txt redirects in a loop.',
  },
  {
    name: 'an unexpected status: unavailable',
    outcome: { kind: 'unavailable', cause: 'unexpected-status', status: 304 },
    status: 'HTTP 304',
    says: 'The server answered robots.txt with HTTP 304, which is neither a file nor an error.',
  },
])('FetchPanel: $name', ({ outcome, status, says }) => {
  it('shows the HTTP status or the failure’s name, and what crawlers do', () => {
    show(record(outcome));
    expect(screen.getByTestId('fetch-status').textContent).toContain(status);
    expect(document.body.textContent).toContain(says);
    expect(document.body.textContent).not.toContain('More than 5 redirects');
  });
});

describe('FetchPanel', () => {
  it('links the robots.txt URL, opening a new tab', () => {
    show(record(okOutcome('')));
    const link = screen.getByRole('link', { name: 'http://127.0.0.1:4781/robots.txt' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:4781/robots.txt');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows size, cache age, and that Google may use a copy up to 24 hours old', () => {
    show(record(okOutcome('x'.repeat(2048))), { ageMs: 5 * 60_000, source: 'cache' });
    expect(document.body.textContent).toContain('2.0 KiB');
    expect(document.body.textContent).toMatch(/5 min ago, at .+ \(from the cache, took 12 ms\)/);
    expect(document.body.textContent).toContain('Google may be using a copy of this file up to 24 hours old.');
  });

  it('does not speak of a cached copy when robots.txt is unreachable', () => {
    show(record({ kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' }));
    expect(document.body.textContent).not.toContain('up to 24 hours old');
  });

  it.each<{ name: string; body: Parameters<typeof okOutcome>[1]; size: string }>([
    {
      name: 'the Content-Length of a cut body, never the bytes read before the cut',
      body: { truncated: true, contentLength: 852_992 },
      size: '833.0 KiB',
    },
    {
      name: '"more than 500 KiB" for a cut body without Content-Length',
      body: { truncated: true, contentLength: null },
      size: 'more than 500 KiB',
    },
    { name: 'the Content-Length of a whole body', body: { contentLength: 312 }, size: '312 B' },
  ])('shows $name', ({ body, size }) => {
    show(record(okOutcome('User-agent: *', body)));
    expect(document.body.textContent).toContain(size);
  });

  it('mentions a BOM among the notes', () => {
    show(record(okOutcome('User-agent: *', { hasBom: true })));
    expect(document.body.textContent).toMatch(/byte order mark/);
  });

  it('lists redirect hops, saying when they cross origins', () => {
    show(
      record(okOutcome('User-agent: *'), {
        hops: [{ status: 301, from: 'http://a.test/robots.txt', to: 'http://b.test/robots.txt', crossOrigin: true }],
      }),
    );
    expect(document.body.textContent).toMatch(/301 http:\/\/a.test\/robots.txt → http:\/\/b.test\/robots.txt/);
    expect(document.body.textContent).toContain(
      'robots.txt redirected once, to another origin (http://127.0.0.1:4781/robots.txt). Its rules apply to http://127.0.0.1:4781.',
    );
  });

  it('refreshes on click', () => {
    const onRefresh = vi.fn();
    show(record(okOutcome('')), { onRefresh });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch robots.txt again' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});
