/**
 * The first screen's rows: one per source of the verdict for the selected crawler —
 * robots.txt, meta robots, X-Robots-Tag, canonical — each with a state (`ok`, `warn`, `bad`,
 * `none`) and what decided it, in words. Pure over the verdicts the popup already has.
 */
import type { SourceReading } from '../../lib/page-directives/verdict';
import { describeRule } from '../../lib/verdict/words';
import { tokenWord } from './headline';
import type { IndexabilityView } from './model';
import type { PageVerdict } from './model';

type RowState = 'ok' | 'warn' | 'bad' | 'none';

export interface SignalRow {
  readonly id: 'robots' | 'meta' | 'xrt' | 'canonical';
  readonly label: string;
  readonly state: RowState;
  readonly text: string;
}

/** At most this many sources are quoted in a row; the rest are counted. */
const QUOTED = 2;

/**
 * Returns the robots.txt row: Allowed or Blocked and the deciding line; for a control token
 * (`tokenOnly`), opted out or not, since nothing fetches under its name.
 */
export function buildRobotsRow(verdict: PageVerdict, tokenOnly = false): SignalRow {
  const row = (state: RowState, text: string): SignalRow => ({ id: 'robots', label: 'robots.txt', state, text });
  const word = (allowed: boolean) => (tokenOnly ? tokenWord(allowed) : allowed ? 'Allowed' : 'Blocked');
  switch (verdict.kind) {
    case 'not-applicable':
      return row('none', 'does not apply');
    case 'unavailable':
      return row('none', `${word(true)}: ${verdict.explanation}`);
    case 'unreachable':
      return row('bad', `${word(false)}: ${verdict.explanation}`);
    case 'ok': {
      const rule = verdict.verdict.rule?.rule;
      const why = rule === undefined ? 'no rule matches this URL' : describeRule(rule);
      return row(verdict.allowed ? 'ok' : 'bad', `${word(verdict.allowed)} — ${why}`);
    }
  }
}

const isNoindex = (reading: SourceReading) => reading.applying.some((r) => r.name === 'noindex' || r.name === 'none');

function quote(reading: SourceReading): string {
  const { source } = reading;
  return source.kind === 'meta' ? `<meta name="${source.name}" content="${source.content}">` : source.line;
}

function listed(readings: readonly SourceReading[]): string {
  const shown = readings.slice(0, QUOTED).map(quote).join('; ');
  return readings.length > QUOTED ? `${shown} (+${readings.length - QUOTED} more)` : shown;
}

/** Returns a directives row (meta robots or X-Robots-Tag) for the sources of one kind. */
function directivesRow(
  id: 'meta' | 'xrt',
  readings: readonly SourceReading[],
  fetchAllowed: boolean,
  crawlerName: string,
): SignalRow {
  const label = id === 'meta' ? 'meta robots' : 'X-Robots-Tag';
  if (readings.length === 0) return { id, label, state: 'none', text: 'none' };
  const applying = readings.filter((r) => r.applies);
  if (applying.length === 0) return { id, label, state: 'none', text: `not for ${crawlerName}: ${listed(readings)}` };
  const noindex = applying.filter(isNoindex);
  if (noindex.length > 0) {
    // A crawler that may not fetch the page never sees its noindex.
    // A header line that says only noindex is not quoted twice.
    const quoted = noindex.every((r) => quote(r).trim().toLowerCase() === 'noindex') ? null : listed(noindex);
    return fetchAllowed
      ? { id, label, state: 'bad', text: quoted === null ? 'noindex' : `noindex — ${quoted}` }
      : { id, label, state: 'warn', text: `noindex, never seen: robots.txt blocks the page — ${listed(noindex)}` };
  }
  const inBody = applying.some((r) => r.source.kind === 'meta' && !r.source.inHead);
  return { id, label, state: inBody ? 'warn' : 'ok', text: `${inBody ? 'in <body>: ' : ''}${listed(applying)}` };
}

/** Returns the page's rows (meta robots, X-Robots-Tag, canonical) from the Indexability section's view. */
export function buildPageRows(
  view: IndexabilityView | null,
  fetchAllowed: boolean,
  crawlerName: string,
): readonly SignalRow[] {
  const labels = [
    ['meta', 'meta robots'],
    ['xrt', 'X-Robots-Tag'],
    ['canonical', 'canonical'],
  ] as const;
  if (view === null || view.kind !== 'ready') {
    const text =
      view === null || view.kind === 'loading'
        ? 'reading the page…'
        : view.kind === 'off'
          ? 'page inspection is off'
          : view.message;
    return labels.map(([id, label]) => ({ id, label, state: 'none', text }));
  }
  const { result, headers } = view;
  const metas = result.sources.filter((r) => r.source.kind === 'meta');
  const lines = result.sources.filter((r) => r.source.kind === 'header');
  const xrt: SignalRow =
    headers.kind === 'unknown'
      ? { id: 'xrt', label: 'X-Robots-Tag', state: 'warn', text: `unknown: ${headers.why}` }
      : directivesRow('xrt', lines, fetchAllowed, crawlerName);
  return [directivesRow('meta', metas, fetchAllowed, crawlerName), xrt, canonicalRow(view)];
}

function canonicalRow(view: Extract<IndexabilityView, { kind: 'ready' }>): SignalRow {
  const c = view.result.canonical;
  const row = (state: RowState, text: string): SignalRow => ({ id: 'canonical', label: 'canonical', state, text });
  if (c.candidates.length === 0) return row('none', 'none declared');
  if (c.canonical === null) return row('warn', c.notes[0] ?? 'declared, but none is in use');
  if (c.elsewhere) return row('warn', `points elsewhere: ${c.canonical}`);
  return c.notes.length > 0 ? row('warn', `this page; ${c.notes[0]}`) : row('ok', 'this page');
}
