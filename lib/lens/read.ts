/**
 * Reading a robots.txt response through one lens (docs/semantics/lens.md §1.1): the status first, then the
 * stack's decoding, then the parse, once per body and name.
 */

import type { LensEngine, LensNameReader } from './engine';
import { LENS_ENGINES } from './profiles';
import type { LensInput, LensProfileId, LensVerdict } from './types';

/** The six lenses, in the order the UI shows them (§0). */
export const LENS_PROFILES: readonly LensProfileId[] = Object.freeze([
  'py-legacy',
  'py-rfc',
  'protego',
  'robots-parser',
  'crawler-commons',
  'rfc9309',
]);

/**
 * Returns a function that gives `profile`'s verdict for one URL, for a robots.txt response and a
 * name: the status, the decoding and the parse are done once. Never throws on content.
 */
export function createLensReader(profile: LensProfileId, input: Omit<LensInput, 'url'>): (url: string) => LensVerdict {
  const engine: LensEngine = LENS_ENGINES[profile];
  const byStatus = engine.statusVerdict(input.robotsStatus);
  if (byStatus !== null) return () => byStatus;
  const text = engine.decode(input.robots);
  if (typeof text !== 'string') return () => text;
  return engine.prepare(text, input.userAgent);
}

/**
 * Returns a function giving `profile`'s reader for each name, for one robots.txt response: the
 * status, the decoding and the parse are done once for every name. Readers whose `selection` is the
 * same value read every URL alike (a status or decoding verdict: one selection for all names).
 */
export function createLensFileReader(
  profile: LensProfileId,
  input: Omit<LensInput, 'url' | 'userAgent'>,
): (userAgent: string) => LensNameReader {
  const engine: LensEngine = LENS_ENGINES[profile];
  const decided = engine.statusVerdict(input.robotsStatus) ?? engine.decode(input.robots);
  if (typeof decided !== 'string') {
    const reader: LensNameReader = { selection: decided, read: () => decided };
    return () => reader;
  }
  return engine.prepareFile(decided);
}

/**
 * Returns how `profile` reads the robots.txt response for the URL and name: the verdict, the
 * deciding rule's 1-based line where that parser has one (§1.4, else null), the outcome as a tagged
 * union and a reason in words. `robots` as a string is the decoded body; as bytes it is decoded as
 * the stack decodes it. `robotsStatus` is applied first (each lens's §x.2); 0 means no response.
 */
export function readAs(profile: LensProfileId, input: LensInput): LensVerdict {
  return createLensReader(profile, input)(input.url);
}
