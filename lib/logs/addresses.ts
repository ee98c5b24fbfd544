/**
 * IP addresses and the prefixes of crawler operators' lists, compared as numbers (never as text):
 * IPv4 as 32-bit numbers, IPv6 as 128-bit BigInts, an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`)
 * as its IPv4 address. A list's prefixes become sorted, merged ranges searched by bisection.
 */

/** An address read: IPv4 as a number, IPv6 as a bigint. */
export type IpAddress = { readonly family: 4; readonly value: number } | { readonly family: 6; readonly value: bigint };

/** Returns the IPv4 address `text` as a number, or -1 (four decimal parts 0–255). */
export function readIpv4(text: string): number {
  let value = 0;
  let part = -1;
  let dots = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e) {
      if (part < 0 || dots === 3) return -1;
      value = value * 256 + part;
      part = -1;
      digits = 0;
      dots++;
    } else if (c >= 0x30 && c <= 0x39) {
      if (++digits > 3) return -1;
      part = (part < 0 ? 0 : part * 10) + (c - 0x30);
      if (part > 255) return -1;
    } else return -1;
  }
  if (dots !== 3 || part < 0) return -1;
  return value * 256 + part;
}

const V4_MAPPED = 0xffffn << 32n;

/** Returns the IPv6 address `text` as a bigint, or -1n (an IPv4 tail is allowed). */
export function readIpv6(text: string): bigint {
  const halves = text.split('::');
  if (halves.length > 2) return -1n;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const parts = half.split(':');
    const groups: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as string;
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = readIpv4(p);
        if (v4 < 0) return null;
        groups.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) groups.push(parseInt(p, 16));
      else return null;
    }
    return groups;
  };
  const head = groupsOf(halves[0] as string);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string) : [];
  if (head === null || tail === null) return -1n;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return -1n;
  let value = 0n;
  for (const g of [...head, ...new Array<number>(missing).fill(0), ...tail]) value = (value << 16n) | BigInt(g);
  return value;
}

/**
 * Returns the address a log gives (brackets and a `%zone` removed; `::ffff:a.b.c.d` read as IPv4),
 * or null when it is no address.
 */
export function readIpAddress(text: string): IpAddress | null {
  const v4 = readIpv4(text);
  if (v4 >= 0) return { family: 4, value: v4 };
  let t = text;
  if (t.charCodeAt(0) === 0x5b && t.charCodeAt(t.length - 1) === 0x5d) t = t.slice(1, -1);
  const zone = t.indexOf('%');
  if (zone >= 0) t = t.slice(0, zone);
  if (t.indexOf(':') < 0) return null;
  const v6 = readIpv6(t);
  if (v6 < 0n) return null;
  if (v6 >> 32n === 0xffffn) return { family: 4, value: Number(v6 - V4_MAPPED) };
  return { family: 6, value: v6 };
}

/** A prefix read as the first and last address of its range. */
type Range =
  | { readonly family: 4; readonly first: number; readonly last: number }
  | { readonly family: 6; readonly first: bigint; readonly last: bigint };

/**
 * Returns the range of a prefix `address/length` (its host bits ignored; an `::ffff:` prefix of
 * length ≥ 96 is the IPv4 prefix of length − 96), or null when it does not parse.
 */
export function readPrefix(text: string): Range | null {
  const slash = text.indexOf('/');
  if (slash < 0 || !/^\d{1,3}$/.test(text.slice(slash + 1))) return null;
  const length = Number(text.slice(slash + 1));
  const address = text.slice(0, slash);
  const v4 = readIpv4(address);
  if (v4 >= 0) return length > 32 ? null : ipv4Range(v4, length);
  if (address.indexOf(':') < 0 || length > 128) return null;
  const v6 = readIpv6(address);
  if (v6 < 0n) return null;
  if (length >= 96 && v6 >> 32n === 0xffffn) return ipv4Range(Number(v6 - V4_MAPPED), length - 96);
  const hostBits = BigInt(128 - length);
  const first = (v6 >> hostBits) << hostBits;
  return { family: 6, first, last: first + (1n << hostBits) - 1n };
}

function ipv4Range(value: number, length: number): Range {
  const size = 2 ** (32 - length);
  const first = Math.floor(value / size) * size;
  return { family: 4, first, last: first + size - 1 };
}

/** A set of addresses: sorted, merged ranges per family, found by bisection. */
export interface AddressSet {
  /** Whether the set holds the address (read by readIpAddress). */
  has(address: IpAddress): boolean;
}

/** The prefixes a list gives, read: the set, and how many could not be read (ignored). */
export interface ReadPrefixes {
  readonly set: AddressSet;
  readonly usable: number;
  readonly ignored: number;
}

/** Returns the set of every prefix of `texts` that parses, counting those that do not. */
export function createAddressSet(texts: Iterable<string>): ReadPrefixes {
  const v4: [number, number][] = [];
  const v6: [bigint, bigint][] = [];
  let ignored = 0;
  for (const text of texts) {
    const range = readPrefix(text);
    if (range === null) ignored++;
    else if (range.family === 4) v4.push([range.first, range.last]);
    else v6.push([range.first, range.last]);
  }
  const v4Ranges = mergeRanges(v4, 1);
  const v6Ranges = mergeRanges(v6, 1n);
  const starts4 = Float64Array.from(v4Ranges, (r) => r[0]);
  const ends4 = Float64Array.from(v4Ranges, (r) => r[1]);
  const starts6 = v6Ranges.map((r) => r[0]);
  const ends6 = v6Ranges.map((r) => r[1]);
  return {
    usable: v4.length + v6.length,
    ignored,
    set: {
      has(address) {
        if (address.family === 4) {
          const i = lastAtMost(starts4, address.value);
          return i >= 0 && address.value <= (ends4[i] as number);
        }
        const i = lastAtMost(starts6, address.value);
        return i >= 0 && address.value <= (ends6[i] as bigint);
      },
    },
  };
}

/** Sorts ranges and joins those that overlap or touch. */
function mergeRanges<T extends number | bigint>(ranges: [T, T][], one: T): [T, T][] {
  ranges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: [T, T][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last !== undefined && (r[0] as number) <= (last[1] as number) + (one as number)) {
      if (r[1] > last[1]) last[1] = r[1];
    } else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** Returns the index of the last element ≤ `value` in sorted `values`, or -1. */
function lastAtMost<T extends number | bigint>(values: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as T) <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
