/**
 * The one place history reads a fetch record: what status it had and what body it brought (the
 * body travels as bytes, one char per byte; history keeps it decoded, as people read and diff it).
 */
import { bodyText } from '../fetch/body';
import type { FetchRecord } from '../fetch/types';

/** Returns the body text of a fetch record ('' when the server sent no usable body: 4xx, 5xx, failures). */
export function readRecordBody(record: FetchRecord): string {
  return record.outcome.kind === 'ok' ? bodyText(record.outcome.body) : '';
}

/**
 * Returns the status a version is filed under: the HTTP status when the server answered
 * ("200", "404", "503"), else the failure kind ("timeout", "network-error", "too-many-redirects", …).
 */
export function statusLabelOf(record: FetchRecord): string {
  const { outcome } = record;
  if (outcome.kind === 'ok') return String(outcome.status);
  if (outcome.kind === 'unavailable') {
    // Too many redirects or a loop: the last status is a 3xx that says less than the cause.
    return (outcome.cause === 'client-error' || outcome.cause === 'unexpected-status') && outcome.status !== null
      ? String(outcome.status)
      : outcome.cause;
  }
  return outcome.cause === 'timeout' || outcome.cause === 'network-error' || outcome.status === null
    ? outcome.cause
    : String(outcome.status);
}
