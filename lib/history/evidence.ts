/**
 * The evidence bundle of an origin's robots.txt history: one ZIP (fflate) with each kept version's
 * bytes as fetched, its status and headers, first and last sighting, SHA-256, the Use answers
 * (docs/semantics/usage.md §8) it gave for the `*` group and the chosen crawlers, the line diff to the previous
 * kept version; the latest probe when there is one, with every distinct body it received
 * (evidence-probe.ts) and each crawler's Use answers from what it was served; a README in words,
 * and `manifest.json` listing every file with its SHA-256 and byte length. Every line number in
 * the bundle names the held file it counts in. Pure but for `digest`, which the caller passes
 * (Web Crypto in the browser).
 */
import { strToU8, zipSync } from 'fflate';
import type { ProbeReport } from '../probe/types';
import { countOf } from '../shared/plural';
import {
  type CrawlerUsageAnswers,
  describeUsageAnswer,
  type PageUsage,
  preparePageUsage,
  prepareRobotsUsage,
  type RobotsUsage,
  resolveUsageForCrawler,
  USAGE_PURPOSES,
} from '../usage';
import { diffVersions } from '../shared/version-diff';
import { type EvidenceReceivedEntry, probeEvidence, servedUsageInputs, usageStatusOf } from './evidence-probe';
import { readKeptBody } from './record';
import { describeLineCounts } from '../shared/line-counts';
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
interface EvidenceFileEntry {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** What manifest.json holds. */
export interface EvidenceManifest {
  readonly kind: 'robotscope-evidence';
  readonly version: 2;
  readonly origin: string;
  readonly createdAt: string;
  readonly pageUrl: string;
  readonly crawlers: readonly string[];
  /** Every other file of the bundle with its SHA-256. */
  readonly files: readonly EvidenceFileEntry[];
  /** Every distinct body the latest probe received: its file, hash, length, who was served it and whether it was cut. */
  readonly received: readonly EvidenceReceivedEntry[];
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
  return `${head}${describeLineCounts(diff.added, diff.removed)}\n${diff.lines.map((l) => `${mark[l.kind]}${l.text}`).join('\n')}\n`;
}

/** Returns one crawler's answers per purpose, with their words and, for a robots.txt line, the held file it counts in. */
function answersJson(answers: CrawlerUsageAnswers, file: string | null) {
  return Object.fromEntries(
    USAGE_PURPOSES.map((purpose) => {
      const answer = answers[purpose];
      const deciding = answer.deciding;
      return [
        purpose,
        {
          kind: answer.kind,
          words: describeUsageAnswer(answer),
          ...(deciding?.source === 'robots' && deciding.line > 0 && file !== null
            ? { line: { file, line: deciding.line } }
            : {}),
        },
      ];
    }),
  );
}

/** Returns the Use answers of one version for `*` and each crawler, per purpose, with their words. */
function usageOf(
  meta: VersionMeta,
  text: string,
  input: Pick<EvidenceInput, 'pageUrl' | 'crawlers'>,
  file: string,
  servedOther: ReadonlyMap<string, string>,
) {
  const robots = prepareRobotsUsage({
    body: meta.outcome === 'ok' ? text : null,
    status: usageStatusOf(meta.status),
  });
  // Only robots.txt is evidence here: the page's headers and metas were not recorded with it.
  const page = preparePageUsage({ url: input.pageUrl, headers: null, meta: [] });
  return ['*', ...input.crawlers].map((crawler) => {
    const other = servedOther.get(crawler);
    return {
      crawler,
      file,
      ...(other === undefined
        ? {}
        : {
            servedOther: `The latest probe found ${crawler} served ${other}: probe/usage.json gives its answers from what it was served.`,
          }),
      answers: answersJson(resolveUsageForCrawler(robots, page, crawler), file),
    };
  });
}

/** Returns one crawler's Use answers from what the probe served it. */
function servedUsage(crawler: string, robots: RobotsUsage, page: PageUsage, file: string | null) {
  return { crawler, file, answers: answersJson(resolveUsageForCrawler(robots, page, crawler), file) };
}

/** Returns the README's words on the kept versions. */
function versionsWords(input: EvidenceInput): string[] {
  const n = input.versions.length;
  if (n === 0) return [`No version of ${input.origin}/robots.txt is kept.`];
  return [
    n === 1
      ? `versions/ holds the one kept version of ${input.origin}/robots.txt, in one folder:`
      : `versions/ holds the ${countOf(n, 'kept version')} of ${input.origin}/robots.txt, oldest first, one folder each:`,
    '- body.bin: the bytes as fetched;',
    '- response.json: its status, headers, first and last sighting and SHA-256;',
    "- usage.json: the Use answers it gives for the * group and each crawler; its line numbers count lines of that folder's body.bin;",
    ...(n > 1 ? ['- diff-from-previous.txt: the lines changed since the version before it (from the second on).'] : []),
  ];
}

/** Returns the README's sentence on versions kept before headers were recorded, if any were. */
function headersWords(input: EvidenceInput): string[] {
  const without = input.versions.filter((v) => v.meta.headers === undefined).map((v) => `#${v.meta.seq}`);
  if (without.length === 0) return [];
  const which =
    without.length === 1
      ? `Version ${without[0]} was`
      : `Versions ${without.slice(0, -1).join(', ')} and ${without.at(-1)} were`;
  return [
    `${which} kept before Robotscope recorded response headers: ${without.length === 1 ? 'its' : 'their'} response.json says so, and holds no headers.`,
  ];
}

/** Returns the README's words on the probe's files. */
function probeWords(
  probe: ProbeReport,
  held: Awaited<ReturnType<typeof probeEvidence>>,
  versionOfHash: ReadonlyMap<string, string>,
): string[] {
  const robotsFiles = held.received.filter((e) => e.path.startsWith('probe/robots-')).length;
  const pageFiles = held.received.length - robotsFiles;
  const crawlers = probe.received.agents.length - 1;
  const words = [
    `The latest probe (${iso(probe.startedAt)}) asked for ${probe.pageUrl} and its robots.txt as your browser and as ${countOf(crawlers, 'crawler')}. probe/ holds every body it received, each once however many agents were served the same bytes:`,
    `- ${countOf(robotsFiles, 'robots.txt file')} (robots-N.bin) and ${countOf(pageFiles, 'page body', 'page bodies')} (page-N.bin), numbered in the order first received, the bytes exactly as received;`,
    '- responses.json: per agent, the status and headers of its robots.txt and its page, and the held file of each body (or why there is none);',
    '- usage.json: each crawler’s Use answers worked out from the robots.txt it was served and the headers of the page it was served.',
  ];
  for (const [agent, other] of held.servedOther) {
    const name = probe.rows.find((r) => r.agent === agent)?.name ?? agent;
    words.push(`${name} was served ${other}.`);
  }
  for (const entry of held.received) {
    const version = versionOfHash.get(entry.sha256);
    if (version !== undefined) words.push(`${entry.path} holds the same bytes as ${version}.`);
    if (entry.cut !== null) words.push(`${entry.path}: ${entry.cut}`);
  }
  words.push("probe.json is the probe's report; each row names in robotsFile the held file its line numbers count in.");
  return words;
}

/**
 * Returns the ZIP of the evidence bundle and its manifest. Each version goes under
 * `versions/<seq>/`: `body.bin` (the bytes as fetched; a version kept as text before, its UTF-8),
 * `response.json`, `usage.json` and, after the first kept version, `diff-from-previous.txt`; the
 * probe's under `probe/` and `probe.json`.
 */
export async function buildEvidenceBundle(
  input: EvidenceInput,
): Promise<{ readonly zip: Uint8Array; readonly manifest: EvidenceManifest }> {
  const files: [string, Uint8Array][] = [];
  const held = input.probe === null ? null : await probeEvidence(input.probe, input.digest);
  const servedOther = held?.servedOther ?? new Map<string, string>();
  let previous: { seq: number; text: string } | null = null;
  const versionOfHash = new Map<string, string>();
  for (const { meta, stored } of input.versions) {
    const kept = readKeptBody(meta, stored);
    const dir = `versions/${String(meta.seq).padStart(4, '0')}`;
    const sha256 = await input.digest(kept.bytes);
    versionOfHash.set(sha256, `version #${meta.seq} (${dir}/body.bin)`);
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
        sha256,
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
      json({ pageUrl: input.pageUrl, groups: usageOf(meta, kept.text, input, `${dir}/body.bin`, servedOther) }),
    ]);
    if (previous !== null)
      files.push([
        `${dir}/diff-from-previous.txt`,
        strToU8(diffText(previous.text, kept.text, previous.seq, meta.seq)),
      ]);
    previous = { seq: meta.seq, text: kept.text };
  }
  if (input.probe !== null && held !== null) {
    const probe = input.probe;
    for (const body of held.bodies) files.push([body.path, body.bytes]);
    files.push(['probe/responses.json', json(held.responses)]);
    const crawlers = probe.received.agents.filter((a) => a.agent !== 'browser');
    files.push([
      'probe/usage.json',
      json({
        pageUrl: probe.pageUrl,
        crawlers: crawlers.flatMap((a) => {
          const served = servedUsageInputs(probe, a.agent);
          return served === null
            ? []
            : [servedUsage(a.agent, served.robots, served.page, held.robotsFileOf.get(a.agent) ?? null)];
        }),
      }),
    ]);
    files.push(['probe.json', json(held.report)]);
  }
  files.push([
    'README.txt',
    strToU8(
      [
        `Robotscope evidence bundle for ${input.origin}, made ${iso(input.createdAt)}.`,
        '',
        ...versionsWords(input),
        ...headersWords(input),
        '',
        ...(input.probe === null || held === null
          ? ['No probe ran for this origin while the extension kept its report.']
          : probeWords(input.probe, held, versionOfHash)),
        '',
        'manifest.json lists every other file with its SHA-256 and length in bytes; its received list names, for each body the probe received, every agent it was served to and whether it was cut.',
      ].join('\n') + '\n',
    ),
  ]);
  const entries: EvidenceFileEntry[] = [];
  for (const [path, bytes] of files) entries.push({ path, sha256: await input.digest(bytes), bytes: bytes.byteLength });
  const manifest: EvidenceManifest = {
    kind: 'robotscope-evidence',
    version: 2,
    origin: input.origin,
    createdAt: iso(input.createdAt),
    pageUrl: input.pageUrl,
    crawlers: input.crawlers,
    files: entries,
    received: held?.received ?? [],
  };
  const zip = zipSync(Object.fromEntries([...files, ['manifest.json', json(manifest)]]), {
    level: 6,
    mtime: zipTime(input.createdAt),
  });
  return { zip, manifest };
}
