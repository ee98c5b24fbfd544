/**
 * Dates of `unavailable_after` (docs/semantics/page-directives.md §1): RFC 822 (`Wed, 03 Dec 2025 13:09:53 GMT`,
 * `25 Jun 2010 15:00:00 PST`), RFC 850 (`Wednesday, 03-Dec-25 13:09:53 GMT`) and ISO 8601
 * (`2020-09-21`, `2020-09-21T15:00:00Z`, `2020-09-21T15:00:00+02:00`). Written out rather than
 * Date.parse, whose accepted forms differ between engines. A date without a zone is read as UTC.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** RFC 822 §5.1 zones, in minutes east of UTC. */
const ZONES: Readonly<Record<string, number>> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -5 * 60,
  edt: -4 * 60,
  cst: -6 * 60,
  cdt: -5 * 60,
  mst: -7 * 60,
  mdt: -6 * 60,
  pst: -8 * 60,
  pdt: -7 * 60,
};

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:\s*(Z|[+-]\d{2}(?::?\d{2})?))?)?$/i;
const RFC822 =
  /^(?:([a-z]+)\s*,\s*)?(\d{1,2})[\s-]+([a-z]{3})[a-z]*[\s-]+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([a-z]{1,5}|[+-]\d{4}))?$/i;

function zoneOffset(zone: string | undefined): number | null {
  if (zone === undefined || zone === '') return 0;
  const lower = zone.toLowerCase();
  if (lower in ZONES) return ZONES[lower] ?? null;
  const numeric = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!numeric) return null;
  const minutes = Number(numeric[2]) * 60 + Number(numeric[3] ?? '0');
  if (minutes > 14 * 60) return null;
  return numeric[1] === '-' ? -minutes : minutes;
}

function build(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  offset: number,
): number | null {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59));
  // Date.UTC rolls 31 Feb over to March: refuse days the month does not have.
  if (new Date(ms).getUTCDate() !== day) return null;
  return ms - offset * 60_000;
}

/** Returns the instant `text` names (epoch ms), or null when it is none of the accepted forms. */
export function parseUnavailableAfterDate(text: string): number | null {
  const value = text.trim();
  if (value.length === 0 || value.length > 80) return null;
  const iso = ISO.exec(value);
  if (iso) {
    const offset = zoneOffset(iso[7]);
    if (offset === null) return null;
    return build(
      Number(iso[1]),
      Number(iso[2]),
      Number(iso[3]),
      Number(iso[4] ?? '0'),
      Number(iso[5] ?? '0'),
      Number(iso[6] ?? '0'),
      offset,
    );
  }
  const rfc = RFC822.exec(value);
  if (!rfc) return null;
  const dayName = rfc[1]?.toLowerCase();
  if (dayName !== undefined && !DAYS.includes(dayName) && !DAY_NAMES.includes(dayName)) return null;
  const month = MONTHS.indexOf((rfc[3] ?? '').toLowerCase()) + 1;
  if (month === 0) return null;
  let year = Number(rfc[4]);
  // RFC 850's two-digit years: 70–99 are 19xx, 00–69 are 20xx (as HTTP dates are read).
  if ((rfc[4] ?? '').length === 2) year += year >= 70 ? 1900 : 2000;
  const offset = zoneOffset(rfc[8]);
  if (offset === null) return null;
  return build(year, month, Number(rfc[2]), Number(rfc[5]), Number(rfc[6]), Number(rfc[7] ?? '0'), offset);
}
