import type { Indexability } from '../../lib/page-directives/verdict';
import { describeVerdict, verdictTone } from './format';
import { combinedTone } from './indexability-tone';
import type { CrawlerOption, PageVerdict, TokenCheck } from './model';

export interface VerdictCardProps {
  readonly verdict: PageVerdict;
  readonly crawler: CrawlerOption;
  readonly pageUrl: string;
  readonly tokenCheck: TokenCheck;
  /** The page's indexability for the crawler (absent or null: not read); it colours the card too. */
  readonly indexability?: Indexability | null;
}

const ICONS = { allowed: '✓', blocked: '✕', none: '–' } as const;

/** The top card: the verdict for this page and crawler, in words, an icon and a colour. */
export function VerdictCard({ verdict, crawler, pageUrl, tokenCheck, indexability }: VerdictCardProps) {
  const tone = verdictTone(verdict);
  // The card's frame shows both verdicts together; the word and icon keep robots.txt's own colour.
  const combined = indexability ? combinedTone(verdict, indexability) : undefined;
  const { word, detail } = describeVerdict(verdict);
  return (
    <section class={`verdict-card tone-${tone}`} aria-label="Verdict" data-combined-tone={combined}>
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
      {indexability ? (
        <p class="verdict-page" data-testid="verdict-indexability">
          <strong>{indexability.word}</strong> {indexability.reason}
        </p>
      ) : null}
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
