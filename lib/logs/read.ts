/**
 * Reads access-log files as streams into an audit, never holding a file whole: each file's bytes
 * (gunzipped through DecompressionStream when they start with 1f 8b, whatever the file's name),
 * decoded as UTF-8 with invalid bytes replaced, cut into lines at LF. A line too long to keep is
 * dropped as it streams and counted; a broken gzip stops its file with the line reached and the
 * rest of the files go on; an abort stops the reading and the report is labelled partial.
 */
import { countOf, formatNumber } from '../shared/plural';
import { createLogAudit, type LogAudit, type LogAuditOptions, MAX_LOG_LINE_BYTES } from './audit';
import type { LogFormat } from './formats';
import type { LogAuditReport } from './types';

/** One file to read. */
export interface LogFileSource {
  readonly name: string;
  /** The file's bytes as stored (`File.stream()`), plain or gzip. */
  readonly stream: ReadableStream<Uint8Array>;
  /** The format the user chose; default: detected. */
  readonly format?: LogFormat;
}

/** How far the reading is. */
export interface LogReadProgress {
  /** The file being read. */
  readonly file: string;
  /** Lines read so far, over every file. */
  readonly lines: number;
  /** Bytes read so far as stored (before gunzip), over every file. */
  readonly bytes: number;
}

export interface LogFilesInput extends LogAuditOptions {
  readonly files: readonly LogFileSource[];
  /** Stops the reading; the report then says it is partial. */
  readonly signal?: AbortSignal;
  /** Called after each piece of a file is read. */
  readonly onProgress?: (progress: LogReadProgress) => void;
}

/**
 * Returns the audit of `files`, read one after another as streams (LOG-AUDIT §1, §9). Resolves with
 * a partial report when `signal` aborts; never rejects for what a file holds.
 */
export async function auditLogFiles(input: LogFilesInput): Promise<LogAuditReport> {
  const audit = createLogAudit(input);
  const totals = { lines: 0, bytes: 0 };
  for (const file of input.files) {
    if (input.signal?.aborted) break;
    audit.startFile(file.name, file.format);
    const problem = await readFileInto(file, audit, totals, input.signal, input.onProgress);
    audit.endFile(problem ?? undefined);
  }
  return audit.report(input.signal?.aborted ?? false);
}

/** DecompressionStream('gzip') typed as a bytes-to-bytes transform (DOM and Node type it differently). */
function createGunzip(): { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> } {
  const gunzip: unknown = new DecompressionStream('gzip');
  return gunzip as { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };
}

/** The stream of `reader`'s chunks with `first` before them, counting the bytes into `totals`. */
function countedStream(
  first: Uint8Array,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  totals: { bytes: number },
): ReadableStream<Uint8Array> {
  let sentFirst = first.length === 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentFirst) {
        sentFirst = true;
        totals.bytes += first.length;
        controller.enqueue(first);
        return;
      }
      const step = await reader.read();
      if (step.done) controller.close();
      else {
        totals.bytes += step.value.length;
        controller.enqueue(step.value);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** Reads until at least `count` bytes came (or the stream ended), as one chunk. */
async function readAtLeast(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < count) {
    const step = await reader.read();
    if (step.done) break;
    chunks.push(step.value);
    length += step.value.length;
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const joined = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    joined.set(c, at);
    at += c.length;
  }
  return joined;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Reads one file into the audit; returns why it stopped early in words, or null. */
async function readFileInto(
  file: LogFileSource,
  audit: LogAudit,
  totals: { lines: number; bytes: number },
  signal: AbortSignal | undefined,
  onProgress: ((progress: LogReadProgress) => void) | undefined,
): Promise<string | null> {
  const raw = file.stream.getReader();
  let first: Uint8Array;
  try {
    first = await readAtLeast(raw, 2);
  } catch (error) {
    return `The file could not be read: ${describeError(error)}.`;
  }
  const gzip = first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b;
  const counted = countedStream(first, raw, totals);
  const bytes: ReadableStream<Uint8Array> = gzip ? counted.pipeThrough(createGunzip()) : counted;
  const reader = bytes.getReader();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort);
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let dropping = false;
  let fileLines = 0;
  let open = true;

  const emit = (line: string, checkEncoding: boolean) => {
    fileLines++;
    totals.lines++;
    if (checkEncoding && line.includes('\uFFFD')) audit.badEncoding();
    if (!audit.line(line)) open = false;
  };
  const emitTooLong = () => {
    fileLines++;
    totals.lines++;
    if (!audit.tooLong()) open = false;
  };
  const feed = (text: string) => {
    const checkEncoding = text.includes('\uFFFD');
    let start = 0;
    while (open) {
      const lf = text.indexOf('\n', start);
      if (lf < 0) break;
      if (dropping) {
        dropping = false;
        emitTooLong();
      } else if (carry === '') emit(text.slice(start, lf), checkEncoding);
      else {
        const line = carry + text.slice(start, lf);
        carry = '';
        emit(line, checkEncoding || line.includes('\uFFFD'));
      }
      start = lf + 1;
    }
    if (!dropping && open) {
      carry += text.slice(start);
      // Longer than any line kept, even before a CR is dropped: its text is not kept.
      if (carry.length > MAX_LOG_LINE_BYTES + 1) {
        carry = '';
        dropping = true;
      }
    }
  };

  try {
    while (open && !signal?.aborted) {
      const step = await reader.read();
      if (step.done) break;
      feed(decoder.decode(step.value, { stream: true }));
      onProgress?.({ file: file.name, lines: totals.lines, bytes: totals.bytes });
    }
  } catch (error) {
    if (signal?.aborted) return null;
    return gzip
      ? `The gzip data is broken after ${countOf(fileLines, 'line')} (${describeError(error)}): what was read before is kept.`
      : `The file could not be read after ${countOf(fileLines, 'line')} (${describeError(error)}): what was read before is kept.`;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (!open) {
    await reader.cancel().catch(() => undefined);
    return null;
  }
  if (signal?.aborted) return `Stopped at line ${formatNumber(fileLines)}: the reading was cancelled.`;
  feed(decoder.decode());
  if (dropping) emitTooLong();
  else if (carry !== '') emit(carry, carry.includes('\uFFFD'));
  return null;
}
