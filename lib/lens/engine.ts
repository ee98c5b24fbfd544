/**
 * The shape every lens module exports (docs/semantics/lens.md §1.3): the fetch outcome, the decoding of
 * the body, then a reader prepared once per body and name that answers URL after URL.
 */

import type { LensProfileId, LensVerdict } from './types';

/**
 * One name's reader under a parsed text. `selection` names what the lens chose for that name (its
 * group or rules): two readers of one text with the same `selection` (compared with `===`) give the
 * same verdict for every URL, so a caller asking many names evaluates each selection once.
 */
export interface LensNameReader {
  readonly selection: unknown;
  readonly read: (url: string) => LensVerdict;
}

/** One lens, in the three steps every stack goes through. */
export interface LensEngine {
  readonly id: LensProfileId;
  /** Returns the verdict the HTTP status gives before any parsing (§x.2), or null to parse the body. */
  statusVerdict(status: number): LensVerdict | null;
  /**
   * Returns the text the stack parses: a string body is taken as already decoded (only the
   * stack's BOM and size rules apply), bytes are decoded as the stack decodes them. A verdict
   * instead when decoding already decides (a strict decoder failing, an empty body).
   */
  decode(robots: string | Uint8Array): string | LensVerdict;
  /** Returns a function giving the verdict for one URL under the text and name; parsing is done once. */
  prepare(text: string, userAgent: string): (url: string) => LensVerdict;
  /** Returns a function giving each name's reader under the text, the text parsed once for every name. */
  prepareFile(text: string): (userAgent: string) => LensNameReader;
}

/**
 * Returns a function giving each name's reader, one per selection: `choose` picks what a name reads
 * (its group or rules), `keyOf` names that choice (names with equal keys read every URL alike), and
 * `readerOf` makes the reader of a choice, once per key, so its rules are filed once for every name.
 */
export function shareReaders<C>(
  choose: (userAgent: string) => C,
  keyOf: (chosen: C) => unknown,
  readerOf: (chosen: C) => (url: string) => LensVerdict,
): (userAgent: string) => LensNameReader {
  const readers = new Map<unknown, LensNameReader>();
  return (userAgent) => {
    const chosen = choose(userAgent);
    const selection = keyOf(chosen);
    let reader = readers.get(selection);
    if (reader === undefined) {
      reader = { selection, read: readerOf(chosen) };
      readers.set(selection, reader);
    }
    return reader;
  };
}
