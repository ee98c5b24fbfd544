/**
 * The access-log formats an audit reads (Apache/Nginx combined, vhost-combined and common; W3C
 * extended as IIS and CloudFront write it; AWS ALB; Cloudflare Logpush JSON; Caddy JSON), each line
 * read into one request or a reason it is not one, and the detection of a file's format from its
 * first lines. Nothing is decoded in the target: it is judged as logged.
 */
import { readCloudflareTimestamp, readCommonLogTime, readRfc3339, readW3cTime } from './time';

/** The formats, in the order detection breaks ties. */
export const LOG_FORMATS = [
  'combined',
  'vhost-combined',
  'common',
  'w3c',
  'alb',
  'cloudflare-json',
  'caddy-json',
] as const;

export type LogFormat = (typeof LOG_FORMATS)[number];

/** Each format's name in words. */
export const LOG_FORMAT_NAMES: Readonly<Record<LogFormat, string>> = {
  combined: 'Apache/Nginx combined',
  'vhost-combined': 'Apache vhost_combined',
  common: 'Common Log Format',
  w3c: 'W3C extended (IIS, CloudFront)',
  alb: 'AWS ALB',
  'cloudflare-json': 'Cloudflare Logpush JSON',
  'caddy-json': 'Caddy JSON',
};

/** Returns whether `id` names a format. */
export function isLogFormat(id: string): id is LogFormat {
  return (LOG_FORMATS as readonly string[]).includes(id);
}

/** Why a line is not a request; `too-long` is decided before a line is parsed. */
export type SkipReason = 'too-long' | 'unparsed' | 'bad-time' | 'bad-target';

/**
 * One request as read from a line: filled in place by a parser (one object per file, so reading
 * a line allocates only its fields).
 */
export interface LogRequest {
  /** UTC epoch ms. */
  time: number;
  ip: string;
  method: string;
  /** The host the request named (a host field, or an absolute-form target's host), with its port if written; null when the log gives none. */
  host: string | null;
  /** The request target as logged, origin-form (starts with `/`). */
  target: string;
  /** The status as a number, or -1 when the log writes none (`-`). */
  status: number;
  /** The user agent, escapes undone; null when the log has none. */
  userAgent: string | null;
}

/** What a parser makes of one non-empty line. */
export type LineReading = 'request' | 'directive' | SkipReason;

/** A parser of one file's lines: W3C keeps its `#Fields:` between lines. */
export type LineParser = (line: string, into: LogRequest) => LineReading;

/** Returns a request to fill. */
export function createLogRequest(): LogRequest {
  return { time: 0, ip: '', method: '', host: null, target: '', status: -1, userAgent: null };
}

/** Returns a fresh parser for one file in `format`. */
export function createLineParser(format: LogFormat): LineParser {
  // Lines of one second share their time text: it is read once.
  const clock: Clock = { text: '', time: NaN };
  switch (format) {
    case 'combined':
      return (line, into) => readCombined(line, into, false, true, clock);
    case 'vhost-combined':
      return (line, into) => readCombined(line, into, true, true, clock);
    case 'common':
      return (line, into) => readCombined(line, into, false, false, clock);
    case 'w3c':
      return createW3cParser();
    case 'alb':
      return readAlb;
    case 'cloudflare-json':
      return readCloudflare;
    case 'caddy-json':
      return readCaddy;
  }
}

/** Lines read to detect a file's format. */
export const DETECTION_LINES = 50;

/**
 * Returns the format that reads the most of `lines` (a file's first non-empty lines) as requests,
 * ties going to the earlier format of LOG_FORMATS, or null when none reads any.
 */
