/**
 * The two answers of a Use verdict kept apart (docs/semantics/usage.md §4.6, §4.7): what the site
 * states, from every statement that reaches the crawler, and what the crawler's operator says it
 * counts, from only the signals it states it reads. Each names its deciding statement, so a screen
 * never shows a line the operator does not read as the reason for the operator's answer.
 */
import type {
  ConsumerStatus,
  NotCounted,
  SignalId,
  UsageAnswer,
  UsageAnswerKind,
  UsageSource,
  UsageStatement,
} from './types';

/** One of the two answers: its kind, the deciding source and the statement written there. */
export interface AnswerSide {
  readonly kind: UsageAnswerKind;
  /** The deciding source: the gate's robots.txt line for `not-applicable`, null when nothing is stated. */
  readonly deciding: UsageSource | null;
  /** The deciding statement (null for `no-statement` and `not-applicable`). */
  readonly statement: UsageStatement | null;
}

/** A signal on this page that the operator does not count, with its published status. */
export interface UncountedSignal {
  readonly signalId: SignalId;
  readonly status: ConsumerStatus;
  /** The operator's claim in words, or null when nothing is published. */
  readonly claim: string | null;
  readonly sourceDate: string | null;
}

/** The operator's side: the answer over the signals it reads, and the signals here it does not. */
export interface CountedSide extends AnswerSide {
  /** The operator, or null for a token with no known operator. */
  readonly operator: string | null;
  /** The signals of this purpose's statements that the operator does not count, each once. */
  readonly uncounted: readonly UncountedSignal[];
}

export interface SeparateAnswers {
  readonly stated: AnswerSide;
  readonly counted: CountedSide;
}

/** Returns true when two sources name the same place (the same line, header, meta tag or file rule). */
function sameSource(a: UsageSource, b: UsageSource): boolean {
  if (a.source === 'robots') return b.source === 'robots' && a.line === b.line;
  if (a.source === 'well-known') return b.source === 'well-known' && a.rule === b.rule;
  return b.source === a.source && b.name === a.name && b.position === a.position;
}

/** Returns the statement at `deciding` whose value is the answer's (§4.6 step 3), or null. */
function decidingStatement(
  statements: readonly UsageStatement[],
  kind: UsageAnswerKind,
  deciding: UsageSource | null,
): UsageStatement | null {
  if (deciding === null) return null;
  return statements.find((s) => s.value === kind && sameSource(s.source, deciding)) ?? null;
}

/** Returns each not-counted signal once, in the order first met. */
function uncountedSignals(notCounted: readonly NotCounted[]): UncountedSignal[] {
  const out: UncountedSignal[] = [];
  for (const n of notCounted) {
    if (out.some((u) => u.signalId === n.statement.signalId)) continue;
    out.push({ signalId: n.statement.signalId, status: n.status, claim: n.claim, sourceDate: n.sourceDate });
  }
  return out;
}

/**
 * Returns the answer's two sides: the declared answer (§4.6) and the operator's (§4.7), each with
 * its deciding statement. A crawl-blocked page (or an unreachable robots.txt) is `not-applicable`
 * on both sides, with the gate's line.
 */
export function separateAnswers(answer: UsageAnswer): SeparateAnswers {
  const { consumer } = answer;
  if (answer.kind === 'not-applicable') {
    const side: AnswerSide = { kind: 'not-applicable', deciding: answer.deciding, statement: null };
    return { stated: side, counted: { ...side, operator: consumer.operator, uncounted: [] } };
  }
  const counted = consumer.counted.filter((s) => s.status.kind === 'counted');
  return {
    stated: {
      kind: answer.kind,
      deciding: answer.deciding,
      statement: decidingStatement(
        answer.statements.filter((s) => s.status.kind === 'counted'),
        answer.kind,
        answer.deciding,
      ),
    },
    counted: {
      kind: consumer.kind,
      deciding: consumer.deciding,
      statement: decidingStatement(counted, consumer.kind, consumer.deciding),
      operator: consumer.operator,
      uncounted: uncountedSignals(consumer.notCounted),
    },
  };
}

/** Returns the robots.txt line of a deciding source, or null when it is not a robots.txt line (or there is none). */
export function robotsLineOf(side: AnswerSide): number | null {
  return side.deciding?.source === 'robots' && side.deciding.line > 0 ? side.deciding.line : null;
}
