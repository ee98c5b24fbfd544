import { describe, expect, it } from 'vitest';
import type { RobotsTransport } from '../../../lib/fetch/transport';
import {
  createProber,
  keptReports,
  MAX_KEPT_BODY_BYTES,
  MAX_KEPT_REPORTS,
  ProbeRefusedError,
} from '../../../entrypoints/background/probe/prober';
import type { ProbeReport } from '../../../lib/probe/types';
import {
  createSendHeadersOverride,
  createSessionRuleOverride,
  PROBE_RULE_ID,
  type SendHeadersDetails,
  type UserAgentOverride,
} from '../../../entrypoints/background/probe/user-agent';

const ORIGIN = 'https://site.test';

/** An override that logs what it was told, and the User-Agent in force. */
function recordingOverride(): UserAgentOverride & { log: string[]; current: string | null } {
  const override = {
    log: [] as string[],
    current: null as string | null,
    async set(host: string, userAgent: string) {
      override.log.push(`set ${host} ${userAgent.slice(0, 40)}`);
      override.current = userAgent;
    },
    async clear() {
      override.log.push('clear');
      override.current = null;
    },
  };
  return override;
}

describe('the prober', () => {
  it('fetches as the browser first, then each crawler with its User-Agent set, and clears it at the end', async () => {
    const override = recordingOverride();
    const seen: string[] = [];
    const transport: RobotsTransport = async ({ url }) => {
      seen.push(
        `${override.current === null ? 'browser' : /(\w+Bot|bingbot)\//.exec(override.current)?.[1]} ${new URL(url).pathname}`,
      );
      return { status: 200, url, headers: new Headers({ 'content-type': 'text/plain' }), body: null };
    };
    const prober = createProber({ transport, override, now: () => 0, timeoutMs: async () => 5000 });
    const report = await prober.probe(`${ORIGIN}/a`, ['GPTBot', 'bingbot']);
    expect(seen).toEqual([
      'browser /robots.txt',
      'browser /a',
      'GPTBot /robots.txt',
      'GPTBot /a',
      'bingbot /robots.txt',
      'bingbot /a',
    ]);
    expect(override.log[0]).toBe('clear');
    expect(override.log.at(-1)).toBe('clear');
    expect(report.rows.map((r) => r.agent)).toEqual(['browser', 'GPTBot', 'bingbot']);
    expect(await prober.lastReport(ORIGIN)).toEqual(report);
  });

  it('clears the override even when a request throws, and refuses tokens without a User-Agent', async () => {
    const override = recordingOverride();
    const transport: RobotsTransport = async () => {
      throw new Error('net::ERR_CONNECTION_RESET');
    };
    const prober = createProber({ transport, override, now: () => 0, timeoutMs: async () => 5000 });
    const report = await prober.probe(`${ORIGIN}/a`, ['GPTBot']);
    expect(report.rows[1]?.pageStatus).toBeNull();
    expect(override.current).toBeNull();
    await expect(prober.probe(`${ORIGIN}/a`, ['Google-Extended'])).rejects.toThrow(ProbeRefusedError);
  });

  it('makes the worker’s other requests to the probed host wait until the probe ends', async () => {
    const override = recordingOverride();
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transport: RobotsTransport = async ({ url }) => {
      if (override.current !== null && url.startsWith(ORIGIN)) await held;
      return { status: 404, url, headers: new Headers(), body: null };
    };
    const prober = createProber({ transport, override, now: () => 0, timeoutMs: async () => 5000 });
    const running = prober.probe(`${ORIGIN}/a`, ['GPTBot']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const order: string[] = [];
    const other = prober
      .gated(transport)({
        url: `${ORIGIN}/robots.txt`,
        signal: new AbortController().signal,
        onRedirect: () => undefined,
      })
      .then(() => order.push(`other request, override ${override.current === null ? 'cleared' : 'set'}`));
    const elsewhere = prober
      .gated(transport)({
        url: 'https://other.test/robots.txt',
        signal: new AbortController().signal,
        onRedirect: () => undefined,
      })
      .then(() => order.push('another host'));
    await elsewhere;
    release();
    await Promise.all([running, other]);
    expect(order).toEqual(['another host', 'other request, override cleared']);
  });
});

describe('the reports kept for the evidence bundle', () => {
  const report = (origin: string, bodyBytes: number): ProbeReport => ({
    pageUrl: `${origin}/`,
    origin,
    startedAt: 0,
    finishedAt: 0,
    rows: [],
    limits: [],
    received: { bodies: bodyBytes === 0 ? [] : ['x'.repeat(bodyBytes)], agents: [] },
  });
  it('still gives the report when the store refuses it, keeping it alone when that fits', async () => {
    const transport: RobotsTransport = async ({ url }) => ({
      status: 200,
      url,
      headers: new Headers({ 'content-type': 'text/plain' }),
      body: new Response('User-agent: *\nAllow: /\n').body,
    });
    let kept: readonly ProbeReport[] = [{ ...report('https://old.test', 10) }];
    // A store over its quota with more than one report in it.
    const reports = {
      get: async () => kept,
      set: async (next: readonly ProbeReport[]) => {
        if (next.length > 1) throw new Error('QUOTA_BYTES quota exceeded');
        kept = next;
      },
    };
    const prober = createProber({
      reports,
      transport,
      override: recordingOverride(),
      now: () => 0,
      timeoutMs: async () => 5000,
    });
    const made = await prober.probe(`${ORIGIN}/a`, ['GPTBot']);
    expect(made.rows.map((r) => r.agent)).toEqual(['browser', 'GPTBot']);
    expect(kept).toEqual([made]);
    // A store that refuses everything: the user still gets the report; the earlier ones stay.
    kept = [report('https://old.test', 10)];
    reports.set = async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    };
    expect((await prober.probe(`${ORIGIN}/a`, ['GPTBot'])).rows).toHaveLength(2);
    expect(kept.map((r) => r.origin)).toEqual(['https://old.test']);
  });

  it('keeps the newest reports while their bodies fit, dropping the least recent whole', () => {
    const third = Math.floor(MAX_KEPT_BODY_BYTES / 3);
    const older = ['https://a.test', 'https://b.test', 'https://c.test'].map((o) => report(o, third));
    const kept = keptReports(older, report('https://d.test', third));
    expect(kept.map((r) => r.origin)).toEqual(['https://b.test', 'https://c.test', 'https://d.test']);
    // Every kept report still holds all its bodies.
    expect(kept.every((r) => r.received.bodies[0]?.length === third)).toBe(true);
  });

  it('always keeps the newest, however large, and at most MAX_KEPT_REPORTS', () => {
    expect(keptReports([report('https://a.test', 10)], report('https://b.test', MAX_KEPT_BODY_BYTES + 1))).toEqual([
      report('https://b.test', MAX_KEPT_BODY_BYTES + 1),
    ]);
    const many = Array.from({ length: MAX_KEPT_REPORTS + 5 }, (_, i) => report(`https://s${i}.test`, 0));
    const kept = keptReports(many, report('https://new.test', 0));
    expect(kept).toHaveLength(MAX_KEPT_REPORTS);
    expect(kept.at(-1)?.origin).toBe('https://new.test');
    expect(kept[0]?.origin).toBe(`https://s${MAX_KEPT_REPORTS + 5 - (MAX_KEPT_REPORTS - 1)}.test`);
  });
});

