import { useSignal } from '@preact/signals';
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import {
  buildFileRows,
  DEFAULT_NOTE_COLUMNS,
  divergenceWords,
  type FileRow,
  type InlineDivergence,
  isInGroup,
  noteWords,
} from './file-rows';
import type { FileMarks, FileText, RevealRequest } from './model';
import { CodeText } from '../code-text';
import { countOf } from '../../lib/shared/plural';

export interface FileViewProps {
  readonly file: FileText;
  readonly marks: FileMarks;
  /** Lines a CDN added to the file (managed blocks), marked "added by your CDN, not your server". */
  readonly cdnLines?: ReadonlySet<number>;
  /** Scroll to this line (the path tester's "Show in file"), and bring the view on screen. */
  readonly reveal?: RevealRequest | null;
  /** Lines other parser stacks read differently from Google, once the lenses were read: marked on the line. */
  readonly divergences?: ReadonlyMap<number, InlineDivergence>;
}

/** Height of every row, in px: fixed so the list can be virtualised. Matches `.file-row` in CSS. */
export const ROW_HEIGHT = 18;
/** Rows visible in the scroller at once. */
const VIEW_ROWS = 18;
/** Rows drawn above and below the visible ones, so fast scrolling does not show blanks. */
const OVERSCAN = 12;
/** Divergence marks kept in the DOM while scrolled away (the rest appear as they scroll in). */
const MAX_PINNED_DIVERGENCES = 100;

/** Width of the line-number gutter, in characters (4.5em + 0.6em of padding in monospace, rounded up). */
const GUTTER_COLUMNS = 9;

/**
 * Returns the view's width in px and how many characters of a note fit on a row, measured from the
 * scroller and a probe of ten characters; null and the default before layout (or without one).
 */
function useNoteColumns(scroller: { current: HTMLElement | null }): { width: number | null; columns: number } {
  const size = useSignal<{ width: number | null; columns: number }>({ width: null, columns: DEFAULT_NOTE_COLUMNS });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      const probe = el.querySelector('.file-ch');
      const ch = probe ? probe.getBoundingClientRect().width / 10 : 0;
      const width = el.clientWidth;
      if (ch <= 0 || width <= 0) return;
      const columns = Math.max(16, Math.floor(width / ch) - GUTTER_COLUMNS - 1);
      if (columns !== size.value.columns || width !== size.value.width) size.value = { width, columns };
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return size.value;
}

