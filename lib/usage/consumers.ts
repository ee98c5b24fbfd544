/**
 * Who states they read which usage signal (docs/semantics/usage.md §5): the consumer statuses the operators of
 * the crawler catalogue published (lib/crawlers/operators.ts), one entry per operator and signal. A
 * missing entry means `unknown`. Updating the facts changes the consumer view (§4.7), never the
 * declared answer.
 */
import { OPERATOR_FACTS, OPERATOR_FACTS_AS_OF, type OperatorName } from '../crawlers/operators';
import type { ConsumerStatus, SignalId } from './types';

/** The data's date: "per operators' published statements as of <asOf>". */
export const CONSUMERS_AS_OF = OPERATOR_FACTS_AS_OF;

/** A cell older than this at evaluation time is marked "re-check" (§4.7). */
export const RECHECK_AFTER_DAYS = 180;

/** One cell of the §5 table. */
export interface ConsumerEntry {
  readonly signalId: SignalId;
  readonly operator: string;
  readonly status: ConsumerStatus;
  readonly claim: string;
  readonly source: string;
  /** When the claim was published or last checked (YYYY-MM-DD). */
  readonly sourceDate: string;
  readonly verified: string;
  readonly confidence: 'H' | 'M' | 'L';
}

/** Every operator's statements, operator by operator. */
export const CONSUMERS: readonly ConsumerEntry[] = (Object.keys(OPERATOR_FACTS) as OperatorName[]).flatMap(
  (operator) => {
    const consumers = OPERATOR_FACTS[operator].consumers;
    return consumers.kind === 'none' ? [] : consumers.statements.map((statement) => ({ operator, ...statement }));
  },
);

/** Returns the entry for a signal and an operator, or null (the status is then `unknown`). */
export function findConsumerEntry(
  signalId: SignalId,
  operator: string | null,
  entries: readonly ConsumerEntry[] = CONSUMERS,
): ConsumerEntry | null {
  if (operator === null) return null;
  return entries.find((e) => e.signalId === signalId && e.operator === operator) ?? null;
}
