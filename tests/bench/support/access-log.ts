/**
 * The log bench's input: generated combined lines (the catalogue's real crawler user agents and
 * people's browsers; addresses drawn from the shipped IP lists and from outside them), the lists,
 * and a robots.txt history with changes over the month the log covers. Seeded, so runs compare.
 */

import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { crawlerRecords } from '../../../lib/crawlers/catalogue';
import type { LogAuditList, LogVersion } from '../../../lib/logs';
import { createRandom } from '../../support/random';

const DAY = 86_400_000;
const START = Date.UTC(2026, 9, 1);
const DAYS = 30;
const LISTS_DIR = join(import.meta.dirname, '..', '..', '..', 'lib', 'crawlers', 'ip-lists');

const random = createRandom(32);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

// Crawlers with a real User-Agent string, and the lists that cover them.
export const lists: Record<string, LogAuditList> = {};
const bots = crawlerRecords().flatMap((record) => {
  if (record.userAgents.kind !== 'strings') return [];
  const ids = record.ipLists.kind === 'lists' ? record.ipLists.ids : [];
  const prefixes: string[] = [];
  for (const id of ids) {
    lists[id] ??= JSON.parse(readFileSync(join(LISTS_DIR, `${id}.json`), 'utf8')) as LogAuditList;
    for (const p of lists[id].prefixes) if (p.ipv4Prefix !== undefined) prefixes.push(p.ipv4Prefix);
  }
  return record.userAgents.strings.map((s) => ({ userAgent: s.userAgent, prefixes }));
});
const PEOPLE = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'curl/8.5.0',
];

/** An address inside an IPv4 prefix. */
function addressIn(prefix: string): string {
  const [address, length] = prefix.split('/') as [string, string];
  const base = address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const size = 2 ** (32 - Number(length));
  const value = Math.floor(base / size) * size + Math.floor(random() * size);
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

const outside = () =>
  `${11 + Math.floor(random() * 100)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;

const SECTIONS = ['product', 'category', 'search', 'cart', 'checkout', 'account', 'blog', 'private', 'api', 'static'];
const targets = Array.from({ length: 5000 }, (_, i) => {
  const section = pick(SECTIONS);
  return random() < 0.3 ? `/${section}/${i}?page=${i % 7}` : `/${section}/item-${i}`;
});
targets.push('/robots.txt');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
function logTime(at: number): string {
  const d = new Date(at);
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

/** Writes `lines` generated combined lines to `path`. */
export function writeAccessLog(path: string, lines: number): void {
  // Written in pieces, so the generator's strings are gone before the audit is timed.
  const fd = openSync(path, 'w');
  let piece = '';
  for (let i = 0; i < lines; i++) {
    const at = START + Math.floor((i / lines) * DAYS * DAY);
    const isBot = random() < 0.6;
    const bot = pick(bots);
    const userAgent = isBot ? bot.userAgent : pick(PEOPLE);
    const ip = isBot && bot.prefixes.length > 0 && random() < 0.85 ? addressIn(pick(bot.prefixes)) : outside();
    const status = random() < 0.9 ? 200 : pick([301, 304, 403, 404, 429, 503]);
    piece += `${ip} - - [${logTime(at)}] "GET ${pick(targets)} HTTP/1.1" ${status} ${Math.floor(random() * 50_000)} "-" "${userAgent}"\n`;
    if (piece.length > 1 << 20) {
      writeSync(fd, piece);
      piece = '';
    }
  }
  writeSync(fd, piece);
  closeSync(fd);
}

// Four versions over the month: a rule added, a 503 day, the rule moved.
export const versions: LogVersion[] = [
  {
    seq: 1,
    firstSeen: START - 5 * DAY,
    lastSeen: START + 8 * DAY,
    status: '200',
    body: 'User-agent: *\nDisallow: /private\nDisallow: /cart\n',
  },
  {
    seq: 2,
    firstSeen: START + 9 * DAY,
    lastSeen: START + 15 * DAY,
    status: '200',
    body: 'User-agent: *\nDisallow: /private\nDisallow: /cart\nDisallow: /checkout\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n',
  },
  { seq: 3, firstSeen: START + 16 * DAY, lastSeen: START + 16 * DAY + 6 * 3_600_000, status: '503', body: '' },
  {
    seq: 4,
    firstSeen: START + 17 * DAY,
    lastSeen: START + DAYS * DAY,
    status: '200',
    body: 'User-agent: *\nDisallow: /private\nAllow: /search/1\nDisallow: /search\n\nUser-agent: GPTBot\nDisallow: /blog\n',
  },
];

(globalThis as { gc?: () => void }).gc?.();
