/**
 * storage.local no longer holds what the extension keeps: the robots.txt cache, the settings and the
 * watched sites live in the extension's IndexedDB (kept-db.ts), which a content script cannot open.
 * An older version's values stay in storage.local only until the worker's first start moves them;
 * meanwhile, where the browser allows it (Chrome), only the extension's own pages and worker may read
 * storage.local. Firefox offers the level for storage.session only: there the call is absent and
 * nothing changes (README § Who may ask the worker what).
 */

/** The part of a storage area this needs (setAccessLevel is absent in Firefox's storage.local). */
export interface AccessLevelArea {
  setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void>;
}

/** Closes `local` to content scripts; resolves whether it did (never rejects). */
export async function closeToContentScripts(local: AccessLevelArea): Promise<boolean> {
  if (typeof local.setAccessLevel !== 'function') return false;
  try {
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch (error) {
    console.error('Robotscope: storage.local could not be closed to content scripts', error);
    return false;
  }
}
