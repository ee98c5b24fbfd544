/**
 * Storage failures in words: a full storage.local (Chrome's "QUOTA_BYTES quota exceeded", Firefox's
 * QuotaExceededError) or any refused write is told to the user as a sentence, never as the raw error.
 */
import { isQuotaError } from './error-words';

/**
 * Returns a storage failure in words for `what` ("The watch list could not be saved"): a full
 * storage says so and what to do, anything else says the browser refused; never the raw error.
 */
export function describeStorageFailure(what: string, error: unknown): string {
  return isQuotaError(error)
    ? `${what}: the browser's storage for Robotscope is full. Clear the robots.txt cache or the history on the options page to make room.`
    : `${what}: the browser's storage refused the write.`;
}
