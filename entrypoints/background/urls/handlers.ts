/**
 * The URL judge's messages: judgeUrls (one answer per URL; the one message a content script may
 * send, for the page it runs in) and originRecords (the records themselves, for the popup).
 */
import * as v from 'valibot';
import { ForbiddenError } from '../../../lib/protocol/errors';
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { crawlerToken, exact, httpOrigin } from '../../../lib/protocol/schemas';
import { checked } from '../payload';
import { MAX_MAX_ORIGINS, MAX_RECORD_ORIGINS, MAX_REQUEST_URL_CHARS, MAX_URLS, type UrlJudge } from './url-judge';

const urlList = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(MAX_REQUEST_URL_CHARS)), 'urls must be a list of strings'),
  v.maxLength(MAX_URLS, `urls must be a list of strings, at most ${MAX_URLS.toLocaleString('en-US')} of them`),
);

const judgeUrlsRequest = exact(
  {
    urls: urlList,
    crawler: crawlerToken,
    pageUrl: v.optional(v.pipe(v.string('pageUrl must be a URL'), v.maxLength(MAX_REQUEST_URL_CHARS))),
    maxOrigins: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.maxValue(MAX_MAX_ORIGINS, `maxOrigins must be a whole number from 0 to ${MAX_MAX_ORIGINS}`),
      ),
    ),
  },
  '{ urls, crawler, pageUrl?, maxOrigins? }',
);

const originRecordsRequest = exact(
  {
    origins: v.pipe(
      v.array(httpOrigin, 'origins must be a list of origins'),
      v.maxLength(MAX_RECORD_ORIGINS, `origins must be a list of at most ${MAX_RECORD_ORIGINS} origins`),
    ),
  },
  '{ origins }',
);

/** Returns the handlers of the URL judge's messages. */
export function createUrlHandlers(judge: UrlJudge): Pick<MessageHandlers, 'judgeUrls' | 'originRecords'> {
  return {
    async judgeUrls(payload, sender) {
      const request = checked('judgeUrls', judgeUrlsRequest, payload);
      if (sender.kind === 'content-script') {
        // A content script asks for the page it runs in, as the runtime names it: never for another.
        if (request.pageUrl !== undefined && request.pageUrl !== sender.url)
          throw new ForbiddenError('judgeUrls: a content script may ask only for links of its own page.');
        return judge.judgeUrls({ ...request, pageUrl: sender.url });
      }
      return judge.judgeUrls(request);
    },
    async originRecords(payload) {
      return judge.originRecords(checked('originRecords', originRecordsRequest, payload).origins);
    },
  };
}
