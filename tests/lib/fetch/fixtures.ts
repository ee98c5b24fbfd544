/** Hand-made fetch results for the tests of lib/fetch and of what reads them. */
import { bytesToByteString } from '../../../lib/fetch/body';
import type { FetchedBody } from '../../../lib/fetch/types';

/** Returns a clean decoded 2xx body (plain text, valid UTF-8, not cut) with `over` applied. */
export function fetchedBody(over: Partial<FetchedBody> & { readonly text?: string } = {}): FetchedBody {
  const { text = 'User-agent: *\nDisallow: /private', ...rest } = over;
  const bytes = new TextEncoder().encode(text);
  return {
    bytes: bytesToByteString(bytes),
    contentLength: bytes.length,
    truncated: false,
    hasBom: false,
    encoding: 'utf-8',
    encodingEvidence: null,
    contentType: 'text/plain',
    looksLikeHtml: false,
    ...rest,
  };
}
