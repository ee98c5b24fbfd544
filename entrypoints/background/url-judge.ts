/**
 * Judging many URLs for one crawler across origins, through the robots.txt cache and the fetch
 * policy: each origin's file is looked up once, at most MAX_CONCURRENT_LOOKUPS at a time for one
 * request, and at most `maxOrigins` origins besides the page's own are consulted (the rest are
 * "skipped", said so). URLs in, one verdict or outcome per URL out, in input order. Used for
 * marking links and a page's own indexability. The worker's `inspectUrl` goes through its one
 * origin lookup (resource-check.ts createOriginLookups), so these fetches and page resources'
 * share one limit of 6 at a time.
 */
import { locateRobotsTxt } from '../../lib/fetch/location';
import type { Inspection } from '../../lib/protocol/messages';
import type { PageVerdict } from '../../lib/verdict/types';
import type { JudgeUrlsRequest, JudgeUrlsResponse, UrlVerdict } from '../../lib/verdict/url-judge';
import type { PageJudge } from './judge';
import { ruleText } from '../../lib/robots/rule-text';

export const MAX_CONCURRENT_LOOKUPS = 6;
export const DEFAULT_MAX_ORIGINS = 10;
export const MAX_MAX_ORIGINS = 50;
export const MAX_URLS = 10_000;
export const MAX_URL_CHARS = 4096;

export interface UrlJudgeDeps {
  readonly inspectUrl: (url: string) => Promise<Inspection>;
  readonly judge: PageJudge;
}

function describe(verdict: PageVerdict, url: string): UrlVerdict {
  switch (verdict.kind) {
    case 'not-applicable':
      return { kind: 'not-applicable', url, explanation: verdict.explanation };
    case 'unavailable':
      return {
        kind: 'judged',
        url,
        allowed: true,
        basis: 'no-robots',
        line: 0,
        rule: null,
        explanation: verdict.explanation,
      };
    case 'unreachable':
      return {
        kind: 'judged',
        url,
        allowed: false,
        basis: 'unreachable',
        line: 0,
        rule: null,
        explanation: verdict.explanation,
      };
    case 'ok': {
      const rule = verdict.verdict.rule?.rule ?? null;
      return {
        kind: 'judged',
        url,
        allowed: verdict.allowed,
        basis: 'rules',
        line: rule?.line ?? 0,
        rule: rule === null ? null : ruleText(rule),
        explanation:
          rule === null ? 'no rule in robots.txt matches it' : `robots.txt line ${rule.line}: ${ruleText(rule)}`,
      };
    }
  }
}

/** Runs `tasks` with at most `limit` running at once. */
async function pool(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** Returns the judge of URL lists. */
export function createUrlJudge(deps: UrlJudgeDeps): {
  judgeUrls(request: JudgeUrlsRequest): Promise<JudgeUrlsResponse>;
} {
  return {
    async judgeUrls(request) {
      const maxOrigins = Math.min(request.maxOrigins ?? DEFAULT_MAX_ORIGINS, MAX_MAX_ORIGINS);
      const own = request.pageUrl === undefined ? null : locateRobotsTxt(request.pageUrl);
      const ownOrigin = own?.kind === 'governed' ? own.origin : null;
      const results: (UrlVerdict | null)[] = request.urls.map(() => null);
      /** Indexes of the URLs of each origin, in first-seen order. */
      const byOrigin = new Map<string, number[]>();
      request.urls.forEach((url, i) => {
        const location = locateRobotsTxt(url);
        if (location.kind !== 'governed') {
          results[i] = { kind: 'not-applicable', url, explanation: location.explanation };
          return;
        }
        const list = byOrigin.get(location.origin);
        if (list) list.push(i);
        else byOrigin.set(location.origin, [i]);
      });
      const chosen: string[] = [];
      let others = 0;
      let skippedOrigins = 0;
      for (const origin of byOrigin.keys()) {
        if (origin === ownOrigin || others < maxOrigins) {
          chosen.push(origin);
          if (origin !== ownOrigin) others++;
        } else {
          skippedOrigins++;
          for (const i of byOrigin.get(origin) ?? []) {
            const url = request.urls[i] as string;
            results[i] = {
              kind: 'skipped',
              url,
              explanation: `not checked: at most ${maxOrigins} other sites' robots.txt files are fetched for one page`,
            };
          }
        }
      }
      await pool(
        chosen.map((origin) => async () => {
          const indexes = byOrigin.get(origin) ?? [];
          const first = request.urls[indexes[0] as number] as string;
          let inspection: Inspection;
          try {
            inspection = await deps.inspectUrl(first);
          } catch (error) {
            const explanation = `robots.txt of ${origin} could not be read: ${error instanceof Error ? error.message : String(error)}`;
            for (const i of indexes) results[i] = { kind: 'failed', url: request.urls[i] as string, explanation };
            return;
          }
          for (const i of indexes) {
            const url = request.urls[i] as string;
            results[i] = describe(deps.judge.judge({ ...inspection, pageUrl: url }, request.crawler), url);
          }
        }),
        MAX_CONCURRENT_LOOKUPS,
      );
      return {
        results: results as UrlVerdict[],
        origins: chosen.length,
        skippedOrigins,
        maxOrigins,
      };
    },
  };
}

/** Returns the checked `judgeUrls` payload, or throws a message saying what is wrong. */
export function parseJudgeUrlsRequest(payload: unknown): JudgeUrlsRequest {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new Error('judgeUrls needs { urls, crawler, pageUrl?, maxOrigins? }.');
  const p = payload as Record<string, unknown>;
  const unknown = Object.keys(p).find((k) => !['urls', 'crawler', 'pageUrl', 'maxOrigins'].includes(k));
  if (unknown !== undefined) throw new Error(`judgeUrls: unknown field "${unknown}".`);
  const { urls, crawler, pageUrl, maxOrigins } = p;
  if (
    !Array.isArray(urls) ||
    urls.length > MAX_URLS ||
    !urls.every((u) => typeof u === 'string' && u.length <= MAX_URL_CHARS)
  )
    throw new Error(
      `judgeUrls: urls must be a list of at most ${MAX_URLS} strings of at most ${MAX_URL_CHARS} characters.`,
    );
  if (typeof crawler !== 'string' || crawler.length === 0 || crawler.length > 100)
    throw new Error('judgeUrls: crawler must be a token of 1 to 100 characters.');
  if (pageUrl !== undefined && (typeof pageUrl !== 'string' || pageUrl.length > MAX_URL_CHARS))
    throw new Error('judgeUrls: pageUrl must be a URL.');
  if (
    maxOrigins !== undefined &&
    (typeof maxOrigins !== 'number' || !Number.isInteger(maxOrigins) || maxOrigins < 0 || maxOrigins > MAX_MAX_ORIGINS)
  )
    throw new Error(`judgeUrls: maxOrigins must be a whole number from 0 to ${MAX_MAX_ORIGINS}.`);
  return {
    urls: urls as string[],
    crawler,
    ...(pageUrl === undefined ? {} : { pageUrl: pageUrl }),
    ...(maxOrigins === undefined ? {} : { maxOrigins: maxOrigins }),
  };
}
