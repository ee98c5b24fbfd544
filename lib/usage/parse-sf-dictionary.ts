/**
 * An RFC 9651 Structured Field Dictionary parser (docs/semantics/usage.md §3.2, [S4] §4.2.2), for AIPREF
 * preference statements. It reads the statement's characters as bytes: anything outside printable
 * ASCII, other than SP/HTAB where RFC 9651 allows whitespace, fails the parse. Never throws.
 */

/** A bare item's type and, where the vocabulary can use it, its value. */
export type SfBareItem =
  | { readonly kind: 'token'; readonly value: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'integer' | 'decimal' | 'date'; readonly value: number }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'byte-sequence' | 'display-string' | 'inner-list' };

/** One dictionary member as it stands after parsing (a repeated key keeps its last value). */
export interface SfMember {
  readonly key: string;
  readonly item: SfBareItem;
  /** Offset of the member's key in the input. */
  readonly offset: number;
  /** The value is a Boolean true from a bare key (`train-ai` without `=`). */
  readonly isBareKey: boolean;
}

/** The parse result: the members in first-seen order, or where and why parsing failed. */
export type SfDictionaryResult =
  | {
      readonly kind: 'dictionary';
      readonly members: ReadonlyMap<string, SfMember>;
      /** Keys written more than once, in order of their first repeat (§3.2 step 4). */
      readonly repeated: readonly string[];
    }
  | { readonly kind: 'error'; readonly offset: number; readonly reason: string };

/** Inputs longer than this are not parsed: no statement is that long (a hostile header is). */
export const MAX_STATEMENT_LENGTH = 16 * 1024;

/** Thrown inside the parser only, and always caught by parseSfDictionary. */
class ParseError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const isLcAlpha = (c: number): boolean => c >= 0x61 && c <= 0x7a;
const isAlpha = (c: number): boolean => isLcAlpha(c) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const TCHAR_EXTRA = "!#$%&'*+-.^_`|~";
const isTchar = (c: number): boolean =>
  isAlpha(c) || isDigit(c) || (c < 0x80 && TCHAR_EXTRA.includes(String.fromCharCode(c)));
const isKeyChar = (c: number): boolean =>
  isLcAlpha(c) || isDigit(c) || c === 0x5f || c === 0x2d || c === 0x2e || c === 0x2a;
const isBase64 = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 0x2b || c === 0x2f || c === 0x3d;

/** A cursor over the input; every `read…` throws ParseError (caught at the top, never escaping). */
class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): number {
    return this.pos < this.text.length ? this.text.charCodeAt(this.pos) : -1;
  }
  fail(reason: string): never {
    throw new ParseError(this.pos, reason);
  }
  skipSp(): void {
    while (this.peek() === 0x20) this.pos++;
  }
  skipOws(): void {
    while (this.peek() === 0x20 || this.peek() === 0x09) this.pos++;
  }
}

function readKey(cur: Cursor): string {
  const first = cur.peek();
  if (!isLcAlpha(first) && first !== 0x2a) {
    cur.fail(isAlpha(first) ? 'a key must be lower case' : 'a key must start with a–z or *');
  }
  const start = cur.pos;
  while (isKeyChar(cur.peek())) cur.pos++;
  return cur.text.slice(start, cur.pos);
}

function readNumber(cur: Cursor): SfBareItem {
  const start = cur.pos;
  let sign = 1;
  if (cur.peek() === 0x2d) {
    sign = -1;
    cur.pos++;
  }
  if (!isDigit(cur.peek())) cur.fail('a number needs a digit');
  let digits = '';
  let isDecimal = false;
  while (!cur.done) {
    const c = cur.peek();
    if (isDigit(c)) digits += String.fromCharCode(c);
    else if (c === 0x2e && !isDecimal) {
      if (digits.length > 12) cur.fail('too many integer digits in a decimal');
      digits += '.';
      isDecimal = true;
    } else break;
    cur.pos++;
    if (!isDecimal && digits.length > 15) cur.fail('an integer has at most 15 digits');
    if (isDecimal && digits.length > 16) cur.fail('a decimal has at most 16 characters');
  }
  if (!isDecimal) return { kind: 'integer', value: sign * Number(digits) };
  if (digits.endsWith('.')) cur.fail('a decimal cannot end with "."');
  if (digits.length - digits.indexOf('.') - 1 > 3) {
    cur.pos = start;
    cur.fail('a decimal has at most 3 fraction digits');
  }
  return { kind: 'decimal', value: sign * Number(digits) };
}

function readString(cur: Cursor): SfBareItem {
  cur.pos++; // the opening quote
  let value = '';
  while (!cur.done) {
    const c = cur.peek();
    cur.pos++;
    if (c === 0x5c) {
      const next = cur.peek();
      if (next !== 0x22 && next !== 0x5c) cur.fail('only \\" and \\\\ are escapes in a string');
      value += String.fromCharCode(next);
      cur.pos++;
    } else if (c === 0x22) {
      return { kind: 'string', value };
    } else if (c < 0x20 || c > 0x7e) {
      cur.pos--;
      cur.fail('a string holds printable ASCII only');
    } else value += String.fromCharCode(c);
  }
  return cur.fail('a string has no closing quote');
}

