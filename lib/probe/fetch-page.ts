/**
 * Fetching the page itself for the probe, through the same transport and limits as robots.txt
 * (lib/fetch/policy.ts): at most MAX_REDIRECTS hops, a loop stops it, one timeout for headers and
 * body, and a bounded body (MAX_PROBE_PAGE_BYTES): enough to recognise a challenge page and read
 * the canonical, never a whole large page.
 */
import { KIB, MAX_REDIRECTS, SECOND } from '../fetch/constants';
import { describeNetworkError } from '../fetch/network-error';
import { listHeaders } from '../fetch/headers';
import type { RobotsTransport } from '../fetch/transport';
import type { RedirectHop } from '../fetch/types';
import { bytesToByteString, decodeUtf8ByteString, readLimitedBytes } from '../fetch/body';
import { httpOriginOf } from '../shared/url';
import type { PageFetch } from './types';
import { errorWords } from '../shared/error-words';

/** The most of a page's body the probe reads. */
export const MAX_PROBE_PAGE_BYTES = 256 * KIB;
/**
 * Returns the page's answer fetched through `transport`: its status, final URL, hops, headers and
 * first MAX_PROBE_PAGE_BYTES; or `failed` with the reason in words (network error, timeout,
 * more than MAX_REDIRECTS hops, a loop, a redirect off `onlyOrigin`). Never rejects.
 */
export async function fetchProbePage(
  url: string,
  deps: {
    readonly transport: RobotsTransport;
    readonly timeoutMs: number;
    readonly signal?: AbortSignal;
    /** When set, a redirect to another origin is recorded and not followed. */
    readonly onlyOrigin?: string;
  },
): Promise<PageFetch> {
  const hops: RedirectHop[] = [];
  const visited = new Set([url]);
  const controller = new AbortController();
  const state: { stop: string | null } = { stop: null };
  const stop = (why: string) => {
    if (state.stop !== null) return;
    state.stop = why;
    controller.abort(new Error(why));
  };
  const timer = setTimeout(
    () => stop(`no complete answer within ${Math.round(deps.timeoutMs / SECOND)} s`),
    deps.timeoutMs,
  );
  const onCancel = () => stop('cancelled');
  if (deps.signal?.aborted === true) onCancel();
  deps.signal?.addEventListener('abort', onCancel, { once: true });
  try {
    const response = await deps.transport({
      url,
      signal: controller.signal,
      onRedirect: (status, to) => {
        if (state.stop !== null) return;
        const from = hops.at(-1)?.to ?? url;
        hops.push({ status, from, to, crossOrigin: httpOriginOf(from) !== httpOriginOf(to) });
        if (deps.onlyOrigin !== undefined && httpOriginOf(to) !== deps.onlyOrigin)
          stop(`redirected to another site (${to}): not followed`);
        else if (visited.has(to)) stop('a redirect loop');
        else if (hops.length > MAX_REDIRECTS) stop(`more than ${MAX_REDIRECTS} redirects`);
        visited.add(to);
      },
    });
    if (state.stop !== null) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'failed', detail: state.stop, hops };
    }
    const limited = await readLimitedBytes(response.body, { limit: MAX_PROBE_PAGE_BYTES, signal: controller.signal });
    const bytes = bytesToByteString(limited.bytes);
    return {
      kind: 'response',
      status: response.status,
      finalUrl: response.url || hops.at(-1)?.to || url,
      hops,
      headers: listHeaders(response.headers),
      body: decodeUtf8ByteString(bytes),
      bytes,
      truncated: limited.truncated,
    };
  } catch (error) {
    const detail = state.stop ?? describeNetworkError(errorWords(error));
    return { kind: 'failed', detail, hops };
  } finally {
    clearTimeout(timer);
    deps.signal?.removeEventListener('abort', onCancel);
  }
}
