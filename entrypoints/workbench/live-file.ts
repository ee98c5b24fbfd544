/**
 * The workbench's live file: the origin's robots.txt through the worker's fetch policy and cache
 * (the popup's `inspect`), its lint findings from the page's worker and its Sitemap lines.
 */
import { type ReadonlySignal, computed, signal } from '@preact/signals';
import { bodyText } from '../../lib/fetch/body';
import type { Inspection, ProtocolClient } from '../../lib/protocol/messages';
import type { Diagnostic, Sitemap } from '../../lib/robots';
import type { RobotsSource } from '../../lib/workbench';
import type { WorkerJobs } from './jobs';
import { errorWords } from '../../lib/shared/error-words';

/** The live file as the page knows it. */
export type LiveState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | {
      readonly kind: 'ready';
      readonly source: RobotsSource;
      readonly text: string;
      readonly summary: string;
      /**
       * Set when the live file's bytes are not UTF-8: what a draft made from its text changes (the
       * draft is saved as UTF-8, so those bytes read as U+FFFD); null otherwise.
       */
      readonly encodingNote: string | null;
    };

/** What the page reads of the live file. */
export interface LiveFileState {
  readonly live: ReadonlySignal<LiveState>;
  /** The live file's text ('' until it is ready, and for a file that failed or is missing). */
  readonly liveText: ReadonlySignal<string>;
  readonly liveDiagnostics: ReadonlySignal<readonly Diagnostic[]>;
  /** Bumped when the live text is replaced (see DraftEditor's `revision`). */
  readonly liveRevision: ReadonlySignal<number>;
}

/** The live file's state and what the page's other parts do with it. */
export interface LiveFile {
  readonly state: LiveFileState;
  /** The live file's Sitemap lines, as the worker's last evaluation read them. */
  readonly sitemaps: ReadonlySignal<readonly Sitemap[]>;
  /**
   * Fetches the live file of `origin` for `pageUrl` (its home page when null); returns true when it
   * is ready or answered in words, false when it failed or another origin was opened meanwhile.
   */
  load(origin: string, pageUrl: string | null): Promise<boolean>;
  /** Asks the worker for the live file's lint findings. */
  lint(): void;
  /** Keeps the Sitemap lines the worker read from the live file. */
  noteSitemaps(sitemaps: readonly Sitemap[]): void;
}

export interface LiveFileDeps {
  readonly client: Pick<ProtocolClient, 'inspect'>;
  readonly jobs: WorkerJobs;
  /** The origin the page has open: a load for another one is dropped. */
  readonly origin: ReadonlySignal<string | null>;
}

function liveFromInspection(inspection: Inspection): LiveState {
  if (inspection.kind === 'not-applicable') return { kind: 'error', message: inspection.explanation };
  const { outcome } = inspection.record;
  const summary = `${inspection.description.summary} ${inspection.description.effect}`;
  if (outcome.kind === 'ok') {
    const text = bodyText(outcome.body);
    const fetched = { bytes: outcome.body.bytes, truncated: outcome.body.truncated };
    const encodingNote =
      outcome.body.encoding === 'utf-8'
        ? null
        : 'The live file is not UTF-8. Its verdicts are read from its bytes, as Google reads them; a draft is text saved as UTF-8, so the bytes shown as \uFFFD match other URLs there (a draft started from the live file can differ from it for those lines).';
    return { kind: 'ready', source: { kind: 'file', text, fetched }, text, summary, encodingNote };
  }
  const status = 'status' in outcome ? outcome.status : null;
  // No file: unavailable (a 4xx, too many redirects) allows everything; unreachable blocks everything.
  const kind = outcome.kind === 'unavailable' ? 'allow-all' : 'block-all';
  return { kind: 'ready', source: { kind, reason: summary, status }, text: '', summary, encodingNote: null };
}

/** Returns the live file's state, loaded through `deps.client` and linted in the page's worker. */
export function createLiveFile(deps: LiveFileDeps): LiveFile {
  const live = signal<LiveState>({ kind: 'idle' });
  const liveDiagnostics = signal<readonly Diagnostic[]>([]);
  const liveRevision = signal(0);
  const sitemaps = signal<readonly Sitemap[]>([]);
  const liveText = computed(() => (live.value.kind === 'ready' ? live.value.text : ''));

  deps.jobs.listen((reply) => {
    if (reply.type === 'linted' && deps.jobs.isCurrent('live-lint', reply.job))
      liveDiagnostics.value = reply.diagnostics;
  });

  return {
    state: { live, liveText, liveDiagnostics, liveRevision },
    sitemaps,
    async load(origin, pageUrl) {
      live.value = { kind: 'loading' };
      try {
        const inspection = await deps.client.inspect({ target: { kind: 'url', url: pageUrl ?? `${origin}/` } });
        if (deps.origin.value !== origin) return false;
        live.value = liveFromInspection(inspection);
        liveRevision.value++;
        return true;
      } catch (error) {
        live.value = { kind: 'error', message: errorWords(error) };
        return false;
      }
    },
    lint() {
      const job = deps.jobs.begin('live-lint');
      deps.jobs.post({ type: 'lint', job, text: liveText.value });
    },
    noteSitemaps(list) {
      sitemaps.value = list;
    },
  };
}
