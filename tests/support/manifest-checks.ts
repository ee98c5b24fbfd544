/**
 * What a built manifest takes over of the browser, and what its install asks for. Shared by the
 * Chromium and Firefox suites, which read the manifests the build wrote (not the source), since WXT
 * derives overrides from entrypoint names.
 */

/** A built manifest, as far as these checks read it. */
export interface BuiltManifest {
  readonly permissions?: readonly string[];
  readonly optional_permissions?: readonly string[];
  readonly host_permissions?: readonly string[];
  readonly chrome_url_overrides?: Record<string, string>;
  readonly chrome_settings_overrides?: Record<string, unknown>;
  readonly [key: string]: unknown;
}

/**
 * Returns each browser page or setting the manifest replaces, as `key.page` (e.g.
 * `chrome_url_overrides.history`): the History, New Tab and Bookmarks pages, and the home page,
 * search engine and startup pages. Empty when it takes over nothing.
 */
export function browserTakeovers(manifest: BuiltManifest): string[] {
  const taken: string[] = [];
  for (const key of ['chrome_url_overrides', 'chrome_settings_overrides'] as const) {
    const value = manifest[key];
    if (value === undefined) continue;
    const pages = Object.keys(value);
    taken.push(...(pages.length > 0 ? pages.map((page) => `${key}.${page}`) : [key]));
  }
  return taken;
}

/** Every permission the install asks for or may ask for later, sorted, each list by its key. */
export function askedPermissions(manifest: BuiltManifest): Record<string, string[]> {
  return {
    permissions: [...(manifest.permissions ?? [])].sort(),
    optional_permissions: [...(manifest.optional_permissions ?? [])].sort(),
    host_permissions: [...(manifest.host_permissions ?? [])].sort(),
  };
}
