/**
 * The page's usage inputs, read once (docs/semantics/usage.md §3.4, §3.5, §3.9, §3.10): the combined
 * Content-Usage and Content-Signal headers, TDMRep sources, and the page directives read as usage
 * statements for one crawler on top of the docs/semantics/page-directives.md parser and its combining (§3).
 */
import { toAsciiLower } from '../shared/ascii';
import type { Rule as DirectiveRule } from '../page-directives/parse';
import { combine, type Contribution, type DirectiveSource, parseSource, readSource } from '../page-directives/verdict';
import type { CrawlerUsage } from './crawler-usage';
import { type CombinedField, combineFieldLines } from './header-fields';
import { type ContentSignal, parseContentSignal } from './parse-content-signal';
import { type AiprefStatement, parseAiprefStatement } from './parse-content-usage';
import {
  matchTdmFile,
  readTdmFile,
  readTdmHeader,
  readTdmMetas,
  type TdmFile,
  type TdmFileRule,
  type TdmHeader,
  type TdmMeta,
} from './tdmrep';
import type { HeaderPair, MetaTag, UsagePurpose, UsageSource } from './types';

/** Sources read from one page at most, as in the Index verdict. */
const MAX_SOURCES = 100;

/** Everything about the page that does not depend on the crawler. */
export interface PageUsage {
  readonly url: string;
  /** Null when the headers were not observed. */
  readonly headers: readonly HeaderPair[] | null;
  readonly meta: readonly MetaTag[];
  readonly now: number;
  readonly metaSource: 'served-html' | 'rendered-dom';
  readonly hasDataNosnippet: boolean;
  readonly contentUsage: { readonly field: CombinedField; readonly statement: AiprefStatement } | null;
  readonly contentSignal: { readonly field: CombinedField; readonly signal: ContentSignal } | null;
  readonly tdmHeader: TdmHeader | null;
  readonly tdmMetas: readonly TdmMeta[];
  readonly tdmFile: TdmFile | null;
  readonly tdmFileRule: TdmFileRule | null;
  /** The directive sources (robots metas, then X-Robots-Tag lines) with where each sits. */
  readonly directiveSources: readonly PlacedDirectiveSource[];
}

/** A page-directive source with its usage source and source-order rank. */
export interface PlacedDirectiveSource {
  readonly source: DirectiveSource;
  /** Its directives, parsed once for every crawler. */
  readonly rules: readonly DirectiveRule[];
  readonly where: UsageSource;
  readonly rank: number;
}

/** What the caller knows about the page. */
export interface PageUsageInput {
  /** The page URL as the tab shows it. */
  readonly url: string;
  /** `[name, value]` in received order; `[]` observed and empty; null not observed. */
  readonly headers: readonly HeaderPair[] | null;
  /** Every `<meta name content>` in document order. */
  readonly meta: readonly MetaTag[];
  /** The tdmrep.json result (body string, parsed JSON, or `{ status, body }`); absent or null: not fetched. */
  readonly tdmrep?: unknown;
  /** The clock for `unavailable_after`, ms since the epoch; default: now. */
  readonly now?: number;
  /** Where the metas come from; default `served-html` (`rendered-dom` adds a caveat). */
  readonly metaSource?: 'served-html' | 'rendered-dom';
  /** The page has at least one `data-nosnippet` element; default false. */
  readonly hasDataNosnippet?: boolean;
}

/** Source-order ranks (§4.6 step 3): robots lines, then headers, then metas, then tdmrep.json rules. */
export const RANK_HEADER = 1e9;
export const RANK_META = 2e9;
export const RANK_WELL_KNOWN = 3e9;

