/**
 * What the two `urllib.robotparser` lenses share (docs/semantics/lens.md §2.2, §3.2, §2.4): the status
 * handling of `read()`, and Python's idea of a digit for Crawl-delay and Request-rate.
 */

import type { LensProfileId, LensVerdict } from './types';
import { isHttpStatus, statusVerdict } from './verdict';

/**
 * Returns the verdict `read()` leaves for a status other than 2xx (§2.2, §3.2), or null for 2xx
 * (parse the body): 401/403 disallow everything, other 4xx allow everything, anything else
 * (5xx, a redirect urllib gave up on, no response) leaves nothing parsed, which answers disallowed.
 */
export function pythonStatusVerdict(profile: LensProfileId, status: number): LensVerdict | null {
  if (status >= 200 && status <= 299) return null;
  if (status === 401 || status === 403) return statusVerdict(profile, status, false, 'urllib sets "disallow all"');
  if (status >= 400 && status <= 499) return statusVerdict(profile, status, true, 'urllib sets "allow all"');
  if (!isHttpStatus(status)) {
    return statusVerdict(profile, status, false, '`read()` raises and an unparsed parser answers "disallowed"');
  }
  return statusVerdict(
    profile,
    status,
    false,
    status >= 500
      ? 'urllib sets "disallow all" (nothing parsed)'
      : 'nothing is parsed and an unparsed parser answers "disallowed"',
  );
}

/**
 * Characters Python's `str.isdigit()` accepts but `int()` refuses (Unicode Numeric_Type=Digit:
 * superscripts, subscripts, circled digits …). A Crawl-delay made only of digits that contains one
 * makes `parse()` raise (§2.4).
 */
const DIGIT_NOT_DECIMAL =
  /[\u00B2\u00B3\u00B9\u1369-\u1371\u19DA\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247C\u2488-\u2490\u24EA\u24F5-\u24FD\u24FF\u2776-\u277E\u2780-\u2788\u278A-\u2792]|\uD802[\uDE40-\uDE43]|\uD83C[\uDD00-\uDD0A]/;
const DECIMAL = /^\p{Nd}+$/u;
const PY_DIGITS =
  /^(?:\p{Nd}|[\u00B2\u00B3\u00B9\u1369-\u1371\u19DA\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247C\u2488-\u2490\u24EA\u24F5-\u24FD\u24FF\u2776-\u277E\u2780-\u2788\u278A-\u2792]|\uD802[\uDE40-\uDE43]|\uD83C[\uDD00-\uDD0A])+$/u;

/** How Python reads a digit string: an integer, not digits at all, or digits `int()` refuses (raises). */
export type PythonDigits =
  { readonly kind: 'int'; readonly value: number } | { readonly kind: 'not-digits' } | { readonly kind: 'raises' };

/** Returns how `value.isdigit()` then `int(value)` read `value`. */
export function readPythonDigits(value: string): PythonDigits {
  if (value === '' || !PY_DIGITS.test(value)) return { kind: 'not-digits' };
  if (DECIMAL.test(value) && !DIGIT_NOT_DECIMAL.test(value)) {
    // Non-ASCII decimal digits are valid to int(); their value is never shown, so only ASCII is converted.
    return { kind: 'int', value: /^[0-9]+$/.test(value) ? Number.parseInt(value, 10) : Number.NaN };
  }
  return { kind: 'raises' };
}
