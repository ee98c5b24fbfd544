/**
 * Drafts started from a history version, kept for the workbench at `local:drafts:<origin>` (one
 * draft per origin; a new one replaces the old). The value is a HistoryDraft (./state.ts).
 */
import { storage } from 'wxt/utils/storage';
import type { HistoryDraft } from './state';

/** Returns the storage key of an origin's draft. */
export function draftKey(origin: string): `local:drafts:${string}` {
  return `local:drafts:${origin}`;
}

/** Stores `draft` where the workbench reads it. */
export function saveDraft(draft: HistoryDraft): Promise<void> {
  return storage.setItem(draftKey(draft.origin), draft);
}
