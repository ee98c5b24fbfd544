/**
 * The evidence bundle of an origin's robots.txt history: one ZIP (fflate) with each kept version's
 * bytes as fetched, its status and headers, first and last sighting, SHA-256, the Use answers
 * (AI-USAGE.md §8) it gave for the `*` group and the chosen crawlers, the line diff to the previous
 * kept version, the latest probe report when there is one, and `manifest.json` listing every file
 * with its SHA-256. Pure but for `digest`, which the caller passes (Web Crypto in the browser).
 */
import { strToU8, zipSync } from 'fflate';
import type { ProbeReport } from '../probe/types';
import {
  describeUsageAnswer,
  preparePageUsage,
  prepareRobotsUsage,
  resolveUsageForCrawler,
  USAGE_PURPOSES,
} from '../usage';
import { diffVersions } from './diff';
import { readKeptBody } from './record';
import type { VersionMeta } from './versions';

/** One kept version and what the store holds for its body. */
export interface EvidenceVersion {
  readonly meta: VersionMeta;
  readonly stored: string;
}

export interface EvidenceInput {
  readonly origin: string;
  /** The URL the Use answers are for (the page, or the origin's root). */
  readonly pageUrl: string;
  /** Epoch ms. */
  readonly createdAt: number;
  /** Oldest first. */
  readonly versions: readonly EvidenceVersion[];
  /** Crawlers whose Use answers are given besides the `*` group. */
  readonly crawlers: readonly string[];
  readonly probe: ProbeReport | null;
  /** Returns the SHA-256 of `bytes` in lower-case hex. */
  readonly digest: (bytes: Uint8Array) => Promise<string>;
}

