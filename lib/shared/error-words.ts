/**
 * Anything thrown, in words for the user: an error's message (its name when the message is empty),
 * a thrown string as written, and a plain sentence for what says nothing (undefined, an object).
 * One place also recognises a full storage (a quota error), whichever browser store raised it.
 */

/** Said for a thrown value that carries no words of its own. */
const UNKNOWN_ERROR_WORDS = 'an unknown error';

/** An error from any realm (a DOMException, an error made in another window): a name and a message. */
function asError(value: unknown): { readonly name: string; readonly message: string } | null {
  if (value instanceof Error) return value;
  if (typeof value !== 'object' || value === null) return null;
  const { name, message } = value as { name?: unknown; message?: unknown };
  return typeof name === 'string' && typeof message === 'string' ? { name, message } : null;
}

/**
 * Returns `error` in words: its message, or its name when the message is empty; a thrown string as
 * it is; a number or boolean as written; UNKNOWN_ERROR_WORDS for anything else. With `named`, an
 * error whose name is not plain `Error` is prefixed by it ("TypeError: Failed to fetch").
 */
export function errorWords(error: unknown, options: { readonly named?: boolean } = {}): string {
  const known = asError(error);
  if (known !== null) {
    if (known.message === '') return known.name === '' ? UNKNOWN_ERROR_WORDS : known.name;
    return options.named === true && known.name !== 'Error' && known.name !== ''
      ? `${known.name}: ${known.message}`
      : known.message;
  }
  if (typeof error === 'string') return error === '' ? UNKNOWN_ERROR_WORDS : error;
  if (typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint') return String(error);
  return UNKNOWN_ERROR_WORDS;
}

/**
 * Returns true when `error` says a store is full: IndexedDB's and Firefox's QuotaExceededError,
 * Chrome's storage "QUOTA_BYTES quota exceeded", or a thrown text that names a quota.
 */
export function isQuotaError(error: unknown): boolean {
  const known = asError(error);
  const text = known === null ? errorWords(error) : `${known.name} ${known.message}`;
  return /quota/i.test(text);
}
