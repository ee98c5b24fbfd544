/**
 * Links (docs/semantics/page-directives.md §6): an `<a rel>` is a space- or comma-separated list; `nofollow`,
 * `ugc` and `sponsored` are hints to Google. A page-level nofollow covers every link.
 */

export type LinkHint = 'nofollow' | 'ugc' | 'sponsored';
export const LINK_HINTS: readonly LinkHint[] = ['nofollow', 'ugc', 'sponsored'];

/** Returns the hints a `rel` value carries, in LINK_HINTS order. Never throws. */
export function linkHints(rel: string | null | undefined): LinkHint[] {
  if (typeof rel !== 'string' || rel === '') return [];
  const tokens = new Set(
    rel
      .slice(0, 1024)
      .toLowerCase()
      .split(/[\s,]+/),
  );
  return LINK_HINTS.filter((hint) => tokens.has(hint));
}
