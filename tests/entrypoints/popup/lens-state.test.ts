import { describe, expect, it, vi } from 'vitest';
import * as lens from '../../../entrypoints/popup/lens';
import { createLensState } from '../../../entrypoints/popup/lens-state';
import { createPopupState } from '../../../entrypoints/popup/state';
import { createFakeClient, createFakePlatform, inspected, okOutcome, settingsWith } from './fakes';

const CARVE_OUT = 'User-agent: *\nDisallow: /\nAllow: /public/\n';

async function started(text: string, path: string, crawler: string) {
  const state = createPopupState({
    client: createFakeClient(inspected(okOutcome(text), path), settingsWith(crawler)),
    platform: createFakePlatform(),
  });
  await state.start();
  await vi.waitFor(() => expect(state.engineLoaded.value).toBe(true));
  return state;
}

describe('createLensState', () => {
  it('loads nothing until opened, then reads the page for the selected crawler', async () => {
    const state = await started(CARVE_OUT, '/public/a.html', 'GPTBot');
    const load = vi.fn(async () => lens);
    const lensState = createLensState({ sources: state, load });
    expect(lensState.phase.value.kind).toBe('idle');
    expect(load).not.toHaveBeenCalled();
    lensState.open();
    lensState.open();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(lensState.phase.value.kind).toBe('ready'));
    const phase = lensState.phase.value;
    if (phase.kind !== 'ready') throw new Error('not ready');
    expect(phase.report.googleAllowed).toBe(true);
    expect(phase.report.rows.find((r) => r.profile === 'py-legacy')).toMatchObject({ allowed: false, differs: true });
    expect(phase.report.divergences.map((d) => d.line)).toEqual([3]);
  });

  it('reads again for another crawler', async () => {
    const state = await started('User-agent: bot\nDisallow: /\n', '/page', 'GPTBot');
    const lensState = createLensState({ sources: state, load: async () => lens });
    lensState.open();
    await vi.waitFor(() => expect(lensState.phase.value.kind).toBe('ready'));
    const before = lensState.phase.value;
    // Another crawler is another reading: the section follows the picker.
    await state.selectCrawler('Googlebot');
    const after = lensState.phase.value;
    expect(after).not.toBe(before);
    if (after.kind !== 'ready') throw new Error('not ready');
    expect(after.report.rows.filter((r) => r.differs).map((r) => r.profile)).toEqual([
      'py-legacy',
      'py-rfc',
      'protego',
    ]);
  });

  it('says so when loading the lens code fails', async () => {
    const state = await started(CARVE_OUT, '/public/a.html', 'GPTBot');
    const lensState = createLensState({ sources: state, load: () => Promise.reject(new Error('offline')) });
    lensState.open();
    await vi.waitFor(() => expect(lensState.phase.value.kind).toBe('error'));
    const phase = lensState.phase.value;
    expect(phase.kind === 'error' ? phase.message : '').toContain('offline');
  });
});
