import type { CrawlerPreset, CrawlerPurpose } from '../../lib/robots';

export interface CrawlerChoiceProps {
  /** Every preset, in table order. */
  readonly crawlers: readonly CrawlerPreset[];
  /** Tokens of the crawlers evaluated. */
  readonly chosen: readonly string[];
  readonly onChange: (tokens: readonly string[]) => void;
}

const PURPOSES: readonly (readonly [CrawlerPurpose, string])[] = [
  ['search', 'Search'],
  ['ai-training', 'AI training'],
  ['ai-search', 'AI search'],
  ['user-triggered', 'User-triggered'],
  ['other', 'Other'],
];

const isAi = (c: CrawlerPreset) => c.purpose === 'ai-training' || c.purpose === 'ai-search';

/** Which crawlers the workbench evaluates: quick choices, then one checkbox per preset by purpose. */
export function CrawlerChoice({ crawlers, chosen, onChange }: CrawlerChoiceProps) {
  const pick = (test: (c: CrawlerPreset) => boolean) => onChange(crawlers.filter(test).map((c) => c.token));
  const toggle = (token: string, on: boolean) => onChange(on ? [...chosen, token] : chosen.filter((t) => t !== token));
  return (
    <details class="wb-crawler-choice" data-testid="crawler-choice">
      <summary>
        Crawlers evaluated: {chosen.length} of {crawlers.length}
      </summary>
      <div class="wb-crawler-quick">
        <button type="button" data-testid="crawlers-all" onClick={() => pick(() => true)}>
          All
        </button>
        <button type="button" data-testid="crawlers-none" onClick={() => pick(() => false)}>
          None
        </button>
        <button type="button" data-testid="crawlers-search" onClick={() => pick((c) => c.purpose === 'search')}>
          Search only
        </button>
        <button type="button" data-testid="crawlers-ai" onClick={() => pick(isAi)}>
          AI only
        </button>
      </div>
      {PURPOSES.map(([purpose, label]) => {
        const members = crawlers.filter((c) => c.purpose === purpose);
        if (members.length === 0) return null;
        return (
          <fieldset key={purpose} class="wb-crawler-group">
            <legend>{label}</legend>
            {members.map((c) => (
              <label key={c.token}>
                <input
                  type="checkbox"
                  data-testid="crawler-choice-item"
                  data-crawler={c.token}
                  checked={chosen.includes(c.token)}
                  onChange={(e) => toggle(c.token, e.currentTarget.checked)}
                />{' '}
                {c.name}
              </label>
            ))}
          </fieldset>
        );
      })}
    </details>
  );
}
