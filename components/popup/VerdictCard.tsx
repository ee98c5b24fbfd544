import type { Indexability } from '../../lib/page-directives/verdict';
import { nameDiffersFromToken } from './format';
import { buildHeadline, isTokenOnly } from './headline';
import { combinedTone } from './indexability-tone';
import type { CrawlerOption, PageVerdict, TokenCheck } from './model';
import { VerdictWarnings } from './VerdictWarnings';
import { CodeText } from '../code-text';

export interface VerdictCardProps {
  readonly verdict: PageVerdict;
  readonly crawler: CrawlerOption;
  readonly pageUrl: string;
  readonly tokenCheck: TokenCheck;
  /** The page's indexability for the crawler (absent or null: not read); it colours the card too. */
  readonly indexability?: Indexability | null;
  /** True while the page is being read: an allowed page's headline waits in grey. */
  readonly indexabilityPending?: boolean;
  /** True when this popup shows another crawler than the default (the badge's). */
  readonly notDefault?: boolean;
  /** What the inspector is called in "(this popup only)". */
  readonly hostName?: string;
  /** True when there is room for every warning in full (the pop-out window). */
  readonly roomy?: boolean;
}

/**
 * The top card: the combined answer for this page and crawler (robots.txt and the page's
 * indexability), in words, an icon and a colour (the badge's colour language), and under it every
 * warning that changes how to read it (`verdict-warnings`).
 */
export function VerdictCard({
  verdict,
  crawler,
  pageUrl,
  tokenCheck,
  indexability,
  indexabilityPending = false,
  notDefault = false,
  hostName = 'popup',
  roomy = false,
}: VerdictCardProps) {
  const headline = buildHeadline(verdict, indexability, indexabilityPending, isTokenOnly(crawler.token));
  const combined = indexability ? combinedTone(verdict, indexability) : undefined;
  // An unmatchable token is a reading condition of the verdict (it names the file's line); other token notes stay here.
  const tokenNote = tokenCheck.kind === 'warning' || tokenCheck.kind === 'refused' ? tokenCheck.explanation : null;
  return (
    <section class={`verdict-card tone-${headline.tone}`} aria-label="Verdict" data-combined-tone={combined}>
      <p class="verdict" data-testid="verdict" aria-live="polite">
        <span class="verdict-icon" aria-hidden="true">
          {headline.icon}
        </span>
        <strong class="verdict-word">{headline.word}</strong>
        <span class="verdict-detail">
          <CodeText text={headline.detail} />
        </span>
      </p>
      <p class="verdict-for">
        for <strong>{crawler.name}</strong>
        {nameDiffersFromToken(crawler) ? <code> {crawler.token}</code> : null}
        {notDefault ? <span class="muted"> (this {hostName} only)</span> : null} on <span class="url">{pageUrl}</span>
      </p>
      {verdict.kind === 'not-applicable' ? (
        <p class="muted">
          <CodeText text={verdict.explanation} />
        </p>
      ) : null}
      <VerdictWarnings conditions={verdict.conditions} tokenNote={tokenNote} roomy={roomy} />
    </section>
  );
}
