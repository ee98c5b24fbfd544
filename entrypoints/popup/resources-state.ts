/**
 * The popup's "Page resources" state: the tab's resource list from the worker (and its
 * later additions from storage.session), each origin's robots.txt asked of the worker (its cache
 * and fetch policy; the page's own site at once, other hosts at once or on a click), each origin's
 * file parsed once, and every resource judged for the selected crawler locally, so switching the
 * crawler recomputes at once. The page's own verdict never waits for any of this.
 */
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ResourceOriginView, ResourceRow, ResourcesView } from '../../components/popup/resource-model';
import type { ProtocolClient } from '../../lib/protocol/messages';
import type { PageRobots } from '../../lib/verdict/types';
import { countOf } from '../../lib/shared/plural';
// Named modules, not lib/resources' index: its evaluate.ts needs the engine, which loads later.
import type { judgeResources, readOriginRobots } from '../../lib/resources/evaluate';
import { explainResourceVerdict, groupByOrigin, type ResourceVerdict } from '../../lib/resources/judge';
import { MAX_RESOURCES_PER_TAB, type ResourceEntry, type TabResources } from '../../lib/resources/ledger';
import { isSameSite } from '../../lib/resources/site';
import { countBlockedRenderCritical, summarizeResources } from '../../lib/resources/summary';
import { describeOutcomeBriefly, type OriginOutcome } from '../../lib/verdict/url-judge';
import { CRAWLERS } from '../../lib/robots/crawlers';
import { withoutFragment } from '../../lib/shared/url';
import { errorWords } from '../../lib/shared/error-words';

/**
 * Other sites' hosts checked on their own per page (when the setting allows it): past this, the rest
 * wait for a click, said in words, so a page loading images from 1,000 hosts does not fetch 1,000 files.
 */
export const MAX_AUTO_OTHER_HOSTS = 50;

/** Subscribes to changes of a tab's resource list; returns the unsubscribe function. */
export type WatchResources = (tabId: number, onChange: (list: TabResources | null) => void) => () => void;

/** What the popup knows of one origin's robots.txt. */
type OriginState =
  | { readonly kind: 'checking' }
  | { readonly kind: 'done'; readonly outcome: OriginOutcome; readonly robots: PageRobots }
  | { readonly kind: 'failed'; readonly message: string };

export interface ResourcesState {
  readonly view: ReadonlySignal<ResourcesView>;
  /** Blocked render-critical resources per preset token, once every origin is known; null before. */
  readonly renderCriticalBlocked: ReadonlySignal<ReadonlyMap<string, number> | null>;
  /** Loads the tab's list and checks origins; `pageUrl` decides which origins are the page's own site. */
  start(tabId: number, pageUrl: string): Promise<void>;
  /** Checks the other hosts left for a click (and those that appear later). */
  checkOtherHosts(): void;
  /** Lines for the copy report: the summary and each blocked resource. */
  reportLines(): string[];
  /** Stops watching the list. */
  stop(): void;
}

export interface ResourcesDeps {
  readonly client: Pick<ProtocolClient, 'getResources' | 'originRecords'>;
  /** The selected crawler's token and name. */
  readonly crawler: ReadonlySignal<{ readonly token: string; readonly name: string }>;
  /** The checkOtherHosts setting; null until settings are loaded (then treated as on). */
  readonly checkOtherHosts: ReadonlySignal<boolean | null>;
  readonly watch?: WatchResources;
  /** The engine's part of lib/resources, loaded after the first verdict (the popup's engine chunk). */
  readonly loadEngine: () => Promise<ResourcesEngine>;
}

