/**
 * The workbench's URL set: the page URL, a pasted list, a .txt/.csv file or the site's sitemaps,
 * parsed and loaded in the page's worker; what each load set aside (other sites, bad lines, cut
 * lists) and the sitemaps on other origins, fetched only on a click.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import type { SitemapLoad, UrlSource } from '../../components/workbench/model';
import type { OffSiteGroup, SitemapOutcome } from '../../lib/sitemaps';
import { MAX_URL_FILE_BYTES, parseUrl } from '../../lib/workbench';
import type { WorkerJobs } from './jobs';
import { countOf } from '../../lib/shared/plural';
import { errorWords } from '../../lib/shared/error-words';

/** A file the person picked (a File, or any Blob with a name in tests). */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
  slice(start: number, end: number): Blob;
  text(): Promise<string>;
}

/** What the page reads of the URL set. */
export interface UrlSetState {
  readonly listText: ReadonlySignal<string>;
  readonly urls: ReadonlySignal<readonly string[]>;
  /** Names the URL set: a new number each time the set is replaced (a comparison over it is kept under it). */
  readonly urlSetNumber: ReadonlySignal<number>;
  /** Where the URLs came from, in words ("a pasted list", "urls.txt", "the site's sitemaps (4 files)"). */
  readonly sourceLabel: ReadonlySignal<string>;
  /** What kind of source the URLs came from: a file or the sitemaps are not in the list box. */
  readonly urlSource: ReadonlySignal<UrlSource>;
  /** URLs of other sites, set aside. */
  readonly otherOrigin: ReadonlySignal<readonly string[]>;
  readonly invalid: ReadonlySignal<readonly { line: number; text: string }[]>;
  readonly invalidCount: ReadonlySignal<number>;
  /** What a URL list or file had cut, in words, or null. */
  readonly listNotice: ReadonlySignal<string | null>;
  /** Sitemaps on other origins, not followed by the last load. */
  readonly offSite: ReadonlySignal<readonly OffSiteGroup[]>;
  /** Origins the person clicked Fetch for (this site only; cleared when another site opens). */
  readonly approvedOrigins: ReadonlySignal<readonly string[]>;
  readonly sitemapLoad: ReadonlySignal<SitemapLoad>;
  readonly outcomes: ReadonlySignal<readonly SitemapOutcome[]>;
  setListText(text: string): void;
  /** Uses the pasted list (or a file's text) as the URL set. */
  useList(text?: string, asCsv?: boolean, label?: string): void;
  /**
   * Uses a .txt/.csv file as the URL set: read up to MAX_URL_FILE_BYTES (a longer file's last,
   * cut line is dropped, and the list says so), then parsed like a pasted list.
   */
  useFile(file: PickedFile): Promise<void>;
  loadSitemaps(): void;
  /**
   * Fetches the sitemaps of `offSiteOrigin`, which the last load listed as not followed, by loading
   * the set again with that origin allowed (never a private one for a public site: the loader refuses it).
   */
  fetchOffSite(offSiteOrigin: string): void;
  cancelSitemaps(): void;
}

/** The URL set's state and what the page's other parts do with it. */
export interface UrlSet {
  readonly state: UrlSetState;
  /** 1 for each URL found in a sitemap (the findings check those), 0 for the others. */
  readonly fromSitemap: ReadonlySignal<Uint8Array>;
  /** Forgets the last site's sitemaps and approvals. */
  reset(): void;
  /** Makes `url` alone the URL set (the page URL or the home page), said as `label`. */
  startWith(url: string, label: string): void;
}

export interface UrlSetDeps {
  readonly jobs: WorkerJobs;
  readonly origin: ReadonlySignal<string | null>;
  /** The page URL the workbench was opened for: kept first in a sitemap set that lacks it. */
  readonly pageUrl: ReadonlySignal<string | null>;
  /** The live file's Sitemap lines: where a sitemap load starts. */
  readonly liveSitemaps: ReadonlySignal<readonly { readonly url: string; readonly validity: string }[]>;
  /** Called when the set changed and the table should be evaluated again. */
  readonly onChanged: () => void;
  /** Tells the person something failed, in words. */
  readonly notify: (message: string) => void;
}

