/**
 * What the workbench's second pass (signals.ts) tells: which Use answers a draft changes, per
 * purpose and crawler set; which parser divergences it fixes or introduces; the "parsers disagree"
 * row filter; and the CSV fields of both, in words.
 */

import { LENS_PROFILES, type LensProfileId, PYTHON_LEGACY_RELEASES, PYTHON_RFC_RELEASES } from '../lens';
import { purposeLabel } from '../usage';
import {
  type LensColumns,
  SIGNAL_PURPOSES,
  USE_ALLOWED,
  USE_DISALLOWED,
  USE_NO_STATEMENT,
  USE_NOT_APPLICABLE,
  type UseCode,
  type UseColumns,
} from './signals';
import type { CrawlerPreset } from '../robots';
import { groupCrawlersByOutcome } from '../shared/crawler-grouping';
import { countOf } from '../shared/plural';
import { describeCrawlerSet, joinWords } from './crawler-sets';

/** A side's Use answers and lens disagreements, either absent until computed. */
export interface SideSignals {
  readonly use: { readonly live: UseColumns; readonly draft: UseColumns } | null;
  readonly lens: { readonly live: LensColumns; readonly draft: LensColumns } | null;
}

/** Short labels of the lenses, for summaries and CSV cells (the stacks, not the library alone). */
export const LENS_SHORT_NAMES: Readonly<Record<LensProfileId, string>> = {
  'py-legacy': `Python ${PYTHON_LEGACY_RELEASES}`,
  'py-rfc': `Python ${PYTHON_RFC_RELEASES}`,
  protego: 'Scrapy (Protego)',
  'robots-parser': 'robots-parser (Crawlee, Firecrawl)',
  'crawler-commons': 'crawler-commons (Nutch)',
  rfc9309: 'RFC 9309 strict',
};

/** Names of a crawler set shown in full up to this many; beyond, the first ones and how many more. */
const NAMES_SHOWN = 4;

/** Returns a crawler set in words: "GPTBot", "GPTBot and ClaudeBot", "GPTBot, ClaudeBot, CCBot and 5 more". */
export function nameCrawlers(names: readonly string[]): string {
  if (names.length === 0) return 'no crawler';
  if (names.length <= NAMES_SHOWN) return joinWords(names);
  return joinWords([...names.slice(0, NAMES_SHOWN - 1), `${names.length - (NAMES_SHOWN - 1)} more`]);
}

/** Returns a Use answer in words, as the CSV and the table write it. */
export function describeUseCode(code: number): string {
  switch (code) {
    case USE_ALLOWED:
      return 'allowed';
    case USE_DISALLOWED:
      return 'disallowed';
    case USE_NO_STATEMENT:
      return 'no statement';
    default:
      return 'not applicable';
  }
}

/** One change of a Use answer shared by a group: purposes whose answer changes alike on the same number of URLs. */
export interface UseChangePart {
  /** The purposes, in UI order. */
  readonly purposes: readonly (typeof SIGNAL_PURPOSES)[number][];
  /** The crawlers could not fetch these URLs under the live file (no Use answer applied there). */
  readonly wasBlocked: boolean;
  readonly to: UseCode;
  /** URLs changed this way, for each crawler of the group. */
  readonly count: number;
}

/** Crawlers whose Use answers the draft changes identically on every URL, and how. */
export interface UseChangeGroup {
  /** Crawler indices (table order), in that order. */
  readonly members: readonly number[];
  readonly parts: readonly UseChangePart[];
}

/** The order parts are told in: what the draft now forbids first. */
const TO_ORDER: readonly UseCode[] = [USE_DISALLOWED, USE_ALLOWED, USE_NO_STATEMENT, USE_NOT_APPLICABLE];

/** Returns a cell's Use change over the three purposes as one small integer (0: no change). */
function useChangeCode(live: UseColumns, draft: UseColumns, cell: number): number {
  let code = 0;
  for (let p = 0; p < 3; p++) {
    const before = live[cell * 3 + p] as number;
    const after = draft[cell * 3 + p] as number;
    code = code * 17 + (before === after ? 0 : 1 + before * 4 + after);
  }
  return code;
}

/**
 * Returns the Use answers the draft changes, grouped as the verdict summary groups its crawlers
 * (groupCrawlersByOutcome: members change alike on every URL); within a group, purposes that change
 * alike on as many URLs share a part. Groups with most URLs changed first; unchanged crawlers left out.
 */
