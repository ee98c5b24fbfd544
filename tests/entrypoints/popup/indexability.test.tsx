import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../entrypoints/popup/App';
import { createPopupState } from '../../../entrypoints/popup/state';
import type { PageState } from '../../../lib/verdict/page-state';
import {
  BLOCKED_ROBOTS,
  createFakeClient,
  createFakePlatform,
  inspected,
  observedPageState,
  ORIGIN,
  okOutcome,
  settingsWith,
} from './fakes';

/** The popup's lazy parts (the engine, the Use verdict) load by dynamic import: seconds on a busy machine. */
const LAZY_PARTS = { timeout: 10_000 };

afterEach(cleanup);

const PAGE = `${ORIGIN}/public/page.html`;

function pageState(over: Partial<PageState> = {}): PageState {
  return {
    ...observedPageState(PAGE, {
      headers: [['X-Robots-Tag', 'bingbot: noindex']],
      metas: [{ name: 'googlebot', content: 'noindex' }],
    }),
    ...over,
  };
}

function mount(state: PageState) {
  const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS), '/public/page.html'), settingsWith(), state);
  const popup = createPopupState({ client, platform: createFakePlatform() });
  render(<App state={popup} />);
  return { client, popup };
}

describe('the Indexability section in the popup', () => {
  it('says Not indexable for Googlebot, and the rows gain the indexable column', async () => {
    const { popup } = mount(pageState());
    await vi.waitFor(
      () => expect(screen.getByTestId('indexability').textContent).toMatch(/^Not indexable/),
      LAZY_PARTS,
    );
    const rows = screen.getAllByTestId('matrix-row');
    const byCrawler = Object.fromEntries(rows.map((r) => [r.dataset.crawler, r.dataset.indexable]));
    expect(byCrawler.Googlebot).toBe('false');
    expect(byCrawler.GPTBot).toBe('true');
    // bingbot reads the bingbot-prefixed header, not the googlebot tag.
    expect(byCrawler.bingbot).toBe('false');
    expect(screen.getByTestId('verdict-indexability').textContent).toMatch(/^disallowed: noindex/);
    expect(popup.report()).toMatch(/Index disallowed: noindex from <meta name="googlebot">/);
  });

  it('says the page inspection is off when the user turned it off', async () => {
    mount({ ...pageState(), enabled: false, dom: null, observed: null });
    await vi.waitFor(
      () => expect(screen.getByTestId('indexability').textContent).toMatch(/Page inspection is off/),
      LAZY_PARTS,
    );
    expect(screen.getAllByTestId('matrix-row')[0]?.dataset.indexable).toBeUndefined();
  });

  it('does not use a reading of the page before this one', async () => {
    mount(pageState({ dom: { ...pageState().dom!, url: `${ORIGIN}/previous.html` } }));
    await vi.waitFor(
      () => expect(screen.getByTestId('indexability').textContent).toMatch(/has not been read/),
      LAZY_PARTS,
    );
  });
});
