import type { Indexability } from '../../lib/page-directives/verdict';
import { describeVerdict, nameDiffersFromToken, verdictTone } from './format';
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

const ICONS = { allowed: '✓', blocked: '✕', unreachable: '⊘', 'no-file': '✓', none: '–' } as const;

/**
 * The top card: the verdict for this page and crawler, in words, an icon and a colour (the badge's
 * colour language), and under it every condition that changes how to read it (`verdict-warning`).
 */
export function VerdictCard({ verdict, crawler, pageUrl, tokenCheck, indexability }: VerdictCardProps) {
  const tone = verdictTone(verdict);
  // The card's frame shows both verdicts together; the word and icon keep robots.txt's own colour.
  const combined = indexability ? combinedTone(verdict, indexability) : undefined;
  const { word, detail } = describeVerdict(verdict);
  // An unmatchable token is a reading condition of the verdict (it names the file's line); other token notes stay here.
  const tokenNote = tokenCheck.kind === 'warning' || tokenCheck.kind === 'refused' ? tokenCheck.explanation : null;
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
        {nameDiffersFromToken(crawler) ? <code> {crawler.token}</code> : null} on <span class="url">{pageUrl}</span>
      </p>
      {indexability ? (
        <p class="verdict-page" data-testid="verdict-indexability">
          <strong>{indexability.word}</strong> {indexability.reason}
        </p>
      ) : null}
      {verdict.kind === 'not-applicable' ? <p class="muted">{verdict.explanation}</p> : null}
      {verdict.conditions.length > 0 ? (
        <ul class="verdict-warnings" data-testid="verdict-warning" role="note">
          {verdict.conditions.map((condition) => (
            <li key={condition.kind} class="warning" data-condition={condition.kind}>
              <span aria-hidden="true">⚠ </span>
              {condition.text}
            </li>
          ))}
        </ul>
      ) : null}
      {tokenNote !== null ? (
        <p class="warning" role="note">
          <span aria-hidden="true">⚠ </span>
          {tokenNote}
        </p>
      ) : null}
    </section>
  );
}
