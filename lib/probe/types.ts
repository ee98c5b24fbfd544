/**
 * The probe's plain data: what one fetch as one agent brought back (its robots.txt record and its
 * page), and the report made of them. JSON-safe: it crosses the message boundary and goes into the
 * evidence bundle as is.
 */
import type { HeaderList } from '../fetch/headers';
import type { FetchRecord, RedirectHop } from '../fetch/types';

export type { HeaderList };

/** The agent of a probe row: a crawler token, or the browser's own User-Agent. */
export const BROWSER_AGENT = 'browser';

/** One fetch of the page itself: its answer (body bounded) or why there was none. */
export type PageFetch =
  | {
      readonly kind: 'response';
      readonly status: number;
      /** The URL that answered, after redirects. */
      readonly finalUrl: string;
      readonly hops: readonly RedirectHop[];
      readonly headers: HeaderList;
      /** The body's first bytes decoded as UTF-8 (at most MAX_PROBE_PAGE_BYTES), for recognising challenge pages and the canonical. */
      readonly body: string;
      /** The same first bytes as received, one char per byte (U+0000–U+00FF), for the evidence bundle. */
      readonly bytes: string;
      /** The body was longer than MAX_PROBE_PAGE_BYTES and was cut there. */
      readonly truncated: boolean;
    }
  | {
      readonly kind: 'failed';
      /** What went wrong, in words: a network error, a timeout, too many redirects or a loop. */
      readonly detail: string;
      readonly hops: readonly RedirectHop[];
    };

/** What was fetched as one agent: robots.txt through the fetch policy, and the page. */
export interface AgentFetch {
  /** A crawler token, or BROWSER_AGENT. */
  readonly agent: string;
  /** The User-Agent sent; null for the browser's own. */
  readonly userAgent: string | null;
  readonly robots: FetchRecord;
  readonly page: PageFetch;
}

/** What the edge did to the page's request, as `data-edge` names it. */
export type EdgeKind = 'none' | 'blocked' | 'challenge' | 'payment-required' | 'redirect-canonical';

/** The edge's answer to one agent, in words. */
export interface EdgeFinding {
  readonly kind: EdgeKind;
  /** One sentence, e.g. "The edge answers 403 Forbidden to GPTBot, 200 to the browser." */
  readonly words: string;
}

/** How an agent's robots.txt compares with the browser's. */
export type RobotsDifference =
  | { readonly kind: 'same' }
  /** One of the two is not a file (an error status or a failure): compared by status only. */
  | { readonly kind: 'status-differs'; readonly agentStatus: string; readonly browserStatus: string }
  /** The agent's file is the browser's with a CDN-managed block added before it. */
  | { readonly kind: 'managed-prepended'; readonly vendor: string }
  /** The agent's file is only a CDN-managed block: the site's own rules are gone. */
  | { readonly kind: 'managed-replaced'; readonly vendor: string }
  /** The files differ only inside CDN-managed blocks. */
  | { readonly kind: 'managed-differs'; readonly vendor: string }
  | { readonly kind: 'different'; readonly added: number; readonly removed: number };

/** A usage or indexing header whose value differs between an agent and the browser. */
export interface HeaderDifference {
  /** Lower-cased: x-robots-tag, content-usage or content-signal. */
  readonly name: string;
  /** The values as received, joined with ", "; null when absent. */
  readonly agent: string | null;
  readonly browser: string | null;
}

/** What robots.txt says for the page, as this agent got it. */
export type RobotsReading =
  | { readonly kind: 'allowed'; readonly line: number | null }
  | { readonly kind: 'blocked'; readonly line: number | null }
  /** No file (4xx, too many redirects): everything allowed. */
  | { readonly kind: 'no-file'; readonly status: string }
  /** 429, 5xx, timeout or network error: everything blocked. */
  | { readonly kind: 'unreachable'; readonly status: string }
  /** The browser's row: not judged for a crawler. */
  | { readonly kind: 'not-judged'; readonly status: string };

/** One row of the report: one agent side by side with the browser. */
export interface ProbeRow {
  readonly agent: string;
  /** The display name ("GPTBot", "Your browser"). */
  readonly name: string;
  readonly userAgent: string | null;
  /** robots.txt's status as history files it ("200", "403", "timeout"). */
  readonly robotsStatus: string;
  readonly robots: RobotsReading;
  readonly robotsDifference: RobotsDifference;
  /** The page's final HTTP status, or null when the fetch failed. */
  readonly pageStatus: number | null;
  readonly hops: readonly RedirectHop[];
  readonly edge: EdgeFinding;
  readonly headerDifferences: readonly HeaderDifference[];
  /** Every finding in words, most important first. */
  readonly findings: readonly string[];
  /** One line: "GPTBot: robots.txt allows, the edge answers 403". */
  readonly summary: string;
}

/** How a body was cut: the fetch reads at most `limit` bytes of it. */
export interface BodyCut {
  /** The most bytes of such a body the probe reads (MAX_ROBOTS_BYTES or MAX_PROBE_PAGE_BYTES). */
  readonly limit: number;
  /** The Content-Length the server declared, or null. */
  readonly contentLength: number | null;
}

/** One response the probe received (robots.txt or the page) for one agent. */
export interface ReceivedResponse {
  /** The URL asked for. */
  readonly url: string;
  /** The URL that answered, after redirects; null when no response came. */
  readonly finalUrl: string | null;
  /** The status as history files it ("200", "404", "timeout"). */
  readonly status: string;
  /** The response's headers (bounded); null when no response came or they were not recorded. */
  readonly headers: HeaderList | null;
  /** The index of its body in `ProbeReceived.bodies`; null when none was kept (`noBody` says why). */
  readonly body: number | null;
  /** Set when the body was longer than the fetch reads and was cut there. */
  readonly cut: BodyCut | null;
  /** Why no body was kept, in words; null when one was. */
  readonly noBody: string | null;
}

/** What one agent received: its robots.txt and its page. */
export interface AgentReceived {
  readonly agent: string;
  readonly robots: ReceivedResponse;
  readonly page: ReceivedResponse;
}

/** Every response a probe received, the distinct bodies once each (the same bytes served twice are one body). */
export interface ProbeReceived {
  /** The bytes of each distinct body kept, one char per byte (U+0000–U+00FF): JSON-safe. */
  readonly bodies: readonly string[];
  /** One per agent, in the order of the report's rows. */
  readonly agents: readonly AgentReceived[];
}

/** A whole probe: one row per agent, the browser's first. */
export interface ProbeReport {
  readonly pageUrl: string;
  readonly origin: string;
  /** Epoch ms. */
  readonly startedAt: number;
  readonly finishedAt: number;
  /** The browser's own row first, then one per crawler in the order asked. */
  readonly rows: readonly ProbeRow[];
  /** What the probe cannot tell, in words; shown with every report. */
  readonly limits: readonly string[];
  /** What each agent was served, bodies included, for the evidence bundle. */
  readonly received: ProbeReceived;
}
