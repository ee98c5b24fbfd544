/**
 * ASCII-only text rules (docs/semantics/robots.md §1): whitespace is space, \t, \n, \v, \f and \r, never a
 * Unicode space such as NBSP, and case folds A–Z only. JavaScript's trim() and toLowerCase() do
 * more, so tokens, keys and directives go through these.
 */

/** Characters per `encodeInto` call when checking a whole body. */
const CHUNK = 8192;

const NON_ASCII = /[\x80-\uffff]/;

let encoder: InstanceType<typeof TextEncoder> | undefined;
let chunkBytes: Uint8Array | undefined;

/** Returns true when every character of `text` is ASCII (so its byte string is itself). */
export function isAscii(text: string): boolean {
  if (text.length < 256) return !NON_ASCII.test(text);
  // A whole body: encodeInto copies ASCII at memory speed, ten times a regex's pace. Any other
  // character takes more UTF-8 bytes than UTF-16 units, so `written` exceeds the length.
  encoder ??= new TextEncoder();
  chunkBytes ??= new Uint8Array(3 * CHUNK);
  for (let i = 0; i < text.length; i += CHUNK) {
    const part = text.slice(i, i + CHUNK);
    if (encoder.encodeInto(part, chunkBytes).written !== part.length) return false;
  }
  return true;
}

/** Returns true for the ASCII whitespace of docs/semantics/robots.md §1: space, \t, \n, \v, \f, \r. */
export function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/** Returns `text` without leading and trailing ASCII whitespace (never Unicode spaces such as NBSP). */
export function trimAscii(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isAsciiSpace(text.charCodeAt(start))) start++;
  while (end > start && isAsciiSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Returns `text` with A–Z folded to a–z and nothing else changed (the Kelvin sign stays). */
export function toAsciiLower(text: string): string {
  // On ASCII text the native fold is the ASCII fold; elsewhere it would also fold the Kelvin sign.
  // Short text (tokens, keys) is checked by a loop: no regex to compile on a cold start.
  let ascii = true;
  if (text.length >= 256) ascii = isAscii(text);
  else for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 0x80;
  return ascii ? text.toLowerCase() : text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}
