/**
 * The page usage message: the page's origin's /.well-known/tdmrep.json (from the worker's cache or
 * fetched once) and the lint of the page's usage signals (docs/semantics/usage.md §7: headers, metas and the
 * file), made here so the popup carries neither the fetch nor the lint.
 */
import * as v from 'valibot';
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { exact, MAX_REPORTED_CHARS, MAX_REPORTED_ELEMENTS, text } from '../../../lib/protocol/schemas';
import { readPageUsage } from '../../../lib/usage/page-usage-reply';
import { checked } from '../payload';
import type { TdmrepService } from './tdmrep';

/** Most response header lines one request carries (a page's main document has far fewer). */
export const MAX_HEADER_LINES = 200;
/** Longest header value read. */
export const MAX_HEADER_CHARS = 16_384;

const field = (name: string, max: number) =>
  v.pipe(v.string(`${name} must be a string`), v.maxLength(max, `${name} must be at most ${max} characters`));

const pageUsageRequest = exact(
  {
    pageUrl: text('pageUrl'),
    headers: v.nullable(
      v.pipe(
        v.array(
          v.pipe(v.tuple([field('a header name', 256), field('a header value', MAX_HEADER_CHARS)]), v.readonly()),
          'headers must be a list of [name, value] pairs, or null',
        ),
        v.maxLength(MAX_HEADER_LINES, `headers must hold at most ${MAX_HEADER_LINES} lines`),
      ),
    ),
    meta: v.pipe(
      v.array(
        exact(
          { name: field('a meta name', MAX_REPORTED_CHARS), content: field('a meta content', MAX_REPORTED_CHARS) },
          '{ name, content }',
        ),
        'meta must be a list of { name, content }',
      ),
      v.maxLength(MAX_REPORTED_ELEMENTS, `meta must hold at most ${MAX_REPORTED_ELEMENTS} elements`),
    ),
    refresh: v.optional(v.boolean('refresh must be true or false')),
  },
  '{ pageUrl, headers, meta, refresh? }',
);

/** Returns the handler of `pageUsage`. */
export function createTdmrepHandlers(service: TdmrepService): Pick<MessageHandlers, 'pageUsage'> {
  return {
    async pageUsage(payload) {
      const { pageUrl, headers, meta, refresh } = checked('pageUsage', pageUsageRequest, payload);
      return readPageUsage(await service.forPage(pageUrl, { refresh: refresh === true }), headers, meta);
    },
  };
}