/** The whole robots.txt with line numbers, lint findings, the applying group and the deciding line. */
export function FileView({ file, marks, cdnLines, reveal = null, divergences }: FileViewProps) {
  const scroller = useRef<HTMLElement>(null);
  const note = useNoteColumns(scroller);
  const { rows, rowOfLine, widestLine, diagnosticCount } = useMemo(
    () => buildFileRows(file, note.columns, divergences),
    [file, note.columns, divergences],
  );
  const divergenceRows = useMemo(
    () => rows.flatMap((r, i) => (r.kind === 'divergence' ? [i] : [])).slice(0, MAX_PINNED_DIVERGENCES),
    [rows],
  );
  const firstRow = useSignal(0);
  const rowOf = (line: number) => (line > 0 && line <= file.lines.length ? (rowOfLine[line] ?? -1) : -1);
  const decidingRow = rowOf(marks.decidingLine);
  const testedLine = marks.testedLine ?? 0;
  const testedRow = rowOf(testedLine);

  const scrollToRow = (row: number) => {
    if (row < 0) return;
    const top = Math.max(0, (row - Math.floor(VIEW_ROWS / 2)) * ROW_HEIGHT);
    if (scroller.current) scroller.current.scrollTop = top;
    firstRow.value = Math.floor(top / ROW_HEIGHT);
  };
  const scrollToDeciding = () => scrollToRow(decidingRow);
  const showTested = () => {
    scrollToRow(testedRow);
    scroller.current?.scrollIntoView?.({ block: 'nearest' });
  };
  // Bring the deciding line into view whenever it changes (new crawler, new file).
  useLayoutEffect(scrollToDeciding, [decidingRow, rows]);
  // The path tester asked to see its line: scroll there and bring the view on screen.
  useLayoutEffect(() => {
    if (reveal) {
      scrollToRow(rowOf(reveal.line));
      scroller.current?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [reveal?.seq]);

  const start = Math.max(0, firstRow.value - OVERSCAN);
  const end = Math.min(rows.length, firstRow.value + VIEW_ROWS + OVERSCAN);
  const visible: number[] = [];
  // A long note's head row is drawn while any of its rows is on screen.
  const first = rows[start];
  if (first?.kind === 'continued') visible.push(first.head);
  for (let i = start; i < end; i++) visible.push(i);
  // The deciding and tested lines are always in the DOM, even when scrolled away, and so are the
  // marks of the lines other parsers read differently (a few at most), so each can be found.
  const pinned = [decidingRow, testedRow, ...divergenceRows];
  for (const row of pinned) {
    if (row >= 0 && (row < start || row >= end) && !visible.includes(row)) visible.push(row);
  }
  const divergent = divergences?.size ?? 0;

  return (
    <div class="file">
      <p class="muted file-summary">
        {countOf(file.lines.length, 'line')}
        {diagnosticCount > 0 ? `, ${countOf(diagnosticCount, 'lint finding')}` : ''}
        {divergent > 0 ? `, ${countOf(divergent, 'line')} read differently by other parsers` : ''}
        {file.truncated ? `, cut at 500 KiB of ${file.size}` : ''}.{' '}
        {decidingRow >= 0 ? (
          <button type="button" class="small" onClick={scrollToDeciding}>
            Show line {marks.decidingLine}
          </button>
        ) : null}{' '}
        {testedRow >= 0 && testedLine !== marks.decidingLine ? (
          <button type="button" class="small" data-testid="show-tested-line" onClick={showTested}>
            Show tested line {testedLine}
          </button>
        ) : null}
      </p>
      <section
        ref={scroller}
        class="file-scroller"
        style={{ height: `${VIEW_ROWS * ROW_HEIGHT}px` }}
        // A scrolling region takes focus, so the keyboard can scroll it.
        tabIndex={0}
        aria-label={`robots.txt, ${countOf(file.lines.length, 'line')}`}
        onScroll={(e) => (firstRow.value = Math.floor(e.currentTarget.scrollTop / ROW_HEIGHT))}
      >
        <div
          class="file-canvas"
          style={{ height: `${rows.length * ROW_HEIGHT}px`, minWidth: `calc(${widestLine}ch + 5em)` }}
        >
          <span class="file-ch" aria-hidden="true">
            0000000000
          </span>
          {visible.map((i) => (
            <Row key={i} index={i} row={rows[i] as FileRow} marks={marks} cdnLines={cdnLines} noteWidth={note.width} />
          ))}
        </div>
      </section>
    </div>
  );
}

function Row({
  index,
  row,
  marks,
  cdnLines,
  noteWidth,
}: {
  index: number;
  row: FileRow;
  marks: FileMarks;
  cdnLines: ReadonlySet<number> | undefined;
  /** The view's width in px: a note wraps within it, whatever the widest line. */
  noteWidth: number | null;
}) {
  const style = { top: `${index * ROW_HEIGHT}px` };
  if (row.kind === 'continued') return null;
  if (row.kind === 'cut') {
    return (
      <div class="file-row cut" style={style} role="note">
        ✂ Cut here: Google reads the first 500 KiB of {row.size} and ignores the rest.
      </div>
    );
  }
  // A note under a line wraps within the view, as tall as the rows it takes: read whole, never cut.
  const noteStyle = (span: number) => ({
    ...style,
    height: `${span * ROW_HEIGHT}px`,
    ...(noteWidth === null ? {} : { width: `${noteWidth}px`, right: 'auto' }),
  });
  if (row.kind === 'meaning') {
    return (
      <div
        class="file-row note meaning"
        style={noteStyle(row.span)}
        role="note"
        data-testid="usage-meaning"
        data-line={row.line}
        data-span={row.span}
      >
        <span class="gutter" aria-hidden="true">
          ↳
        </span>
        <span class="file-text">
          <CodeText text={row.text} />
        </span>
      </div>
    );
  }
  if (row.kind === 'divergence') {
    const d = row.divergence;
    return (
      <div
        class="file-row note divergence-row"
        style={noteStyle(row.span)}
        role="note"
        data-testid="divergence"
        data-line={String(d.line)}
        data-profiles={d.profiles.join(',')}
        data-span={row.span}
      >
        <span class="gutter" aria-hidden="true">
          ≠
        </span>
        <span class="file-text">
          <CodeText text={divergenceWords(d)} />
        </span>
      </div>
    );
  }
  if (row.kind === 'diagnostic') {
    const d = row.diagnostic;
    return (
      <div
        class={`file-row note diagnostic severity-${d.severity}`}
        style={noteStyle(row.span)}
        role="note"
        data-span={row.span}
      >
        <span class="gutter" aria-hidden="true">
          ↳
        </span>
        <span class="file-text">
          <CodeText text={noteWords(d)} />
        </span>
      </div>
    );
  }
  const { n, text } = row.line;
  const divergent = row.divergent;
  const deciding = n === marks.decidingLine;
  const tested = n === marks.testedLine;
  const inGroup = isInGroup(marks, n);
  const cdn = cdnLines?.has(n) === true;
  return (
    <div
      class={`file-row line${deciding ? ' deciding' : ''}${tested ? ' tested' : ''}${inGroup ? ' in-group' : ''}${cdn ? ' cdn' : ''}${divergent ? ' divergent' : ''}`}
      style={style}
      data-testid="file-line"
      data-line={String(n)}
      data-deciding={deciding ? 'true' : 'false'}
      data-tested={tested ? 'true' : undefined}
      data-group={inGroup ? 'true' : undefined}
      data-cdn={cdn ? 'true' : undefined}
      data-divergent={divergent ? 'true' : undefined}
      title={cdn ? 'Added by your CDN, not your server' : undefined}
      aria-current={deciding ? 'true' : undefined}
    >
      <span class="gutter">
        {tested ? (
          <span class="tested-mark" aria-hidden="true">
            ▶{' '}
          </span>
        ) : null}
        {n}
      </span>
      <span class="file-text">{text}</span>
      {deciding ? <span class="visually-hidden"> (deciding line)</span> : null}
      {tested ? <span class="visually-hidden"> (the tested path’s deciding line)</span> : null}
      {cdn ? <span class="visually-hidden"> (added by your CDN, not your server)</span> : null}
    </div>
  );
}