/** Returns the page's usage inputs, read once for every crawler. Never throws on content. */
export function preparePageUsage(input: PageUsageInput): PageUsage {
  const headers: readonly HeaderPair[] | null = Array.isArray(input.headers) ? input.headers : null;
  const meta: readonly MetaTag[] = Array.isArray(input.meta) ? input.meta : [];
  const cu = headers === null ? null : combineFieldLines(headers, 'content-usage');
  const cs = headers === null ? null : combineFieldLines(headers, 'content-signal');
  const tdmFile = input.tdmrep === undefined || input.tdmrep === null ? null : readTdmFile(input.tdmrep);
  const placed: PlacedDirectiveSource[] = [];
  const seen = new Map<string, number>();
  meta.forEach((m, index) => {
    const name = typeof m.name === 'string' ? m.name : '';
    const folded = toAsciiLower(name.trim());
    const position = (seen.get(folded) ?? 0) + 1;
    seen.set(folded, position);
    if (placed.length >= MAX_SOURCES) return;
    const content = typeof m.content === 'string' ? m.content : '';
    const source: DirectiveSource = { kind: 'meta', name, content, inHead: true };
    placed.push({
      source,
      rules: parseSource(source),
      where: { source: 'meta', name, position },
      rank: RANK_META + index,
    });
  });
  let headerSources = 0;
  (headers ?? []).forEach(([name, value], i) => {
    if (typeof name !== 'string' || toAsciiLower(name) !== 'x-robots-tag' || headerSources >= MAX_SOURCES) return;
    headerSources++;
    const source: DirectiveSource = { kind: 'header', line: typeof value === 'string' ? value : '' };
    placed.push({
      source,
      rules: parseSource(source),
      where: { source: 'header', name, position: i + 1 },
      rank: RANK_HEADER + i + 1,
    });
  });
  return {
    url: input.url,
    headers,
    meta,
    now: input.now ?? Date.now(),
    metaSource: input.metaSource ?? 'served-html',
    hasDataNosnippet: input.hasDataNosnippet ?? false,
    contentUsage: cu === null ? null : { field: cu, statement: parseAiprefStatement(cu.value) },
    contentSignal: cs === null ? null : { field: cs, signal: parseContentSignal(cs.value) },
    tdmHeader: headers === null ? null : readTdmHeader(headers),
    tdmMetas: readTdmMetas(meta),
    tdmFile,
    tdmFileRule: tdmFile === null ? null : matchTdmFile(tdmFile, input.url),
    directiveSources: placed,
  };
}

/** A page-directive statement before it is placed among the others. */
export interface DirectiveStatement {
  readonly signalId: 'robots-noindex' | 'snippet-controls' | 'archive-controls' | 'noai';
  readonly purpose: UsagePurpose;
  readonly value: 'allowed' | 'disallowed';
  readonly where: UsageSource;
  readonly rank: number;
  readonly addressedTo: string;
  readonly scope?: string;
  readonly qualifier?: string;
  /** Null when it counts; otherwise why not, in words. */
  readonly overriddenBecause: string | null;
}

/** The page directives' statements and informational qualifiers for one crawler (§3.9). */
export interface DirectiveReading {
  readonly statements: readonly DirectiveStatement[];
  /** Qualifiers always shown with a purpose's answer (max-snippet, data-nosnippet). */
  readonly informational: ReadonlyMap<UsagePurpose, readonly string[]>;
  /** Notes in words (noimageai). */
  readonly notes: readonly string[];
}

const AI_OVERVIEWS = 'AI Overviews and AI Mode (direct input)';
const COPILOT = 'Copilot answers and Bing grounding';

/**
 * Returns the usage statements of the page directives addressed to `crawler`: its effective set
 * (docs/semantics/page-directives.md §3, the sum of negatives; Yandex: allowing wins), mapped as the §3.9 table says.
 */
