/**
 * The times access logs write, read as UTC epoch milliseconds, strictly: a time that names no real
 * instant (a bad month, 31 February, hour 24, text without a zone) reads as NaN, never rolled over.
 */

const MONTHS: Readonly<Record<string, number>> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

/** Returns the number of `count` decimal digits at `at`, or -1 when one of them is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function daysIn(year: number, month: number): number {
  if (month === 1) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 3 || month === 5 || month === 8 || month === 10 ? 30 : 31;
}

/** Returns the instant of a calendar date and time in UTC, or NaN when one part is out of range. */
export function utcInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number {
  if (year < 0 || month < 0 || month > 11 || day < 1 || day > daysIn(year, month)) return NaN;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return NaN;
  return Date.UTC(year, month, day, hour, minute, second);
}

/** Reads `±hhmm` (or `±hh:mm` when `colon`) at `at` as minutes east of UTC, or NaN. */
function offsetAt(text: string, at: number, colon: boolean): number {
  const sign = text.charCodeAt(at);
  if (sign !== 0x2b && sign !== 0x2d) return NaN;
  const hours = digitsAt(text, at + 1, 2);
  if (colon && text.charCodeAt(at + 3) !== 0x3a) return NaN;
  const minutes = digitsAt(text, at + (colon ? 4 : 3), 2);
  if (hours < 0 || minutes < 0 || hours > 23 || minutes > 59) return NaN;
  return (sign === 0x2d ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * Returns the instant of an Apache/Nginx time (`10/Oct/2026:13:55:36 -0700`, the text between the
 * brackets), or NaN.
 */
export function readCommonLogTime(text: string): number {
  if (text.length !== 26 || text.charCodeAt(2) !== 0x2f || text.charCodeAt(6) !== 0x2f) return NaN;
  if (text.charCodeAt(11) !== 0x3a || text.charCodeAt(14) !== 0x3a || text.charCodeAt(17) !== 0x3a) return NaN;
  if (text.charCodeAt(20) !== 0x20) return NaN;
  const month = MONTHS[text.slice(3, 6)];
  if (month === undefined) return NaN;
  const at = utcInstant(
    digitsAt(text, 7, 4),
    month,
    digitsAt(text, 0, 2),
    digitsAt(text, 12, 2),
    digitsAt(text, 15, 2),
    digitsAt(text, 18, 2),
  );
  return at - offsetAt(text, 21, false) * 60_000;
}

/**
 * Returns the instant of an RFC 3339 date-time (`2026-11-05T13:55:36.186641Z`, or with an offset
 * `+01:00`), truncated to whole milliseconds, or NaN (a time without a zone is not an instant).
 */
export function readRfc3339(text: string): number {
  if (text.length < 20 || text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d) return NaN;
  const t = text.charCodeAt(10) | 0x20;
  if (t !== 0x74 || text.charCodeAt(13) !== 0x3a || text.charCodeAt(16) !== 0x3a) return NaN;
  let at = utcInstant(
    digitsAt(text, 0, 4),
    digitsAt(text, 5, 2) - 1,
    digitsAt(text, 8, 2),
    digitsAt(text, 11, 2),
    digitsAt(text, 14, 2),
    digitsAt(text, 17, 2),
  );
  let i = 19;
  if (text.charCodeAt(i) === 0x2e) {
    const start = ++i;
    while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    if (i === start) return NaN;
    at += digitsAt((text.slice(start, Math.min(i, start + 3)) + '00').slice(0, 3), 0, 3);
  }
  const zone = text.charCodeAt(i) | 0x20;
  if (zone === 0x7a) return i + 1 === text.length ? at : NaN;
  if (i + 6 !== text.length) return NaN;
  return at - offsetAt(text, i, true) * 60_000;
}

/** Returns the instant of a W3C `date` (`2026-11-05`) and `time` (`13:55:36`, maybe with a fraction), in UTC, or NaN. */
export function readW3cTime(date: string, time: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== 0x2d || date.charCodeAt(7) !== 0x2d) return NaN;
  if (time.length < 8 || time.charCodeAt(2) !== 0x3a || time.charCodeAt(5) !== 0x3a) return NaN;
  let at = utcInstant(
    digitsAt(date, 0, 4),
    digitsAt(date, 5, 2) - 1,
    digitsAt(date, 8, 2),
    digitsAt(time, 0, 2),
    digitsAt(time, 3, 2),
    digitsAt(time, 6, 2),
  );
  if (time.length > 8) {
    if (time.charCodeAt(8) !== 0x2e || !/^\d+$/.test(time.slice(9))) return NaN;
    at += digitsAt((time.slice(9, 12) + '00').slice(0, 3), 0, 3);
  }
  return at;
}

/**
 * Returns the instant of a Cloudflare `EdgeStartTimestamp`: RFC 3339 text, or a JSON integer read by
 * its magnitude (ns from 10^17, µs from 10^14, ms from 10^11, else seconds); a digit string is NaN.
 */
export function readCloudflareTimestamp(value: unknown): number {
  if (typeof value === 'string') return readRfc3339(value);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return NaN;
  if (value >= 1e17) return Math.floor(value / 1e6);
  if (value >= 1e14) return Math.floor(value / 1e3);
  if (value >= 1e11) return value;
  return value * 1000;
}
