/**
 * The one place history reads a fetch record and a kept body: what body a record brought (the
 * status a version is filed under is lib/fetch/status-label.ts's). History keeps the body as the
 * fetch did, its bytes (one char per byte), so a version parses as Google read it; versions kept
 * before it did so hold decoded text.
 */
import { bodyBytes, decodeUtf8ByteString } from '../fetch/body';
import type { FetchRecord } from '../fetch/types';
import type { VersionMeta } from './versions';

/** Returns the body bytes of a fetch record, one char per byte ('' when the server sent no usable body: 4xx, 5xx, failures). */
export function readRecordBytes(record: FetchRecord): string {
  return record.outcome.kind === 'ok' ? record.outcome.body.bytes : '';
}

/** A kept version's body: its text, for reading and diffing, and the bytes Google parses. */
export interface KeptBody {
  readonly text: string;
  readonly bytes: Uint8Array;
}

/**
 * Returns a kept version's body from what the store holds: the fetched bytes for versions kept as
 * bytes (`form: 'bytes'`), else (an older version) its text, whose UTF-8 is then its bytes.
 */
export function readKeptBody(meta: Pick<VersionMeta, 'form'>, stored: string): KeptBody {
  if (meta.form === 'bytes') {
    return { text: decodeUtf8ByteString(stored), bytes: bodyBytes({ bytes: stored }) };
  }
  return { text: stored, bytes: new TextEncoder().encode(stored) };
}
