/**
 * Reads an IP list in the shape crawler operators publish (the JAFAR draft's shape:
 * `{"creationTime", "prefixes": [{"ipv4Prefix": "a.b.c.d/n"} | {"ipv6Prefix": "x::/n"}]}`), or
 * refuses it in words. A list without prefixes is refused: Google's old addresses answered 200 with an
 * "Action needed" page, and an empty list would make every request look spoofed. Other fields (Common
 * Crawl's synctoken and notes) are allowed and ignored.
 */
import * as v from 'valibot';

/** One address range of a list, as written, with its family. */
export interface IpPrefix {
  readonly family: 4 | 6;
  /** The prefix as the list writes it, e.g. "66.249.64.0/27". */
  readonly text: string;
}

/** A list that was read: its date as written (null when it has none) and its prefixes, in order. */
export interface ReadIpList {
  readonly creationTime: string | null;
  readonly prefixes: readonly IpPrefix[];
}

export type IpListReading =
  { readonly ok: true; readonly list: ReadIpList } | { readonly ok: false; readonly problem: string };

/** Whether `text` is a dotted IPv4 address: four numbers 0–255 without leading zeros. */
function isIpv4Address(text: string): boolean {
  const parts = text.split('.');
  return (
    parts.length === 4 &&
    parts.every(
      (p) => p.length > 0 && p.length <= 3 && /^\d+$/.test(p) && (p === '0' || !p.startsWith('0')) && Number(p) <= 255,
    )
  );
}

/** Whether `text` is an IPv6 address: eight groups of 1–4 hex digits, or fewer around one `::`. */
function isIpv6Address(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const all = halves.flatMap(groups);
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? all.length <= 7 : all.length === 8;
}

/** Whether `text` is `address/length` of the family (length 0–32 for IPv4, 0–128 for IPv6). */
function isPrefix(text: string, family: 4 | 6): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const length = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(length) || Number(length) > (family === 4 ? 32 : 128)) return false;
  const address = text.slice(0, slash);
  return family === 4 ? isIpv4Address(address) : isIpv6Address(address);
}

const NO_PREFIXES = 'It has no list of prefixes: this is not an IP list (an error or notice page, perhaps).';

const NOT_AN_OBJECT = 'It is not a JSON object with a list of prefixes.';

const prefixEntry = (index: number) => `prefix ${index + 1}`;

/** The list's schema, made on first use (nothing is built when the module loads). */
let schema: ReturnType<typeof makeSchema> | undefined;

function makeSchema() {
  const prefixText = (family: 4 | 6) =>
    v.optional(
      v.pipe(
        v.string(`its ipv${family}Prefix is not text`),
        v.check(
          (text) => isPrefix(text, family),
          (issue) => `is ${JSON.stringify(issue.input)}, not an IPv${family} prefix (address/length)`,
        ),
      ),
    );
  const entry = v.pipe(
    v.looseObject(
      { ipv4Prefix: prefixText(4), ipv6Prefix: prefixText(6) },
      'is not an object with an ipv4Prefix or an ipv6Prefix',
    ),
    v.check(
      (e) => (e.ipv4Prefix === undefined) !== (e.ipv6Prefix === undefined),
      'needs exactly one of ipv4Prefix and ipv6Prefix',
    ),
  );
  return v.looseObject(
    {
      creationTime: v.optional(v.string('Its creationTime is not text.')),
      prefixes: v.pipe(
        v.array(entry, NO_PREFIXES),
        v.minLength(1, 'Its list of prefixes is empty: it names no address, so it cannot check any.'),
      ),
    },
    // A missing field is reported by the object, at that field's path.
    (issue) => (issue.path?.[0]?.key === 'prefixes' ? NO_PREFIXES : NOT_AN_OBJECT),
  );
}

/** Turns the first problem valibot found into one sentence naming where it is. */
function problemOf(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const index = path.findIndex((p) => p.key === 'prefixes');
  const at = path[index + 1]?.key;
  if (index >= 0 && typeof at === 'number') return `Its ${prefixEntry(at)} ${issue.message}.`;
  return issue.message;
}

/** Reads a parsed JSON value as an IP list, or says in words why it is not one. */
export function readIpList(json: unknown): IpListReading {
  // valibot's object schemas take an array as an object: it is refused here first.
  if (Array.isArray(json)) return { ok: false, problem: NOT_AN_OBJECT };
  schema ??= makeSchema();
  const result = v.safeParse(schema, json);
  if (!result.success) return { ok: false, problem: problemOf(result.issues[0]) };
  const prefixes = result.output.prefixes.map((e): IpPrefix =>
    e.ipv4Prefix !== undefined ? { family: 4, text: e.ipv4Prefix } : { family: 6, text: e.ipv6Prefix ?? '' },
  );
  return { ok: true, list: { creationTime: result.output.creationTime ?? null, prefixes } };
}

/** Reads a list's text (a file the user loaded, or an operator's answer), or says why it is not one. */
export function readIpListText(text: string): IpListReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'It is not JSON, so it is not an IP list (an error or notice page, perhaps).' };
  }
  return readIpList(json);
}