function readToken(cur: Cursor): SfBareItem {
  const start = cur.pos;
  cur.pos++;
  while (isTchar(cur.peek()) || cur.peek() === 0x3a || cur.peek() === 0x2f) cur.pos++;
  return { kind: 'token', value: cur.text.slice(start, cur.pos) };
}

function readBareItem(cur: Cursor): SfBareItem {
  const c = cur.peek();
  if (c === 0x2d || isDigit(c)) return readNumber(cur);
  if (c === 0x22) return readString(cur);
  if (c === 0x2a || isAlpha(c)) return readToken(cur);
  if (c === 0x3a) {
    cur.pos++;
    while (isBase64(cur.peek())) cur.pos++;
    if (cur.peek() !== 0x3a) cur.fail('a byte sequence has no closing ":"');
    cur.pos++;
    return { kind: 'byte-sequence' };
  }
  if (c === 0x3f) {
    cur.pos++;
    const v = cur.peek();
    if (v !== 0x30 && v !== 0x31) cur.fail('a Boolean is ?0 or ?1');
    cur.pos++;
    return { kind: 'boolean', value: v === 0x31 };
  }
  if (c === 0x40) {
    cur.pos++;
    const n = readNumber(cur);
    if (n.kind !== 'integer') cur.fail('a date is an integer');
    return { kind: 'date', value: n.value };
  }
  if (c === 0x25) {
    cur.pos++;
    if (cur.peek() !== 0x22) cur.fail('a display string starts with %"');
    cur.pos++;
    while (!cur.done && cur.peek() !== 0x22) {
      const d = cur.peek();
      if (d < 0x20 || d > 0x7e) cur.fail('a display string holds printable ASCII only');
      if (d === 0x25) {
        const hex = cur.text.slice(cur.pos + 1, cur.pos + 3);
        if (!/^[0-9a-f]{2}$/.test(hex)) cur.fail('a display string escapes with lower-case %xx');
        cur.pos += 3;
      } else cur.pos++;
    }
    if (cur.done) cur.fail('a display string has no closing quote');
    cur.pos++;
    return { kind: 'display-string' };
  }
  return cur.fail(c === -1 ? 'a value is missing' : 'this character cannot start a value');
}

function readParameters(cur: Cursor): void {
  while (cur.peek() === 0x3b) {
    cur.pos++;
    cur.skipSp();
    readKey(cur);
    if (cur.peek() === 0x3d) {
      cur.pos++;
      readBareItem(cur);
    }
  }
}

function readItemOrInnerList(cur: Cursor): SfBareItem {
  if (cur.peek() !== 0x28) {
    const item = readBareItem(cur);
    readParameters(cur);
    return item;
  }
  cur.pos++;
  for (;;) {
    cur.skipSp();
    if (cur.peek() === 0x29) {
      cur.pos++;
      readParameters(cur);
      return { kind: 'inner-list' };
    }
    readBareItem(cur);
    readParameters(cur);
    const c = cur.peek();
    if (c !== 0x20 && c !== 0x29) cur.fail('inner-list items are separated by a space');
  }
}

/**
 * Returns the RFC 9651 Dictionary in `text` (§3.2): members by key, a repeated key keeping its last
 * value, or the offset and reason of the first failure. Empty input is an empty dictionary.
 */
export function parseSfDictionary(text: string): SfDictionaryResult {
  if (text.length > MAX_STATEMENT_LENGTH) return { kind: 'error', offset: MAX_STATEMENT_LENGTH, reason: 'too long' };
  const cur = new Cursor(text);
  const members = new Map<string, SfMember>();
  const repeated: string[] = [];
  try {
    cur.skipSp();
    while (!cur.done) {
      const offset = cur.pos;
      const key = readKey(cur);
      let item: SfBareItem;
      let isBareKey = false;
      if (cur.peek() === 0x3d) {
        cur.pos++;
        item = readItemOrInnerList(cur);
      } else {
        item = { kind: 'boolean', value: true };
        isBareKey = true;
        readParameters(cur);
      }
      if (members.has(key)) {
        if (!repeated.includes(key)) repeated.push(key);
        members.delete(key);
      }
      members.set(key, { key, item, offset, isBareKey });
      cur.skipOws();
      if (cur.done) break;
      if (cur.peek() !== 0x2c) cur.fail('members are separated by ","');
      cur.pos++;
      cur.skipOws();
      if (cur.done) cur.fail('a trailing "," is not allowed');
    }
  } catch (error) {
    if (error instanceof ParseError) return { kind: 'error', offset: error.offset, reason: error.reason };
    throw error;
  }
  return { kind: 'dictionary', members, repeated };
}