export function readDirectiveStatements(page: PageUsage, crawler: CrawlerUsage): DirectiveReading {
  const empty: DirectiveReading = { statements: [], informational: new Map(), notes: [] };
  if (page.directiveSources.length === 0 || crawler.metaNames.length === 0) return empty;
  const reading = { engine: crawler.engine, names: crawler.metaNames, documented: true };
  const readings = page.directiveSources.map((p) => readSource(p.source, reading, p.rules));
  const effective = combine(readings, reading);
  const out: DirectiveStatement[] = [];
  const informational = new Map<UsagePurpose, string[]>();
  const notes: string[] = [];
  const addressed = `crawlers reading ${crawler.metaNames.map((n) => `"${n}"`).join(', ')}`;
  const place = (c: Contribution) => page.directiveSources[c.source] as PlacedDirectiveSource;
  const add = (
    c: Contribution,
    fields: Omit<DirectiveStatement, 'where' | 'rank' | 'overriddenBecause' | 'addressedTo'> & {
      readonly addressedTo?: string;
    },
    overriddenBecause: string | null = null,
  ) => {
    const p = place(c);
    out.push({ addressedTo: addressed, ...fields, where: p.where, rank: p.rank, overriddenBecause });
  };
  const inform = (purpose: UsagePurpose, text: string) => {
    const list = informational.get(purpose) ?? [];
    if (!list.includes(text)) list.push(text);
    informational.set(purpose, list);
  };

  for (const c of effective.noindex) add(c, { signalId: 'robots-noindex', purpose: 'search', value: 'disallowed' });
  for (const c of effective.overridden) {
    if (c.rule.name !== 'noindex' && c.rule.name !== 'none') continue;
    add(
      c,
      { signalId: 'robots-noindex', purpose: 'search', value: 'disallowed' },
      'Yandex: an allowing directive (index or all) wins',
    );
  }
  const after = effective.unavailableAfter;
  if (after?.rule.date !== undefined && after.rule.date <= page.now) {
    add(after, { signalId: 'robots-noindex', purpose: 'search', value: 'disallowed', qualifier: 'date passed' });
  }
  if (crawler.engine === 'google') {
    for (const c of effective.nosnippet) {
      add(c, {
        signalId: 'snippet-controls',
        purpose: 'ai-input',
        value: 'disallowed',
        scope: AI_OVERVIEWS,
        addressedTo: 'Google crawlers',
      });
    }
    if (effective.maxSnippet?.rule.number !== undefined) {
      inform('ai-input', `excerpts ≤ ${effective.maxSnippet.rule.number} characters`);
    }
  }
  if ((crawler.engine === 'google' || crawler.engine === 'bing') && page.hasDataNosnippet) {
    inform('ai-input', 'some sections excluded');
  }
  const noarchive = effective.flags.noarchive ?? [];
  const nocache = effective.flags.nocache ?? [];
  if (crawler.engine === 'bing') {
    const bing = { signalId: 'archive-controls', value: 'disallowed', addressedTo: 'Bing crawlers' } as const;
    for (const c of nocache) {
      add(c, { ...bing, purpose: 'ai-input', scope: COPILOT, qualifier: 'snippet-only' });
      add(c, { ...bing, purpose: 'ai-train', qualifier: 'snippet-only' });
    }
    const because = nocache.length > 0 ? 'Bing reads noarchive together with nocache as nocache' : null;
    for (const c of noarchive) {
      add(c, { ...bing, purpose: 'ai-input', scope: COPILOT }, because);
      add(c, { ...bing, purpose: 'ai-train' }, because);
    }
  }
  if (crawler.noarchiveMeansNoTraining) {
    for (const c of noarchive) {
      add(c, { signalId: 'archive-controls', purpose: 'ai-train', value: 'disallowed', addressedTo: crawler.token });
    }
  }
  for (const c of effective.unknown) {
    if (c.rule.name === 'noai') {
      add(c, { signalId: 'noai', purpose: 'ai-train', value: 'disallowed', addressedTo: 'every crawler' });
    } else if (c.rule.name === 'noimageai') {
      notes.push('noimageai: a preference about the images on this page; it states nothing for the page itself.');
    }
  }
  return { statements: out, informational, notes };
}
