import type { UseSourceView, UseView } from './model';

function Sources({ sources, operatorCounts }: { sources: readonly UseSourceView[]; operatorCounts: boolean }) {
  return (
    <ul class="use-statements">
      {sources.map((s, i) => (
        <li
          key={i}
          data-testid="usage-statement"
          data-counted={String(s.counted)}
          data-operator-counts={String(operatorCounts)}
          class={operatorCounts ? undefined : 'muted'}
        >
          {s.where}: {s.says}
        </li>
      ))}
    </ul>
  );
}

/**
 * Everything the Use verdict considered, each thing said once: every source that reaches
 * the crawler with what it says for each purpose, split by whether the crawler's operator counts
 * it; the operator's reading with its date and why it leaves the others out; the surface-impact
 * lines and notes; the page's own signals.
 */
export function UseDetails({ view }: { view: UseView }) {
  const d = view.details;
  const by = d.operator ?? view.crawler;
  return (
    <div class="use-details" data-testid="use-details">
      {d.counted.length + d.notCounted.length === 0 ? (
        <p class="muted">No usage statement reaches {view.crawler}.</p>
      ) : (
        <>
          {d.counted.length > 0 ? (
            <>
              <h4>Counted by {by}</h4>
              <Sources sources={d.counted} operatorCounts={true} />
            </>
          ) : null}
          {d.notCounted.length > 0 ? (
            <>
              <h4>{d.operator === null ? 'Stated, read by nobody known' : `Stated, not counted by ${by}`}</h4>
              <Sources sources={d.notCounted} operatorCounts={false} />
            </>
          ) : null}
        </>
      )}
      <p class="use-consumer" data-testid="use-consumer">
        {d.consumer}
      </p>
      {d.uncounted.length > 0 ? (
        <ul class="use-notes" data-testid="use-uncounted">
          {d.uncounted.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {d.notes.length > 0 ? (
        <ul class="use-notes" data-testid="use-notes">
          {d.notes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {view.notRetroactive === null ? null : <p class="muted">{view.notRetroactive}</p>}
      <h4>This page’s own signals</h4>
      <p class="muted" data-testid="use-tdmrep">
        {view.tdmrep}
      </p>
      {view.pageFindings.length === 0 ? (
        <p class="muted" data-testid="use-page-clean">
          Nothing to fix in the page’s usage headers and meta tags.
        </p>
      ) : (
        <ul class="use-findings">
          {view.pageFindings.map((f, i) => (
            <li key={i} data-testid="use-page-finding" data-code={f.code} data-severity={f.severity}>
              {f.severity}: {f.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
