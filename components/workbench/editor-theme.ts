import { Compartment, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import './editor.css';

/** The media query the pages' theme follows (components/theme.css). */
const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The editors' palette: every colour is a CSS variable from theme.css or editor.css, so the light
 * and dark palettes switch with the page's theme; CodeMirror's own light rules are replaced.
 */
const palette = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--bg)' },
  // The editor draws its own ring: the content's outline would scroll away with the text.
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
  '.cm-content': { caretColor: 'var(--wb-cursor)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--wb-cursor)' },
  '.cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'var(--wb-selection)' },
  '.cm-activeLine': { backgroundColor: 'var(--wb-active-line)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--wb-match)' },
  '.cm-searchMatch': { backgroundColor: 'var(--wb-match)', outline: '1px solid var(--wb-cursor)' },
  '.cm-searchMatch-selected': { backgroundColor: 'var(--wb-selection)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-raised)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--wb-active-line)', color: 'var(--fg)' },
  '.cm-panels': { backgroundColor: 'var(--bg-raised)', color: 'var(--fg)' },
  '.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  '.cm-textfield': { backgroundColor: 'var(--bg)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--bg-raised)', color: 'var(--fg)' },
  '.cm-tooltip': { backgroundColor: 'var(--bg-raised)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--blocked)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--warn)' },
  '.cm-diagnostic-info': { borderLeftColor: 'var(--muted)' },
  '.cm-lintRange-active': { backgroundColor: 'var(--wb-match)' },
});

/** Whether the page is dark now; light where the media query cannot be asked. */
function isDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/**
 * Returns the editors' theme (the palette, and CodeMirror told whether it is dark so its own
 * panels, tooltips and search fields follow) and a function that starts following the page's
 * theme in `view`, switching live when it changes; that function returns the stop.
 */
export function createEditorTheme(): { extension: Extension; follow: (view: EditorView) => () => void } {
  const dark = new Compartment();
  return {
    extension: [palette, dark.of(EditorView.darkTheme.of(isDark()))],
    follow: (view) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const query = matchMedia(DARK_QUERY);
      const handleChange = () => view.dispatch({ effects: dark.reconfigure(EditorView.darkTheme.of(query.matches)) });
      query.addEventListener('change', handleChange);
      return () => query.removeEventListener('change', handleChange);
    },
  };
}
