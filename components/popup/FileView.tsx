import { useSignal } from '@preact/signals';
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { buildFileRows, type FileRow, isInGroup } from './file-rows';
import type { FileMarks, FileText } from './model';

export interface FileViewProps {
  readonly file: FileText;
  readonly marks: FileMarks;
}

/** Height of every row, in px: fixed so the list can be virtualised. Matches `.file-row` in CSS. */
export const ROW_HEIGHT = 18;
/** Rows visible in the scroller at once. */
const VIEW_ROWS = 18;
/** Rows drawn above and below the visible ones, so fast scrolling does not show blanks. */
const OVERSCAN = 12;

/** The whole robots.txt with line numbers, lint findings, the applying group and the deciding line. */
export function FileView({ file, marks }: FileViewProps) {
  const { rows, rowOfLine, widestLine } = useMemo(() => buildFileRows(file), [file]);
  const scroller = useRef<HTMLElement>(null);
  const firstRow = useSignal(0);
  const decidingRow =
    marks.decidingLine > 0 && marks.decidingLine <= file.lines.length ? (rowOfLine[marks.decidingLine] ?? -1) : -1;

  const scrollToDeciding = () => {
    if (decidingRow < 0) return;
    const top = Math.max(0, (decidingRow - Math.floor(VIEW_ROWS / 2)) * ROW_HEIGHT);
    if (scroller.current) scroller.current.scrollTop = top;
    firstRow.value = Math.floor(top / ROW_HEIGHT);
  };
  // Bring the deciding line into view whenever it changes (new crawler, new file).
  useLayoutEffect(scrollToDeciding, [decidingRow, rows]);

  const start = Math.max(0, firstRow.value - OVERSCAN);
  const end = Math.min(rows.length, firstRow.value + VIEW_ROWS + OVERSCAN);
  const visible: number[] = [];
  for (let i = start; i < end; i++) visible.push(i);
  // The deciding line is always in the DOM, even when scrolled away.
  if (decidingRow >= 0 && (decidingRow < start || decidingRow >= end)) visible.push(decidingRow);
  const diagnosticCount = rows.length - file.lines.length - (file.truncated ? 1 : 0);

  return (
    <div class="file">
      <p class="muted file-summary">
        {file.lines.length} lines
        {diagnosticCount > 0 ? `, ${diagnosticCount} lint ${diagnosticCount === 1 ? 'finding' : 'findings'}` : ''}
        {file.truncated ? `, cut at 500 KiB of ${file.size}` : ''}.{' '}
        {decidingRow >= 0 ? (
          <button type="button" class="small" onClick={scrollToDeciding}>
            Show line {marks.decidingLine}
          </button>
        ) : null}
      </p>
      <section
        ref={scroller}
        class="file-scroller"
        style={{ height: `${VIEW_ROWS * ROW_HEIGHT}px` }}
        // A scrolling region takes focus, so the keyboard can scroll it.
        tabIndex={0}
        aria-label={`robots.txt, ${file.lines.length} lines`}
        onScroll={(e) => (firstRow.value = Math.floor(e.currentTarget.scrollTop / ROW_HEIGHT))}
      >
        <div
          class="file-canvas"
          style={{ height: `${rows.length * ROW_HEIGHT}px`, minWidth: `calc(${widestLine}ch + 5em)` }}
        >
          {visible.map((i) => (
            <Row key={i} index={i} row={rows[i] as FileRow} marks={marks} />
          ))}
        </div>
      </section>
    </div>
  );
}

function Row({ index, row, marks }: { index: number; row: FileRow; marks: FileMarks }) {
  const style = { top: `${index * ROW_HEIGHT}px` };
  if (row.kind === 'cut') {
    return (
      <div class="file-row cut" style={style} role="note">
        ✂ Cut here: Google reads the first 500 KiB of {row.size} and ignores the rest.
      </div>
    );
  }
  if (row.kind === 'diagnostic') {
    const d = row.diagnostic;
    return (
      <div class={`file-row diagnostic severity-${d.severity}`} style={style} role="note" title={d.message}>
        <span class="gutter" aria-hidden="true">
          ↳
        </span>
        <span class="file-text">
          {d.severity}: {d.message}
        </span>
      </div>
    );
  }
  const { n, text } = row.line;
  const deciding = n === marks.decidingLine;
  const inGroup = isInGroup(marks, n);
  return (
    <div
      class={`file-row line${deciding ? ' deciding' : ''}${inGroup ? ' in-group' : ''}`}
      style={style}
      data-testid="file-line"
      data-line={String(n)}
      data-deciding={deciding ? 'true' : 'false'}
      data-group={inGroup ? 'true' : undefined}
      aria-current={deciding ? 'true' : undefined}
    >
      <span class="gutter">{n}</span>
      <span class="file-text">{text}</span>
      {deciding ? <span class="visually-hidden"> (deciding line)</span> : null}
    </div>
  );
}
