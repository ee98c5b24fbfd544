import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bytesToByteString, decodeUtf8ByteString, describeBody } from '../../../lib/fetch/body';
import { MAX_ROBOTS_BYTES } from '../../../lib/fetch/constants';
import type { FetchRecord } from '../../../lib/fetch/types';
import { buildEvidenceBundle, type EvidenceManifest, HEADERS_NOT_RECORDED } from '../../../lib/history/evidence';
import { observe, type OriginHistory, type VersionMeta } from '../../../lib/history/versions';
import { buildProbeReport } from '../../../lib/probe/report';
import type { AgentFetch, PageFetch } from '../../../lib/probe/types';
import { findWordFaults } from '../../support/words-check';

const ORIGIN = 'https://example.com';
const sha256 = async (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Two kept versions: an old one kept as text without headers, a new one as bytes with headers. */
function versions(): { meta: VersionMeta; stored: string }[] {
  const v1 = 'User-agent: *\nDisallow: /tmp/\n';
  // Latin-1 bytes that are not UTF-8: body.bin must hold them as fetched.
  const v2 = bytesToByteString(
    new Uint8Array([
      ...new TextEncoder().encode('User-agent: *\nContent-Usage: train-ai=n\nDisallow: /caf'),
      0xe9,
      0x0a,
    ]),
  );
  let history: OriginHistory | null = null;
  const first = observe(history, { origin: ORIGIN, at: 1_000, status: '200', outcome: 'ok', body: v1 });
  history = first.history;
  const second = observe(history, {
    origin: ORIGIN,
    at: 2_000,
    status: '200',
    outcome: 'ok',
    body: v2,
    headers: [
      ['content-type', 'text/plain'],
      ['cache-control', 'max-age=60'],
    ],
  });
  // The first as a version kept before bytes and headers were: text, no `form`, no headers.
  const { form: _form, ...old } = first.added as VersionMeta;
  return [
    { meta: old, stored: v1 },
    { meta: second.added as VersionMeta, stored: v2 },
  ];
}

describe('the evidence bundle', () => {
  it('re-read, every file the manifest lists is there with the SHA-256 it says, and nothing is unlisted', async () => {
    const kept = versions();
    const { zip } = await buildEvidenceBundle({
      origin: ORIGIN,
      pageUrl: `${ORIGIN}/`,
      createdAt: Date.UTC(2026, 10, 25),
      versions: kept,
      crawlers: ['GPTBot'],
      probe: null,
      digest: sha256,
    });
    const files = unzipSync(zip);
    const manifest = JSON.parse(strFromU8(files['manifest.json'] as Uint8Array)) as EvidenceManifest;
    expect(manifest.files.length).toBeGreaterThan(0);
    for (const entry of manifest.files) {
      const bytes = files[entry.path];
      expect(bytes, entry.path).toBeDefined();
      expect(await sha256(bytes as Uint8Array), entry.path).toBe(entry.sha256);
      expect(bytes?.byteLength).toBe(entry.bytes);
    }
    expect(Object.keys(files).sort()).toEqual([...manifest.files.map((f) => f.path), 'manifest.json'].sort());

    // Each body's own hash in response.json is that of body.bin, and body.bin holds the bytes as fetched.
    for (const { meta, stored } of kept) {
      const dir = `versions/${String(meta.seq).padStart(4, '0')}`;
      const response = JSON.parse(strFromU8(files[`${dir}/response.json`] as Uint8Array)) as Record<string, unknown>;
      expect(response.sha256).toBe(await sha256(files[`${dir}/body.bin`] as Uint8Array));
      if (meta.form === 'bytes') expect(bytesToByteString(files[`${dir}/body.bin`] as Uint8Array)).toBe(stored);
    }
  });

  it('gives status, sightings, headers (or says they were not recorded), Use answers and the diff per version', async () => {
    const { zip } = await buildEvidenceBundle({
      origin: ORIGIN,
      pageUrl: `${ORIGIN}/`,
      createdAt: 0,
      versions: versions(),
      crawlers: ['GPTBot'],
      probe: null,
      digest: sha256,
    });
    const files = unzipSync(zip);
    const read = (path: string) => JSON.parse(strFromU8(files[path] as Uint8Array)) as Record<string, unknown>;
    expect(read('versions/0001/response.json')).toMatchObject({
      status: '200',
      firstSeen: '1970-01-01T00:00:01.000Z',
      headers: null,
      headersNote: HEADERS_NOT_RECORDED,
    });
    expect(read('versions/0002/response.json')).toMatchObject({
      firstSeen: '1970-01-01T00:00:02.000Z',
      headers: [
        ['content-type', 'text/plain'],
        ['cache-control', 'max-age=60'],
      ],
    });
    const usage = read('versions/0002/usage.json') as {
      groups: { crawler: string; answers: Record<string, { kind: string; words: string }> }[];
    };
    expect(usage.groups.map((g) => g.crawler)).toEqual(['*', 'GPTBot']);
    expect(usage.groups[1]?.answers['ai-train']).toEqual({
      kind: 'disallowed',
      words: 'AI training: disallowed (robots.txt:2).',
      line: { file: 'versions/0002/body.bin', line: 2 },
    });
    const diff = strFromU8(files['versions/0002/diff-from-previous.txt'] as Uint8Array);
    expect(diff).toContain('+ Content-Usage: train-ai=n');
    expect(diff).toContain('- Disallow: /tmp/');
    expect(files['versions/0001/diff-from-previous.txt']).toBeUndefined();
    expect(files['probe.json']).toBeUndefined();
  });
});

/** A robots.txt fetch record of `text` (or of `status` without a file), as the probe's fetch makes it. */
function robotsRecord(text: string, status = 200, declared: number | null = null): FetchRecord {
  const truncated = declared !== null && declared > text.length;
  const bytes = new TextEncoder().encode(text);
  return {
    origin: ORIGIN,
    robotsUrl: `${ORIGIN}/robots.txt`,
    finalUrl: `${ORIGIN}/robots.txt`,
    hops: [],
    outcome:
      status === 200
        ? {
            kind: 'ok',
            status,
            body: describeBody(
              { bytes, receivedBytes: declared ?? bytes.byteLength, truncated },
              { contentType: 'text/plain', contentLength: declared === null ? null : String(declared) },
            ),
          }
        : { kind: 'unavailable', cause: 'client-error', status },
    fetchedAt: 0,
    expiresAt: 0,
    durationMs: 0,
    headers: [['content-type', 'text/plain']],
  };
}

const pageAnswer = (status: number, bytes: string, headers: [string, string][] = []): PageFetch => ({
  kind: 'response',
  status,
  finalUrl: `${ORIGIN}/article`,
  hops: [],
  headers,
  body: decodeUtf8ByteString(bytes),
  bytes,
  truncated: false,
});

describe('the evidence of what each bot was served', () => {
  const OWN = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /article\n';
  // Googlebot gets a file of its own: a usage line the browser's file does not have.
  const GOOGLE = '# For Googlebot only\nUser-agent: Googlebot\nContent-Usage: train-ai=n\nAllow: /\n';
  // Bingbot gets a file of 600,000 bytes, cut at the robots.txt limit.
  const BING_HEAD = 'User-agent: *\nAllow: /\n#';
  const BING = BING_HEAD + 'x'.repeat(MAX_ROBOTS_BYTES - BING_HEAD.length);
  // A page in Latin-1, bytes that are not UTF-8: held as received.
  const PAGE_BYTES = String.fromCharCode(...new TextEncoder().encode('<p>caf'), 0xe9, 0x0a);
  const fetches: AgentFetch[] = [
    { agent: 'browser', userAgent: null, robots: robotsRecord(OWN), page: pageAnswer(200, PAGE_BYTES) },
    { agent: 'Googlebot', userAgent: 'G', robots: robotsRecord(GOOGLE), page: pageAnswer(200, PAGE_BYTES) },
    { agent: 'GPTBot', userAgent: 'O', robots: robotsRecord(OWN), page: pageAnswer(403, 'Forbidden\n') },
    // Bingbot's page carries a usage header the others' do not.
    {
      agent: 'bingbot',
      userAgent: 'B',
      robots: robotsRecord(BING, 200, 600_000),
      page: pageAnswer(200, PAGE_BYTES, [['content-usage', 'train-ai=n']]),
    },
    {
      agent: 'ClaudeBot',
      userAgent: 'C',
      robots: robotsRecord('', 404),
      page: { kind: 'failed', detail: 'a redirect loop', hops: [] },
    },
  ];
  const probe = buildProbeReport({
    pageUrl: `${ORIGIN}/article`,
    origin: ORIGIN,
    startedAt: Date.UTC(2026, 10, 26),
    finishedAt: Date.UTC(2026, 10, 26),
    fetches,
  });
  const bundle = async () => {
    const kept = versions();
    const { zip, manifest } = await buildEvidenceBundle({
      origin: ORIGIN,
      pageUrl: `${ORIGIN}/article`,
      createdAt: Date.UTC(2026, 10, 26),
      versions: kept,
      crawlers: ['Googlebot', 'GPTBot', 'bingbot', 'ClaudeBot'],
      probe,
      digest: sha256,
    });
    const files = unzipSync(zip);
    const read = <T>(path: string) => JSON.parse(strFromU8(files[path] as Uint8Array)) as T;
    return { files, read, manifest };
  };
  const served = (manifest: EvidenceManifest, agent: string, as: string) =>
    manifest.received.find((e) => e.servedTo.some((s) => s.agent === agent && s.as === as));

  it('holds every distinct body once, bytes as received, with a hash that re-computes from the ZIP', async () => {
    const { files, manifest } = await bundle();
    const expected = [OWN, GOOGLE, BING, PAGE_BYTES, 'Forbidden\n'];
    expect(manifest.received.map((e) => bytesToByteString(files[e.path] as Uint8Array)).sort()).toEqual(
      expected.sort(),
    );
    for (const entry of manifest.received) {
      const bytes = files[entry.path] as Uint8Array;
      expect(await sha256(bytes), entry.path).toBe(entry.sha256);
      expect(bytes.byteLength).toBe(entry.bytes);
      expect(manifest.files.find((f) => f.path === entry.path)?.sha256).toBe(entry.sha256);
    }
    // Two agents served the same bytes: one file, both named.
    const own = served(manifest, 'browser', 'robots.txt');
    expect(own?.servedTo.filter((s) => s.as === 'robots.txt').map((s) => s.agent)).toEqual(['browser', 'GPTBot']);
    const page = served(manifest, 'browser', 'page');
    expect(page?.servedTo.map((s) => `${s.agent} ${s.status}`)).toEqual([
      'browser 200',
      'Googlebot 200',
      'bingbot 200',
    ]);
    expect(served(manifest, 'Googlebot', 'robots.txt')?.path).not.toBe(own?.path);
    // The cut body says so; whole ones do not.
    expect(served(manifest, 'bingbot', 'robots.txt')?.cut).toBe(
      'Cut at 512,000 bytes, where Google stops reading robots.txt (the server declared 600,000 bytes).',
    );
    expect(own?.cut).toBeNull();
  });

  it('gives each agent’s statuses, headers and held files, and says why a body is missing', async () => {
    const { read, manifest } = await bundle();
    type Side = { status: string; headers: unknown; body: { file: string; sha256: string } | null; noBody?: string };
    const responses = read<{ agents: { agent: string; robots: Side; page: Side }[] }>('probe/responses.json');
    expect(responses.agents.map((a) => a.agent)).toEqual(['browser', 'Googlebot', 'GPTBot', 'bingbot', 'ClaudeBot']);
    const google = responses.agents[1];
    expect(google?.robots).toMatchObject({
      status: '200',
      headers: [['content-type', 'text/plain']],
      body: { file: served(manifest, 'Googlebot', 'robots.txt')?.path },
    });
    expect(google?.robots.body?.sha256).toBe(await sha256(new TextEncoder().encode(GOOGLE)));
    const claude = responses.agents[4];
    expect(claude?.robots.body).toBeNull();
    expect(claude?.robots.noBody).toMatch(/answered 404/);
    expect(claude?.page).toMatchObject({ status: 'failed', body: null, noBody: 'No response came: a redirect loop.' });
  });

  it('points every line number into a held file, at the line it names', async () => {
    const { files, read } = await bundle();
    const lineOf = (path: string, n: number) =>
      decodeUtf8ByteString(bytesToByteString(files[path] as Uint8Array)).split('\n')[n - 1];
    const report = read<{
      rows: { agent: string; robots: { kind: string; line?: number | null }; robotsFile: string | null }[];
    }>('probe.json');
    expect(report).not.toHaveProperty('received');
    const gpt = report.rows.find((r) => r.agent === 'GPTBot');
    expect(gpt?.robots).toEqual({ kind: 'blocked', line: 5 });
    expect(lineOf(gpt?.robotsFile as string, 5)).toBe('Disallow: /article');
    for (const row of report.rows) if (row.robotsFile !== null) expect(files[row.robotsFile], row.agent).toBeDefined();
    // Every usage answer that names a line names a held file, and that line is a usage or rule line.
    const answerLines: { file: string; line: number }[] = [];
    for (const path of Object.keys(files).filter((p) => p.endsWith('usage.json'))) {
      const usage = read<{
        groups?: { answers: Record<string, { line?: { file: string; line: number } }> }[];
        crawlers?: { answers: Record<string, { line?: { file: string; line: number } }> }[];
      }>(path);
      for (const entry of [...(usage.groups ?? []), ...(usage.crawlers ?? [])])
        for (const answer of Object.values(entry.answers)) if (answer.line !== undefined) answerLines.push(answer.line);
    }
    expect(answerLines.length).toBeGreaterThan(0);
    for (const { file, line } of answerLines) {
      expect(files[file], file).toBeDefined();
      expect(lineOf(file, line), `${file}:${line}`).toMatch(/^(Content-Usage|Disallow|Allow):/);
    }
  });

  it('works out each crawler’s Use answers from the robots.txt it was served, and says which file', async () => {
    const { read, manifest } = await bundle();
    type Entry = {
      crawler: string;
      file: string | null;
      answers: Record<string, { kind: string; line?: { file: string; line: number } }>;
    };
    const usage = read<{ crawlers: Entry[] }>('probe/usage.json');
    const googleFile = served(manifest, 'Googlebot', 'robots.txt')?.path;
    const google = usage.crawlers.find((c) => c.crawler === 'Googlebot');
    expect(google?.file).toBe(googleFile);
    expect(google?.answers['ai-train']).toMatchObject({ kind: 'disallowed', line: { file: googleFile, line: 3 } });
    // From the browser's file, Googlebot has no such statement: the bundle does not answer from it.
    const gpt = usage.crawlers.find((c) => c.crawler === 'GPTBot');
    expect(gpt?.file).toBe(served(manifest, 'browser', 'robots.txt')?.path);
    expect(usage.crawlers.find((c) => c.crawler === 'ClaudeBot')?.file).toBeNull();
    // The headers of the page each crawler was served count too: Bingbot's, not the browser's.
    expect(usage.crawlers.find((c) => c.crawler === 'bingbot')?.answers['ai-train']).toEqual({
      kind: 'disallowed',
      words: 'AI training: disallowed (header content-usage).',
    });
    // The kept version's own answers say which file they read, and point to what Googlebot was served.
    const version = read<{ groups: { crawler: string; file: string; servedOther?: string }[] }>(
      'versions/0002/usage.json',
    );
    expect(version.groups.every((g) => g.file === 'versions/0002/body.bin')).toBe(true);
    expect(version.groups.find((g) => g.crawler === 'Googlebot')?.servedOther).toBe(
      `The latest probe found Googlebot served a robots.txt other than your browser’s, ${googleFile}: probe/usage.json gives its answers from what it was served.`,
    );
    expect(version.groups.find((g) => g.crawler === 'GPTBot')?.servedOther).toBeUndefined();
    expect(version.groups.find((g) => g.crawler === 'ClaudeBot')?.servedOther).toMatch(
      /answered 404 where your browser got 200/,
    );
  });

  it('explains the held files in words in its README', async () => {
    const { files, manifest } = await bundle();
    const readme = strFromU8(files['README.txt'] as Uint8Array);
    expect(readme).toContain('versions/ holds the 2 kept versions of https://example.com/robots.txt');
    expect(readme).toContain(
      'Version #1 was kept before Robotscope recorded response headers: its response.json says so, and holds no headers.',
    );
    expect(readme).toContain('as your browser and as 4 crawlers');
    expect(readme).toContain('- 3 robots.txt files (robots-N.bin) and 2 page bodies (page-N.bin)');
    expect(readme).toContain(
      `Googlebot was served a robots.txt other than your browser’s, ${served(manifest, 'Googlebot', 'robots.txt')?.path}.`,
    );
    expect(readme).toContain(`${served(manifest, 'bingbot', 'robots.txt')?.path}: Cut at 512,000 bytes`);
    // No kept version has the bytes of a probe file here.
    expect(readme).not.toContain('holds the same bytes as');
    expect(readme).not.toContain('(s)');
    expect(findWordFaults(readme)).toEqual([]);
  });

  it('says in its README which probe file has the same bytes as a kept version', async () => {
    const kept = observe(null, { origin: ORIGIN, at: 1_000, status: '200', outcome: 'ok', body: OWN, headers: [] });
    const { zip } = await buildEvidenceBundle({
      origin: ORIGIN,
      pageUrl: `${ORIGIN}/article`,
      createdAt: 0,
      versions: [{ meta: kept.added as VersionMeta, stored: OWN }],
      crawlers: [],
      probe,
      digest: sha256,
    });
    const readme = strFromU8(unzipSync(zip)['README.txt'] as Uint8Array);
    expect(readme).toContain('versions/ holds the one kept version of https://example.com/robots.txt, in one folder:');
    expect(readme).toContain('probe/robots-1.bin holds the same bytes as version #1 (versions/0001/body.bin).');
    expect(findWordFaults(readme)).toEqual([]);
  });
});
