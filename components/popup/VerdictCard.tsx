import type { CrawlerOption, PageVerdict, TokenCheck } from './model';
import { formatRule, verdictTone } from './format';

export interface VerdictCardProps {
  readonly verdict: PageVerdict;
  readonly crawler: CrawlerOption;
  readonly pageUrl: string;
  readonly tokenCheck: TokenCheck;
}

const ICONS = { allowed: '✓', blocked: '✕', none: '–' } as const;

/** Returns the headline word and the sentence after it. */
function describe(verdict: PageVerdict): { word: string; detail: string } {
  switch (verdict.kind) {
    case 'not-applicable':
      return { word: 'Not applicable', detail: 'robots.txt does not apply to this page' };
    case 'no-robots':
      return { word: 'Allowed', detail: 'no robots.txt: everything allowed' };
    case 'unreachable':
      return { word: 'Blocked', detail: 'robots.txt unreachable: everything blocked' };
    case 'rules': {
      const rule = verdict.verdict.rule;
      if (rule) return { word: verdict.allowed ? 'Allowed' : 'Blocked', detail: `by ${formatRule(rule)}` };
      if (verdict.verdict.selection.kind === 'none') return { word: 'Allowed', detail: 'no group applies to this crawler' };
      return { word: 'Allowed', detail: 'no rule matches this URL' };
    }
  }
}

/** The top card: the verdict for this page and crawler, in words, an icon and a colour. */
export function VerdictCard({ verdict, crawler, pageUrl, tokenCheck }: VerdictCardProps) {
  const tone = verdictTone(verdict);
  const { word, detail } = describe(verdict);
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
        {crawler.name !== crawler.token ? <code> {crawler.token}</code> : null} on{' '}
        <span class="url">{pageUrl}</span>
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
