/**
 * The popup's "Other crawler stacks" state: nothing runs until the section (or the
 * file's divergence list) is opened; then the lens code loads by a dynamic import and reads the
 * inspection for the selected crawler, again whenever the crawler or the inspection changes.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { LensPhase } from '../../components/popup/lens-model';
import type { PageRobots, PageVerdict } from '../../lib/verdict/types';
import type { LensRequest } from './lens';
import type { Phase } from './state';
import { errorWords } from '../../lib/shared/error-words';

/** The lens part, loaded when first asked for. */
export type PopupLens = typeof import('./lens');

export type { LensPhase };

/** Returns the lens part; a dynamic import, so the bundler keeps it off the first verdict's path. */
const importLens = (): Promise<PopupLens> => import('./lens');

/** What the lens state reads from the popup's state. */
export interface LensSources {
  readonly phase: ReadonlySignal<Phase>;
  readonly analysis: ReadonlySignal<PageRobots | null>;
  readonly verdict: ReadonlySignal<PageVerdict | null>;
  readonly crawler: ReadonlySignal<{ readonly token: string }>;
}

export interface LensState {
  readonly phase: ReadonlySignal<LensPhase>;
  /** Loads the lens code (once) and starts reading; later calls change nothing. */
  open(): void;
}

/** Returns the lens request for the popup's inspection, page and crawler, or why there is none. */
export function lensRequestFor(sources: LensSources): LensRequest | string {
  const p = sources.phase.value;
  if (p.kind !== 'ready' || p.inspection.kind !== 'inspected') return 'No robots.txt governs this page.';
  const analysis = sources.analysis.value;
  const verdict = sources.verdict.value;
  if (analysis === null || verdict === null) return 'Reading robots.txt…';
  if (analysis.kind === 'not-applicable' || verdict.kind === 'not-applicable')
    return analysis.kind === 'not-applicable' ? analysis.explanation : 'robots.txt does not apply to this page.';
  const outcome = p.inspection.record.outcome;
  return {
    bytes: analysis.kind === 'ok' ? analysis.body.bytes : '',
    status: outcome.status ?? 0,
    pageUrl: p.inspection.pageUrl,
    token: sources.crawler.value.token,
    googleAllowed: verdict.allowed,
  };
}

export interface LensDeps {
  readonly sources: LensSources;
  /** The lens code's dynamic import. */
  readonly load?: () => Promise<PopupLens>;
}

/** Returns the lens section's state over the popup's signals. */
export function createLensState(deps: LensDeps): LensState {
  const { sources, load = importLens } = deps;
  const opened = signal(false);
  const lens = signal<PopupLens | null>(null);
  const loadError = signal<string | null>(null);
  const phase = computed((): LensPhase => {
    if (!opened.value) return { kind: 'idle' };
    if (loadError.value !== null) return { kind: 'error', message: loadError.value };
    const code = lens.value;
    if (code === null) return { kind: 'loading' };
    const request = lensRequestFor(sources);
    if (typeof request === 'string') return { kind: 'unavailable', explanation: request };
    try {
      return { kind: 'ready', report: code.readLenses(request) };
    } catch (error) {
      // A throw is a bug in the lenses: shown as an error, never a blank section.
      return { kind: 'error', message: errorWords(error) };
    }
  });
  return {
    phase,
    open() {
      if (opened.value) return;
      opened.value = true;
      load().then(
        (loaded) => (lens.value = loaded),
        (error: unknown) => (loadError.value = `Could not load the other parsers: ${errorWords(error)}`),
      );
    },
  };
}