/** What judging resources needs from the engine. */
export interface ResourcesEngine {
  readonly judgeResources: typeof judgeResources;
  readonly readOriginRobots: typeof readOriginRobots;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

function reasonOf(verdict: ResourceVerdict, origin: OriginState | undefined): string {
  if (verdict.kind === 'judged') {
    const { line, text } = explainResourceVerdict(verdict);
    return line > 0 ? `line ${line}: ${text}` : text;
  }
  if (origin?.kind === 'failed') return `could not check: ${origin.message}`;
  if (origin?.kind === 'checking') return 'checking robots.txt…';
  return 'not checked yet';
}

function statusOf(origin: OriginState | undefined, waiting: boolean): string {
  if (origin === undefined) return waiting ? 'not checked: another site' : 'not checked yet';
  switch (origin.kind) {
    case 'checking':
      return 'checking robots.txt…';
    case 'failed':
      return `could not check robots.txt: ${origin.message}`;
    case 'done':
      return describeOutcomeBriefly(origin.outcome.record.outcome);
  }
}

/** Returns the section's state; `start` is called once the page's inspection is shown. */
export function createResourcesState(deps: ResourcesDeps): ResourcesState {
  const list = signal<TabResources | null>(null);
  const loaded = signal(false);
  const failure = signal<string | null>(null);
  const engine = signal<ResourcesEngine | null>(null);
  const origins = signal<ReadonlyMap<string, OriginState>>(new Map());
  const othersApproved = signal(false);
  const pageUrl = signal('');
  let unwatch: (() => void) | null = null;
  let startId = 0;

  const entries = computed<readonly ResourceEntry[]>(() => list.value?.entries ?? []);
  const groups = computed(() => groupByOrigin(entries.value));
  const robotsByOrigin = computed(() => {
    const map = new Map<string, PageRobots>();
    for (const [origin, state] of origins.value) if (state.kind === 'done') map.set(origin, state.robots);
    return map;
  });
  /** Each origin's verdicts, kept while its file, its resources and the crawler stay the same. */
  const memo = new Map<
    string,
    {
      readonly robots: PageRobots;
      readonly crawler: string;
      readonly group: readonly ResourceEntry[];
      readonly verdicts: ResourceVerdict[];
    }
  >();
  // As each origin's file arrives only its own resources are judged, not the whole page again.
  const verdicts = computed(() => {
    const judgeResources = engine.value?.judgeResources;
    if (judgeResources === undefined) return [];
    const crawler = deps.crawler.value.token;
    const robots = robotsByOrigin.value;
    const result: ResourceVerdict[] = [];
    for (const [origin, group] of groups.value) {
      const file = robots.get(origin);
      const kept = memo.get(origin);
      if (file !== undefined && kept?.robots === file && kept.crawler === crawler && kept.group === group) {
        result.push(...kept.verdicts);
        continue;
      }
      const judged = judgeResources(group, robots, crawler, new Map([[origin, group]]));
      if (file !== undefined) memo.set(origin, { robots: file, crawler, group, verdicts: judged });
      result.push(...judged);
    }
    return result;
  });
  const autoOthers = computed(() => othersApproved.value || deps.checkOtherHosts.value !== false);
  const isOther = (origin: string) => !isSameSite(pageUrl.value, `${origin}/`);
  /** The other hosts that may be asked for now: all after a click, else the first MAX_AUTO_OTHER_HOSTS when allowed. */
  const otherAllowance = computed(() => {
    if (othersApproved.value) return Infinity;
    if (!autoOthers.value) return 0;
    const asked = [...origins.value.keys()].filter(isOther).length;
    return Math.max(0, MAX_AUTO_OTHER_HOSTS - asked);
  });
  const waitingOrigins = computed(() => {
    let allowance = otherAllowance.value;
    return [...groups.value.keys()].filter((origin) => {
      if (origins.value.has(origin) || !isOther(origin)) return false;
      if (allowance > 0) {
        allowance--;
        return false;
      }
      return true;
    });
  });

  function setOrigin(origin: string, state: OriginState): void {
    const next = new Map(origins.value);
    next.set(origin, state);
    origins.value = next;
  }

  async function check(origin: string, id: number): Promise<void> {
    try {
      const answer = await deps.client.originRecords({ origins: [origin] });
      if (id !== startId) return;
      const outcome = answer.origins.find((o) => o.origin === origin);
      if (outcome === undefined) throw new Error(`no answer for ${origin}`);
      // The one parse of this origin's file in the popup: every crawler is evaluated against it.
      const { readOriginRobots } = await deps.loadEngine();
      if (id !== startId) return;
      setOrigin(origin, { kind: 'done', outcome, robots: readOriginRobots(outcome.record, outcome.description) });
    } catch (error) {
      if (id === startId) setOrigin(origin, { kind: 'failed', message: errorWords(error) });
    }
  }

  /** Asks for each origin of the list not asked for yet that may be checked now. */
  function checkNewOrigins(): void {
    const id = startId;
    const asked: string[] = [];
    let allowance = otherAllowance.value;
    for (const origin of groups.value.keys()) {
      if (origins.value.has(origin)) continue;
      if (isOther(origin)) {
        if (allowance <= 0) continue;
        allowance--;
      }
      asked.push(origin);
    }
    if (asked.length === 0) return;
    const next = new Map(origins.value);
    for (const origin of asked) next.set(origin, { kind: 'checking' });
    origins.value = next;
    for (const origin of asked) void check(origin, id);
  }

  function receive(next: TabResources | null): void {
    batch(() => {
      list.value = next;
      loaded.value = true;
    });
    checkNewOrigins();
  }

  const view = computed((): ResourcesView => {
    const crawlerName = deps.crawler.value.name;
    if (failure.value !== null) return emptyView(`Could not read this page’s resources: ${failure.value}`, false);
    if (!loaded.value) return emptyView('Reading what this page loaded…', true);
    const current = list.value;
    if (current === null || current.entries.length === 0) {
      return emptyView('No resources recorded for this page yet: reload it to list them.', false);
    }
    const states = origins.value;
    const waiting = new Set(waitingOrigins.value);
    const buckets = { blocked: new Map<string, ResourceRow[]>(), allowed: new Map(), unchecked: new Map() } as Record<
      'blocked' | 'allowed' | 'unchecked',
      Map<string, ResourceRow[]>
    >;
    for (const v of verdicts.value) {
      const bucket = v.kind === 'unchecked' ? 'unchecked' : v.allowed ? 'allowed' : 'blocked';
      const row: ResourceRow = {
        url: v.url,
        type: v.type,
        path: pathOf(v.url),
        blocked: v.kind === 'judged' ? !v.allowed : null,
        reason: reasonOf(v, states.get(v.origin)),
      };
      const rows = buckets[bucket].get(v.origin);
      if (rows) rows.push(row);
      else buckets[bucket].set(v.origin, [row]);
    }
    const toViews = (m: Map<string, ResourceRow[]>): ResourceOriginView[] =>
      [...m].map(([origin, rows]) => ({ origin, status: statusOf(states.get(origin), waiting.has(origin)), rows }));
    const total = states.size;
    const pending = [...states.values()].filter((s) => s.kind === 'checking').length;
    const notes: string[] = [];
    if (current.dropped > 0) {
      notes.push(
        `The list stops at ${MAX_RESOURCES_PER_TAB.toLocaleString('en')} resources: ${current.dropped.toLocaleString('en')} more requests were not kept.`,
      );
    }
    if (waiting.size > 0 && autoOthers.value && !othersApproved.value) {
      notes.push(
        `Other hosts are checked ${MAX_AUTO_OTHER_HOSTS} per page on their own: ${waiting.size.toLocaleString('en')} more wait for “Check … other hosts”, so opening the popup never fetches hundreds of robots.txt files.`,
      );
    }
    if (current.documentUrl === '') {
      notes.push('Robotscope started while this page was loading: reload it to list every resource.');
    } else if (pageUrl.value !== '' && withoutFragment(current.documentUrl) !== withoutFragment(pageUrl.value)) {
      // A single-page app's own navigation, or a page restored from the back/forward cache.
      notes.push(`Recorded since ${current.documentUrl} loaded: reload this page to list its own.`);
    }
    return {
      loading: false,
      summary: summarizeResources(verdicts.value, crawlerName).line,
      progress: pending > 0 ? `checking ${total - pending} of ${countOf(total, 'host')}` : null,
      waitingHosts: waiting.size,
      blocked: toViews(buckets.blocked),
      allowed: toViews(buckets.allowed),
      unchecked: toViews(buckets.unchecked),
      notes,
    };
  });

  const renderCriticalBlocked = computed((): ReadonlyMap<string, number> | null => {
    const judgeResources = engine.value?.judgeResources;
    if (entries.value.length === 0 || judgeResources === undefined) return null;
    const robots = robotsByOrigin.value;
    if ([...groups.value.keys()].some((origin) => !robots.has(origin))) return null;
    return new Map(
      CRAWLERS.map((preset) => [
        preset.token,
        countBlockedRenderCritical(judgeResources(entries.value, robots, preset.token, groups.value)),
      ]),
    );
  });

  return {
    view,
    renderCriticalBlocked,
    async start(tabId, url) {
      const id = ++startId;
      unwatch?.();
      unwatch = null;
      memo.clear();
      batch(() => {
        pageUrl.value = url;
        failure.value = null;
        loaded.value = false;
        origins.value = new Map();
      });
      try {
        // The list is judged once the engine is there (it loads while the worker answers).
        const [{ resources }, loadedEngine] = await Promise.all([
          deps.client.getResources({ tabId }),
          deps.loadEngine(),
        ]);
        if (id !== startId) return;
        engine.value = loadedEngine;
        receive(resources);
        // Requests made while the popup is open keep arriving.
        unwatch = deps.watch?.(tabId, (next) => id === startId && receive(next)) ?? null;
      } catch (error) {
        if (id === startId) failure.value = errorWords(error);
      }
    },
    checkOtherHosts() {
      othersApproved.value = true;
      checkNewOrigins();
    },
    reportLines() {
      const v = view.value;
      if (v.loading || (v.blocked.length === 0 && v.allowed.length === 0 && v.unchecked.length === 0)) return [];
      const lines = [`Page resources: ${v.summary}`];
      for (const group of v.blocked) {
        lines.push(`  ${group.origin} (${group.status})`);
        for (const row of group.rows) lines.push(`    blocked ${row.type} ${row.path} (${row.reason})`);
      }
      return lines;
    },
    stop() {
      unwatch?.();
      unwatch = null;
    },
  };
}

function emptyView(summary: string, loading: boolean): ResourcesView {
  return { loading, summary, progress: null, waitingHosts: 0, blocked: [], allowed: [], unchecked: [], notes: [] };
}
