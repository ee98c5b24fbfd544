import { useSignal } from '@preact/signals';
import type { TargetedEvent } from 'preact';
import { useId } from 'preact/hooks';
import type { CrawlerOption, CrawlerPurpose, TokenCheck } from './model';

export interface CrawlerPickerProps {
  /** Presets, then custom tokens (custom: true). */
  readonly options: readonly CrawlerOption[];
  readonly selected: string;
  readonly onSelect: (token: string) => void;
  /** Adds and selects a custom token. */
  readonly onAddCustom: (token: string) => void;
  /** Whether Google's grammar can match a token. */
  readonly checkToken: (token: string) => TokenCheck;
}

const PURPOSES: readonly (readonly [CrawlerPurpose, string])[] = [
  ['search', 'Search'],
  ['ai-training', 'AI training'],
  ['ai-search', 'AI search'],
  ['user-triggered', 'User-triggered'],
  ['other', 'Other'],
];

/** The crawler switcher: presets grouped by purpose, custom tokens, and a field to add one. */
export function CrawlerPicker({ options, selected, onSelect, onAddCustom, checkToken }: CrawlerPickerProps) {
  const id = useId();
  const draft = useSignal('');
  const check = useSignal<TokenCheck | null>(null);
  const problem = check.value && check.value.kind !== 'valid' ? check.value.explanation : null;
  const presets = options.filter((o) => !o.custom);
  const customs = options.filter((o) => o.custom);

  const handleInput = (event: TargetedEvent<HTMLInputElement>) => {
    draft.value = event.currentTarget.value;
    check.value = draft.value.length > 0 ? checkToken(draft.value) : null;
  };
  const handleSubmit = (event: TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = draft.value.trim();
    if (token.length === 0 || checkToken(token).kind === 'refused') return;
    onAddCustom(token);
    draft.value = '';
    check.value = null;
  };

  return (
    <div class="crawler-picker">
      <label for={`${id}-select`}>Crawler</label>
      <select
        id={`${id}-select`}
        data-testid="crawler-select"
        value={selected}
        onChange={(e) => onSelect(e.currentTarget.value)}
      >
        {PURPOSES.map(([purpose, label]) => {
          const members = presets.filter((o) => o.purpose === purpose);
          return members.length === 0 ? null : (
            <optgroup key={purpose} label={label}>
              {members.map((o) => (
                <option key={o.token} value={o.token}>
                  {o.name} ({o.operator}, {o.purposeLabel})
                </option>
              ))}
            </optgroup>
          );
        })}
        {customs.length > 0 ? (
          <optgroup label="Custom tokens">
            {customs.map((o) => (
              <option key={o.token} value={o.token}>
                {o.token}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      <form class="custom-token" onSubmit={handleSubmit}>
        <label for={`${id}-custom`}>Custom token</label>
        <input
          id={`${id}-custom`}
          data-testid="custom-token"
          type="text"
          spellcheck={false}
          autocomplete="off"
          placeholder="e.g. MyBot"
          value={draft.value}
          onInput={handleInput}
          aria-describedby={`${id}-check`}
        />
        <button type="submit" disabled={draft.value.trim().length === 0 || check.value?.kind === 'refused'}>
          Use
        </button>
        <p id={`${id}-check`} class={problem ? 'warning' : 'muted'} role="status">
          {problem ? problem : check.value?.kind === 'valid' ? 'Google can match this token.' : ''}
        </p>
      </form>
    </div>
  );
}
