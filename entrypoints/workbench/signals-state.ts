/**
 * The workbench's Use answers and parser lenses over the URL set: asked of the worker only once the
 * person opens them (or picks the "parsers disagree" filter), then again after each evaluation while
 * they stay on, for exactly the live file, draft, URLs and crawlers the table shows.
 */
import { effect, type ReadonlySignal, signal, computed } from '@preact/signals';
import {
  type DisagreeFilter,
  describeSignalFields,
  keepDisagreeingRows,
  type LensSummary,
  type SideSignals,
  type SignalPart,
  signalCsvHeader,
  summarizeLensChanges,
  summarizeUseChanges,
  type UseChangeGroup,
} from '../../lib/workbench';
import type { SignalPhase } from '../../components/workbench/model';
import type { WorkerJobs } from './jobs';
import type { Evaluated } from './results';

/** What the page reads of the second pass. */
export interface SignalsState {
  readonly usePhase: ReadonlySignal<SignalPhase>;
  readonly lensPhase: ReadonlySignal<SignalPhase>;
  /** The columns computed for the table shown (a part is null until it is ready for it). */
  readonly sideSignals: ReadonlySignal<SideSignals>;
  readonly useLines: ReadonlySignal<readonly UseChangeGroup[]>;
  readonly lensSummary: ReadonlySignal<LensSummary | null>;
  readonly disagreeFilter: ReadonlySignal<DisagreeFilter>;
  /** Asks for a part (and keeps it on for later evaluations). */
  showSignals(part: SignalPart): void;
  /** Stops a part and turns it off (a lens pass over a large set can take minutes). */
  stopSignals(part: SignalPart): void;
  /** Sets the "parsers disagree" filter; choosing a side asks for the lenses first. */
  setDisagreeFilter(mode: DisagreeFilter): void;
}

/** The second pass and what the results need from it. */
export interface Signals {
  readonly state: SignalsState;
  /** Returns the table's rows with the "parsers disagree" filter applied (tracked by signals). */
  refineRows(rows: Uint32Array): Uint32Array;
  /** Returns the CSV columns the computed parts add, or null when none is computed. */
  csvExtra(): { readonly header: readonly string[]; fields(cell: number): string[] } | null;
}

export interface SignalsDeps {
  readonly jobs: WorkerJobs;
  readonly evaluated: ReadonlySignal<Evaluated | null>;
}

interface PartResult {
  readonly evaluated: Evaluated;
  readonly live: Uint8Array;
  readonly draft: Uint8Array;
}

/** Returns the second pass's state over the results' evaluations, asked through `deps.jobs`. */
export function createSignals(deps: SignalsDeps): Signals {
  const { jobs, evaluated } = deps;
  const enabled = { use: signal(false), lens: signal(false) };
  const progress = {
    use: signal<{ done: number; total: number } | null>(null),
    lens: signal<{ done: number; total: number } | null>(null),
  };
  const results = {
    use: signal<(PartResult & { elapsedMs: number }) | null>(null),
    lens: signal<(PartResult & { elapsedMs: number }) | null>(null),
  };
  const disagreeFilter = signal<DisagreeFilter>('off');
  /** The evaluation each part's running job is for. */
  const asked: Record<SignalPart, Evaluated | null> = { use: null, lens: null };

  const current = (part: SignalPart): PartResult | null => {
    const r = results[part].value;
    return r !== null && r.evaluated === evaluated.value ? r : null;
  };
  const phaseOf = (part: SignalPart) =>
    computed<SignalPhase>(() => {
      if (!enabled[part].value) return { kind: 'off' };
      const r = results[part].value;
      if (r !== null && r.evaluated === evaluated.value) return { kind: 'ready', elapsedMs: r.elapsedMs };
      const p = progress[part].value;
      return { kind: 'running', done: p?.done ?? 0, total: p?.total ?? 0 };
    });
  const sideSignals = computed<SideSignals>(() => {
    const use = current('use');
    const lens = current('lens');
    return {
      use: use === null ? null : { live: use.live, draft: use.draft },
      lens: lens === null ? null : { live: lens.live, draft: lens.draft },
    };
  });
  const useLines = computed<readonly UseChangeGroup[]>(() => {
    const r = current('use');
    return r === null ? [] : summarizeUseChanges(r.evaluated.presets.length, r.evaluated.urls.length, r.live, r.draft);
  });
  const lensSummary = computed<LensSummary | null>(() => {
    const r = current('lens');
    return r === null ? null : summarizeLensChanges(r.evaluated.names, r.evaluated.urls.length, r.live, r.draft);
  });

  function ask(part: SignalPart, e: Evaluated): void {
    if (asked[part] === e) return;
    asked[part] = e;
    const job = jobs.begin(part);
    progress[part].value = { done: 0, total: e.urls.length * 2 };
    jobs.post({ type: 'signals', job, part, ...e.sources, crawlers: e.tokens });
  }

  jobs.listen((reply) => {
    if (reply.type === 'signals-progress' && jobs.isCurrent(reply.part, reply.job)) {
      progress[reply.part].value = { done: reply.done, total: reply.total };
    } else if (reply.type === 'signals-evaluated' && jobs.isCurrent(reply.part, reply.job)) {
      const e = asked[reply.part];
      progress[reply.part].value = null;
      if (e === null) return;
      results[reply.part].value = { evaluated: e, live: reply.live, draft: reply.draft, elapsedMs: reply.elapsedMs };
    } else if (reply.type === 'failed') {
      // The page's notice says what failed; the part turns off rather than showing progress forever.
      for (const part of ['use', 'lens'] as const) {
        if (!jobs.isCurrent(part, reply.job)) continue;
        asked[part] = null;
        progress[part].value = null;
        enabled[part].value = false;
      }
    }
  });

  // Each new evaluation is followed by the parts that are on, for the same sources.
  effect(() => {
    const e = evaluated.value;
    if (e === null) return;
    for (const part of ['use', 'lens'] as const) if (enabled[part].value) ask(part, e);
  });

  return {
    state: {
      usePhase: phaseOf('use'),
      lensPhase: phaseOf('lens'),
      sideSignals,
      useLines,
      lensSummary,
      disagreeFilter,
      showSignals(part) {
        enabled[part].value = true;
      },
      stopSignals(part) {
        if (progress[part].value !== null) jobs.post({ type: 'cancel', job: jobs.current(part) });
        // A later answer to the stopped job is stale: a new job number makes it so.
        jobs.begin(part);
        asked[part] = null;
        progress[part].value = null;
        enabled[part].value = false;
        if (part === 'lens') disagreeFilter.value = 'off';
      },
      setDisagreeFilter(mode) {
        if (mode !== 'off') enabled.lens.value = true;
        disagreeFilter.value = mode;
      },
    },
    refineRows(rows) {
      const mode = disagreeFilter.value;
      if (mode === 'off') return rows;
      const lens = sideSignals.value.lens;
      // Until the lenses are ready for this table, the filter shows no row rather than every row.
      return lens === null ? new Uint32Array(0) : keepDisagreeingRows(rows, lens, mode);
    },
    csvExtra() {
      const signals = sideSignals.value;
      if (signals.use === null && signals.lens === null) return null;
      return { header: signalCsvHeader(signals), fields: (cell) => describeSignalFields(cell, signals) };
    },
  };
}
