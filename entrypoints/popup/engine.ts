/**
 * The part of the popup that reads robots.txt: the engine's parse and evaluation, the matrix, the
 * path tester, the file view's lines and the report. Loaded with a dynamic import while the
 * popup waits for the worker, so none of it is on the path to the first verdict: the worker sends
 * the verdict for the stored crawler with the inspection (entrypoints/popup/state.ts).
 */
export { judgePage, readPageRobots } from '../../lib/verdict/page-verdict';
export { judgeResources, readOriginRobots } from '../../lib/resources/evaluate';
export { buildFileText, evaluateMatrix, evaluatePath, fileMarksFor } from './analysis';
export { buildReport } from './report';
