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
export interface EditorMarks {
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
    const v = view.current;
    if (v === null) return;
    v.dispatch({ effects: setMarks.of(marks) });
    if (marks.deciding !== null && marks.deciding >= 1 && marks.deciding <= v.state.doc.lines) {
      v.dispatch({ effects: EditorView.scrollIntoView(v.state.doc.line(marks.deciding).from, { y: 'center' }) });
    }
  }, [marks.deciding, marks.cut, marks.changed]);

  return <div class="wb-editor" data-testid={testId} ref={host} />;
}
