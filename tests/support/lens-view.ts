/**
 * What the real-browser tests read of the popup's "Other crawler stacks", one copy for
 * both browsers: passed to the page's `evaluate`, so it is self-contained.
 */

/** Each lens row's hooks by profile id, and the Why section's and the file's divergence hooks. */
export interface LensView {
  readonly rows: Record<string, { allowed: string; differs: string }>;
  /** `line:profiles` per divergence in the Why section. */
  readonly divergences: string[];
  readonly fileDivergences: number;
  readonly text: string;
}

/** Returns the lens section's hooks once its rows are drawn, else null (run in the popup). */
export function readLensView(): LensView | null {
  const rows = [...document.querySelectorAll<HTMLElement>('[data-testid=lens-row]')];
  if (rows.length === 0) return null;
  return {
    rows: Object.fromEntries(
      rows.map((r) => [
        r.dataset.profile ?? '',
        { allowed: r.dataset.allowed ?? '', differs: r.dataset.differs ?? '' },
      ]),
    ),
    divergences: [...document.querySelectorAll<HTMLElement>('#why [data-testid=divergence]')].map(
      (d) => `${d.dataset.line ?? ''}:${d.dataset.profiles ?? ''}`,
    ),
    fileDivergences: document.querySelectorAll('#file [data-testid=divergence]').length,
    text: document.querySelector('[data-testid=lens]')?.textContent ?? '',
  };
}
