/**
 * The robots.txt version in force for a request: version k was possibly live between the last
 * sighting of version k−1 and the first of version k+1 (both open); a crawler may use a copy up to
 * its cache window old (RFC 9309 §2.4: 24 hours), so every version possibly live during the window
 * before the request is a candidate. Outside the history's reach, a request is not covered.
 */

/** One kept version, as the audit reads it (the history's version with its body). */
export interface LogVersion {
  readonly seq: number;
  /** Epoch ms of the first fetch that brought it. */
  readonly firstSeen: number;
  /** Epoch ms of the last fetch that brought it. */
  readonly lastSeen: number;
  /** '200', '404', '503', 'timeout', 'too-many-redirects', … */
  readonly status: string;
  /** The body's bytes, one char per byte. */
  readonly body: string;
}

/** Returns whether a request at `t` with a cache window of `windowMs` is within the history's reach. */
export function isCovered(versions: readonly LogVersion[], t: number, windowMs: number): boolean {
  const first = versions[0];
  const last = versions[versions.length - 1];
  return first !== undefined && last !== undefined && first.firstSeen <= t - windowMs && t <= last.lastSeen;
}

/**
 * Returns the indices (first and last, inclusive) of the candidate versions of a covered request at
 * `t`: every version possibly live at some instant of `[t − windowMs, t]`.
 */
export function candidateVersions(versions: readonly LogVersion[], t: number, windowMs: number): [number, number] {
  const n = versions.length;
  const from = t - windowMs;
  // The first k whose successor was first seen after the window opened (firstSeen is sorted).
  let lo = 1;
  let hi = n - 1;
  let next = n;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((versions[mid] as LogVersion).firstSeen > from) {
      next = mid;
      hi = mid - 1;
    } else lo = mid + 1;
  }
  const first = next - 1;
  let last = first;
  for (let k = first + 1; k < n; k++) {
    const before = versions[k - 1] as LogVersion;
    // Version k is a candidate when k−1 was last seen before t; later ones cannot be once k−1 is first seen at t or after.
    if (before.firstSeen >= t) break;
    if (before.lastSeen < t) last = k;
  }
  return [first, last];
}

/** What a version's status says for every URL, or that its body decides. */
export type StatusReading = 'body' | 'allow-all' | 'disallow-all';

/**
 * Returns what a fetch status means for the crawler: 2xx, the body decides; 3xx (an unresolved
 * redirect) and too many redirects allow everything, as does any 4xx but 429 (Google's robots.txt
 * documentation); 429, 5xx and no answer (any other word) disallow everything.
 */
export function readVersionStatus(status: string): StatusReading {
  if (status === 'too-many-redirects') return 'allow-all';
  if (!/^\d{3}$/.test(status)) return 'disallow-all';
  const code = Number(status);
  if (code >= 200 && code < 300) return 'body';
  if (code >= 300 && code < 400) return 'allow-all';
  if (code >= 400 && code < 500 && code !== 429) return 'allow-all';
  return 'disallow-all';
}

/** One version a person added by hand: the file and when it went live. */
export interface TimelineEntry {
  readonly at: number;
  readonly status: string;
  readonly body: string;
}

/**
 * Returns a timeline a person gave (each file and when it went live, in any order) as versions:
 * each live exactly from its date until the next one's, the last one until `now`.
 */
export function timelineVersions(entries: readonly TimelineEntry[], now: number): LogVersion[] {
  const sorted = [...entries].sort((a, b) => a.at - b.at);
  return sorted.map((e, i) => {
    const next = sorted[i + 1];
    // lastSeen(k) = the next start − 1 ms makes P(k + 1) open exactly at the next start.
    return {
      seq: i + 1,
      firstSeen: e.at,
      lastSeen: next === undefined ? Math.max(now, e.at) : next.at - 1,
      status: e.status,
      body: e.body,
    };
  });
}
