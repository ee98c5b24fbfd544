import { describe, expect, it } from 'vitest';
import { bytesToByteString, decodeUtf8ByteString, describeBody } from '../../../lib/fetch/body';
import { createManualRedirectTransport } from '../../../lib/fetch/transport';
import type { FetchRecord } from '../../../lib/fetch/types';
import { fetchProbePage, MAX_PROBE_PAGE_BYTES } from '../../../lib/probe/fetch-page';
import { MAX_KEPT_PAGE_BYTES, receivedBodyBytes } from '../../../lib/probe/received';
import { buildProbeReport } from '../../../lib/probe/report';
import type { AgentFetch, PageFetch } from '../../../lib/probe/types';

const ORIGIN = 'https://example.com';
const PAGE = `${ORIGIN}/article`;

function robots(text: string, status = 200): FetchRecord {
  const bytes = new TextEncoder().encode(text);
  return {
    origin: ORIGIN,
    robotsUrl: `${ORIGIN}/robots.txt`,
    finalUrl: `${ORIGIN}/robots.txt`,
    hops: [],
    outcome:
      status === 200
        ? {
            kind: 'ok',
            status,
            body: describeBody(
              { bytes, receivedBytes: bytes.byteLength, truncated: false },
              { contentType: 'text/plain', contentLength: null },
            ),
          }
        : { kind: 'unavailable', cause: 'client-error', status },
    fetchedAt: 0,
    expiresAt: 0,
    durationMs: 0,
  };
}

/** A page answer; `bytes` one char per byte, as fetchProbePage keeps them. */
const page = (status: number, headers: [string, string][] = [], bytes = ''): PageFetch => ({
  kind: 'response',
  status,
  finalUrl: PAGE,
  hops: [],
  headers,
  body: decodeUtf8ByteString(bytes),
  bytes,
  truncated: false,
});

const OWN = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /article\n';

describe('buildProbeReport', () => {
  const fetches: AgentFetch[] = [
    { agent: 'browser', userAgent: null, robots: robots(OWN), page: page(200) },
    { agent: 'Googlebot', userAgent: 'G', robots: robots(OWN), page: page(200, [['x-robots-tag', 'noindex']]) },
    { agent: 'GPTBot', userAgent: 'O', robots: robots(OWN), page: page(403) },
    { agent: 'ClaudeBot', userAgent: 'C', robots: robots('', 404), page: page(403) },
  ];
  const report = buildProbeReport({ pageUrl: PAGE, origin: ORIGIN, startedAt: 1, finishedAt: 2, fetches });

  it('sums each crawler up in one line: robots.txt, then the edge', () => {
    expect(report.rows.map((r) => r.summary)).toEqual([
      'Your browser: robots.txt answers 200, the page answers 200',
      'Googlebot: robots.txt allows, the page answers 200; X-Robots-Tag differs',
      'GPTBot: robots.txt blocks (line 5), the edge answers 403',
      'ClaudeBot: robots.txt answers 404 (no file: everything allowed) where the browser gets 200, the edge answers 403',
    ]);
  });

  it('keeps the browser first and shows its limits with every report', () => {
    expect(report.rows[0]?.agent).toBe('browser');
    expect(report.limits.join(' ')).toMatch(/impostor/);
  });
});