export function summarizeUseChanges(
  crawlerCount: number,
  urlCount: number,
  live: UseColumns,
  draft: UseColumns,
): UseChangeGroup[] {
  const indices = Array.from({ length: crawlerCount }, (_, c) => c);
  const groups = groupCrawlersByOutcome(indices, urlCount, (c, u) => useChangeCode(live, draft, u * crawlerCount + c));
  const out: { group: UseChangeGroup; size: number }[] = [];
  for (const members of groups) {
    const first = members[0] as number;
    // counts[(p * 2 + wasBlocked) * 4 + to]: the members' columns are identical, the first tells all.
    const counts = new Uint32Array(3 * 2 * 4);
    for (let u = 0; u < urlCount; u++) {
      const cell = u * crawlerCount + first;
      for (let p = 0; p < 3; p++) {
        const before = live[cell * 3 + p] as number;
        const after = draft[cell * 3 + p] as number;
        if (before === after) continue;
        const at = (p * 2 + (before === USE_NOT_APPLICABLE ? 1 : 0)) * 4 + after;
        counts[at] = (counts[at] as number) + 1;
      }
    }
    const parts: UseChangePart[] = [];
    for (const to of TO_ORDER) {
      for (const wasBlocked of [false, true]) {
        const byCount = new Map<number, (typeof SIGNAL_PURPOSES)[number][]>();
        SIGNAL_PURPOSES.forEach((purpose, p) => {
          const n = counts[(p * 2 + (wasBlocked ? 1 : 0)) * 4 + to] as number;
          if (n > 0) byCount.set(n, [...(byCount.get(n) ?? []), purpose]);
        });
        for (const [count, purposes] of [...byCount].sort((a, b) => b[0] - a[0]))
          parts.push({ purposes, wasBlocked, to, count });
      }
    }
    if (parts.length > 0) out.push({ group: { members, parts }, size: parts.reduce((n, p) => n + p.count, 0) });
  }
  return out
    .sort((a, b) => b.size - a.size || (a.group.members[0] as number) - (b.group.members[0] as number))
    .map((g) => g.group);
}

/** Returns a part in words: "AI training becomes disallowed for 1,204 URLs", "search and AI input have no statement on 3 URLs the draft unblocks". */
export function describeUseChangePart(part: UseChangePart): string {
  const labels = part.purposes.map((p, i) => {
    const label = purposeLabel(p);
    // "AI …" keeps its capitals after the first place; "Search" does not.
    return i === 0 || label.startsWith('AI') ? label : label.toLowerCase();
  });
  const many = labels.length > 1;
  const urls = countOf(part.count, 'URL');
  const what = joinWords(labels);
  if (part.wasBlocked) {
    // The live file blocked these URLs: no Use answer applied; the draft lets the crawler fetch them.
    const answer =
      part.to === USE_DISALLOWED
        ? `${many ? 'are' : 'is'} disallowed`
        : part.to === USE_ALLOWED
          ? `${many ? 'are' : 'is'} allowed`
          : `${many ? 'have' : 'has'} no statement`;
    return `${what} ${answer} on ${urls} the draft unblocks`;
  }
  const change =
    part.to === USE_DISALLOWED
      ? `${many ? 'become' : 'becomes'} disallowed for ${urls}`
      : part.to === USE_ALLOWED
        ? `${many ? 'become' : 'becomes'} allowed for ${urls}`
        : part.to === USE_NO_STATEMENT
          ? `${many ? 'are' : 'is'} no longer stated either way for ${urls}`
          : `no longer ${many ? 'apply' : 'applies'} to ${urls}: the draft blocks them`;
  return `${what} ${change}`;
}

/**
 * Returns a group's Use changes in words, its crawlers named as the verdict summary names them:
 * "Use for GPTBot and ClaudeBot: AI training becomes disallowed for 1,204 URLs." `crawlers` are the
 * presets in table order.
 */
export function describeUseChange(group: UseChangeGroup, crawlers: readonly CrawlerPreset[]): string {
  const whom = describeCrawlerSet(
    group.members.map((c) => crawlers[c]).filter((c): c is CrawlerPreset => c !== undefined),
    { tested: crawlers },
  );
  return `Use for ${whom}: ${group.parts.map(describeUseChangePart).join('; ')}.`;
}

/** What the draft does to the lenses' divergences from Google, for a set of lenses and crawlers. */
export interface LensChangeLine {
  readonly kind: 'fixes' | 'introduces';
  /** URLs where each of these lenses stops (or starts) differing from Google for each of these crawlers. */
  readonly count: number;
  readonly profiles: readonly LensProfileId[];
  /** The crawlers' names, in table order. */
  readonly crawlers: readonly string[];
}

/** The lenses' divergences over the URL set: lines of change, and how many URLs diverge on each side. */
export interface LensSummary {
  readonly lines: readonly LensChangeLine[];
  /** URLs where some lens differs from Google for some crawler, under the live file and the draft. */
  readonly divergentLive: number;
  readonly divergentDraft: number;
}

/**
 * Returns, per lens and crawler, the URLs whose divergence from Google the draft fixes (it diverged
 * under the live file and no longer does) or introduces (the reverse). Crawlers with equal counts
 * share a line, and so do lenses with the same count and crawlers; most URLs first.
 */
