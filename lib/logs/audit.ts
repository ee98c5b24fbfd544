/**
 * The log audit: each line read into a request (formats.ts), the crawler it claims (claim.ts), its
 * identity by the operator's IP list (addresses.ts), the robots.txt versions in force for it
 * (in-force.ts), and its judgement by Google's engine under each; the report keeps aggregates only.
 * `auditLog` reads lines given at once; `createLogAudit` takes them as a stream delivers them.
 */
import { crawlerRecords } from '../crawlers/catalogue';
import type { CrawlerRecord } from '../crawlers/types';
import { type CompiledRobots, compileRobots, findCrawler, parseRobotsTxt, parseRobotsTxtByteString } from '../robots';
import type { CrawlerPreset } from '../robots/crawlers';
import { decodeUtf8ByteString } from '../robots/bytes';
import { evaluateForCrawler, isAllowedForCrawler } from '../robots/crawler-verdict';
import { ruleText } from '../robots/rule-text';
import { type AddressSet, createAddressSet, readIpAddress } from './addresses';
import { createClaimMatcher } from './claim';
import {
  createLineParser,
  createLogRequest,
  DETECTION_LINES,
  detectLogFormat,
  isLogFormat,
  LOG_FORMAT_NAMES,
  LOG_FORMATS,
  type LineParser,
  type LogFormat,
  type SkipReason,
} from './formats';
import { candidateVersions, isCovered, type LogVersion, readVersionStatus } from './in-force';
import type {
  CrawlerRow,
  DayCounts,
  EdgeClass,
  EdgeCounts,
  FileSummary,
  JudgedClass,
  ListUse,
  LogAuditReport,
  ViolationGroup,
} from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A line whose UTF-8 encoding is longer than this is skipped (`too-long`). */
export const MAX_LOG_LINE_BYTES = 16_384;

/** Distinct targets remembered per version and crawler before the memo starts again (a bound). */
const MAX_REMEMBERED_TARGETS = 65_536;

/** Example targets kept per group. */
const MAX_EXAMPLES = 5;

/** Places kept per skip reason and file. */
const MAX_PLACES = 3;

/** An IP list in the operators' shape (JAFAR), as parsed JSON. */
export interface LogAuditList {
  readonly creationTime?: string;
  readonly prefixes: readonly { readonly ipv4Prefix?: string; readonly ipv6Prefix?: string }[];
}

/** What an audit is for. */
export interface LogAuditOptions {
  /** The site audited, e.g. 'https://shop.example'. */
  readonly origin: string;
  /** The origin's robots.txt versions, oldest first (sorted by firstSeen). */
  readonly versions: readonly LogVersion[];
  /** The IP lists, keyed by list id (the shipped file's name without .json). */
  readonly lists: Readonly<Record<string, LogAuditList>>;
  /** The cache window for every crawler, in hours; default each crawler's own (24 hours, RFC 9309 §2.4). */
  readonly windowHours?: number;
}

/** The input of auditLog: lines of one or more files, read as one file. */
export interface LogAuditInput extends LogAuditOptions {
  /** Decoded lines, each without its LF. */
  readonly lines: Iterable<string>;
  /** A format id (LOG_FORMATS); default: detected from the first 50 non-empty lines. */
  readonly format?: string;
}

/** An audit fed line by line, file by file. */
export interface LogAudit {
  /** Starts a file: its name, and its format if the user chose one (else it is detected). */
  startFile(name: string, format?: LogFormat): void;
  /** Reads one line (without its LF); returns false when the file was refused and the rest of it need not be read. */
  line(text: string): boolean;
  /** Counts a line that was too long to be kept whole (a stream drops its text). */
  tooLong(): boolean;
  /** Counts a line that held bytes that were not UTF-8. */
  badEncoding(): void;
  /** Ends the current file, with why it stopped early if it did. */
  endFile(problem?: string): void;
  /** Returns the report so far; `partial` when the reading was stopped. */
  report(partial?: boolean): LogAuditReport;
}

