/**
 * View-model types the history view renders and the workbench's History tab state
 * (entrypoints/workbench/history-state.ts) makes: the state imports these, never the view.
 */
import type { VerdictChange, VersionMeta } from '../../lib/history/api';
import type { LineDiff } from '../../lib/shared/version-diff';

/** The comparison of two versions, as the view shows it. */
export type Comparison =
  | { readonly kind: 'none' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | {
      readonly kind: 'ready';
      readonly from: VersionMeta;
      readonly to: VersionMeta;
      readonly diff: LineDiff;
      readonly verdicts: readonly VerdictChange[];
      /** Crawlers compared. */
      readonly crawlers: number;
    };
