/**
 * Reading and decoding a robots.txt body from bytes: stop reading past 500 KiB (SEMANTICS §7),
 * keep a BOM visible (SEMANTICS §5b), tell valid UTF-8 from invalid, flag HTML served as robots.txt.
 */
import { MAX_ROBOTS_BYTES } from './constants';
import type { FetchedBody } from './types';

/** The bytes kept from a body and what was received. */
export interface LimitedBytes {
  /** At most `limit` bytes. */
  readonly bytes: Uint8Array;
  /** Bytes received before reading stopped (more than `limit` when cut). */
  readonly receivedBytes: number;
  readonly truncated: boolean;
}

/**
 * Returns the first `limit` bytes (default MAX_ROBOTS_BYTES) of `stream`. It stops reading as soon
 * as more than `limit` bytes arrived and cancels the stream, so a 2 MB or endless body is never
 * buffered whole. Rejects with `signal.reason` when `signal` aborts while reading.
 */
export async function readLimitedBytes(
  stream: ReadableStream<Uint8Array> | null,
  options: { readonly limit?: number; readonly signal?: AbortSignal } = {},
): Promise<LimitedBytes> {
  const limit = options.limit ?? MAX_ROBOTS_BYTES;
  const signal = options.signal;
  if (stream === null) return { bytes: new Uint8Array(0), receivedBytes: 0, truncated: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let truncated = false;
  // A platform fetch body errors by itself on abort; a plain stream does not, so cancel it.
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      if (received > limit) {
        truncated = true;
        // The rest is of no use: the cancel's own outcome (the server may already be gone) is irrelevant.
        reader.cancel().catch(() => undefined);
        break;
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
  const kept = Math.min(received, limit);
  const bytes = new Uint8Array(kept);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= kept) break;
    const part = chunk.subarray(0, kept - offset);
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return { bytes, receivedBytes: received, truncated };
}

/** Returns the length of `bytes` without a UTF-8 sequence left incomplete at its end (by a cut). */
function endOfCompleteUtf8(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= 4 && back <= end; back++) {
    // Within bounds: back ≤ end.
    const byte = bytes[end - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for its lead
    const expected =
      byte < 0x80 ? 1 : (byte & 0xe0) === 0xc0 ? 2 : (byte & 0xf0) === 0xe0 ? 3 : (byte & 0xf8) === 0xf0 ? 4 : 1;
    return back < expected ? end - back : end;
  }
  return end;
}

const HTML_MEDIA_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const HTML_START = /^(?:<!doctype\s+html|<!--|<(?:html|head|body|meta|title|script|link|style)(?=[\s>/]|$))/i;

/**
 * Returns true when a 2xx body is an HTML page rather than a robots.txt: its Content-Type is HTML,
 * or its text (after a BOM and ASCII whitespace) starts with `<!doctype html`, `<html`, `<head`, …
 * Such a body parses to nothing, so everything is allowed (SEMANTICS §7: a soft 404 or app shell).
 */
export function isHtmlBody(text: string, contentType: string | null): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (HTML_MEDIA_TYPES.has(mediaType)) return true;
  const start = text.replace(/^\uFEFF?[\t\n\v\f\r ]*/, '').slice(0, 32);
  return HTML_START.test(start);
}

/**
 * Returns the decoded body: UTF-8 decoded once, a leading BOM kept as U+FEFF (`hasBom`), invalid
 * sequences replaced by U+FFFD and reported (`validUtf8: false`). When the body was cut, a character
 * split by the cut is dropped rather than reported as invalid: the cut is ours, not the server's.
 */
export function decodeBody(limited: LimitedBytes, contentType: string | null): FetchedBody {
  const { bytes, receivedBytes, truncated } = limited;
  const kept = truncated ? bytes.subarray(0, endOfCompleteUtf8(bytes)) : bytes;
  const hasBom = kept.length >= 3 && kept[0] === 0xef && kept[1] === 0xbb && kept[2] === 0xbf;
  let text: string;
  let validUtf8: boolean;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(kept);
    validUtf8 = true;
  } catch {
    // Not UTF-8: decode again, replacing what is invalid, and say so.
    text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(kept);
    validUtf8 = false;
  }
  return {
    text,
    receivedBytes,
    truncated,
    hasBom,
    validUtf8,
    contentType,
    looksLikeHtml: isHtmlBody(text, contentType),
  };
}