/**
 * Returns the audit of `lines` (one file; a trailing CR dropped from each line) against the origin's
 * robots.txt versions and the crawlers' IP lists (LOG-AUDIT §10). Throws a RangeError for an
 * unknown format id or an origin that is not an http(s) URL.
 */
export function auditLog(input: LogAuditInput): LogAuditReport {
  let format: LogFormat | undefined;
  if (input.format !== undefined) {
    if (!isLogFormat(input.format))
      throw new RangeError(`unknown log format ${input.format}: one of ${LOG_FORMATS.join(', ')}`);
    format = input.format;
  }
  const audit = createLogAudit(input);
  audit.startFile('log', format);
  for (const line of input.lines) if (!audit.line(line)) break;
  audit.endFile();
  return audit.report();
}

/** The origin as `scheme://host[:port]`, with what a request's host is compared with. */
interface Site {
  readonly origin: string;
  readonly hostname: string;
  readonly port: number;
}

function readOrigin(origin: string): Site {
  let url: URL;
  try {
    url = new URL(origin);
  } catch (error) {
    throw new RangeError(`the origin ${origin} is not a URL`, { cause: error });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RangeError(`the origin ${origin} is not http(s)`);
  const hostname = stripHost(url.hostname);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { origin: `${url.protocol}//${url.host}`, hostname, port };
}

/** A hostname as compared: brackets and a trailing dot removed, ASCII lower case. */
function stripHost(host: string): string {
  let h = host;
  if (h.charCodeAt(0) === 0x5b && h.charCodeAt(h.length - 1) === 0x5d) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/** Returns whether a logged host (`name`, `name:port`, `[v6]:port`) is the site's. */
function isSiteHost(site: Site, host: string, memo: Map<string, boolean>): boolean {
  const known = memo.get(host);
  if (known !== undefined) return known;
  let name = host;
  let port: number | null = null;
  if (host.charCodeAt(0) === 0x5b) {
    const close = host.indexOf(']');
    name = close < 0 ? host : host.slice(1, close);
    if (close >= 0 && host.charCodeAt(close + 1) === 0x3a) port = Number(host.slice(close + 2));
  } else {
    const colon = host.indexOf(':');
    if (colon >= 0 && host.indexOf(':', colon + 1) < 0) {
      name = host.slice(0, colon);
      port = Number(host.slice(colon + 1));
    }
  }
  const same = stripHost(name) === site.hostname && (port === null || port === site.port);
  if (memo.size > 1024) memo.clear();
  memo.set(host, same);
  return same;
}

function edgeClassOf(status: number): EdgeClass {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 300 && status < 400) return '3xx';
  if (status === 403) return '403';
  if (status === 429) return '429';
  if (status >= 400 && status < 500) return 'other4xx';
  if (status >= 500 && status < 600) return '5xx';
  return 'other';
}

const emptyEdge = (): EdgeCounts => ({ '2xx': 0, '3xx': 0, '403': 0, '429': 0, other4xx: 0, '5xx': 0, other: 0 });

const emptySkips = (): Record<SkipReason, number> => ({ 'too-long': 0, unparsed: 0, 'bad-time': 0, 'bad-target': 0 });

/** Returns the length of `text`'s UTF-8 encoding. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const NON_ASCII = /[^\0-\x7f]/;

/** A target with its non-ASCII characters percent-encoded as UTF-8 (how a crawler sends them, and how rules are written). */
function encodeNonAscii(target: string): string {
  if (!NON_ASCII.test(target)) return target;
  let out = '';
  for (const ch of target) {
    if (ch.charCodeAt(0) < 0x80) out += ch;
    else for (const b of new TextEncoder().encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** The target before `?` is exactly `/robots.txt`, as logged. */
function isRobotsTarget(target: string): boolean {
  return target.startsWith('/robots.txt') && (target.length === 11 || target.charCodeAt(11) === 0x3f);
}

/** How an operator's address can be checked without a list, in words. */
function describeUncheckable(record: CrawlerRecord): string {
  const dns = record.reverseDns;
  const why =
    record.ipLists.kind === 'lists'
      ? 'its operator’s IP list was not loaded'
      : record.ipLists.why.replace(/^none: /, '');
  const list = `No IP list checks it: ${why}.`;
  if (dns.kind === 'names')
    return `${list} Check an address by reverse DNS: its name ends in ${dns.names.join(' or ')} and resolves back to the same address (a browser cannot look names up).`;
  return `${list} ${dns.why}`;
}

/** Returns the UTC day of an instant as YYYY-MM-DD. */
function dayText(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

interface CompiledVersion {
  readonly version: LogVersion;
  readonly reading: ReturnType<typeof readVersionStatus>;
  compiled: CompiledRobots | null;
}

/** The per-crawler facts the hot path reads. */
interface Claimant {
  readonly record: CrawlerRecord;
  readonly preset: CrawlerPreset;
  readonly addresses: AddressSet | null;
  readonly obeys: boolean;
  readonly windowMs: number;
  row: CrawlerRow | null;
}

/** Returns an audit to feed line by line (the streaming reader's way in; auditLog's too). */
export function createLogAudit(options: LogAuditOptions): LogAudit {
  const site = readOrigin(options.origin);
  const versions = options.versions;
  const compiledVersions: CompiledVersion[] = versions.map((version) => ({
    version,
    reading: readVersionStatus(version.status),
    compiled: null,
  }));

  // Lists: each read once into a set; a list with no usable prefix is not loaded.
  const listUses: ListUse[] = [];
  const listSets = new Map<string, AddressSet>();
  for (const [id, list] of Object.entries(options.lists)) {
    const texts: string[] = [];
    for (const p of list.prefixes ?? []) {
      const text = p.ipv4Prefix ?? p.ipv6Prefix;
      if (typeof text === 'string') texts.push(text);
    }
    const read = createAddressSet(texts);
    const ignored = read.ignored + ((list.prefixes?.length ?? 0) - texts.length);
    const loaded = read.usable > 0;
    if (loaded) listSets.set(id, read.set);
    listUses.push({ id, creationTime: list.creationTime ?? null, usable: read.usable, ignored, loaded });
  }

  const records = crawlerRecords().filter((r) => r.fetches);
  const claimants: Claimant[] = records.map((record) => {
    const ids = record.ipLists.kind === 'lists' ? record.ipLists.ids.filter((id) => listSets.has(id)) : [];
    const sets = ids.map((id) => listSets.get(id) as AddressSet);
    const addresses: AddressSet | null =
      sets.length === 0
        ? null
        : sets.length === 1
          ? (sets[0] as AddressSet)
          : { has: (a) => sets.some((s) => s.has(a)) };
    return {
      record,
      preset: findCrawler(record.token) as CrawlerPreset,
      addresses,
      obeys: record.obeysRobots.startsWith('yes'),
      windowMs: (options.windowHours ?? record.cacheWindow.hours) * HOUR,
      row: null,
    };
  });
  const matcher = createClaimMatcher(records.map((r) => r.token));
  const memo = claimants.map(() => new Map<string, number[]>());
  const hostMemo = new Map<string, boolean>();

  const report: LogAuditReport = {
    origin: site.origin,
    partial: false,
    lines: 0,
    parsed: 0,
    skipped: emptySkips(),
    skippedAt: { 'too-long': [], unparsed: [], 'bad-time': [], 'bad-target': [] },
    otherHost: 0,
    other: 0,
    otherEdge: emptyEdge(),
    files: [],
    span: null,
    history:
      versions.length === 0
        ? null
        : { from: (versions[0] as LogVersion).firstSeen, to: (versions[versions.length - 1] as LogVersion).lastSeen },
    changes: versions.map((v) => ({ seq: v.seq, at: v.firstSeen, status: v.status })),
    crawlers: {},
    violations: [],
    otherGroups: [],
    days: [],
    lists: listUses,
  };
  const groups = new Map<string, ViolationGroup>();
  const days = new Map<number, Map<number, DayCounts>>();
  let lastDay = NaN;
  let lastDayMap: Map<number, DayCounts> | undefined;

  // The current file.
  let file: FileSummary | null = null;
  let parser: LineParser | null = null;
  let pending: (string | null)[] = [];
  let pendingNonEmpty = 0;
  let refused = false;
  let placesInFile: Record<SkipReason, number> = { 'too-long': 0, unparsed: 0, 'bad-time': 0, 'bad-target': 0 };
  const request = createLogRequest();

  function rowOf(c: number): CrawlerRow {
    const claimant = claimants[c] as Claimant;
    if (claimant.row !== null) return claimant.row;
    const { record } = claimant;
    const identity: CrawlerRow['identity'] =
      claimant.addresses === null
        ? { kind: 'unverifiable', how: describeUncheckable(record) }
        : {
            kind: 'lists',
            lists: (record.ipLists.kind === 'lists' ? record.ipLists.ids : [])
              .filter((id) => listSets.has(id))
              .map((id) => ({ id, date: listUses.find((l) => l.id === id)?.creationTime ?? null })),
          };
    claimant.row = {
      crawler: record.token,
      operator: record.operator,
      requests: 0,
      verified: 0,
      spoofed: 0,
      unverifiable: 0,
      robotsFetches: 0,
      lastRobotsFetch: null,
      robotsStatuses: [],
      violation: 0,
      claimedViolation: 0,
      notPromised: 0,
      allowed: 0,
      ambiguous: 0,
      notCovered: 0,
      edge: emptyEdge(),
      identity,
      windowHours: claimant.windowMs / HOUR,
    };
    return claimant.row;
  }

  function dayOf(c: number, time: number): DayCounts {
    const day = Math.floor(time / DAY);
    if (day !== lastDay) {
      lastDay = day;
      lastDayMap = days.get(day);
      if (lastDayMap === undefined) {
        lastDayMap = new Map();
        days.set(day, lastDayMap);
      }
    }
    const map = lastDayMap as Map<number, DayCounts>;
    let counts = map.get(c);
    if (counts === undefined) {
      counts = {
        day: dayText(day),
        crawler: (claimants[c] as Claimant).record.token,
        violation: 0,
        claimedViolation: 0,
        notPromised: 0,
        allowed: 0,
        ambiguous: 0,
        notCovered: 0,
        robotsFetches: 0,
        spoofed: 0,
      };
      map.set(c, counts);
    }
    return counts;
  }

  function compiledOf(k: number): CompiledRobots {
    const v = compiledVersions[k] as CompiledVersion;
    if (v.compiled === null) {
      const body = v.version.body;
      let robots;
      try {
        robots = parseRobotsTxtByteString(body);
      } catch {
        // Not one char per byte: the body was kept as decoded text.
        robots = parseRobotsTxt(body);
      }
      v.compiled = compileRobots(robots);
    }
    return v.compiled;
  }

  /** Returns the verdicts of crawler c for a target, one per version: -2 not yet known, -1 allowed, else the deciding line. */
  function verdictsOf(c: number, target: string): number[] {
    const known = memo[c] as Map<string, number[]>;
    let verdicts = known.get(target);
    if (verdicts === undefined) {
      if (known.size >= MAX_REMEMBERED_TARGETS) known.clear();
      verdicts = new Array<number>(versions.length).fill(-2);
      known.set(target, verdicts);
    }
    return verdicts;
  }

  /** Returns -1 when version k allows the URL for crawler c, else the deciding line (0: its status). */
  function verdictAt(k: number, c: number, target: string): number {
    const v = compiledVersions[k] as CompiledVersion;
    if (v.reading === 'allow-all') return -1;
    if (v.reading === 'disallow-all') return 0;
    const compiled = compiledOf(k);
    const preset = (claimants[c] as Claimant).preset;
    const url = site.origin + encodeNonAscii(target);
    if (isAllowedForCrawler(compiled, url, preset)) return -1;
    return evaluateForCrawler(compiled, url, preset).verdict.rule?.rule.line ?? 0;
  }

  function ruleAt(k: number, c: number, line: number, target: string): string {
    const v = compiledVersions[k] as CompiledVersion;
    if (line === 0) return `robots.txt answered ${v.version.status}: everything is disallowed`;
    const verdict = evaluateForCrawler(
      compiledOf(k),
      site.origin + encodeNonAscii(target),
      (claimants[c] as Claimant).preset,
    );
    const rule = verdict.verdict.rule;
    return rule === null ? '' : decodeUtf8ByteString(ruleText(rule.rule));
  }

  function addToGroup(cls: ViolationGroup['class'], c: number, k: number, line: number, time: number, target: string) {
    const seq = (versions[k] as LogVersion).seq;
    const key = `${cls}\n${c}\n${seq}\n${line}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        class: cls,
        crawler: (claimants[c] as Claimant).record.token,
        seq,
        line,
        rule: ruleAt(k, c, line, target),
        count: 0,
        first: time,
        last: time,
        examples: [],
      };
      groups.set(key, group);
    }
    group.count++;
    if (time < group.first) group.first = time;
    if (time > group.last) group.last = time;
    if (group.examples.length < MAX_EXAMPLES && !group.examples.includes(target)) group.examples.push(target);
  }

  function skip(reason: SkipReason, lineNumber: number) {
    report.skipped[reason]++;
    if (placesInFile[reason] < MAX_PLACES) {
      placesInFile[reason]++;
      report.skippedAt[reason].push({ file: (file as FileSummary).name, line: lineNumber });
    }
  }

  function judge(r: typeof request) {
    const c = r.userAgent === null ? -1 : matcher.claim(r.userAgent);
    if (c < 0) {
      report.other++;
      report.otherEdge[edgeClassOf(r.status)]++;
      return;
    }
    const claimant = claimants[c] as Claimant;
    const row = claimant.row ?? rowOf(c);
    row.requests++;
    row.edge[edgeClassOf(r.status)]++;
    const day = dayOf(c, r.time);
    let verified = false;
    if (claimant.addresses !== null) {
      const address = readIpAddress(r.ip);
      if (address === null || !claimant.addresses.has(address)) {
        row.spoofed++;
        day.spoofed++;
        return;
      }
      row.verified++;
      verified = true;
    } else row.unverifiable++;
    if (isRobotsTarget(r.target)) {
      row.robotsFetches++;
      day.robotsFetches++;
      if (row.lastRobotsFetch === null || r.time > row.lastRobotsFetch) row.lastRobotsFetch = r.time;
      const status = r.status < 0 ? '-' : String(r.status);
      if (!row.robotsStatuses.includes(status)) row.robotsStatuses.push(status);
      return;
    }
    let cls: JudgedClass;
    if (!isCovered(versions, r.time, claimant.windowMs)) cls = 'notCovered';
    else {
      const [first, last] = candidateVersions(versions, r.time, claimant.windowMs);
      let allows = 0;
      let disallows = 0;
      let newest = -1;
      let line = 0;
      const verdicts = verdictsOf(c, r.target);
      for (let k = first; k <= last; k++) {
        let verdict = verdicts[k] as number;
        if (verdict === -2) verdicts[k] = verdict = verdictAt(k, c, r.target);
        if (verdict < 0) allows++;
        else {
          disallows++;
          newest = k;
          line = verdict;
        }
      }
      if (disallows === 0) cls = 'allowed';
      else if (allows > 0) cls = 'ambiguous';
      else {
        cls = !claimant.obeys ? 'notPromised' : verified ? 'violation' : 'claimedViolation';
        addToGroup(cls, c, newest, line, r.time, r.target);
      }
    }
    row[cls]++;
    day[cls]++;
  }

  function read(text: string | null, lineNumber: number) {
    if (text === null) {
      skip('too-long', lineNumber);
      return;
    }
    const reading = (parser as LineParser)(text, request);
    if (reading === 'directive') return;
    if (reading !== 'request') {
      skip(reading, lineNumber);
      return;
    }
    report.parsed++;
    const span = report.span;
    if (span === null) report.span = { first: request.time, last: request.time };
    else if (request.time < span.first) span.first = request.time;
    else if (request.time > span.last) span.last = request.time;
    if (request.host !== null && !isSiteHost(site, request.host, hostMemo)) {
      report.otherHost++;
      return;
    }
    judge(request);
  }

  /** Reads the lines held for detection, once the format is known. */
  function flushPending() {
    const held = pending;
    pending = [];
    const firstNumber = (file as FileSummary).lines - held.length + 1;
    for (let i = 0; i < held.length; i++) {
      const text = held[i] as string | null;
      if (text !== '') read(text, firstNumber + i);
    }
  }

  function decide(): boolean {
    const f = file as FileSummary;
    const candidates = pending.filter((l): l is string => l !== null && l !== '');
    const format = detectLogFormat(candidates);
    if (format === null) {
      refused = true;
      f.problem = `This file is in no format the audit reads (tried ${LOG_FORMATS.map((id) => LOG_FORMAT_NAMES[id]).join(', ')}).`;
      pending = [];
      return false;
    }
    f.format = format;
    parser = createLineParser(format);
    flushPending();
    return true;
  }

  /** Takes one line (null: too long to keep). */
  function take(text: string | null): boolean {
    if (file === null) audit.startFile('log');
    if (refused) return false;
    const f = file as FileSummary;
    report.lines++;
    f.lines++;
    if (parser === null) {
      pending.push(text);
      if (text !== '' && ++pendingNonEmpty >= DETECTION_LINES) return decide();
      return true;
    }
    if (text !== '') read(text, f.lines);
    return true;
  }

  const audit: LogAudit = {
    startFile(name, format) {
      if (file !== null) audit.endFile();
      file = { name, format: format ?? null, detected: format === undefined, lines: 0, badEncoding: 0, problem: null };
      report.files.push(file);
      parser = format === undefined ? null : createLineParser(format);
      pending = [];
      pendingNonEmpty = 0;
      refused = false;
      placesInFile = { 'too-long': 0, unparsed: 0, 'bad-time': 0, 'bad-target': 0 };
    },
    line(raw) {
      const text = raw.charCodeAt(raw.length - 1) === 0x0d ? raw.slice(0, -1) : raw;
      const tooLong =
        text.length > MAX_LOG_LINE_BYTES ||
        (text.length > MAX_LOG_LINE_BYTES / 3 && utf8Length(text) > MAX_LOG_LINE_BYTES);
      return take(tooLong ? null : text);
    },
    tooLong() {
      return take(null);
    },
    badEncoding() {
      if (file !== null) file.badEncoding++;
    },
    endFile(problem) {
      if (file === null) return;
      if (parser === null && !refused) decide();
      if (problem !== undefined) file.problem = problem;
      file = null;
      parser = null;
    },
    report(partial = false) {
      const out: LogAuditReport = {
        ...report,
        partial,
        skipped: { ...report.skipped },
        skippedAt: { ...report.skippedAt },
        span: report.span === null ? null : { ...report.span },
        files: report.files.map((f) => ({ ...f })),
        crawlers: {},
        violations: [],
        otherGroups: [],
        days: [],
      };
      for (const claimant of claimants)
        if (claimant.row !== null) {
          const row = claimant.row;
          out.crawlers[claimant.record.token] = {
            ...row,
            robotsStatuses: [...row.robotsStatuses],
            edge: { ...row.edge },
          };
        }
      const sorted = [...groups.values()].map((g) => ({ ...g, examples: [...g.examples] }));
      sorted.sort((a, b) => b.count - a.count || a.first - b.first);
      out.violations = sorted.filter((g) => g.class === 'violation');
      out.otherGroups = sorted.filter((g) => g.class !== 'violation');
      for (const day of [...days.keys()].sort((a, b) => a - b))
        for (const counts of (days.get(day) as Map<number, DayCounts>).values()) out.days.push({ ...counts });
      return out;
    },
  };
  return audit;
}
