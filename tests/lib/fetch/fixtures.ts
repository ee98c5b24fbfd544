/** Hand-made fetch results for the tests of lib/fetch and of what reads them. */
import type { FetchedBody } from '../../../lib/fetch/types';

/** Returns a clean decoded 2xx body (plain text, valid UTF-8, not cut) with `over` applied. */
export function fetchedBody(over: Partial<FetchedBody> = {}): FetchedBody {
  const text = over.text ?? 'User-agent: *\nDisallow: /private';
  return {
    text,
    receivedBytes: text.length,
    truncated: false,
    hasBom: false,
    validUtf8: true,
    contentType: 'text/plain',
    looksLikeHtml: false,
    ...over,
  };
}
