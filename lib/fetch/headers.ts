/**
 * A response's headers as kept data: `[name, value]` pairs, names lower-cased, in received order,
 * bounded in count and length (a stranger's server decides how many it sends).
 */
import type { HeaderReader } from './transport';

/** Response headers as received: `[name, value]` pairs, names lower-cased, in order. */
export type HeaderList = readonly (readonly [string, string])[];

/** The most headers kept from one response. */
export const MAX_KEPT_HEADERS = 40;
/** The longest header value kept (a longer one is cut there). */
export const MAX_HEADER_VALUE_CHARS = 1024;

/** Returns a response's headers, at most MAX_KEPT_HEADERS, each value cut at MAX_HEADER_VALUE_CHARS; empty when the reader cannot list them. */
export function listHeaders(headers: HeaderReader): HeaderList {
  const list: [string, string][] = [];
  headers.forEach?.((value, name) => {
    if (list.length < MAX_KEPT_HEADERS) list.push([name.toLowerCase(), value.slice(0, MAX_HEADER_VALUE_CHARS)]);
  });
  return list;
}
