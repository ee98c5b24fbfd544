import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../../entrypoints/options/App';
import { createOptionsState } from '../../../entrypoints/options/state';
import { createProtocolClient, type Message } from '../../../lib/protocol/messages';
import { createTestWorker, robots, status, T0, type TestWorker } from '../background/helpers';

afterEach(cleanup);

// The options page against the real worker service over the fake browser.
describe('options App', () => {
  let worker: TestWorker;

  beforeEach(() => {
    fakeBrowser.reset();
    worker = createTestWorker({
      'https://a.test/robots.txt': robots('User-agent: *\nDisallow: /private\n'),
      'https://down.test/robots.txt': status(503),
    });
  });

  async function renderApp() {
    const client = createProtocolClient((message: Message) => fakeBrowser.runtime.sendMessage(message));
    render(<App state={createOptionsState({ client, now: () => worker.clock.now })} />);
    await screen.findByRole('heading', { name: 'Robotscope settings' });
    return client;
  }

  it('lists what the worker cached, with figures', async () => {
    await worker.service.handleMessage({
      type: 'inspect',
      payload: { target: { kind: 'url', url: 'https://a.test/x' } },
    });
    await worker.service.handleMessage({
      type: 'inspect',
      payload: { target: { kind: 'url', url: 'https://a.test/y' } },
    });
    await worker.service.handleMessage({
      type: 'inspect',
      payload: { target: { kind: 'url', url: 'https://down.test/' } },
    });
    await renderApp();
    const table = await screen.findByTestId('cache-table');
    expect(within(table).getByRole('row', { name: /a\.test/ }).textContent).toMatch(/robots\.txt \(HTTP 200\).*1 time/);
    expect(within(table).getByRole('row', { name: /down\.test/ }).textContent).toMatch(
      /Unreachable \(HTTP 503\).*all disallowed/,
    );
    expect(screen.getByTestId('figure-entries').textContent).toBe('2 of 200');
    expect(screen.getByTestId('figure-hit-rate').textContent).toBe('33 %');
    expect(screen.getByTestId('figure-success-rate').textContent).toBe('50 %');
  });

  it('refreshes one origin: the worker fetches again', async () => {
    await worker.service.handleMessage({
      type: 'inspect',
      payload: { target: { kind: 'url', url: 'https://a.test/x' } },
    });
    await renderApp();
    worker.clock.now = T0 + 60_000;
    fireEvent.click(await screen.findByRole('button', { name: 'Fetch robots.txt again for https://a.test' }));
    await waitFor(() => expect(worker.requested).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('row', { name: /a\.test/ }).textContent).toMatch(/just now/));
  });

  it('clears all origins', async () => {
    await worker.service.handleMessage({
      type: 'inspect',
      payload: { target: { kind: 'url', url: 'https://a.test/x' } },
    });
    await renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Clear all' }));
    await screen.findByTestId('cache-empty');
  });

  it('saves a lower timeout in the worker', async () => {
    const client = await renderApp();
    fireEvent.change(screen.getByLabelText('Fetch timeout (seconds)'), { target: { value: '2' } });
    await waitFor(async () => expect((await client.getSettings({})).timeoutMs).toBe(2000));
  });

  it('changes the crawler and adds and removes a custom token', async () => {
    const client = await renderApp();
    fireEvent.change(screen.getByLabelText('Crawler for the toolbar badge'), { target: { value: 'GPTBot' } });
    await waitFor(async () => expect((await client.getSettings({})).crawler).toBe('GPTBot'));
    fireEvent.input(screen.getByLabelText('Add a custom token'), { target: { value: 'MyBot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('button', { name: 'Remove MyBot' });
    expect((await client.getSettings({})).customTokens).toEqual(['MyBot']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove MyBot' }));
    await screen.findByTestId('tokens-empty');
  });

  it('shows an error with Retry when the worker fails, then recovers', async () => {
    let fail = true;
    const client = createProtocolClient((message: Message) =>
      fail
        ? Promise.resolve({ ok: false, error: { code: 'internal', message: 'storage is broken' } })
        : fakeBrowser.runtime.sendMessage(message),
    );
    render(<App state={createOptionsState({ client })} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not load its settings: storage is broken/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Robotscope settings' });
  });
});
