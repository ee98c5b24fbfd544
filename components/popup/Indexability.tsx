import type { ComponentChildren } from 'preact';
import { reasonWithoutWord } from '../../lib/verdict/index-words';
import type { HeadersSource } from '../../lib/verdict/page-state';
import type { Rule } from '../../lib/page-directives/parse';
import type { Indexability, SourceReading } from '../../lib/page-directives/verdict';
import { countOf } from '../../lib/shared/plural';
import type { IndexabilityView } from './model';

export interface IndexabilityProps {
  readonly view: IndexabilityView;
  readonly crawlerName: string;
  readonly refetching: boolean;
  readonly refetchError: string | null;
  readonly onRefetch: () => void;
}

const TONE: Readonly<Record<Indexability['kind'], string>> = {
  blocked: 'blocked',
  status: 'blocked',
  noindex: 'blocked',
  canonicalised: 'warning',
  indexable: 'allowed',
};

/** The source's raw text with the rules that decided the verdict marked (as text nodes, never HTML). */
function Highlighted({ text, marks }: { text: string; marks: readonly Rule[] }) {
  const spans = [...marks].sort((a, b) => a.start - b.start);
  const parts: ComponentChildren[] = [];
  let at = 0;
  for (const rule of spans) {
    if (rule.start < at || rule.end > text.length) continue;
    parts.push(text.slice(at, rule.start));
    parts.push(
      <mark key={rule.start} class="deciding">
        {text.slice(rule.start, rule.end)}
      </mark>,
    );
    at = rule.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function SourceRow({ reading, deciding }: { reading: SourceReading; deciding: readonly Rule[] }) {
  const { source } = reading;
  const raw = source.kind === 'meta' ? source.content : source.line;
  const label =
    source.kind === 'meta' ? `<meta name="${source.name}">${source.inHead ? '' : ' in <body>'}` : 'X-Robots-Tag:';
  return (
    <li class={reading.applies ? 'directive-row' : 'directive-row muted'}>
      <span class="directive-label">{label}</span>{' '}
      <code data-testid="directive" data-source={source.kind} data-applies={String(reading.applies)}>
        <Highlighted text={raw} marks={deciding} />
      </code>
      <span class="directive-scope"> — {reading.scope}</span>
    </li>
  );
}

function StatusChain({ headers }: { headers: HeadersSource }) {
  if (headers.kind === 'unknown')
    return (
      <p class="muted" data-testid="status-chain">
        Headers and status unknown: {headers.why}.
      </p>
    );
  const { response } = headers;
  return (
    <div data-testid="status-chain">
      <p>
        Status <strong>{response.status}</strong>
        {headers.kind === 're-fetched' ? ' (re-fetched without cookies)' : ''}
        {response.redirects.length === 0
          ? ', no redirect.'
          : `, after ${countOf(response.redirects.length, 'redirect')}:`}
      </p>
      {response.redirects.length > 0 ? (
        <ol class="redirects">
          {response.redirects.map((hop, i) => (
            <li key={i}>
              <code>{hop.status}</code> <span class="url">{hop.from}</span> → <span class="url">{hop.to}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** The Indexability section's body: the verdict in words, every source, the canonical, the status chain and notes. */
export function IndexabilityPanel({ view, crawlerName, refetching, refetchError, onRefetch }: IndexabilityProps) {
  if (view.kind === 'loading')
    return (
      <div data-testid="indexability" aria-busy="true">
        <p class="muted">Reading the page…</p>
      </div>
    );
  if (view.kind === 'off')
    return (
      <div data-testid="indexability">
        <p class="muted">Page inspection is off: only robots.txt is used.</p>
      </div>
    );
  if (view.kind === 'unavailable')
    return (
      <div data-testid="indexability">
        <p class="muted">{view.message}</p>
      </div>
    );
  const { result, headers } = view;
  const deciding = (index: number) => result.deciding.filter((c) => c.source === index).map((c) => c.rule);
  const canonical = result.canonical;
  return (
    <div data-testid="indexability" data-kind={result.kind}>
      <p class={`idx-verdict tone-${TONE[result.kind]}`} aria-live="polite">
        {/* Under the heading "Indexability", "Indexable" would repeat the label: the answer says it in other words. */}
        {result.kind === 'indexable' ? (
          <>
            <strong>Can be indexed</strong> <span>by {crawlerName}:</span>
          </>
        ) : (
          <>
            <strong>{result.word}</strong> <span>for {crawlerName}:</span>
          </>
        )}{' '}
        <span>{reasonWithoutWord(result)}</span>
      </p>
      {result.conflict !== null ? (
        <p class="warning" role="note" data-testid="indexability-conflict">
          <span aria-hidden="true">⚠ </span>
          {result.conflict}
        </p>
      ) : null}
      {!view.contentScript ? <p class="muted">Last reading of the page (it did not answer now).</p> : null}
      <h3>Directives</h3>
      {result.sources.length === 0 ? (
        <p class="muted">No robots meta tag{headers.kind === 'unknown' ? '' : ' or X-Robots-Tag header'}.</p>
      ) : (
        <ul class="directives">
          {result.sources.map((reading, i) => (
            <SourceRow key={i} reading={reading} deciding={deciding(i)} />
          ))}
        </ul>
      )}
      <h3>Canonical</h3>
      {canonical.candidates.length === 0 ? (
        <p class="muted" data-testid="canonical">
          No canonical declared.
        </p>
      ) : (
        <>
          <p data-testid="canonical">
            {canonical.canonical !== null ? (
              <>
                Canonical: <span class="url">{canonical.canonical}</span>
              </>
            ) : (
              'No canonical in use.'
            )}
          </p>
          <ul class="canonicals">
            {canonical.candidates.map((c, i) => (
              <li key={i}>
                {c.source === 'header' ? 'Link header' : '<link rel="canonical">'} <code>{c.raw}</code>
                {c.resolved !== null && c.resolved !== c.raw ? <span class="url"> → {c.resolved}</span> : null}
                {c.warnings.length > 0 ? <span class="warning"> ⚠ {c.notes.join('; ')}</span> : null}
              </li>
            ))}
          </ul>
          {canonical.notes.length > 0 ? (
            <ul class="canonical-warnings">
              {canonical.notes.map((w) => (
                <li key={w} class="warning">
                  {w}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <h3>Response</h3>
      <StatusChain headers={headers} />
      <p>
        <button type="button" data-testid="refetch" onClick={onRefetch} disabled={refetching}>
          {refetching ? 'Re-fetching…' : 'Re-fetch without cookies'}
        </button>{' '}
        <span class="muted">to see the headers and the served HTML</span>
      </p>
      {refetchError !== null ? (
        <p class="warning" role="alert">
          {refetchError}
        </p>
      ) : null}
      {result.notes.length > 0 ? (
        <>
          <h3>Notes</h3>
          <ul class="idx-notes" data-testid="indexability-notes">
            {result.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
