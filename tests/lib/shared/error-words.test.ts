import { describe, expect, it } from 'vitest';
import { errorWords, isQuotaError } from '../../../lib/shared/error-words';
import { describeStorageFailure } from '../../../lib/shared/storage-failure';

// Every place that shows a failure says it through errorWords: the message a person can read,
// never "[object Object]", "undefined" or an empty line.

/** An error from another realm (a DOMException in a worker, an error made in another window). */
const foreign = (name: string, message: string) => ({ name, message });

describe('errorWords', () => {
  it.each([
    { name: 'an error', error: new Error('The tab is gone'), words: 'The tab is gone' },
    { name: 'a TypeError', error: new TypeError('Failed to fetch'), words: 'Failed to fetch' },
    { name: 'an error with no message', error: new TypeError(''), words: 'TypeError' },
    {
      name: 'an error from another realm',
      error: foreign('AbortError', 'The user aborted a request.'),
      words: 'The user aborted a request.',
    },
    { name: 'a thrown string', error: 'net::ERR_NAME_NOT_RESOLVED', words: 'net::ERR_NAME_NOT_RESOLVED' },
    { name: 'an empty string', error: '', words: 'an unknown error' },
    { name: 'a number', error: 404, words: '404' },
    { name: 'undefined', error: undefined, words: 'an unknown error' },
    { name: 'null', error: null, words: 'an unknown error' },
    { name: 'a plain object', error: { code: 7 }, words: 'an unknown error' },
  ])('says $name as "$words"', ({ error, words }) => {
    expect(errorWords(error)).toBe(words);
  });

  it('names the kind of error when asked, except a plain Error', () => {
    expect(errorWords(new TypeError('Failed to fetch'), { named: true })).toBe('TypeError: Failed to fetch');
    expect(errorWords(new Error('The tab is gone'), { named: true })).toBe('The tab is gone');
    expect(errorWords('just text', { named: true })).toBe('just text');
  });
});

describe('isQuotaError', () => {
  it.each([
    { name: "Chrome's storage.local", error: new Error('QUOTA_BYTES quota exceeded'), full: true },
    {
      name: "IndexedDB's QuotaExceededError",
      error: foreign('QuotaExceededError', 'The quota has been exceeded.'),
      full: true,
    },
    { name: 'a QuotaExceededError with no message', error: foreign('QuotaExceededError', ''), full: true },
    { name: 'a thrown string', error: 'quota exceeded', full: true },
    { name: 'an aborted transaction', error: foreign('AbortError', 'The transaction was aborted.'), full: false },
    { name: 'a network error', error: new TypeError('Failed to fetch'), full: false },
    { name: 'nothing', error: undefined, full: false },
  ])('says $name is a full store: $full', ({ error, full }) => {
    expect(isQuotaError(error)).toBe(full);
  });

  it('tells a full storage apart in the words the user reads', () => {
    expect(describeStorageFailure('The watch list could not be saved', foreign('QuotaExceededError', ''))).toMatch(
      /storage for Robotscope is full/,
    );
    expect(describeStorageFailure('The watch list could not be saved', new Error('IO error'))).toBe(
      "The watch list could not be saved: the browser's storage refused the write.",
    );
  });
});
