import { useSignal } from '@preact/signals';
import type { TokenCheck } from '../token-check';

export interface CustomTokensProps {
  readonly tokens: readonly string[];
  readonly selected: string;
  /** What the field says about a token as it is typed. */
  readonly checkToken: (token: string) => TokenCheck;
  readonly onAdd: (token: string) => void;
  readonly onRemove: (token: string) => void;
}

/** The user's own crawler tokens: a list with remove, and a field to add one with live advice. */
export function CustomTokens({ tokens, selected, checkToken, onAdd, onRemove }: CustomTokensProps) {
  const draft = useSignal('');
  const advice = draft.value === '' ? null : checkToken(draft.value);

  const handleSubmit = (event: Event) => {
    event.preventDefault();
    if (advice === null || advice.kind === 'refused') return;
    onAdd(draft.value);
    draft.value = '';
  };

  return (
    <div class="custom-tokens">
      {tokens.length === 0 ? (
        <p class="empty" data-testid="tokens-empty">
          No custom tokens. Add the product token of a crawler that has no preset.
        </p>
      ) : (
        <ul class="token-list" aria-label="Custom tokens">
          {tokens.map((token) => (
            <li key={token}>
              <code>{token}</code>
              {token === selected ? <span class="muted"> (selected)</span> : null}
              <button type="button" onClick={() => onRemove(token)} aria-label={`Remove ${token}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="add-token" onSubmit={handleSubmit}>
        <label for="new-token">Add a custom token</label>
        <div class="row">
          <input
            id="new-token"
            type="text"
            autocomplete="off"
            spellcheck={false}
            value={draft.value}
            onInput={(e) => (draft.value = e.currentTarget.value)}
            aria-describedby="new-token-advice"
            aria-invalid={advice?.kind === 'refused'}
          />
          <button type="submit" disabled={advice === null || advice.kind === 'refused'}>
            Add
          </button>
        </div>
        <p
          id="new-token-advice"
          class={`hint ${advice === null || advice.kind === 'valid' ? '' : advice.kind}`}
          aria-live="polite"
        >
          {advice === null || advice.kind === 'valid'
            ? 'Matched against User-agent lines, case-insensitively.'
            : advice.explanation}
        </p>
      </form>
    </div>
  );
}
