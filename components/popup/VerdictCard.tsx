import { describeVerdict, verdictTone } from './format';
import type { CrawlerOption, PageVerdict, TokenCheck } from './model';

export interface VerdictCardProps {
  readonly verdict: PageVerdict;
  readonly crawler: CrawlerOption;
  readonly pageUrl: string;
  readonly tokenCheck: TokenCheck;
}

const ICONS = { allowed: '✓', blocked: '✕', none: '–' } as const;

/** The top card: the verdict for this page and crawler, in words, an icon and a colour. */
export function VerdictCard({ verdict, crawler, pageUrl, tokenCheck }: VerdictCardProps) {
  const tone = verdictTone(verdict);
  const { word, detail } = describeVerdict(verdict);
  return (
    <section class={`verdict-card tone-${tone}`} aria-label="Verdict">
      <p class="verdict" data-testid="verdict" aria-live="polite">
        <span class="verdict-icon" aria-hidden="true">
          {ICONS[tone]}
        </span>
        <strong class="verdict-word">{word}</strong>
        <span class="verdict-detail">{detail}</span>
      </p>
      <p class="verdict-for">
        for <strong>{crawler.name}</strong>
        {crawler.name !== crawler.token ? <code> {crawler.token}</code> : null} on <span class="url">{pageUrl}</span>
      </p>
      {verdict.kind === 'not-applicable' ? <p class="muted">{verdict.explanation}</p> : null}
      {tokenCheck.kind !== 'valid' ? (
        <p class="warning" role="note">
          <span aria-hidden="true">⚠ </span>
          {tokenCheck.explanation}
        </p>
      ) : null}
    </section>
  );
}
