import type { UseView } from './model';

/**
 * Everything the Use verdict considered, per purpose: its answer in a sentence, every statement
 * (counted, overridden, not counted for this operator), the operator's consumer view with its
 * date, the surface-impact lines and the notes.
 */
export function UseDetails({ view }: { view: UseView }) {
  return (
    <div class="use-details" data-testid="use-details">
      {view.details.map((d) => (
        <div key={d.purpose} class="use-detail" data-purpose={d.purpose}>
          <h4>{d.label}</h4>
          <p>{d.sentence}</p>
          {d.statements.length === 0 ? (
            <p class="muted">No statement reaches {view.crawler}.</p>
          ) : (
            <ul class="use-statements">
              {d.statements.map((s, i) => (
                <li
                  key={i}
                  data-testid="usage-statement"
                  data-counted={String(s.counted)}
                  class={s.counted ? undefined : 'muted'}
                >
                  {s.text}
                  {s.operatorNote === null ? null : <span class="muted"> — {s.operatorNote}</span>}
                </li>
              ))}
            </ul>
          )}
          <p class="use-consumer" data-testid="use-consumer">
            {d.consumer}
          </p>
          {d.surface.length + d.notes.length > 0 ? (
            <ul class="use-notes">
              {[...d.surface, ...d.notes].map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
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