export function summarizeLensChanges(
  names: readonly string[],
  urlCount: number,
  live: LensColumns,
  draft: LensColumns,
): LensSummary {
  const crawlerCount = names.length;
  const lensCount = LENS_PROFILES.length;
  // counts[(kind * lensCount + b) * crawlerCount + c]: kind 0 fixes, 1 introduces.
  const counts = new Uint32Array(2 * lensCount * crawlerCount);
  let divergentLive = 0;
  let divergentDraft = 0;
  for (let u = 0; u < urlCount; u++) {
    let anyLive = 0;
    let anyDraft = 0;
    for (let c = 0; c < crawlerCount; c++) {
      const before = live[u * crawlerCount + c] as number;
      const after = draft[u * crawlerCount + c] as number;
      anyLive |= before;
      anyDraft |= after;
      if (before === after) continue;
      for (let b = 0; b < lensCount; b++) {
        const bit = 1 << b;
        const kind =
          (before & bit) !== 0 && (after & bit) === 0 ? 0 : (after & bit) !== 0 && (before & bit) === 0 ? 1 : -1;
        if (kind < 0) continue;
        const at = (kind * lensCount + b) * crawlerCount + c;
        counts[at] = (counts[at] as number) + 1;
      }
    }
    if (anyLive !== 0) divergentLive++;
    if (anyDraft !== 0) divergentDraft++;
  }
  const lines: LensChangeLine[] = [];
  (['fixes', 'introduces'] as const).forEach((kind, k) => {
    // Per (count, crawler set): the lenses that share it.
    const groups = new Map<string, { count: number; crawlers: string[]; profiles: LensProfileId[] }>();
    LENS_PROFILES.forEach((profile, b) => {
      const byCount = new Map<number, string[]>();
      names.forEach((name, c) => {
        const n = counts[(k * lensCount + b) * crawlerCount + c] as number;
        if (n === 0) return;
        const list = byCount.get(n);
        if (list === undefined) byCount.set(n, [name]);
        else list.push(name);
      });
      for (const [count, crawlers] of byCount) {
        const key = `${count}|${crawlers.join('\n')}`;
        const group = groups.get(key);
        if (group === undefined) groups.set(key, { count, crawlers, profiles: [profile] });
        else group.profiles.push(profile);
      }
    });
    [...groups.values()]
      .sort((a, b) => b.count - a.count)
      .forEach((g) => lines.push({ kind, count: g.count, profiles: g.profiles, crawlers: g.crawlers }));
  });
  return { lines, divergentLive, divergentDraft };
}

/**
 * Returns a lens change line in words: "The draft fixes the divergence for 12 URLs (Python before 3.13.14 and 3.14.5,
 * Scrapy (Protego)) for GPTBot and ClaudeBot."
 */
export function describeLensChange(line: LensChangeLine): string {
  const who = line.profiles.map((p) => LENS_SHORT_NAMES[p]).join(', ');
  const what = line.kind === 'fixes' ? 'fixes the divergence' : 'introduces a divergence';
  return `The draft ${what} for ${countOf(line.count, 'URL')} (${who}) for ${nameCrawlers(line.crawlers)}.`;
}

/** Returns the lenses of a cell's mask, in LENS_PROFILES order. */
export function lensesOf(mask: number): LensProfileId[] {
  return LENS_PROFILES.filter((_, b) => (mask & (1 << b)) !== 0);
}

/** Returns the lenses of a mask in words ('' for none), as the CSV writes them. */
export function describeLensMask(mask: number): string {
  return lensesOf(mask)
    .map((p) => LENS_SHORT_NAMES[p])
    .join('; ');
}

/** Which side the "parsers disagree" filter looks at; `off` keeps every row. */
export type DisagreeFilter = 'off' | 'live' | 'draft' | 'either';

/** Returns the rows (cell indices, order kept) where some lens differs from Google on the chosen side. */
export function keepDisagreeingRows(rows: Uint32Array, lens: SideSignals['lens'], mode: DisagreeFilter): Uint32Array {
  if (mode === 'off' || lens === null) return rows;
  const out = new Uint32Array(rows.length);
  let n = 0;
  for (const cell of rows) {
    const live = lens.live[cell] as number;
    const draft = lens.draft[cell] as number;
    const keep = mode === 'live' ? live !== 0 : mode === 'draft' ? draft !== 0 : live !== 0 || draft !== 0;
    if (keep) out[n++] = cell;
  }
  return out.subarray(0, n);
}

/** Returns the CSV header fields the computed signals add: live and draft per purpose, then the lenses. */
export function signalCsvHeader(signals: SideSignals): string[] {
  const out: string[] = [];
  if (signals.use !== null) {
    for (const purpose of SIGNAL_PURPOSES) {
      const name = purpose.replace('-', '_');
      out.push(`live_use_${name}`, `draft_use_${name}`);
    }
  }
  if (signals.lens !== null) out.push('live_parsers_differing', 'draft_parsers_differing');
  return out;
}

/** Returns one row's signal fields, matching signalCsvHeader (empty lens cells: every parser agrees with Google). */
export function describeSignalFields(cell: number, signals: SideSignals): string[] {
  const out: string[] = [];
  if (signals.use !== null) {
    for (let p = 0; p < SIGNAL_PURPOSES.length; p++) {
      out.push(
        describeUseCode(signals.use.live[cell * 3 + p] as number),
        describeUseCode(signals.use.draft[cell * 3 + p] as number),
      );
    }
  }
  if (signals.lens !== null) {
    out.push(describeLensMask(signals.lens.live[cell] as number), describeLensMask(signals.lens.draft[cell] as number));
  }
  return out;
}
