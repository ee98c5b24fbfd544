/**
 * Drafts per origin, kept in the workbench's IndexedDB (draft-store.ts; it survives a browser
 * restart): a named list and the one being edited. Stored values are checked field by field when read.
 */

/** One draft. */
export interface Draft {
  readonly id: string;
  readonly name: string;
  readonly text: string;
  readonly updatedAt: number;
}

/** An origin's drafts. */
export interface DraftBook {
  readonly currentId: string;
  readonly drafts: readonly Draft[];
  /** Crawler tokens the workbench evaluates for this origin; absent means every preset. */
  readonly crawlers?: readonly string[];
}

/** Where drafts are kept (IndexedDB in the page, a map in tests); a failure rejects, and the page says why. */
export interface DraftStore {
  load(origin: string): Promise<unknown>;
  save(origin: string, book: DraftBook): Promise<void>;
}

/** Returns a stored value as a DraftBook, or null when it is not one. */
export function readDraftBook(value: unknown): DraftBook | null {
  if (typeof value !== 'object' || value === null) return null;
  const { currentId, drafts } = value as { currentId?: unknown; drafts?: unknown };
  if (typeof currentId !== 'string' || !Array.isArray(drafts)) return null;
  const valid: Draft[] = [];
  for (const d of drafts as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const { id, name, text, updatedAt } = d as Record<string, unknown>;
    if (typeof id === 'string' && typeof name === 'string' && typeof text === 'string') {
      valid.push({ id, name, text, updatedAt: typeof updatedAt === 'number' ? updatedAt : 0 });
    }
  }
  if (valid.length === 0) return null;
  const chosen = (value as { crawlers?: unknown }).crawlers;
  return {
    currentId: valid.some((d) => d.id === currentId) ? currentId : (valid[0] as Draft).id,
    drafts: valid,
    ...(Array.isArray(chosen) ? { crawlers: chosen.filter((t): t is string => typeof t === 'string') } : {}),
  };
}

/** Returns the name of a draft started from a history version: "From version of <date> (HTTP 200)". */
export function versionDraftName(firstSeen: string, status: string): string {
  return `From version of ${firstSeen} (${/^\d+$/.test(status) ? `HTTP ${status}` : status})`;
}

/** Returns `book` (or a new book when there is none) with `draft` added and made the current one. */
export function addDraft(book: DraftBook | null, draft: Draft): DraftBook {
  return { ...book, currentId: draft.id, drafts: [...(book?.drafts ?? []), draft] };
}
