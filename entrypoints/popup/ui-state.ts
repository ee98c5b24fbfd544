/**
 * Values the popup's layout derives from its state (entrypoints/popup/state.ts) without owning
 * any: the path tester's line for the file view.
 */
import type { FileMarks, PathResult } from '../../components/popup/model';

/** The key that moves focus to the crawler picker (shown beside it and in the header). */
export const PICKER_KEY = '/';

/** Returns the deciding line of the tested path, or 0 when it has none. */
export function testedLineOf(result: PathResult): number {
  if (result.kind !== 'evaluated' || result.verdict.kind !== 'ok') return 0;
  return result.verdict.verdict.rule?.rule.line ?? 0;
}

/** Returns the page's marks with the path tester's deciding line added. */
export function withTestedLine(marks: FileMarks, result: PathResult): FileMarks {
  const testedLine = testedLineOf(result);
  return testedLine > 0 ? { ...marks, testedLine } : marks;
}
