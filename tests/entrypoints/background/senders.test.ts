import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { identifySender } from '../../../entrypoints/background/router';
import { type Message, MESSAGE_TYPES, PROTOCOL, type Sender } from '../../../lib/protocol/messages';
import { createTestWorker, robots } from './helpers';

// Least privilege by sender: the extension's own pages get the whole protocol; a
// content script, which runs in any page's renderer, may only ask what Mark links needs for its own
// page — never another tab's data, the settings, the cache, history or a fetch of its choosing.

beforeEach(() => fakeBrowser.reset());

const ID = 'robotscope-id';
const BASE = `chrome-extension://${ID}/`;
const PAGE = 'https://site.test/page?token=secret';
const CONTENT: Sender = { kind: 'content-script', tabId: 7, url: PAGE };

describe('identifySender: who sent a message, from what the runtime says', () => {
  it.each([
    { name: 'the popup in the toolbar', sender: { id: ID, url: `${BASE}popup.html` }, kind: 'extension-page' },
    {
      name: 'the workbench, a page of the extension in a tab',
      sender: { id: ID, url: `${BASE}workbench.html`, tab: { id: 3, url: `${BASE}workbench.html` }, frameId: 0 },
      kind: 'extension-page',
    },
    {
      name: 'a content script in a tab’s top frame',
      sender: { id: ID, url: PAGE, tab: { id: 7, url: PAGE }, frameId: 0 },
      kind: 'content-script',
    },
    {
      name: 'a content script in a subframe',
      sender: { id: ID, url: 'https://ads.test/frame', tab: { id: 7 }, frameId: 3 },
      kind: null,
    },
    { name: 'another extension', sender: { id: 'other', url: 'chrome-extension://other/x.html' }, kind: null },
    { name: 'a URL outside the extension with no tab', sender: { id: ID, url: 'https://site.test/' }, kind: null },
    { name: 'the extension’s own context (no tab, no URL)', sender: { id: ID }, kind: 'extension-page' },
  ])('$name → $kind', ({ sender, kind }) => {
    expect(identifySender(sender, ID, BASE)?.kind ?? null).toBe(kind);
  });

  it('names the content script’s tab and its page as the runtime gives them', () => {
    expect(
      identifySender({ id: ID, url: PAGE, tab: { id: 7, url: 'https://other.test/' }, frameId: 0 }, ID, BASE),
    ).toEqual({ kind: 'content-script', tabId: 7, url: PAGE });
  });
});

/** A well-formed payload for every message, so that a refusal can only be the sender's. */
const PAYLOADS: { readonly [T in Message['type']]: unknown } = {
  inspect: { target: { kind: 'tab', tabId: 8 } },
  getSettings: {},
  pageSettings: {},
  setSettings: { crawler: 'GPTBot' },
  listCache: {},
  clearCache: {},
  pageState: { tabId: 8 },
  pageIndexability: { tabId: 8, crawlers: ['Googlebot'], dom: null, served: null },
  refetchPage: { tabId: 8 },
  judgeUrls: { urls: ['https://site.test/private/a'], crawler: 'Googlebot', pageUrl: PAGE },
  cancelFetch: { origin: 'https://site.test' },
  addCustomToken: { token: 'MyBot' },
  historyChangedSince: { origin: 'https://site.test', pageUrl: PAGE, crawler: 'Googlebot' },
  historyList: { origin: 'https://site.test' },
  historyVersion: { origin: 'https://site.test', seq: 1 },
  historyUsage: {},
  clearHistory: {},
  setWatched: { origin: 'https://site.test', watched: true },
  listWatched: {},
  checkWatched: {},
  getResources: { tabId: 8 },
  originRecords: { origins: ['https://site.test'] },
  probe: { pageUrl: 'https://site.test/', agents: ['GPTBot'] },
  lastProbe: { origin: 'https://site.test' },
  pageUsage: { pageUrl: PAGE, headers: [], meta: [] },
};

describe('the worker answers by sender', () => {
  const refused = MESSAGE_TYPES.filter((type) => PROTOCOL[type].senders === 'extension-pages');

  it('lets a content script send pageSettings and judgeUrls only', () => {
    expect(MESSAGE_TYPES.filter((type) => !refused.includes(type)).sort()).toEqual(['judgeUrls', 'pageSettings']);
  });

  it('tells a content script the two settings it needs, and nothing else of them', async () => {
    const worker = createTestWorker();
    const reply = await worker.service.handleMessage({ type: 'pageSettings', payload: {} }, CONTENT);
    expect(reply).toEqual({ ok: true, value: { pageInspection: true, customTokens: [] } });
  });

  it.each(refused)('refuses %s from a content script as forbidden, and has not run it', async (type) => {
    const worker = createTestWorker({ 'https://site.test/robots.txt': robots('User-agent: *\nDisallow: /private/\n') });
    const reply = await worker.service.handleMessage({ type, payload: PAYLOADS[type] }, CONTENT);
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'forbidden',
        message: `"${type}" is answered only to the extension's own pages, not to a page’s content script.`,
      },
    });
    expect(worker.requested).toEqual([]);
  });

  it('refuses every message from a sender the runtime does not vouch for', async () => {
    const worker = createTestWorker();
    const reply = await worker.service.handleMessage({ type: 'judgeUrls', payload: PAYLOADS.judgeUrls }, null);
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('answers a content script’s judgeUrls for its own page', async () => {
    const worker = createTestWorker({ 'https://site.test/robots.txt': robots('User-agent: *\nDisallow: /private/\n') });
    const reply = await worker.service.handleMessage({ type: 'judgeUrls', payload: PAYLOADS.judgeUrls }, CONTENT);
    expect(reply).toMatchObject({ ok: true, value: { results: [{ kind: 'judged', allowed: false, line: 2 }] } });
  });

  it('refuses a content script’s judgeUrls that names another page', async () => {
    const worker = createTestWorker();
    const reply = await worker.service.handleMessage(
      { type: 'judgeUrls', payload: { ...(PAYLOADS.judgeUrls as object), pageUrl: 'https://other.test/' } },
      CONTENT,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(worker.requested).toEqual([]);
  });

  it.each(MESSAGE_TYPES)('answers %s to an extension page (never forbidden)', async (type) => {
    const worker = createTestWorker({ 'https://site.test/robots.txt': robots('User-agent: *\nDisallow: /private/\n') });
    await fakeBrowser.tabs.create({ url: PAGE });
    const reply = await worker.service.handleMessage({ type, payload: PAYLOADS[type] }, { kind: 'extension-page' });
    expect(reply.ok ? 'answered' : reply.error.code).not.toBe('forbidden');
  });
});
