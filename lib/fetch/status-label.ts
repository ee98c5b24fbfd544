/**
 * The short status label of a fetch record, as the history files a version under it and the probe
 * shows what each agent was served.
 */
import type { FetchRecord } from './types';

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
