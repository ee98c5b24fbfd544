import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic as EditorDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'preact/hooks';
import type { Diagnostic } from '../../lib/robots';
import { createEditorTheme } from './editor-theme';
import { robotsHighlight, robotsLanguage } from './robots-language';

/** Lines to mark: the deciding line, the 500 KiB cut and changed lines (1-based). */
interface EditorMarks {
  readonly deciding: number | null;
  readonly cut: number | null;
  readonly changed: readonly number[];
}

export interface DraftEditorProps {
  /** The text. The editor owns it while the user types; it takes `value` again only when `revision` changes. */
  readonly value: string;
  /**
   * Bumped by the owner when the text is replaced from outside (revert, load a file, another draft).
   * Typing never bumps it: a render that lags behind fast typing must not overwrite the editor.
   */
  readonly revision: number;
  readonly readOnly: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly marks: EditorMarks;
  readonly label: string;
  readonly testId: string;
  readonly onChange?: (text: string) => void;
}

const setMarks = StateEffect.define<EditorMarks>();

const marksField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (effect.is(setMarks)) next = buildMarks(transaction.state, effect.value);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

function buildMarks(state: EditorState, marks: EditorMarks): DecorationSet {
  const classes = new Map<number, string[]>();
  const add = (line: number | null, cls: string) => {
    if (line === null || line < 1 || line > state.doc.lines) return;
    classes.set(line, [...(classes.get(line) ?? []), cls]);
  };
  for (const line of marks.changed) add(line, 'cm-wb-changed');
  add(marks.deciding, 'cm-wb-deciding');
  add(marks.cut, 'cm-wb-cut');
  const builder = new RangeSetBuilder<Decoration>();
  for (const line of [...classes.keys()].sort((a, b) => a - b)) {
    const at = state.doc.line(line).from;
    builder.add(at, at, Decoration.line({ class: (classes.get(line) ?? []).join(' ') }));
  }
  return builder.finish();
}

function toEditorDiagnostics(state: EditorState, diagnostics: readonly Diagnostic[]): EditorDiagnostic[] {
  return diagnostics
    .filter((d) => d.line >= 1 && d.line <= state.doc.lines)
    .map((d) => {
      const line = state.doc.line(d.line);
      return { from: line.from, to: line.to, severity: d.severity, message: d.message, source: d.code };
    });
}

/** Scrolls `v`'s own scroller (never the page) so that line `line` sits in its middle. */
function centreLine(v: EditorView, line: number): void {
  if (line < 1 || line > v.state.doc.lines) return;
  const pos = v.state.doc.line(line).from;
  v.requestMeasure({
    read: (editor) => {
      const block = editor.lineBlockAt(pos);
      const scroller = editor.scrollDOM;
      return Math.max(0, block.top + block.height / 2 - scroller.clientHeight / 2);
    },
    write: (top, editor) => {
      editor.scrollDOM.scrollTop = top;
    },
  });
}

/** A CodeMirror 6 editor for robots.txt: highlighting, lint marks, deciding line, the 500 KiB cut, changed lines. */
export function DraftEditor({
  value,
  revision,
  readOnly,
  diagnostics,
  marks,
  label,
  testId,
  onChange,
}: DraftEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (host.current === null) return;
    const theme = createEditorTheme();
    const extensions: Extension[] = [
      theme.extension,
      lineNumbers(),
      history(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: true }),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap]),
      robotsLanguage,
      syntaxHighlighting(robotsHighlight),
      lintGutter(),
      marksField,
      EditorState.readOnly.of(readOnly),
      EditorView.editable.of(!readOnly),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
      }),
    ];
    view.current = new EditorView({ parent: host.current, state: EditorState.create({ doc: value, extensions }) });
    const stopFollowing = theme.follow(view.current);
    return () => {
      stopFollowing();
      view.current?.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v === null || v.state.doc.toString() === value) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [revision]);

  useEffect(() => {
    const v = view.current;
    if (v === null) return;
    v.dispatch(setDiagnostics(v.state, toEditorDiagnostics(v.state, diagnostics)));
  }, [diagnostics]);

  useEffect(() => {
    view.current?.dispatch({ effects: setMarks.of(marks) });
  }, [marks.deciding, marks.cut, marks.changed]);

  // A new deciding line is brought into view inside the editor only: CodeMirror's scrollIntoView
  // scrolls every scrolling ancestor too, and the page must not jump when a row is picked.
  useEffect(() => {
    const v = view.current;
    if (v === null || marks.deciding === null) return;
    centreLine(v, marks.deciding);
  }, [marks.deciding]);

  return <div class="wb-editor" data-testid={testId} ref={host} />;
}