/** Returns the URL set of the page's origin, parsed and loaded through `deps.jobs`. */
export function createUrlSet(deps: UrlSetDeps): UrlSet {
  const { jobs } = deps;
  const listText = signal('');
  const urls = signal<readonly string[]>([]);
  const urlSetNumber = signal(0);
  const fromSitemap = signal<Uint8Array>(new Uint8Array(0));
  const sourceLabel = signal('nothing yet');
  const urlSource = signal<UrlSource>({ kind: 'start' });
  /** The source of the list being parsed, set when its reply comes. */
  let pendingSource: UrlSource = { kind: 'list' };
  const otherOrigin = signal<readonly string[]>([]);
  const invalid = signal<readonly { line: number; text: string }[]>([]);
  const invalidCount = signal(0);
  const listNotice = signal<string | null>(null);
  const offSite = signal<readonly OffSiteGroup[]>([]);
  const approvedOrigins = signal<readonly string[]>([]);
  const sitemapLoad = signal<SitemapLoad>({ kind: 'idle' });
  const outcomes = signal<readonly SitemapOutcome[]>([]);
  /** What reading the file cut, said with the list's own notice when its reply comes. */
  let pendingListNotice: string | null = null;

  function setUrlSet(
    list: readonly string[],
    flags: Uint8Array,
    label: string,
    source: UrlSource,
    others: readonly string[],
    bad: readonly { line: number; text: string }[],
  ): void {
    urls.value = list;
    urlSetNumber.value++;
    fromSitemap.value = flags;
    sourceLabel.value = label;
    urlSource.value = source;
    otherOrigin.value = others;
    invalid.value = bad;
    invalidCount.value = bad.length;
    listNotice.value = null;
    deps.onChanged();
  }

  jobs.listen((reply) => {
    switch (reply.type) {
      case 'urls-parsed':
        if (!jobs.isCurrent('parse', reply.job)) return;
        setUrlSet(
          reply.urls,
          new Uint8Array(reply.urls.length),
          reply.label,
          pendingSource,
          reply.otherOrigin,
          reply.invalid,
        );
        invalidCount.value = reply.invalidCount;
        listNotice.value = [pendingListNotice, reply.capNotice].filter((n) => n !== null).join(' ') || null;
        return;
      case 'sitemap-progress':
        if (jobs.isCurrent('sitemaps', reply.job)) sitemapLoad.value = { kind: 'loading', ...reply.progress };
        return;
      case 'sitemap-outcome':
        if (jobs.isCurrent('sitemaps', reply.job)) outcomes.value = [...outcomes.value, reply.outcome];
        return;
      case 'sitemaps-loaded': {
        if (!jobs.isCurrent('sitemaps', reply.job)) return;
        sitemapLoad.value = { kind: 'done', cancelled: reply.cancelled, capNotice: reply.capNotice };
        offSite.value = reply.offSite;
        const o = deps.origin.value ?? '';
        const own: string[] = [];
        const others: string[] = [];
        for (const entry of reply.urls) (parseUrl(entry.url)?.origin === o ? own : others).push(entry.url);
        const page = deps.pageUrl.value;
        const set = page !== null && !own.includes(page) ? [page, ...own] : own;
        const flags = new Uint8Array(set.length);
        flags.fill(1, page !== null && set[0] === page && !own.includes(page) ? 1 : 0);
        const files = reply.outcomes.length;
        setUrlSet(
          set,
          flags,
          `the site's sitemaps (${countOf(files, 'file')})`,
          { kind: 'sitemaps', files },
          others,
          [],
        );
        return;
      }
      case 'failed':
        if (jobs.isCurrent('sitemaps', reply.job))
          sitemapLoad.value = { kind: 'done', cancelled: false, capNotice: null };
        return;
      default:
        return;
    }
  });

  function useList(text: string, asCsv: boolean, label: string, cut: string | null, source: UrlSource): void {
    const o = deps.origin.value;
    if (o === null) return;
    const job = jobs.begin('parse');
    pendingListNotice = cut;
    pendingSource = source;
    sourceLabel.value = `${label} (reading…)`;
    jobs.post({ type: 'parse-urls', job, text, origin: o, asCsv, label });
  }

  function startSitemapLoad(): void {
    const o = deps.origin.value;
    if (o === null) return;
    const listed = deps.liveSitemaps.value.filter((s) => s.validity === 'absolute').map((s) => s.url);
    const start = listed.length > 0 ? listed : [`${o}/sitemap.xml`];
    const job = jobs.begin('sitemaps');
    outcomes.value = [];
    offSite.value = [];
    sitemapLoad.value = { kind: 'loading', filesDone: 0, filesQueued: start.length, urls: 0 };
    jobs.post({ type: 'load-sitemaps', job, startUrls: start, siteOrigin: o, allowedOrigins: approvedOrigins.value });
  }

  const state: UrlSetState = {
    listText,
    urls,
    urlSetNumber,
    sourceLabel,
    urlSource,
    otherOrigin,
    invalid,
    invalidCount,
    listNotice,
    offSite,
    approvedOrigins,
    sitemapLoad,
    outcomes,
    setListText(text) {
      listText.value = text;
    },
    useList(text = listText.value, asCsv = false, label = 'a pasted list') {
      useList(text, asCsv, label, null, { kind: 'list' });
    },
    async useFile(file) {
      const asCsv = /\.csv$/i.test(file.name);
      const label = file.name;
      const source: UrlSource = { kind: 'file', name: file.name };
      try {
        if (file.size <= MAX_URL_FILE_BYTES) {
          useList(await file.text(), asCsv, label, null, source);
          return;
        }
        const head = await file.slice(0, MAX_URL_FILE_BYTES).text();
        const end = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
        const cut = `The file is ${countOf(file.size, 'byte')}: only its first ${countOf(MAX_URL_FILE_BYTES, 'byte')} were read.`;
        useList(end < 0 ? '' : head.slice(0, end), asCsv, label, cut, source);
      } catch (error) {
        deps.notify(`The file ${file.name} could not be read: ${errorWords(error)}.`);
      }
    },
    loadSitemaps: startSitemapLoad,
    fetchOffSite(offSiteOrigin) {
      const group = offSite.value.find((g) => g.origin === offSiteOrigin);
      if (group?.fetchable !== true || approvedOrigins.value.includes(offSiteOrigin)) return;
      approvedOrigins.value = [...approvedOrigins.value, offSiteOrigin];
      startSitemapLoad();
    },
    cancelSitemaps() {
      jobs.post({ type: 'cancel', job: jobs.current('sitemaps') });
    },
  };

  return {
    state,
    fromSitemap,
    reset() {
      outcomes.value = [];
      offSite.value = [];
      approvedOrigins.value = [];
      sitemapLoad.value = { kind: 'idle' };
    },
    startWith(url, label) {
      listText.value = url;
      setUrlSet([url], new Uint8Array(1), label, { kind: 'start' }, [], []);
    },
  };
}
