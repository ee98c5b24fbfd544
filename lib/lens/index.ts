/**
 * The parser lenses' public API (docs/semantics/lens.md): how six other robots.txt parser stacks read a
 * file and a URL, and where they part from Google's verdict.
 *
 *     const { allowed, line, reason } = readAs('py-legacy', { robots, robotsStatus: 200, url, userAgent: 'GPTBot' });
 */

export type * from './types';
export { createLensFileReader, createLensReader, LENS_PROFILES, readAs } from './read';
export type { LensNameReader } from './engine';
export { LENS_PROFILE_INFO, PYTHON_LEGACY_RELEASES, PYTHON_RFC_RELEASES } from './profiles';
export {
  type DivergenceFinding,
  applyEdits,
  createGoogleVerdict,
  findDisagreeingUrls,
  findDivergences,
  googleReading,
} from './divergence';
export { bodyBytesText } from './text';
