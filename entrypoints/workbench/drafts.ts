/**
 * Drafts per origin, kept in the workbench's IndexedDB (draft-store.ts; it survives a browser
 * restart): a named list and the one being edited. Stored values are checked field by field when read.
 */
import * as v from 'valibot';

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

/** Keeps the items of a stored list that have `item`'s shape and drops the others. */
function keptItems<T>(item: v.GenericSchema<unknown, T>) {
  return v.pipe(
    v.array(v.unknown()),
    v.transform((items) =>
      items.flatMap((value) => {
        const read = v.safeParse(item, value);
        return read.success ? [read.output] : [];
      }),
    ),
  );
}

/** A stored draft: an unreadable date reads as 0 (the oldest), any other field it lacks drops it. */
const storedDraft = v.object({
  id: v.string(),
  name: v.string(),
  text: v.string(),
  updatedAt: v.fallback(v.number(), 0),
});

/** A stored book: its drafts and crawlers each read on their own; crawlers that are no list are left out. */
const storedBook = v.object({
  currentId: v.string(),
  drafts: keptItems(storedDraft),
  crawlers: v.fallback(v.optional(keptItems(v.string())), undefined),
});

/** Returns a stored value as a DraftBook, or null when it is not one (no readable draft left). */
export function readDraftBook(value: unknown): DraftBook | null {
  const read = v.safeParse(storedBook, value);
  if (!read.success) return null;
  const { currentId, drafts, crawlers } = read.output;
  const first = drafts[0];
  if (first === undefined) return null;
  return {
    currentId: drafts.some((d) => d.id === currentId) ? currentId : first.id,
    drafts,
    ...(crawlers === undefined ? {} : { crawlers }),
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
