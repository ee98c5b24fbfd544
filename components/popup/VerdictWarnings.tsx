import { useSignal } from '@preact/signals';
import type { ReadingCondition, ReadingConditionKind } from '../../lib/verdict/types';
import { countOf } from '../../lib/shared/plural';
import { CodeText } from '../code-text';

export interface VerdictWarningsProps {
  readonly conditions: readonly ReadingCondition[];
  /** A note about the token that is no reading condition (a stale token), or null. */
  readonly tokenNote: string | null;
  /** True when there is room for every warning in full (the pop-out window). */
  readonly roomy: boolean;
}

/** A single warning longer than this (about two lines of the toolbar popup) is summed up too. */
const MAX_FULL_CHARS = 90;

/** Each warning in a few words, for the one-line summary: what it changes is still said at a glance. */
const SHORT: Readonly<Record<ReadingConditionKind, string>> = {
  'html-body': 'looks like an HTML page',
  'served-as-html': 'served as text/html',
  'wide-encoding': 'UTF-16/32 body ignored',
  'not-utf-8': 'not UTF-8',
  cut: 'cut at 500 KiB',
  'cross-origin-redirect': 'redirected to another host',
  'stale-cache': 'old cached copy',
  'no-rules': 'no rule parsed',
  'unmatchable-token': 'the token can never match',
  outage: 'Google stops crawling for 12 hours',
};

/** The outage's step in a few words: what Google does now. */
const OUTAGE_SHORT: Readonly<Record<NonNullable<ReadingCondition['outageStep']>, string>> = {
  stopped: 'Google stops crawling for 12 hours',
  'last-good': 'Google uses its last good copy',
  'no-file': 'Google reads no robots.txt after 30 days',
};

function shortWords(condition: ReadingCondition): string {
  if (condition.kind === 'cut' && condition.cutReaches === 'rule') return 'cut at 500 KiB through the deciding rule';
  if (condition.kind === 'cut' && condition.cutReaches === 'group') return 'cut at 500 KiB through the deciding group';
  if (condition.kind === 'outage' && condition.outageStep !== undefined) return OUTAGE_SHORT[condition.outageStep];
  return SHORT[condition.kind];
}

/**
 * The warnings that change the meaning of the verdict, never in a clipped scroll box: in full when
 * there is room, else one line that expands in place.
 */
export function VerdictWarnings({ conditions, tokenNote, roomy }: VerdictWarningsProps) {
  const open = useSignal(false);
  const count = conditions.length + (tokenNote === null ? 0 : 1);
  if (count === 0) return null;
  const chars = conditions.reduce((n, c) => n + c.text.length, tokenNote?.length ?? 0);
  const collapsible = !roomy && (count > 1 || chars > MAX_FULL_CHARS);
  const summary = [...conditions.map(shortWords), ...(tokenNote === null ? [] : ['a note on the token'])].join(' · ');
  const hidden = collapsible && !open.value;
  return (
    <div class="verdict-warnings" data-testid="verdict-warnings" role="note">
      {collapsible ? (
        <button
          type="button"
          class="link-button warning"
          data-testid="warnings-toggle"
          aria-expanded={open.value}
          onClick={() => (open.value = !open.value)}
        >
          <span aria-hidden="true">⚠ </span>
          {countOf(count, 'warning')}: {summary}
          {open.value ? '' : ' — show'}
        </button>
      ) : null}
      <ul data-testid="verdict-warning" hidden={hidden}>
        {conditions.map((condition) => (
          <li key={condition.kind} class="warning" data-testid="warning" data-condition={condition.kind}>
            <span aria-hidden="true">⚠ </span>
            <CodeText text={condition.text} />
          </li>
        ))}
        {tokenNote !== null ? (
          <li class="warning" data-testid="warning" data-condition="token">
            <span aria-hidden="true">⚠ </span>
            <CodeText text={tokenNote} />
          </li>
        ) : null}
      </ul>
    </div>
  );
}
