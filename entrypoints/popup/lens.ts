/**
 * The popup's use of the parser lenses (lib/lens, docs/semantics/lens.md §9): how the six other stacks read
 * the page for the selected crawler, and the lines they read differently from Google. Loaded by a
 * dynamic import when the "Other crawler stacks" section or the file's divergence list is opened,
 * never on the path to the first verdict.
 */

import type { InlineDivergence } from '../../components/popup/file-rows';
import {
  type DivergenceView,
  fixPlace,
  type LensFixView,
  type LensReport,
  type LensRow,
} from '../../components/popup/lens-model';
import type { LensProfileId } from '../../lib/lens/types';
import {
  bodyBytesText,
  createGoogleVerdict,
  createLensReader,
  type DivergenceFinding,
  findDivergences,
  LENS_PROFILE_INFO,
  LENS_PROFILES,
} from '../../lib/lens';

/** What the lenses read: the robots.txt response, the page and the crawler the popup shows. */
export interface LensRequest {
  /** The body's bytes (one character per byte, as FetchedBody keeps them), or '' without a body. */
  readonly bytes: string;
  /** The robots.txt status; 0 for no response. */
  readonly status: number;
  readonly pageUrl: string;
  readonly token: string;
  /** Google's verdict as the popup shows it. */
  readonly googleAllowed: boolean;
}

/** Probe URLs made from the file's own rule paths: past this many, the rest are left out. */
export const MAX_PROBES = 200;

/** Matches an Allow/Disallow line's value (before a comment), as most stacks spell the key. */
const RULE_LINE = /^[ \t]*(?:allow|disallow)[ \t]*:[ \t]*([^#\s]*)/i;

/**
 * Returns URLs on the page's origin made from the file's rule paths (`*` read as one letter, a final
 * `$` dropped), so that lines which never decide for this page are compared too; the page comes first.
 */
export function listProbeUrls(text: string, pageUrl: string): string[] {
  const urls = [pageUrl];
  let origin: string;
  try {
    origin = new URL(pageUrl).origin;
  } catch {
    return urls;
  }
  for (const line of text.split(/\r\n|\r|\n/)) {
    const m = RULE_LINE.exec(line);
    const value = m?.[1] ?? '';
    if (!value.startsWith('/') && !value.startsWith('*')) continue;
    const path = value.replace(/\$$/, '').replace(/\*/g, 'a');
    let url: string;
    try {
      url = new URL(path.startsWith('/') ? path : `/${path}`, origin).href;
    } catch {
      continue;
    }
    if (!urls.includes(url)) urls.push(url);
    if (urls.length > MAX_PROBES) break;
  }
  return urls;
}

/** Returns the body's bytes from FetchedBody's one-character-per-byte string. */
function toBytes(bytes: string): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i) & 0xff;
  return out;
}

/** Returns the fix as the popup shows it: the lines it writes, and the fixed file the library proved. */
function describeFix(finding: DivergenceFinding): LensFixView | null {
  const fix = finding.fix;
  if (fix === null) return null;
  return { label: fix.label, from: fix.from, to: fix.to, text: fix.lines.join('\n'), fixedFile: fix.text };
}

/**
 * Returns how the six lenses read the page for the crawler, beside Google's verdict, and each line
 * some lens reads differently from Google for the page or a probe made from the file's rules.
 */
export function readLenses(request: LensRequest): LensReport {
  const robots = toBytes(request.bytes);
  // The text the lenses' fixes are written on (the WHATWG decode: a leading BOM is not text).
  const text = bodyBytesText(robots);
  const urls = listProbeUrls(text, request.pageUrl);
  const findings = findDivergences({
    robots,
    robotsStatus: request.status,
    userAgent: request.token,
    urls,
    // The popup's Google verdict is the crawler's documented selection (evaluateForCrawler).
    googleVerdict: createGoogleVerdict({ asCrawler: true }),
  });
  const onPage = findings.filter((f) => f.urls.includes(request.pageUrl));
  const rows: LensRow[] = LENS_PROFILES.map((profile) => {
    const info = LENS_PROFILE_INFO[profile];
    const verdict = createLensReader(profile, {
      robots,
      robotsStatus: request.status,
      userAgent: request.token,
    })(request.pageUrl);
    const differs = verdict.allowed !== request.googleAllowed;
    const finding = differs ? onPage.find((f) => f.profiles.includes(profile)) : undefined;
    return {
      profile,
      displayName: info.displayName,
      allowed: verdict.allowed,
      differs,
      line: verdict.line,
      reason: verdict.reason,
      users: info.users,
      asOf: info.asOf,
      nameNote: info.nameNote,
      why: finding?.message ?? null,
    };
  });
  const divergences: DivergenceView[] = findings.map((f) => ({
    line: f.line,
    profiles: f.profiles,
    message: f.message,
    affectsPage: f.urls.includes(request.pageUrl),
    fix: describeFix(f),
    noFix: f.noFix,
  }));
  return {
    googleAllowed: request.googleAllowed,
    rows,
    divergences,
    byLine: inlineDivergences(divergences),
    urlsChecked: urls.length,
  };
}

/** Returns code spans as quotations, for the one-line rows of the file view. */
const quoted = (text: string): string => text.replace(/`([^`]*)`/g, '“$1”');

/**
 * Returns each divergent line as the file view marks it: one entry per line (several findings on a
 * line are merged: every stack, every reason, the first fix), with the stacks named in words.
 */
export function inlineDivergences(divergences: readonly DivergenceView[]): Map<number, InlineDivergence> {
  const byLine = new Map<number, InlineDivergence>();
  for (const d of divergences) {
    if (d.line === null) continue;
    const before = byLine.get(d.line);
    const profiles = [...new Set([...(before?.profiles ?? []), ...d.profiles])];
    const place = d.fix === null ? null : fixPlace(d.fix);
    const fix =
      d.fix === null
        ? null
        : `${quoted(d.fix.label)} (${place === null ? 'the fixed file' : place}; ${place === null ? 'it is' : 'the lines to copy are'} below the file).`;
    byLine.set(d.line, {
      line: d.line,
      profiles,
      stacks: profiles.map((p) => LENS_PROFILE_INFO[p as LensProfileId].displayName).join(', '),
      message: before === undefined ? quoted(d.message) : `${before.message} ${quoted(d.message)}`,
      fix: before?.fix ?? fix,
      affectsPage: (before?.affectsPage ?? false) || d.affectsPage,
    });
  }
  return byLine;
}
