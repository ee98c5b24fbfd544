import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FetchPanel } from '../../../components/popup/FetchPanel';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import { okOutcome, record } from './fixtures';

afterEach(cleanup);

function show(rec: FetchRecord, props: { ageMs?: number; source?: 'cache' | 'network'; onRefresh?: () => void } = {}) {
  return render(
    <FetchPanel record={rec} source={props.source ?? 'cache'} ageMs={props.ageMs ?? 5 * 60_000} refreshing={false} onRefresh={props.onRefresh ?? vi.fn()} />,
  );
}

describe.each<{ name: string; outcome: FetchOutcome; status: string; says: RegExp }>([
  { name: 'ok (200)', outcome: okOutcome('User-agent: *\nDisallow: /x\n'), status: 'HTTP 200', says: /rules in this file apply/ },
  {
    name: '404: unavailable',
    outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
    status: 'HTTP 404',
    says: /there is no robots.txt: crawlers may fetch everything/,
  },
  {
    name: '503: unreachable',
    outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' },
    status: 'HTTP 503',
    says: /stops crawling the site for 12 hours.*last good copy for up to 30 days/,
  },
  {
    name: 'timeout: unreachable',
    outcome: { kind: 'unreachable', cause: 'timeout', status: null, detail: '10000 ms' },
    status: 'timeout (10000 ms)',
    says: /assume everything is blocked/,
  },
  {
    name: 'network error: unreachable',
    outcome: { kind: 'unreachable', cause: 'network-error', status: null, detail: 'net::ERR_CONNECTION_REFUSED' },
    status: 'network error: net::ERR_CONNECTION_REFUSED',
    says: /assume everything is blocked/,
  },
  {
    name: 'too many redirects: unavailable',
    outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 301 },
    status: 'too many redirects (last HTTP 301)',
    says: /More than 5 redirects/,
  },
])('FetchPanel: $name', ({ outcome, status, says }) => {
  it('shows the HTTP status or the failure’s name, and what crawlers do', () => {
    show(record(outcome));
    expect(screen.getByTestId('fetch-status').textContent).toContain(status);
    expect(document.body.textContent).toMatch(says);
  });
});

describe('FetchPanel', () => {
  it('links the robots.txt URL, opening a new tab', () => {
    show(record(okOutcome('')));
    const link = screen.getByRole('link', { name: 'http://127.0.0.1:4781/robots.txt' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:4781/robots.txt');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows size, cache age, and that Google may use a copy up to 24 h old', () => {
    show(record(okOutcome('x'.repeat(2048))), { ageMs: 5 * 60_000, source: 'cache' });
    expect(document.body.textContent).toContain('2.0 KiB');
    expect(document.body.textContent).toMatch(/5 min ago, at .+ \(from the cache, took 12 ms\)/);
    expect(document.body.textContent).toContain('Google may be using a copy up to 24 h old');
  });

  it.each<{ name: string; body: Parameters<typeof okOutcome>[1]; warning: RegExp }>([
    { name: 'an HTML page', body: { looksLikeHtml: true, contentType: 'text/html' }, warning: /HTML page, not a robots.txt/ },
    { name: 'a BOM', body: { hasBom: true }, warning: /byte order mark/ },
    { name: 'invalid UTF-8', body: { validUtf8: false }, warning: /not valid UTF-8/ },
    { name: 'a body cut at 500 KiB', body: { truncated: true, receivedBytes: 600_000 }, warning: /585.9 KiB: Google reads only the first 500 KiB/ },
  ])('warns about $name', ({ body, warning }) => {
    show(record(okOutcome('User-agent: *', body)));
    expect(screen.getByRole('listitem').textContent).toMatch(warning);
  });

  it('lists redirect hops, saying when they cross origins', () => {
    show(
      record(okOutcome('User-agent: *'), {
        hops: [{ status: 301, from: 'http://a.test/robots.txt', to: 'http://b.test/robots.txt', crossOrigin: true }],
      }),
    );
    expect(document.body.textContent).toMatch(/301 http:\/\/a.test\/robots.txt → http:\/\/b.test\/robots.txt/);
    expect(document.body.textContent).toContain('the rules still apply to http://127.0.0.1:4781');
  });

  it('refreshes on click', () => {
    const onRefresh = vi.fn();
    show(record(okOutcome('')), { onRefresh });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh robots.txt' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});
