/**
 * The shape every lens module exports (PARSER-LENS.md §1.3): the fetch outcome, the decoding of
 * the body, then a reader prepared once per body and name that answers URL after URL.
 */

import type { LensProfileId, LensVerdict } from './types';

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
}
