import { describe, expect, it } from 'vitest';
import { auditLogFiles, type LogFilesInput, type LogReadProgress } from '../../../lib/logs';

const T0 = Date.UTC(2026, 10, 1);
const BODY = 'User-agent: *\nDisallow: /private\n';
const VERSIONS = [
  { seq: 1, firstSeen: T0 - 30 * 86_400_000, lastSeen: T0 + 30 * 86_400_000, status: '200', body: BODY },
];
const LISTS = { 'google-common-crawlers': { prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] } };
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function line(i: number, target = `/private/${i}`): string {
  const second = String(i % 60).padStart(2, '0');
  return `66.249.66.1 - - [01/Nov/2026:00:00:${second} +0000] "GET ${target} HTTP/1.1" 200 512 "-" "${GOOGLEBOT}"`;
}

/** A stream of `bytes` in chunks of `size`. */
function streamOf(bytes: Uint8Array, size = 1000): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else {
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      }
    },
  });
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  // DOM and Node type CompressionStream differently: it is a bytes-to-bytes transform in both.
  const gzipper = new CompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  const compressed = streamOf(bytes).pipeThrough(gzipper);
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

const encode = (text: string) => new TextEncoder().encode(text);

function run(files: LogFilesInput['files'], extra: Partial<LogFilesInput> = {}) {
  return auditLogFiles({ origin: 'https://shop.example', versions: VERSIONS, lists: LISTS, files, ...extra });
}

describe('the streaming reader (§1, §9)', () => {
  const text = Array.from({ length: 300 }, (_, i) => line(i)).join('\r\n') + '\n';

  it('reads a plain file in pieces cut anywhere, CR before LF dropped', async () => {
    const report = await run([{ name: 'access.log', stream: streamOf(encode(text), 97) }]);
    expect(report).toMatchObject({ partial: false, lines: 300, parsed: 300 });
    expect(report.crawlers.Googlebot?.violation).toBe(300);
  });

  it('reads gzip by its first bytes, whatever its name', async () => {
    const report = await run([{ name: 'access.log', stream: streamOf(await gzip(encode(text))) }]);
    expect(report).toMatchObject({ lines: 300, parsed: 300 });
    expect(report.files[0]).toMatchObject({ name: 'access.log', format: 'combined', problem: null });
  });

  it('stops a broken gzip where it breaks, keeps what was read and goes on with the next file', async () => {
    const whole = await gzip(encode(Array.from({ length: 5000 }, (_, i) => line(i)).join('\n')));
    const broken = whole.slice();
    broken.fill(0x41, Math.floor(whole.length / 2), Math.floor(whole.length / 2) + 64);
    const report = await run([
      { name: 'broken.log.gz', stream: streamOf(broken) },
      { name: 'next.log', stream: streamOf(encode(line(1) + '\n')) },
    ]);
    const [first, second] = report.files;
    expect(first?.problem).toMatch(/^The gzip data is broken after [\d,]+ lines .*: what was read before is kept\.$/);
    expect(first?.lines).toBeGreaterThan(0);
    expect(first?.lines).toBeLessThan(5000);
    expect(second).toMatchObject({ name: 'next.log', lines: 1, problem: null });
    expect(report.partial).toBe(false);
  });

  it('drops a 1 MB line as it streams and counts it too long', async () => {
    const long = 'x'.repeat(1 << 20);
    const report = await run([
      { name: 'a.log', stream: streamOf(encode(`${line(1)}\n${long}\n${line(2)}\n${long}`), 4096) },
    ]);
    expect(report).toMatchObject({ lines: 4, parsed: 2 });
    expect(report.skipped['too-long']).toBe(2);
    expect(report.skippedAt['too-long']).toEqual([
      { file: 'a.log', line: 2 },
      { file: 'a.log', line: 4 },
    ]);
  });

  it('replaces bytes that are not UTF-8, counting the lines that held them', async () => {
    // A byte that is not UTF-8 inside the target: the line is still read, its byte replaced.
    const withBad = encode(line(3, '/private/X') + '\n');
    withBad[withBad.indexOf(0x58)] = 0xff;
    const report = await run([
      { name: 'a.log', stream: streamOf(new Uint8Array([...withBad, ...encode(line(4) + '\n')]), 7) },
    ]);
    expect(report.files[0]?.badEncoding).toBe(1);
    expect(report.parsed).toBe(2);
    expect(report.crawlers.Googlebot?.violation).toBe(2);
  });

  it('says the lines and bytes read as it goes', async () => {
    const seen: LogReadProgress[] = [];
    const bytes = encode(text);
    await run([{ name: 'a.log', stream: streamOf(bytes, 5000) }], { onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toEqual({ file: 'a.log', lines: 300, bytes: bytes.length });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.bytes).toBeGreaterThanOrEqual(seen[i - 1]!.bytes);
  });

  it('stops when cancelled, within the piece being read, and labels the report partial', async () => {
    const controller = new AbortController();
    let pieces = 0;
    // An endless log: only the cancel can end it.
    let i = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(encode(Array.from({ length: 100 }, () => line(i++)).join('\n') + '\n'));
      },
    });
    const report = await run(
      [
        { name: 'endless.log', stream: endless },
        { name: 'never.log', stream: streamOf(encode(line(1))) },
      ],
      {
        signal: controller.signal,
        onProgress: () => {
          if (++pieces === 5) controller.abort();
        },
      },
    );
    expect(report.partial).toBe(true);
    expect(report.lines).toBeGreaterThanOrEqual(400);
    expect(report.lines).toBeLessThan(1000);
    expect(report.files.map((f) => f.name)).toEqual(['endless.log']);
    expect(report.files[0]?.problem).toMatch(/cancelled/);
  });

  it('stops reading a file in no known format after its first lines', async () => {
    let pulled = 0;
    const prose = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(encode('Not a log line at all.\n'.repeat(40)));
        if (pulled === 100) c.close();
      },
    });
    const report = await run([{ name: 'notes.txt', stream: prose }]);
    expect(report.files[0]?.format).toBeNull();
    expect(report.files[0]?.problem).toMatch(/no format the audit reads/);
    expect(pulled).toBeLessThan(10);
  });
});