export function detectLogFormat(lines: readonly string[]): LogFormat | null {
  let best: LogFormat | null = null;
  let bestCount = 0;
  const into = createLogRequest();
  for (const format of LOG_FORMATS) {
    const parse = createLineParser(format);
    let count = 0;
    for (const line of lines) if (parse(line, into) === 'request') count++;
    if (count > bestCount) {
      best = format;
      bestCount = count;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Targets

/**
 * Sets `into.target` (and, for an absolute-form target, `into.host`) from a target as logged;
 * returns false when it is neither origin-form nor an absolute http(s) URL.
 */
export function readTarget(target: string, into: LogRequest): boolean {
  if (target.charCodeAt(0) === 0x2f) {
    into.target = target;
    return true;
  }
  const lower = target.slice(0, 8).toLowerCase();
  const schemeEnd = lower.startsWith('http://') ? 7 : lower.startsWith('https://') ? 8 : -1;
  if (schemeEnd < 0) return false;
  let end = schemeEnd;
  while (end < target.length) {
    const c = target.charCodeAt(end);
    if (c === 0x2f || c === 0x3f || c === 0x23) break;
    end++;
  }
  const authority = target.slice(schemeEnd, end);
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  let rest = target.slice(end);
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  into.host = host === '' ? null : host;
  into.target = rest === '' ? '/' : rest.charCodeAt(0) === 0x3f ? '/' + rest : rest;
  return true;
}

/** Reads a request line (`METHOD target PROTOCOL`): false when it does not have 2 or 3 parts. */
function readRequestLine(request: string, into: LogRequest): boolean {
  const first = request.indexOf(' ');
  if (first <= 0) return false;
  const second = request.indexOf(' ', first + 1);
  const target = second < 0 ? request.slice(first + 1) : request.slice(first + 1, second);
  if (second >= 0 && (request.indexOf(' ', second + 1) >= 0 || second === request.length - 1)) return false;
  if (target === '') return false;
  into.method = request.slice(0, first);
  return readTarget(target, into);
}

function readStatus(text: string): number {
  if (text.length !== 3) return -1;
  const a = text.charCodeAt(0) - 48;
  const b = text.charCodeAt(1) - 48;
  const c = text.charCodeAt(2) - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9 || c < 0 || c > 9) return -1;
  return a * 100 + b * 10 + c;
}

// ---------------------------------------------------------------------------------------------
// Apache / Nginx

/** Returns the index of the quote that closes a quoted field opened just before `from`, or -1. */
function closingQuote(line: string, from: number): number {
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  return -1;
}

const HEX_DIGIT = /^[0-9a-fA-F]{2}$/;

/** Undoes the `\"`, `\\` and `\xHH` escapes Apache and Nginx write in quoted fields. */
export function unescapeLogField(text: string): string {
  if (text.indexOf('\\') < 0) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const next = text[i + 1] as string;
    if (next === '"' || next === '\\') {
      out += next;
      i++;
    } else if (next === 'x' && HEX_DIGIT.test(text.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(text.slice(i + 2, i + 4), 16));
      i += 3;
    } else out += c;
  }
  return out;
}

/** Returns the end of a field that runs to the next space (from `from`), or -1 when the line ends first or it is empty. */
function fieldEnd(line: string, from: number): number {
  const end = line.indexOf(' ', from);
  return end > from ? end : -1;
}

/** The last time text read, and its instant. */
interface Clock {
  text: string;
  time: number;
}

/**
 * Reads `[host[:port] ]%h %l %u [%t] "%r" %>s %b[ "%{Referer}i" "%{User-agent}i"]`. With the user
 * agent, more fields may follow (Nginx setups often add some); without it, nothing may.
 */
function readCombined(line: string, into: LogRequest, vhost: boolean, agent: boolean, clock: Clock): LineReading {
  let at = 0;
  let host: string | null = null;
  if (vhost) {
    const end = fieldEnd(line, 0);
    if (end < 0) return 'unparsed';
    host = line.slice(0, end);
    at = end + 1;
  }
  const ipEnd = fieldEnd(line, at);
  if (ipEnd < 0) return 'unparsed';
  const identEnd = fieldEnd(line, ipEnd + 1);
  if (identEnd < 0) return 'unparsed';
  const userEnd = fieldEnd(line, identEnd + 1);
  if (userEnd < 0 || line.charCodeAt(userEnd + 1) !== 0x5b) return 'unparsed';
  const timeEnd = line.indexOf(']', userEnd + 2);
  if (timeEnd < 0 || line.charCodeAt(timeEnd + 1) !== 0x20 || line.charCodeAt(timeEnd + 2) !== 0x22) return 'unparsed';
  const requestEnd = closingQuote(line, timeEnd + 3);
  if (requestEnd < 0 || line.charCodeAt(requestEnd + 1) !== 0x20) return 'unparsed';
  const statusEnd = fieldEnd(line, requestEnd + 2);
  if (statusEnd < 0 && agent) return 'unparsed';
  let userAgent: string | null = null;
  if (agent) {
    const sizeEnd = fieldEnd(line, statusEnd + 1);
    if (sizeEnd < 0 || line.charCodeAt(sizeEnd + 1) !== 0x22) return 'unparsed';
    const refererEnd = closingQuote(line, sizeEnd + 2);
    if (refererEnd < 0 || line.charCodeAt(refererEnd + 1) !== 0x20 || line.charCodeAt(refererEnd + 2) !== 0x22)
      return 'unparsed';
    const agentEnd = closingQuote(line, refererEnd + 3);
    if (agentEnd < 0 || (agentEnd + 1 < line.length && line.charCodeAt(agentEnd + 1) !== 0x20)) return 'unparsed';
    const raw = line.slice(refererEnd + 3, agentEnd);
    userAgent = raw === '-' || raw === '' ? null : unescapeLogField(raw);
  } else {
    // Common: the status and the size end the line (trailing spaces aside).
    const rest = line.slice(requestEnd + 2).trimEnd();
    const space = rest.indexOf(' ');
    if (space <= 0 || rest.indexOf(' ', space + 1) >= 0) return 'unparsed';
  }
  let time = clock.time;
  if (timeEnd - userEnd - 2 !== clock.text.length || !line.startsWith(clock.text, userEnd + 2)) {
    clock.text = line.slice(userEnd + 2, timeEnd);
    clock.time = time = readCommonLogTime(clock.text);
  }
  if (Number.isNaN(time)) return 'bad-time';
  into.time = time;
  into.ip = line.slice(at, ipEnd);
  into.host = host === '-' || host === '' ? null : host;
  into.userAgent = userAgent;
  into.status = readStatus(agent ? line.slice(requestEnd + 2, statusEnd) : line.slice(requestEnd + 2).split(' ')[0]!);
  return readRequestLine(line.slice(timeEnd + 3, requestEnd), into) ? 'request' : 'bad-target';
}

// ---------------------------------------------------------------------------------------------
// W3C extended (IIS, CloudFront)

interface W3cFields {
  readonly count: number;
  readonly date: number;
  readonly time: number;
  readonly ip: number;
  readonly method: number;
  readonly stem: number;
  readonly query: number;
  readonly status: number;
  readonly agent: number;
  readonly host: number;
}

function readFieldsDirective(line: string): W3cFields | null {
  const names = line.slice('#Fields:'.length).trim().split(/\s+/);
  const at = (name: string) => names.findIndex((n) => n.toLowerCase() === name);
  const fields: W3cFields = {
    count: names.length,
    date: at('date'),
    time: at('time'),
    ip: at('c-ip'),
    method: at('cs-method'),
    stem: at('cs-uri-stem'),
    query: at('cs-uri-query'),
    status: at('sc-status'),
    agent: at('cs(user-agent)'),
    host: at('x-host-header') >= 0 ? at('x-host-header') : at('cs-host'),
  };
  return fields.date < 0 || fields.time < 0 || fields.ip < 0 || fields.stem < 0 ? null : fields;
}

/** Decodes `%HH` escapes once as UTF-8 (CloudFront's user agent); an invalid escape is kept as written. */
export function percentDecodeOnce(text: string): string {
  if (text.indexOf('%') < 0) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25 && HEX_DIGIT.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c < 0x80) bytes.push(c);
    else for (const b of new TextEncoder().encode(text[i])) bytes.push(b);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function createW3cParser(): LineParser {
  let fields: W3cFields | null = null;
  return (line, into) => {
    if (line.charCodeAt(0) === 0x23) {
      if (line.startsWith('#Fields:')) fields = readFieldsDirective(line);
      return 'directive';
    }
    if (fields === null) return 'unparsed';
    const cloudFront = line.indexOf('\t') >= 0;
    const parts = line.split(cloudFront ? '\t' : ' ');
    if (parts.length !== fields.count) return 'unparsed';
    const value = (index: number): string | null => {
      const v = index < 0 ? undefined : parts[index];
      return v === undefined || v === '-' || v === '' ? null : v;
    };
    const time = readW3cTime(parts[fields.date]!, parts[fields.time]!);
    if (Number.isNaN(time)) return 'bad-time';
    const rawAgent = value(fields.agent);
    into.time = time;
    into.ip = parts[fields.ip]!;
    into.method = value(fields.method) ?? '';
    into.host = value(fields.host);
    into.status = readStatus(parts[fields.status] ?? '');
    into.userAgent = rawAgent === null ? null : cloudFront ? percentDecodeOnce(rawAgent) : rawAgent.replace(/\+/g, ' ');
    const query = value(fields.query);
    const stem = parts[fields.stem]!;
    return readTarget(query === null ? stem : `${stem}?${query}`, into) ? 'request' : 'bad-target';
  };
}

// ---------------------------------------------------------------------------------------------
// AWS ALB

/** Returns the address of `ip:port` (`[v6]:port` or a bare IPv6 address with its port after the last colon). */
function addressOfEndpoint(endpoint: string): string {
  if (endpoint.charCodeAt(0) === 0x5b) {
    const close = endpoint.indexOf(']');
    return close < 0 ? endpoint : endpoint.slice(1, close);
  }
  const colon = endpoint.lastIndexOf(':');
  return colon < 0 ? endpoint : endpoint.slice(0, colon);
}

/** `type time elb client:port target:port t1 t2 t3 elb_status target_status received sent "request" "user_agent" …`. */
function readAlb(line: string, into: LogRequest): LineReading {
  let at = 0;
  const ends: number[] = [];
  for (let i = 0; i < 12; i++) {
    const end = fieldEnd(line, at);
    if (end < 0) return 'unparsed';
    ends.push(end);
    at = end + 1;
  }
  if (line.charCodeAt(at) !== 0x22) return 'unparsed';
  const requestEnd = closingQuote(line, at + 1);
  if (requestEnd < 0 || line.charCodeAt(requestEnd + 1) !== 0x20 || line.charCodeAt(requestEnd + 2) !== 0x22)
    return 'unparsed';
  const agentEnd = closingQuote(line, requestEnd + 3);
  if (agentEnd < 0) return 'unparsed';
  const field = (i: number) => line.slice(i === 0 ? 0 : ends[i - 1]! + 1, ends[i]);
  const time = readRfc3339(field(1));
  if (Number.isNaN(time)) return 'bad-time';
  const agent = line.slice(requestEnd + 3, agentEnd);
  into.time = time;
  into.ip = addressOfEndpoint(field(3));
  into.host = null;
  into.status = readStatus(field(8));
  into.userAgent = agent === '-' || agent === '' ? null : unescapeLogField(agent);
  return readRequestLine(line.slice(at + 1, requestEnd), into) ? 'request' : 'bad-target';
}

// ---------------------------------------------------------------------------------------------
// JSON formats

function readJsonObject(line: string): Record<string, unknown> | null {
  if (line.charCodeAt(0) !== 0x7b) return null;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** One object a line with ClientIP, ClientRequestHost, ClientRequestMethod, ClientRequestURI, EdgeResponseStatus, ClientRequestUserAgent, EdgeStartTimestamp. */
function readCloudflare(line: string, into: LogRequest): LineReading {
  const o = readJsonObject(line);
  if (o === null) return 'unparsed';
  const { ClientIP, ClientRequestHost, ClientRequestMethod, ClientRequestURI, EdgeResponseStatus } = o;
  const { ClientRequestUserAgent, EdgeStartTimestamp } = o;
  if (!isText(ClientIP) || !isText(ClientRequestHost) || !isText(ClientRequestMethod) || !isText(ClientRequestURI))
    return 'unparsed';
  if (typeof EdgeResponseStatus !== 'number' || !isText(ClientRequestUserAgent)) return 'unparsed';
  if (EdgeStartTimestamp === undefined) return 'unparsed';
  const time = readCloudflareTimestamp(EdgeStartTimestamp);
  if (Number.isNaN(time)) return 'bad-time';
  into.time = time;
  into.ip = ClientIP;
  into.method = ClientRequestMethod;
  into.host = ClientRequestHost === '' ? null : ClientRequestHost;
  into.status = Number.isInteger(EdgeResponseStatus) && EdgeResponseStatus >= 100 ? EdgeResponseStatus : -1;
  into.userAgent = ClientRequestUserAgent === '' ? null : ClientRequestUserAgent;
  return readTarget(ClientRequestURI, into) ? 'request' : 'bad-target';
}

/** Caddy's access log: `ts`, `request.{client_ip|remote_ip, host, method, uri, headers["User-Agent"][0]}`, `status`. */
function readCaddy(line: string, into: LogRequest): LineReading {
  const o = readJsonObject(line);
  if (o === null) return 'unparsed';
  const { ts, request, status } = o;
  if (typeof request !== 'object' || request === null || typeof status !== 'number') return 'unparsed';
  const r = request as Record<string, unknown>;
  const ip = isText(r.client_ip) ? r.client_ip : r.remote_ip;
  if (!isText(ip) || !isText(r.method) || !isText(r.uri) || typeof ts !== 'number') return 'unparsed';
  const headers = r.headers;
  const agents =
    typeof headers === 'object' && headers !== null ? (headers as Record<string, unknown>)['User-Agent'] : undefined;
  const agent = Array.isArray(agents) && isText(agents[0]) ? agents[0] : null;
  if (!Number.isFinite(ts) || ts < 0) return 'bad-time';
  into.time = Math.floor(ts * 1000);
  into.ip = ip;
  into.method = r.method;
  into.host = isText(r.host) && r.host !== '' ? r.host : null;
  into.status = Number.isInteger(status) && status >= 100 ? status : -1;
  into.userAgent = agent === '' ? null : agent;
  return readTarget(r.uri, into) ? 'request' : 'bad-target';
}
