/**
 * The workbench's drafts of the open origin: the book (named drafts, the one being edited, the
 * crawlers evaluated), saved as typed and linted in the page's worker. Drafts that could not be read
 * are never saved over: the failure is shown and saving stops until the page reads them.
 */
import { type ReadonlySignal, computed, signal } from '@preact/signals';
import type { CrawlerPreset, Diagnostic } from '../../lib/robots';
import { addDraft, type Draft, type DraftBook, type DraftStore, readDraftBook } from './drafts';
import type { WorkerJobs } from './jobs';
import { isQuotaError } from '../../lib/shared/error-words';

/** Typing pauses this long before the draft is linted, saved and evaluated. */
export const DEBOUNCE_MS = 250;

/** Said when drafts cannot be saved because the disk or the browser's quota is full. */
export const STORAGE_FULL = 'Storage is full: drafts are not being saved — delete old drafts or history.';

/** What the page reads of the drafts. */
export interface DraftsState {
  /** The open origin's drafts, or null before they are read (or while the live file loads). */
  readonly book: ReadonlySignal<DraftBook | null>;
  readonly draftText: ReadonlySignal<string>;
  /** "Saving…", "Saved.", "Not saved." and the like, beside the draft picker. */
  readonly savedNote: ReadonlySignal<string>;
  /**
   * Why drafts are not being saved, in words (storage full, stored drafts unreadable), or null.
   * Shown as an alert above the editor until a save succeeds (or, for unreadable drafts, a reload).
   */
  readonly draftStorageProblem: ReadonlySignal<string | null>;
  /** Bumped when the draft text is replaced from outside the editor (see DraftEditor's `revision`). */
  readonly draftRevision: ReadonlySignal<number>;
  /** The draft's lint findings. */
  readonly diagnostics: ReadonlySignal<readonly Diagnostic[]>;
  /** The crawlers evaluated (kept with the origin's drafts), in preset order; every preset by default. */
  readonly chosenCrawlers: ReadonlySignal<readonly string[]>;
  setDraftText(text: string): void;
  selectDraft(id: string): void;
  renameDraft(name: string): void;
  duplicateDraft(): void;
  deleteDraft(): void;
  revertDraft(): void;
  downloadDraft(): void;
  loadDraftText(text: string): void;
}

/** The drafts' state and what the page's other parts do with them. */
export interface Drafts {
  readonly state: DraftsState;
  /** Reads the drafts of `origin`, or starts one from the live text when there are none. */
  open(origin: string): Promise<void>;
  /** Asks the worker for the draft's lint findings. */
  lint(): void;
  /** Keeps `tokens` (those naming presets) as the crawlers evaluated, and evaluates. */
  setCrawlers(tokens: readonly string[]): void;
  /**
   * Adds a draft to the drafts of `origin` and makes it the current one; the drafts are read from
   * storage when the page has not read them. Throws, in words, when they cannot be read.
   */
  addDraft(origin: string, name: string, text: string): Promise<void>;
}

export interface DraftsDeps {
  readonly store: DraftStore;
  readonly jobs: WorkerJobs;
  readonly crawlers: readonly CrawlerPreset[];
  readonly origin: ReadonlySignal<string | null>;
  /** The live file's text: the first draft, and what Revert goes back to. */
  readonly liveText: ReadonlySignal<string>;
  /** Called when the draft or the crawlers changed and the table should be evaluated again. */
  readonly onEdited: () => void;
  readonly download: (fileName: string, content: string, type: string) => void;
  readonly now: () => number;
}

/** Returns 'full' for a quota error (IndexedDB's QuotaExceededError, storage.local's "quota exceeded"), else 'failed'. */
export function classifyStorageError(error: unknown): 'full' | 'failed' {
  return isQuotaError(error) ? 'full' : 'failed';
}

/** Returns the words for drafts of `origin` that could not be read. */
function unreadable(origin: string, error: unknown): string {
  const why =
    classifyStorageError(error) === 'full' ? 'storage is full' : "the browser's storage did not give them back";
  return `Your saved drafts for ${origin} could not be read (${why}). They are left as they were: nothing is saved over them. Reload the page to try again; a draft typed now is not saved (use Download robots.txt to keep it).`;
}

/** Returns the words for a draft that could not be saved. */
function unsaved(error: unknown): string {
  return classifyStorageError(error) === 'full'
    ? STORAGE_FULL
    : "The browser's storage failed: drafts are not being saved. Use Download robots.txt to keep this draft, then reload the page.";
}