describe('the User-Agent overrides', () => {
  it('Chrome: one session rule, scoped to the extension’s own requests to the host, outside any tab; removed on clear', async () => {
    const calls: unknown[] = [];
    const override = createSessionRuleOverride(
      { updateSessionRules: async (options) => void calls.push(options) },
      'extid',
    );
    await override.set('site.test', 'GPTBot/1.3');
    await override.clear();
    expect(calls).toEqual([
      {
        removeRuleIds: [PROBE_RULE_ID],
        addRules: [
          {
            id: PROBE_RULE_ID,
            priority: 1,
            action: {
              type: 'modifyHeaders',
              requestHeaders: [
                { header: 'user-agent', operation: 'set', value: 'GPTBot/1.3' },
                { header: 'sec-ch-ua', operation: 'remove' },
                { header: 'sec-ch-ua-mobile', operation: 'remove' },
                { header: 'sec-ch-ua-platform', operation: 'remove' },
              ],
            },
            condition: {
              initiatorDomains: ['extid'],
              tabIds: [-1],
              requestDomains: ['site.test'],
              resourceTypes: ['xmlhttprequest', 'other'],
            },
          },
        ],
      },
      { removeRuleIds: [PROBE_RULE_ID] },
    ]);
  });

  it('Firefox: rewrites only the extension’s own requests outside any tab, and stops listening on clear', async () => {
    type Listener = (
      details: SendHeadersDetails,
    ) => { requestHeaders: SendHeadersDetails['requestHeaders'] } | undefined;
    const listeners: { listener: Listener; filter: unknown }[] = [];
    const override = createSendHeadersOverride(
      {
        addListener: (listener, filter) => void listeners.push({ listener, filter }),
        removeListener: (listener) =>
          void listeners.splice(
            listeners.findIndex((l) => l.listener === listener),
            1,
          ),
      },
      'moz-extension://uuid/',
    );
    await override.set('site.test', 'GPTBot/1.3');
    expect(listeners.map((l) => l.filter)).toEqual([
      { urls: ['http://site.test/*', 'https://site.test/*'], tabId: -1 },
    ]);
    const listener = listeners[0]!.listener;
    const headers = [
      { name: 'User-Agent', value: 'Firefox' },
      { name: 'Accept', value: '*/*' },
    ];
    expect(
      listener({
        url: 'https://site.test/a',
        tabId: -1,
        originUrl: 'moz-extension://uuid/background.html',
        requestHeaders: headers,
      }),
    ).toEqual({
      requestHeaders: [
        { name: 'Accept', value: '*/*' },
        { name: 'User-Agent', value: 'GPTBot/1.3' },
      ],
    });
    // A page's request (a tab), or one made by anything else, is left alone.
    expect(
      listener({
        url: 'https://site.test/a',
        tabId: 3,
        originUrl: 'moz-extension://uuid/background.html',
        requestHeaders: headers,
      }),
    ).toBeUndefined();
    expect(
      listener({ url: 'https://site.test/a', tabId: -1, originUrl: 'https://site.test/', requestHeaders: headers }),
    ).toBeUndefined();
    await override.clear();
    expect(listeners).toEqual([]);
  });
});