/** One file of the bundle, as manifest.json lists it. */
export interface EvidenceFileEntry {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** What manifest.json holds. */
export interface EvidenceManifest {
  readonly kind: 'robotscope-evidence';
  readonly version: 1;
  readonly origin: string;
  readonly createdAt: string;
  readonly pageUrl: string;
  readonly crawlers: readonly string[];
  /** Every other file of the bundle with its SHA-256. */
  readonly files: readonly EvidenceFileEntry[];
}

/** Said for versions kept before headers were recorded. */
export const HEADERS_NOT_RECORDED =
  'Response headers were not recorded when this version was kept: Robotscope records them for versions first seen since the evidence bundle was added.';

const iso = (ms: number) => new Date(ms).toISOString();

/** ZIP (DOS) times run from 1980 to 2099: a clock outside them is clamped, never an error. */
const ZIP_EARLIEST = Date.UTC(1980, 0, 2);
const ZIP_LATEST = Date.UTC(2099, 11, 30);
const zipTime = (ms: number) => new Date(Math.min(ZIP_LATEST, Math.max(ZIP_EARLIEST, ms)));

function json(value: unknown): Uint8Array {
  return strToU8(`${JSON.stringify(value, null, 2)}\n`);
}

/** Returns the line diff from `older` to `newer` as text: `+ `, `- ` and `  ` lines. */
function diffText(older: string, newer: string, fromSeq: number, toSeq: number): string {
  const diff = diffVersions(older, newer);
  const head = `--- version ${fromSeq}\n+++ version ${toSeq}\n`;
  if (diff.kind === 'too-different')
    return `${head}The versions differ in too many lines to diff in time (${diff.oldLines} and ${diff.newLines} lines).\n`;
  const mark = { added: '+ ', removed: '- ', same: '  ' } as const;
  return `${head}${diff.added} added, ${diff.removed} removed\n${diff.lines.map((l) => `${mark[l.kind]}${l.text}`).join('\n')}\n`;
}

/** Returns the Use answers of one version for `*` and each crawler, per purpose, with their words. */
function usageOf(meta: VersionMeta, text: string, pageUrl: string, crawlers: readonly string[]) {
  const status = /^\d+$/.test(meta.status) ? Number(meta.status) : 'network-error';
  const robots = prepareRobotsUsage({ body: meta.outcome === 'ok' ? text : null, status });
  // Only robots.txt is evidence here: the page's headers and metas were not recorded with it.
  const page = preparePageUsage({ url: pageUrl, headers: null, meta: [] });
  return ['*', ...crawlers].map((crawler) => {
    const answers = resolveUsageForCrawler(robots, page, crawler);
    return {
      crawler,
      answers: Object.fromEntries(
        USAGE_PURPOSES.map((purpose) => [
          purpose,
          { kind: answers[purpose].kind, words: describeUsageAnswer(answers[purpose]) },
        ]),
      ),
    };
  });
}

/**
 * Returns the ZIP of the evidence bundle and its manifest. Each version goes under
 * `versions/<seq>/`: `body.bin` (the bytes as fetched; a version kept as text before, its UTF-8),
 * `response.json`, `usage.json` and, after the first kept version, `diff-from-previous.txt`.
 */
export async function buildEvidenceBundle(
  input: EvidenceInput,
): Promise<{ readonly zip: Uint8Array; readonly manifest: EvidenceManifest }> {
  const files: [string, Uint8Array][] = [];
  let previous: { seq: number; text: string } | null = null;
  for (const { meta, stored } of input.versions) {
    const kept = readKeptBody(meta, stored);
    const dir = `versions/${String(meta.seq).padStart(4, '0')}`;
    files.push([`${dir}/body.bin`, kept.bytes]);
    files.push([
      `${dir}/response.json`,
      json({
        seq: meta.seq,
        status: meta.status,
        outcome: meta.outcome,
        size: meta.size,
        firstSeen: iso(meta.firstSeen),
        lastSeen: iso(meta.lastSeen),
        sha256: await input.digest(kept.bytes),
        keptAs:
          meta.form === 'bytes'
            ? 'the bytes as fetched'
            : 'decoded text (kept before bytes were); body.bin is its UTF-8',
        headers: meta.headers ?? null,
        ...(meta.headers === undefined ? { headersNote: HEADERS_NOT_RECORDED } : {}),
      }),
    ]);
    files.push([
      `${dir}/usage.json`,
      json({ pageUrl: input.pageUrl, groups: usageOf(meta, kept.text, input.pageUrl, input.crawlers) }),
    ]);
    if (previous !== null)
      files.push([
        `${dir}/diff-from-previous.txt`,
        strToU8(diffText(previous.text, kept.text, previous.seq, meta.seq)),
      ]);
    previous = { seq: meta.seq, text: kept.text };
  }
  if (input.probe !== null) files.push(['probe.json', json(input.probe)]);
  files.push([
    'README.txt',
    strToU8(
      `Robotscope evidence bundle for ${input.origin}, made ${iso(input.createdAt)}.\n` +
        `${input.versions.length} kept version(s) of ${input.origin}/robots.txt under versions/, oldest first.\n` +
        "manifest.json lists every other file with its SHA-256; response.json gives each body's own SHA-256.\n" +
        (input.versions.some((v) => v.meta.headers === undefined) ? `${HEADERS_NOT_RECORDED}\n` : '') +
        (input.probe === null
          ? 'No probe ran for this origin while the extension kept its report.\n'
          : 'probe.json is the latest probe of this origin.\n'),
    ),
  ]);
  const entries: EvidenceFileEntry[] = [];
  for (const [path, bytes] of files) entries.push({ path, sha256: await input.digest(bytes), bytes: bytes.byteLength });
  const manifest: EvidenceManifest = {
    kind: 'robotscope-evidence',
    version: 1,
    origin: input.origin,
    createdAt: iso(input.createdAt),
    pageUrl: input.pageUrl,
    crawlers: input.crawlers,
    files: entries,
  };
  const zip = zipSync(Object.fromEntries([...files, ['manifest.json', json(manifest)]]), {
    level: 6,
    mtime: zipTime(input.createdAt),
  });
  return { zip, manifest };
}