/** Returns the drafts of the page's origin, kept in `deps.store`. */
export function createDrafts(deps: DraftsDeps): Drafts {
  const { crawlers } = deps;
  /** Returns `tokens` that name presets, in preset order. */
  const chooseTokens = (tokens: readonly string[]): string[] =>
    crawlers.filter((c) => tokens.includes(c.token)).map((c) => c.token);
  const book = signal<DraftBook | null>(null);
  const savedNote = signal('');
  const draftStorageProblem = signal<string | null>(null);
  const draftRevision = signal(0);
  const diagnostics = signal<readonly Diagnostic[]>([]);
  /** The origin whose stored drafts could not be read: never saved over until they are. */
  let unreadOrigin: string | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Drafts made on this page so far: with the time, it makes each new draft's id unique. */
  let draftsMade = 0;
  const newDraftId = (now: number): string => `d${now.toString(36)}${(++draftsMade).toString(36)}`;

  const draftText = computed(() => {
    const b = book.value;
    return b?.drafts.find((d) => d.id === b.currentId)?.text ?? '';
  });
  const chosenCrawlers = computed<readonly string[]>(() => {
    const kept = book.value?.crawlers;
    return kept === undefined ? crawlers.map((c) => c.token) : chooseTokens(kept);
  });

  deps.jobs.listen((reply) => {
    if (reply.type === 'linted' && deps.jobs.isCurrent('lint', reply.job)) diagnostics.value = reply.diagnostics;
  });

  function lint(): void {
    const job = deps.jobs.begin('lint');
    deps.jobs.post({ type: 'lint', job, text: draftText.value });
  }

  /** Saves `next` for `origin`, unless that origin's stored drafts could not be read. */
  async function save(origin: string, next: DraftBook): Promise<void> {
    if (origin === unreadOrigin) throw new Error(unreadable(origin, null));
    await deps.store.save(origin, next);
  }

  function saveSoon(): void {
    const o = deps.origin.value;
    const b = book.value;
    if (o === null || b === null) return;
    if (o === unreadOrigin) {
      savedNote.value = 'Not saved: your saved drafts could not be read.';
      return;
    }
    save(o, b).then(
      () => {
        savedNote.value = 'Saved.';
        draftStorageProblem.value = null;
      },
      (error: unknown) => {
        savedNote.value = 'Not saved.';
        draftStorageProblem.value = unsaved(error);
      },
    );
  }

  function afterEdit(): void {
    saveSoon();
    lint();
    deps.onEdited();
  }

  function updateBook(next: DraftBook, evaluateNow: boolean): void {
    book.value = next;
    savedNote.value = 'Saving…';
    clearTimeout(typingTimer);
    if (evaluateNow) afterEdit();
    else typingTimer = setTimeout(afterEdit, DEBOUNCE_MS);
  }

  function editCurrent(change: (draft: Draft) => Draft, evaluateNow: boolean): void {
    const b = book.value;
    if (b === null) return;
    updateBook({ ...b, drafts: b.drafts.map((d) => (d.id === b.currentId ? change(d) : d)) }, evaluateNow);
    // Changes made with evaluateNow come from outside the editor (revert, load, rename).
    if (evaluateNow) draftRevision.value++;
  }

  /** Returns the stored drafts of `origin` (null when there are none); marks them unreadable when reading fails. */
  async function read(
    origin: string,
  ): Promise<{ kind: 'read'; book: DraftBook | null } | { kind: 'failed'; error: unknown }> {
    try {
      const stored = readDraftBook(await deps.store.load(origin));
      if (unreadOrigin === origin) unreadOrigin = null;
      return { kind: 'read', book: stored };
    } catch (error) {
      unreadOrigin = origin;
      return { kind: 'failed', error };
    }
  }

  const state: DraftsState = {
    book,
    draftText,
    savedNote,
    draftStorageProblem,
    draftRevision,
    diagnostics,
    chosenCrawlers,
    setDraftText(text) {
      if (text === draftText.value) return;
      editCurrent((d) => ({ ...d, text, updatedAt: deps.now() }), false);
    },
    selectDraft(id) {
      const b = book.value;
      if (b !== null) updateBook({ ...b, currentId: id }, true);
      draftRevision.value++;
    },
    renameDraft(name) {
      editCurrent((d) => ({ ...d, name: name.trim() || d.name }), true);
    },
    duplicateDraft() {
      const b = book.value;
      if (b === null) return;
      const current = b.drafts.find((d) => d.id === b.currentId);
      if (!current) return;
      const copy: Draft = {
        ...current,
        id: newDraftId(deps.now()),
        name: `${current.name} (copy)`,
        updatedAt: deps.now(),
      };
      updateBook({ ...b, currentId: copy.id, drafts: [...b.drafts, copy] }, true);
      draftRevision.value++;
    },
    deleteDraft() {
      const b = book.value;
      if (b === null || b.drafts.length < 2) return;
      const drafts = b.drafts.filter((d) => d.id !== b.currentId);
      updateBook({ ...b, currentId: (drafts[0] as Draft).id, drafts }, true);
      draftRevision.value++;
    },
    revertDraft() {
      editCurrent((d) => ({ ...d, text: deps.liveText.value, updatedAt: deps.now() }), true);
    },
    downloadDraft() {
      deps.download('robots.txt', draftText.value, 'text/plain;charset=utf-8');
    },
    loadDraftText(text) {
      editCurrent((d) => ({ ...d, text, updatedAt: deps.now() }), true);
    },
  };

  return {
    state,
    lint,
    async open(origin) {
      const stored = await read(origin);
      draftStorageProblem.value = stored.kind === 'failed' ? unreadable(origin, stored.error) : null;
      const kept = stored.kind === 'read' ? stored.book : null;
      book.value = kept ?? {
        currentId: 'first',
        drafts: [{ id: 'first', name: 'Draft 1', text: deps.liveText.value, updatedAt: deps.now() }],
      };
      savedNote.value =
        stored.kind === 'failed'
          ? 'Not saved: your saved drafts could not be read.'
          : kept
            ? 'Restored from your last session.'
            : '';
      draftRevision.value++;
    },
    setCrawlers(tokens) {
      const b = book.value;
      if (b !== null) updateBook({ ...b, crawlers: chooseTokens(tokens) }, true);
    },
    async addDraft(origin, name, text) {
      const now = deps.now();
      const draft: Draft = { id: newDraftId(now), name, text, updatedAt: now };
      if (deps.origin.value === origin && book.value !== null) {
        updateBook(addDraft(book.value, draft), true);
        draftRevision.value++;
        return;
      }
      const stored = await read(origin);
      if (stored.kind === 'failed') throw new Error(unreadable(origin, stored.error), { cause: stored.error });
      const next = addDraft(stored.book, draft);
      await save(origin, next).catch((error: unknown) => {
        throw new Error(unsaved(error), { cause: error });
      });
      if (deps.origin.value === origin) {
        book.value = next;
        draftRevision.value++;
      }
    },
  };
}
