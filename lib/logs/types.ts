/**
 * The log audit's report: totals, one row per crawler seen, one row per violation group, the
 * spoofed traffic apart, requests per day per crawler, and what each file and list was. Plain data
 * (JSON-safe): it is what the workbench shows, the CSV exports and the evidence bundle keeps.
 */
import type { LogFormat, SkipReason } from './formats';

/** The classes of a judged request, exactly one each. */
export type JudgedClass = 'violation' | 'claimedViolation' | 'notPromised' | 'allowed' | 'ambiguous' | 'notCovered';

export const JUDGED_CLASSES: readonly JudgedClass[] = [
  'violation',
  'claimedViolation',
  'notPromised',
  'allowed',
  'ambiguous',
  'notCovered',
];

/** The edge's answers by class; `other` is any other status, or none written. */
export type EdgeClass = '2xx' | '3xx' | '403' | '429' | 'other4xx' | '5xx' | 'other';

export const EDGE_CLASSES: readonly EdgeClass[] = ['2xx', '3xx', '403', '429', 'other4xx', '5xx', 'other'];

export type EdgeCounts = Record<EdgeClass, number>;

/** How a crawler's identity was checked. */
export type IdentityCheck =
  /** Its operator's lists were loaded: each address was looked up in them. */
  | { readonly kind: 'lists'; readonly lists: readonly { readonly id: string; readonly date: string | null }[] }
  /** No list of its operator was loaded or exists: how it can be checked instead, in words. */
  | { readonly kind: 'unverifiable'; readonly how: string };

/** One crawler's row (§8): counts under the §7 names. */
export interface CrawlerRow extends Record<JudgedClass, number> {
  /** The catalogue's token. */
  readonly crawler: string;
  readonly operator: string;
  /** Requests claiming it, its robots.txt fetches included. */
  requests: number;
  verified: number;
  spoofed: number;
  unverifiable: number;
  robotsFetches: number;
  /** The time of the last robots.txt fetch (epoch ms), or null. */
  lastRobotsFetch: number | null;
  /** The statuses its robots.txt fetches got, in order of first sight (`-` for none written). */
  robotsStatuses: string[];
  /** The edge's answers to every request claiming it. */
  edge: EdgeCounts;
  readonly identity: IdentityCheck;
  /** The cache window used for it, in hours. */
  readonly windowHours: number;
}

/** Requests of one crawler, judged alike under one version's deciding line. */
export interface ViolationGroup {
  readonly class: 'violation' | 'claimedViolation' | 'notPromised';
  readonly crawler: string;
  /** The newest candidate version's seq. */
  readonly seq: number;
  /** The deciding line (0: the version's status disallows everything). */
  readonly line: number;
  /** The deciding line's text, or the status in words for line 0. */
  readonly rule: string;
  count: number;
  first: number;
  last: number;
  /** Up to 5 distinct targets, the first seen. */
  readonly examples: string[];
}

/** Where a skipped line was: its file and line number. */
export interface LinePlace {
  readonly file: string;
  readonly line: number;
}

/** What became of one file. */
export interface FileSummary {
  readonly name: string;
  /** The format read, or null when none fits (the file was refused). */
  format: LogFormat | null;
  /** Whether the format was detected (false: the user chose it). */
  readonly detected: boolean;
  lines: number;
  /** Lines with a character that was not valid UTF-8 (replaced by U+FFFD). */
  badEncoding: number;
  /** Why the file was refused or stopped early, in words, or null. */
  problem: string | null;
}

/** One day's requests of one crawler, by class. */
export interface DayCounts extends Record<JudgedClass, number> {
  /** YYYY-MM-DD (UTC). */
  readonly day: string;
  readonly crawler: string;
  robotsFetches: number;
  spoofed: number;
}

/** An IP list the audit used. */
export interface ListUse {
  readonly id: string;
  readonly creationTime: string | null;
  /** Prefixes read. */
  readonly usable: number;
  /** Prefixes that did not parse (ignored). */
  readonly ignored: number;
  /** False when no prefix was usable: the list was not loaded. */
  readonly loaded: boolean;
}

export interface LogAuditReport {
  /** The audited origin, normalised (`scheme://host[:port]`). */
  readonly origin: string;
  /** True when the reading stopped early (cancelled): every count covers only the lines read. */
  partial: boolean;
  lines: number;
  parsed: number;
  skipped: Record<SkipReason, number>;
  /** The first 3 places of each reason, per file. */
  skippedAt: Record<SkipReason, LinePlace[]>;
  /** Requests for another host (not judged). */
  otherHost: number;
  /** Requests that claim no crawler (people and unknown bots), never judged. */
  other: number;
  /** The edge's answers to those. */
  otherEdge: EdgeCounts;
  files: FileSummary[];
  /** The first and last request time (epoch ms), or null before any. */
  span: { first: number; last: number } | null;
  /** The history's reach: the first and last instant a version was seen, or null without versions. */
  readonly history: { readonly from: number; readonly to: number } | null;
  /** The changes of robots.txt: when each version was first seen. */
  readonly changes: readonly { readonly seq: number; readonly at: number; readonly status: string }[];
  /** Rows per crawler seen, keyed by the catalogue's token, in catalogue order. */
  crawlers: Record<string, CrawlerRow>;
  /** The violation class's groups (a verified crawler that says it obeys), largest first. */
  violations: ViolationGroup[];
  /** Claimed violations and disallowed requests of crawlers that promise nothing, grouped the same way. */
  otherGroups: ViolationGroup[];
  /** Requests per day per crawler, by class, oldest first. */
  days: DayCounts[];
  readonly lists: readonly ListUse[];
}
