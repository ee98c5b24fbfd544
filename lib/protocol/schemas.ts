/**
 * The protocol's payload schemas (valibot), the one way every request to the worker and every
 * report from a content script is checked: exact shapes (no unknown field), every size bounded,
 * each problem said in words. Imported by the worker and the content script only, never by the
 * popup's first script.
 */
import * as v from 'valibot';
import { locateRobotsTxt } from '../fetch/location';
import { MAX_TOKEN_CHARS, readCrawlerToken } from '../shared/crawler-token';

/** Longest page URL read from a content script's report (a URL with a long query stays readable). */
export const MAX_PAGE_URL_CHARS = 16_384;
/** Longest text of one reported element (a meta's content, a canonical's href). */
export const MAX_REPORTED_CHARS = 4096;
/** Most robots metas and canonicals one report carries (the content script keeps the most restrictive). */
export const MAX_REPORTED_ELEMENTS = 100;
/** Most crawlers one pageIndexability request names. */
export const MAX_CRAWLERS = 100;

/** Returns the schema of an object with exactly `entries` (an unknown field is refused, by name). */
export function exact<const E extends v.ObjectEntries>(entries: E, what: string) {
  return v.strictObject(entries, (issue) =>
    issue.expected === 'never' ? `takes ${what} and nothing else: unknown field ${issue.received}` : `needs ${what}`,
  );
}

/** An empty object: the payload of messages that ask nothing. */
export const emptyPayload = exact({}, 'an empty object');

/** A tab id: a whole number ≥ 0. */
export const tabId = v.pipe(
  v.number('tabId must be a tab id (a whole number ≥ 0)'),
  v.integer('tabId must be a tab id (a whole number ≥ 0)'),
  v.minValue(0, 'tabId must be a tab id (a whole number ≥ 0)'),
);

/** A non-empty string of at most `max` characters. */
export function text(name: string, max = MAX_PAGE_URL_CHARS) {
  return v.pipe(
    v.string(`${name} must be a non-empty string`),
    v.minLength(1, `${name} must be a non-empty string`),
    v.maxLength(max, `${name} must be at most ${max.toLocaleString('en-US')} characters`),
  );
}

/** An http(s) origin as robots.txt scopes it (scheme://host[:port], lower-cased, default port dropped). */
export const httpOrigin = v.pipe(
  v.string('origin must be a string'),
  v.maxLength(MAX_REPORTED_CHARS, 'origin is too long'),
  v.check(
    (value) => {
      const location = locateRobotsTxt(`${value}/`);
      return location.kind === 'governed' && location.origin === value;
    },
    (issue) =>
      `${JSON.stringify(String(issue.input)).slice(0, 80)} is not an http(s) origin such as https://example.com`,
  ),
);

/** A crawler token as a request names it (lib/shared/crawler-token.ts), trimmed of ASCII white space. */
export const crawlerToken = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const reading = readCrawlerToken(dataset.value);
    if (reading.kind === 'valid') return reading.token;
    addIssue({
      message:
        reading.problem === 'control'
          ? 'crawler must be a token without control characters'
          : `crawler must be a token of 1 to ${MAX_TOKEN_CHARS} characters`,
    });
    return NEVER;
  }),
);

const reportedText = v.pipe(v.string(), v.maxLength(MAX_REPORTED_CHARS));
const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000));

/** A robots meta element as the content script read it. */
export const metaElement = v.strictObject({ name: reportedText, content: reportedText, inHead: v.boolean() });

/** A canonical link element as the content script read it. */
export const canonicalElement = v.strictObject({
  href: reportedText,
  inHead: v.boolean(),
  qualifiers: v.pipe(v.array(v.picklist(['hreflang', 'lang', 'media', 'type'])), v.maxLength(4)),
});

/** A content script's reading of its page. */
export const domSnapshot = v.strictObject({
  url: v.pipe(v.string(), v.maxLength(MAX_PAGE_URL_CHARS), v.regex(/^https?:\/\//i)),
  metas: v.pipe(v.array(metaElement), v.maxLength(MAX_REPORTED_ELEMENTS)),
  canonicals: v.pipe(v.array(canonicalElement), v.maxLength(MAX_REPORTED_ELEMENTS)),
  links: v.strictObject({ total: count, nofollow: count, ugc: count, sponsored: count }),
  trigger: v.picklist(['load', 'navigation', 'mutation', 'request']),
  cut: v.optional(v.strictObject({ urlChars: count, metas: count, canonicals: count, chars: count })),
});

/** The served HTML's directives, after a re-fetch. */
export const servedReadings = v.strictObject({
  metas: v.pipe(v.array(metaElement), v.maxLength(MAX_REPORTED_ELEMENTS)),
  canonicals: v.pipe(v.array(canonicalElement), v.maxLength(MAX_REPORTED_ELEMENTS)),
});

/**
 * Returns `payload` checked against `schema`, or throws what is wrong in words, prefixed with the
 * message type (`fail` makes the error: the worker's InvalidRequestError).
 */
export function checkPayload<T>(
  type: string,
  schema: v.GenericSchema<unknown, T>,
  payload: unknown,
  fail: (message: string) => Error,
): T {
  const result = v.safeParse(schema, payload, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  const key = path.split('.').at(-1) ?? '';
  const named = issue.message.startsWith(key) || issue.message.includes(`"${key}"`);
  const where = path === '' || named ? '' : `${path}: `;
  throw fail(`${type}: ${where}${issue.message}.`);
}
