/**
 * A page's verdict for one crawler from its robots.txt fetch (SEMANTICS §7, CRAWLERS.md): no
 * robots.txt (everything allowed), unreachable (everything blocked), or the file's rules. The words
 * are the inspection's description (describeOutcome's), so the popup and the badge say the same.
 */
import type { FetchedBody, FetchOutcome } from './fetch/types';
import type { Inspection } from './messages';
import {
  type CompiledRobots,
  compileRobots,
  type CrawlerVerdict,
  evaluateForCrawler,
  parseRobotsTxt,
  type RobotsTxt,
} from './robots';

export type UnavailableOutcome = Extract<FetchOutcome, { kind: 'unavailable' }>;
export type UnreachableOutcome = Extract<FetchOutcome, { kind: 'unreachable' }>;

/** What governs an inspected page: its origin's robots.txt as crawlers read it. */
export type PageRobots =
  | { readonly kind: 'not-applicable'; readonly explanation: string }
  /** 4xx, too many redirects, a redirect loop, an unexpected status: no rules. */
  | {
      readonly kind: 'unavailable';
      readonly origin: string;
      readonly outcome: UnavailableOutcome;
      readonly explanation: string;
    }
  /** 429, 5xx, timeout, network failure: everything disallowed. */
  | {
      readonly kind: 'unreachable';
      readonly origin: string;
      readonly outcome: UnreachableOutcome;
      readonly explanation: string;
    }
  /** A 2xx body, its parse and the parse compiled for evaluation (`compiled.robots === robots`). */
  | {
      readonly kind: 'parsed';
      readonly origin: string;
      readonly body: FetchedBody;
      readonly robots: RobotsTxt;
      readonly compiled: CompiledRobots;
    };

/** The verdict for one URL and one crawler, whatever the fetch outcome was. */
export type PageVerdict =
  | { readonly kind: 'not-applicable'; readonly explanation: string }
  | {
      readonly kind: 'no-robots';
      readonly allowed: true;
      readonly outcome: UnavailableOutcome;
      readonly explanation: string;
    }
  | {
      readonly kind: 'unreachable';
      readonly allowed: false;
      readonly outcome: UnreachableOutcome;
      readonly explanation: string;
    }
  /** The file's rules decided: the engine's CrawlerVerdict, and whether the body was an HTML page. */
  | ({ readonly kind: 'rules'; readonly allowed: boolean; readonly html: boolean } & CrawlerVerdict);

/**
 * Returns what governs the inspected page, explained in the inspection's words (its description's
 * summary and effect). `parse` turns a 2xx body into compiled rules (default compileRobots of
 * parseRobotsTxt); a caller that sees the same file again passes a memoised one.
 */
export function readPageRobots(
  inspection: Inspection,
  parse: (text: string, origin: string) => CompiledRobots = (text) => compileRobots(parseRobotsTxt(text)),
): PageRobots {
  if (inspection.kind === 'not-applicable') return { kind: 'not-applicable', explanation: inspection.explanation };
  const { origin, outcome } = inspection.record;
  const explanation = `${inspection.description.summary} ${inspection.description.effect}`;
  switch (outcome.kind) {
    case 'unavailable':
      return { kind: 'unavailable', origin, outcome, explanation };
    case 'unreachable':
      return { kind: 'unreachable', origin, outcome, explanation };
    case 'ok': {
      const compiled = parse(outcome.body.text, origin);
      return { kind: 'parsed', origin, body: outcome.body, robots: compiled.robots, compiled };
    }
  }
}

/**
 * Returns the verdict for `url` and `crawler` (a preset's token or a custom token): no-robots and
 * allowed when robots.txt is unavailable, unreachable and blocked when it could not be fetched, else
 * evaluateForCrawler's verdict (the preset's fallback tokens and `*` handling applied).
 */
export function judgePage(page: PageRobots, url: string, crawler: string): PageVerdict {
  switch (page.kind) {
    case 'not-applicable':
      return page;
    case 'unavailable':
      return { kind: 'no-robots', allowed: true, outcome: page.outcome, explanation: page.explanation };
    case 'unreachable':
      return { kind: 'unreachable', allowed: false, outcome: page.outcome, explanation: page.explanation };
    case 'parsed': {
      const result = evaluateForCrawler(page.compiled, url, crawler);
      return { kind: 'rules', allowed: result.verdict.allowed, html: page.body.looksLikeHtml, ...result };
    }
  }
}
