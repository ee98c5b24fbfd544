import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bytesToByteString } from '../../../lib/fetch/body';
import { buildEvidenceBundle, type EvidenceManifest, HEADERS_NOT_RECORDED } from '../../../lib/history/evidence';
import { observe, type OriginHistory, type VersionMeta } from '../../../lib/history/versions';

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
    });
    const diff = strFromU8(files['versions/0002/diff-from-previous.txt'] as Uint8Array);
    expect(diff).toContain('+ Content-Usage: train-ai=n');
    expect(diff).toContain('- Disallow: /tmp/');
    expect(files['versions/0001/diff-from-previous.txt']).toBeUndefined();
    expect(files['probe.json']).toBeUndefined();
  });
});
