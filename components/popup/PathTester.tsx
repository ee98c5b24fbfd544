import type { TargetedEvent } from 'preact';
import { useId } from 'preact/hooks';
import { describeVerdict, formatRule, verdictTone } from './format';
import type { PathResult } from './model';

export interface PathTesterProps {
  readonly value: string;
  readonly result: PathResult;
  readonly origin: string;
  readonly onInput: (value: string) => void;
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
export function PathTester({ value, result, origin, onInput }: PathTesterProps) {
  const id = useId();
  const { tone, text } = describe(result);
  const handleInput = (event: TargetedEvent<HTMLInputElement>) => onInput(event.currentTarget.value);
  return (
    <div class="path-tester">
      <label for={id}>Path or URL on {origin}</label>
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
        {text}
      </p>
      {result.kind === 'evaluated' ? (
        <p class="muted">
          Matched as <code>{result.path}</code> (percent-encoded like a browser would)
        </p>
      ) : null}
    </div>
  );
}
