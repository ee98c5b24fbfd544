import type { TargetedEvent } from 'preact';
import { useId } from 'preact/hooks';
import { describeVerdict, formatAgents, formatRule, verdictTone } from './format';
import type { PathResult } from './model';
import { CodeText } from '../code-text';

export interface PathTesterProps {
  readonly value: string;
  readonly result: PathResult;
  readonly origin: string;
  readonly onInput: (value: string) => void;
  /** Scrolls the file view to a line (the tested path's deciding line); absent when there is no file view. */
  readonly onShowLine?: ((line: number) => void) | null;
}

/** The group that decided a tested path, in words: its User-agent lines and line range. */
function describeGroup(result: PathResult): string | null {
  if (result.kind !== 'evaluated' || result.verdict.kind !== 'ok') return null;
  const { selection } = result.verdict.verdict;
  if (selection.kind === 'none') return 'No group applies to this crawler.';
  const groups = selection.groups;
  const agents = formatAgents(groups).join(', ');
  const ranges = groups.map((g) => `${g.firstLine}–${g.lastLine}`).join(', ');
  return `Group: ${agents} (${groups.length === 1 ? 'lines' : 'merged groups, lines'} ${ranges})`;
}

function describe(result: PathResult): { tone: string; text: string } {
  switch (result.kind) {
    case 'empty':
      return { tone: 'none', text: 'Type a path such as /private/page.html' };
    case 'other-origin':
      return { tone: 'none', text: `That URL is on ${result.origin}: its own robots.txt governs it.` };
    case 'invalid':
      return { tone: 'none', text: result.explanation };
    case 'evaluated': {
      const v = result.verdict;
      if (v.kind === 'not-applicable') return { tone: 'none', text: v.explanation };
      const { word, detail } = describeVerdict(v);
      const rule = v.kind === 'ok' ? v.verdict.rule : null;
      return { tone: verdictTone(v), text: `${word}: ${rule ? formatRule(rule) : detail}` };
    }
  }
}

/** Test any path or URL on this origin; the verdict updates as you type. */
export function PathTester({ value, result, origin, onInput, onShowLine = null }: PathTesterProps) {
  const id = useId();
  const { tone, text } = describe(result);
  const group = describeGroup(result);
  const line =
    result.kind === 'evaluated' && result.verdict.kind === 'ok' ? (result.verdict.verdict.rule?.rule.line ?? 0) : 0;
  const handleInput = (event: TargetedEvent<HTMLInputElement>) => onInput(event.currentTarget.value);
  return (
    <div class="path-tester">
      <label for={id}>Any path or URL on {origin}</label>
      <input
        id={id}
        data-testid="path-input"
        type="text"
        spellcheck={false}
        autocomplete="off"
        placeholder="/private/page.html"
        value={value}
        onInput={handleInput}
        aria-describedby={`${id}-result`}
      />
      <p id={`${id}-result`} class={`path-verdict tone-${tone}`} data-testid="path-verdict" aria-live="polite">
        {tone === 'allowed' ? (
          <span aria-hidden="true">✓ </span>
        ) : tone === 'blocked' ? (
          <span aria-hidden="true">✕ </span>
        ) : null}
        <CodeText text={text} />
        {group ? (
          <>
            <br />
            <span class="path-group" data-testid="path-group">
              {group}
            </span>
          </>
        ) : null}
      </p>
      {line > 0 && onShowLine ? (
        <button type="button" class="small" data-testid="show-in-file" onClick={() => onShowLine(line)}>
          Show line {line} in the file
        </button>
      ) : null}
      {result.kind === 'evaluated' ? (
        <p class="muted">
          Matched as <code>{result.path}</code> (percent-encoded like a browser would)
        </p>
      ) : null}
    </div>
  );
}
