import { describe, expect, it, vi } from 'vitest';
import { closeToContentScripts } from '../../../entrypoints/background/storage-access';

describe('closing storage.local to content scripts', () => {
  it('asks for trusted contexts only where the browser offers the level (Chrome)', async () => {
    const setAccessLevel = vi.fn(async () => {});
    expect(await closeToContentScripts({ setAccessLevel })).toBe(true);
    expect(setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('does nothing where the level does not exist for storage.local (Firefox)', async () => {
    expect(await closeToContentScripts({})).toBe(false);
  });

  it('never fails the worker’s start when the browser refuses', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const setAccessLevel = vi.fn(async () => Promise.reject(new Error('not supported')));
    expect(await closeToContentScripts({ setAccessLevel })).toBe(false);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
