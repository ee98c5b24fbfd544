import { useSignal } from '@preact/signals';
import { INDEX_WORDS, reasonWithoutWord } from '../../lib/verdict/index-words';
import type { IndexabilityView } from './model';
import type { ComponentType } from 'preact';
import type { PageVerdict, UseAnswerKind, UseState, UseView } from './model';
import { buildPageRows, buildRobotsRow, type SignalRow } from './signal-rows';
import { CodeText } from '../code-text';

export interface FirstScreenProps {
  readonly verdict: PageVerdict;
  readonly crawlerName: string;
  /** The Indexability section's view (null: not read). */
  readonly index: IndexabilityView | null;
  readonly use: UseState;
  /**
   * For a control token (Google-Extended, Applebot-Extended), the operator whose crawlers read it:
   * nothing fetches or indexes under its name. Null for a crawler.
   */
  readonly controlTokenOf?: string | null;
  /**
   * The expanded Use details (./UseDetails.tsx), loaded with the sections below the verdict so its
   * code stays off the first verdict's path; absent while they load.
   */
  readonly UseDetails?: ComponentType<{ view: UseView }> | undefined;
}

const ANSWER_TONES: Readonly<Record<UseAnswerKind, string>> = {
  allowed: 'allowed',
  disallowed: 'blocked',
  'no-statement': 'none',
  'not-applicable': 'none',
};

function Row({ row }: { row: SignalRow }) {
  return (
    <li class={`signal-row state-${row.state}`} data-testid={`row-${row.id}`} data-state={row.state}>
      <span class="signal-label">{row.label}</span>{' '}
      <span class="signal-text">
        <CodeText text={row.text} />
      </span>
    </li>
  );
}

/**
 * The three verdict groups at a glance, under the headline: Fetch (robots.txt), Index
 * (meta robots, X-Robots-Tag, canonical, status) and Use (search, AI input, AI training), each
 * with its rows and what decided it. Each Use purpose keeps two answers apart: what the
 * site states and what the crawler's operator counts, each with its source; the row's colour and
 * its `data-counted` / `data-counted-line` hooks are the operator's. Expanding Use shows everything
 * it considered.
 */
export function FirstScreen({ verdict, crawlerName, index, use, controlTokenOf = null, UseDetails }: FirstScreenProps) {
  // A caveat every answer carries is said once, under the three; the others beside their answer.
  const answers = use.kind === 'ready' ? use.view.answers : [];
  const shared = (answers[0]?.caveats ?? []).filter((c) => answers.every((a) => a.caveats.includes(c)));
  const useOpen = useSignal(false);
  const fetchAllowed = verdict.kind !== 'not-applicable' && verdict.allowed;
  const robots = buildRobotsRow(verdict, controlTokenOf !== null);
  const rows = buildPageRows(index, fetchAllowed, crawlerName);
  const result = index?.kind === 'ready' ? index.result : null;
  const status =
    index?.kind === 'ready' && index.headers.kind !== 'unknown' ? `HTTP ${index.headers.response.status}` : null;
  return (
    <section class="first-screen" aria-label="Fetch, Index, Use">
      <div class="verdict-group" data-testid="verdict-fetch" data-state={robots.state}>
        <h3>Fetch</h3>
        <ul class="signal-rows">
          <Row row={robots} />
        </ul>
      </div>
      <div
        class="verdict-group"
        data-testid="verdict-index"
        data-state={result === null ? 'none' : result.indexable ? 'ok' : 'bad'}
      >
        <h3>
          Index{' '}
          {controlTokenOf !== null ? (
            <span class="group-answer" data-testid="verdict-indexability">
              <strong>Indexes nothing</strong>: a token only, read by {controlTokenOf}’s crawlers
            </span>
          ) : result === null ? null : (
            <span class="group-answer" data-testid="verdict-indexability">
              <strong>{INDEX_WORDS[result.kind]}</strong>: {reasonWithoutWord(result)}
              {status === null ? '' : ` (${status})`}
            </span>
          )}
        </h3>
        <ul class="signal-rows">
          {rows.map((row) => (
            <Row key={row.id} row={row} />
          ))}
        </ul>
      </div>
      <div class="verdict-group" data-testid="verdict-use">
        <h3>
          Use{' '}
          {use.kind === 'ready' ? (
            <button
              type="button"
              class="link-button small"
              data-testid="use-expand"
              aria-expanded={useOpen.value}
              onClick={() => (useOpen.value = !useOpen.value)}
            >
              {useOpen.value ? 'Hide what was considered' : 'What was considered'}
            </button>
          ) : null}
        </h3>
        {use.kind === 'ready' ? (
          <>
            <ul class="signal-rows">
              {use.view.answers.map((a) => (
                <li
                  key={a.purpose}
                  class={`use-answer tone-${ANSWER_TONES[a.counted]}`}
                  data-testid="use-answer"
                  data-purpose={a.purpose}
                  data-answer={a.answer}
                  data-counted={a.counted}
                  data-counted-line={a.countedLine === null ? '' : String(a.countedLine)}
                >
                  <span class="signal-label">{a.label}</span>{' '}
                  {a.answer === 'not-applicable' ? (
                    <span class="use-side" data-testid="use-stated">
                      <CodeText text={a.stated} />
                    </span>
                  ) : (
                    <>
                      <span class="use-side" data-testid="use-stated">
                        Site states: <CodeText text={a.stated} />
                      </span>
                      <span class="use-side use-counted" data-testid="use-counted">
                        {a.countedBy}: <CodeText text={a.countedText} />
                        {a.scope === null ? null : (
                          <span class="use-scope" data-testid="use-scope">
                            . {a.scope}
                          </span>
                        )}
                      </span>
                    </>
                  )}
                  {a.caveats
                    .filter((c) => !shared.includes(c))
                    .map((c) => (
                      <span key={c} class="use-caveat warning">
                        {' '}
                        ⚠ <CodeText text={c} />
                      </span>
                    ))}
                </li>
              ))}
            </ul>
            {shared.length > 0 ? (
              <ul class="use-caveats muted" data-testid="use-caveats">
                {shared.map((c) => (
                  <li key={c}>
                    <CodeText text={c} />
                  </li>
                ))}
              </ul>
            ) : null}
            {!useOpen.value ? null : UseDetails === undefined ? (
              <p class="muted">Loading what was considered…</p>
            ) : (
              <UseDetails view={use.view} />
            )}
          </>
        ) : (
          <p class="muted">{use.kind === 'pending' ? use.what : use.kind === 'none' ? use.why : use.message}</p>
        )}
      </div>
    </section>
  );
}