describe('what each agent was served', () => {
  // Latin-1 bytes that are not UTF-8: kept as received, never decoded and re-encoded.
  const latin1 = String.fromCharCode(0x3c, 0x70, 0x3e, 0x63, 0x61, 0x66, 0xe9);
  const GOOGLE = 'User-agent: Googlebot\nDisallow: /article\n';
  const fetches: AgentFetch[] = [
    {
      agent: 'browser',
      userAgent: null,
      robots: robots(OWN),
      page: page(200, [['content-type', 'text/html']], latin1),
    },
    { agent: 'Googlebot', userAgent: 'G', robots: robots(GOOGLE), page: page(200, [], latin1) },
    { agent: 'GPTBot', userAgent: 'O', robots: robots(OWN), page: page(403, [], 'Forbidden') },
    {
      agent: 'ClaudeBot',
      userAgent: 'C',
      robots: robots('', 404),
      page: { kind: 'failed', detail: 'a redirect loop', hops: [] },
    },
  ];
  const { received } = buildProbeReport({ pageUrl: PAGE, origin: ORIGIN, startedAt: 1, finishedAt: 2, fetches });
  const bodyOf = (agent: string, part: 'robots' | 'page') => {
    const index = received.agents.find((a) => a.agent === agent)?.[part].body;
    return index === null || index === undefined ? null : received.bodies[index];
  };

  it('keeps each distinct body once, as received, and names it for every agent it was served to', () => {
    expect(received.agents.map((a) => a.agent)).toEqual(['browser', 'Googlebot', 'GPTBot', 'ClaudeBot']);
    expect(received.bodies.toSorted()).toEqual([OWN, GOOGLE, latin1, 'Forbidden'].toSorted());
    expect(bodyOf('browser', 'robots')).toBe(OWN);
    expect(bodyOf('GPTBot', 'robots')).toBe(OWN);
    expect(bodyOf('Googlebot', 'robots')).toBe(GOOGLE);
    expect(bodyOf('Googlebot', 'page')).toBe(latin1);
    expect(received.agents[0]?.page.body).toBe(received.agents[1]?.page.body);
    expect(received.agents[0]?.page).toMatchObject({
      status: '200',
      headers: [['content-type', 'text/html']],
      cut: null,
    });
  });

  it('says why there is no body: robots.txt not read past an error status, a page that never answered', () => {
    const claude = received.agents[3];
    expect(claude?.robots).toMatchObject({ status: '404', body: null });
    expect(claude?.robots.noBody).toBe(
      'robots.txt answered 404: crawlers read no rules from such an answer, so its body was not read.',
    );
    expect(claude?.page).toMatchObject({ status: 'failed', body: null, noBody: 'No response came: a redirect loop.' });
  });

  it('keeps page bodies up to MAX_KEPT_PAGE_BYTES per probe, and says which were not kept', () => {
    const big = (c: string) => c.repeat(MAX_KEPT_PAGE_BYTES / 2 - 10);
    const many: AgentFetch[] = ['browser', 'Googlebot', 'GPTBot'].map((agent, i) => ({
      agent,
      userAgent: agent,
      robots: robots(OWN),
      page: page(200, [], big(String(i))),
    }));
    const kept = buildProbeReport({
      pageUrl: PAGE,
      origin: ORIGIN,
      startedAt: 1,
      finishedAt: 2,
      fetches: many,
    }).received;
    expect(kept.agents.map((a) => a.page.body === null)).toEqual([false, false, true]);
    expect(kept.agents[2]?.page.noBody).toBe(
      'Not kept: a probe keeps at most 2 MiB of page bodies, and the agents before this one filled it.',
    );
    expect(kept.agents[2]?.robots.body).toBe(0);
  });
});

describe('receivedBodyBytes', () => {
  it('is the length in UTF-8 of the bodies stored as JSON text, for every byte value', () => {
    const every = String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i));
    const bodies = [every, 'plain text\n', ''];
    const stored = bodies.reduce((sum, body) => sum + new TextEncoder().encode(JSON.stringify(body)).byteLength - 2, 0);
    expect(receivedBodyBytes({ bodies, agents: [] })).toBe(stored);
  });
});

describe('fetchProbePage', () => {
  const transportFor = (
    answers: Record<string, { status: number; headers?: Record<string, string>; body?: Uint8Array }>,
  ) =>
    createManualRedirectTransport(async (url) => {
      const answer = answers[url] ?? { status: 404 };
      return new Response(
        answer.status === 301 ? null : ((answer.body ?? new Uint8Array()) as Uint8Array<ArrayBuffer>),
        {
          status: answer.status,
          headers: answer.headers,
        },
      );
    });

  it('reads at most MAX_PROBE_PAGE_BYTES of the body and keeps the headers', async () => {
    const big = new Uint8Array(MAX_PROBE_PAGE_BYTES + 10_000).fill(0x61);
    const result = await fetchProbePage(PAGE, {
      transport: transportFor({ [PAGE]: { status: 200, headers: { 'x-robots-tag': 'noai' }, body: big } }),
      timeoutMs: 5_000,
    });
    expect(result.kind).toBe('response');
    if (result.kind !== 'response') return;
    expect(result.truncated).toBe(true);
    expect(result.body.length).toBe(MAX_PROBE_PAGE_BYTES);
    expect(result.bytes).toBe(bytesToByteString(big.subarray(0, MAX_PROBE_PAGE_BYTES)));
    expect(result.headers).toContainEqual(['x-robots-tag', 'noai']);
  });

  it('records a redirect to another site and does not follow it', async () => {
    const result = await fetchProbePage(PAGE, {
      transport: transportFor({
        [PAGE]: { status: 301, headers: { location: 'https://elsewhere.test/' } },
        'https://elsewhere.test/': { status: 200, body: new TextEncoder().encode('x') },
      }),
      timeoutMs: 5_000,
      onlyOrigin: ORIGIN,
    });
    expect(result).toEqual({
      kind: 'failed',
      detail: 'redirected to another site (https://elsewhere.test/): not followed',
      hops: [{ status: 301, from: PAGE, to: 'https://elsewhere.test/', crossOrigin: true }],
    });
  });

  it('stops after five redirects', async () => {
    const answers = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].map((i) => [
        i === 0 ? PAGE : `${ORIGIN}/r${i}`,
        { status: 301, headers: { location: `${ORIGIN}/r${i + 1}` } },
      ]),
    );
    const result = await fetchProbePage(PAGE, { transport: transportFor(answers), timeoutMs: 5_000 });
    expect(result.kind).toBe('failed');
    if (result.kind === 'failed') expect(result.detail).toBe('more than 5 redirects');
  });
});
