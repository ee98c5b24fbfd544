import { type Signal, useSignal } from '@preact/signals';
import { orderByPurpose, outcomeKey } from './crawler-order';
import { tokenWord } from './headline';
import type { MatrixRow, UseAnswerKind, UsePurpose } from './model';

export interface CrawlerMatrixProps {
  readonly rows: readonly MatrixRow[];
  readonly selected: string;
  readonly onSelect: (token: string) => void;
  /** Blocked render-critical page resources per crawler token, once known (Page resources). */
  readonly renderCriticalBlocked?: ReadonlyMap<string, number> | null;
}

const USE_PURPOSES: readonly (readonly [UsePurpose, string])[] = [
  ['ai-train', 'AI training'],
  ['ai-input', 'AI input'],
  ['search', 'Search'],
];

const USE_WORDS: Readonly<Record<UseAnswerKind, string>> = {
  allowed: 'allowed',
  disallowed: 'disallowed',
  'no-statement': 'no statement',
  'not-applicable': 'n/a',
};

/** Purposes whose crawlers build a search index: only their rows get the indexability word as it is. */
const INDEXING_PURPOSES: ReadonlySet<MatrixRow['crawler']['purpose']> = new Set(['search', 'ai-search', 'other']);

/** The outcome in words, the verdict word said once ("blocked, robots.txt unreachable"). */
function outcomeWords(row: MatrixRow): string {
  const word = row.allowed ? 'allowed' : 'blocked';
  if (row.line > 0) return `${word} by line ${row.line}: ${row.summary}`;
  return row.summary.toLowerCase().includes(word) ? row.summary : `${word}, ${row.summary}`;
}

/**
 * The page's index verdict as a row shows it, with its tone: a crawler that builds no search index
 * (AI training, user-triggered fetchers, control tokens) is not said to index; its Use answer says
 * what it may do instead. A blocked row says "Blocked" once, in its verdict.
 */
function indexWords(row: MatrixRow): { readonly text: string; readonly tone: string } | null {
  // A crawler robots.txt blocks is not indexed for that very reason: the row's verdict says it once.
  if (row.indexability === undefined || row.tokenOnly === true || !row.allowed) return null;
  if (INDEXING_PURPOSES.has(row.crawler.purpose))
    return { text: row.indexability, tone: row.indexable === true ? 'tone-allowed' : 'tone-blocked' };
  return row.allowed ? { text: 'builds no search index', tone: 'muted' } : null;
}

interface Group {
  readonly key: string;
  readonly rows: MatrixRow[];
}

/** Returns the rows grouped by identical outcome (robots.txt, index and Use answer), in picker order. */
function groupRows(rows: readonly MatrixRow[], purpose: UsePurpose): Group[] {
  const groups = new Map<string, Group>();
  for (const row of orderByPurpose(rows, (r) => r.crawler)) {
    const key = `${outcomeKey(row)}\u0000${row.indexability ?? ''}\u0000${row.use?.[purpose] ?? ''}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { key, rows: [row] });
  }
  return [...groups.values()];
}

/** An all-allowed group (fetch allowed, and indexable where the page was read) starts collapsed. */
const isAllAllowed = (group: Group) => group.rows.every((r) => r.allowed && r.indexable !== false);

function MatrixRowButton({
  row,
  selected,
  onSelect,
  purpose,
  blockedResources,
}: {
  row: MatrixRow;
  selected: boolean;
  onSelect: (token: string) => void;
  purpose: UsePurpose;
  blockedResources: number | undefined;
}) {
  const index = indexWords(row);
  const use = row.use?.[purpose];
  return (
    <button
      type="button"
      class={`matrix-row tone-${row.allowed ? 'allowed' : 'blocked'}`}
      data-testid="matrix-row"
      data-crawler={row.crawler.token}
      data-allowed={String(row.allowed)}
      data-indexable={row.indexable === undefined ? undefined : String(row.indexable)}
      data-use-train={row.use?.['ai-train']}
      aria-pressed={selected}
      onClick={() => onSelect(row.crawler.token)}
    >
      <span class="matrix-verdict">
        <span aria-hidden="true">{row.allowed ? '✓' : '✕'}</span>{' '}
        {row.tokenOnly === true ? tokenWord(row.allowed) : row.allowed ? 'Allowed' : 'Blocked'}
      </span>
      <span class="matrix-name">
        {row.crawler.name} <span class="muted">({row.crawler.purposeLabel})</span>
      </span>
      {index === null ? null : <span class={`matrix-indexable ${index.tone}`}>{index.text}</span>}
      {use === undefined ? null : (
        <span class={`matrix-use use-${use}`} data-testid="matrix-use">
          {USE_PURPOSES.find(([p]) => p === purpose)?.[1]}: {USE_WORDS[use]}
        </span>
      )}
      <span class="matrix-rule">
        {row.line > 0 ? (
          <>
            <span class="line-no">Line {row.line}</span> <code>{row.summary}</code>
          </>
        ) : (
          <span class="muted">{row.summary}</span>
        )}
      </span>
      {row.parser === undefined ? null : (
        <span class="matrix-parser muted" data-testid="matrix-parser" data-profile={row.parser.profile}>
          {row.parser.text}
        </span>
      )}
      {/* A control token fetches nothing: it has no resources to be blocked from. */}
      {blockedResources !== undefined && row.tokenOnly !== true ? (
        <span class="matrix-resources muted" data-testid="matrix-resources">
          {blockedResources} render-critical {blockedResources === 1 ? 'resource' : 'resources'} blocked
        </span>
      ) : null}
    </button>
  );
}

function UsePurposeSwitch({ purpose }: { purpose: Signal<UsePurpose> }) {
  return (
    <p class="matrix-use-switch">
      Use column:{' '}
      {USE_PURPOSES.map(([p, label]) => (
        <button
          key={p}
          type="button"
          class="small"
          data-testid="matrix-use-purpose"
          data-purpose={p}
          aria-pressed={purpose.value === p}
          onClick={() => (purpose.value = p)}
        >
          {label}
        </button>
      ))}
    </p>
  );
}

/**
 * Every crawler preset for this URL, rows with identical outcomes grouped (as the copied report
 * groups them), all-allowed groups collapsed; a Use column (AI training by default, the purpose
 * switchable); picking a row selects that crawler. When every crawler gets the same outcome, one
 * line says so and the rows wait behind a button.
 */
export function CrawlerMatrix({ rows, selected, onSelect, renderCriticalBlocked = null }: CrawlerMatrixProps) {
  const expanded = useSignal(false);
  const opened = useSignal<ReadonlySet<string>>(new Set());
  const purpose = useSignal<UsePurpose>('ai-train');
  if (rows.length === 0) return <p class="muted">robots.txt does not apply to this page.</p>;
  const groups = groupRows(rows, purpose.value);
  const blocked = rows.filter((r) => !r.allowed).length;
  const hasUse = rows.some((r) => r.use !== undefined);
  const rowFor = (r: MatrixRow) => (
    <li key={r.crawler.token}>
      <MatrixRowButton
        row={r}
        selected={r.crawler.token === selected}
        onSelect={onSelect}
        purpose={purpose.value}
        blockedResources={renderCriticalBlocked?.get(r.crawler.token)}
      />
    </li>
  );
  const first = groups[0]?.rows[0] as MatrixRow;
  if (rows.length > 1 && groups.length === 1) {
    return (
      <div>
        {hasUse ? <UsePurposeSwitch purpose={purpose} /> : null}
        <p class={`matrix-same tone-${first.allowed ? 'allowed' : 'blocked'}`} data-testid="matrix-same">
          <span aria-hidden="true">{first.allowed ? '✓ ' : '✕ '}</span>
          All {rows.length} crawlers: {outcomeWords(first)}.{' '}
          <button
            type="button"
            class="small"
            data-testid="matrix-expand"
            aria-expanded={expanded.value}
            onClick={() => (expanded.value = !expanded.value)}
          >
            {expanded.value ? 'Hide the crawlers' : 'Show each crawler'}
          </button>
        </p>
        {expanded.value ? <ul class="matrix">{(groups[0]?.rows ?? []).map(rowFor)}</ul> : null}
      </div>
    );
  }
  const toggle = (key: string) => {
    const next = new Set(opened.value);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    opened.value = next;
  };
  return (
    <div>
      <p class="muted">
        {rows.length - blocked} allowed, {blocked} blocked. Pick a row to select that crawler.
      </p>
      {hasUse ? <UsePurposeSwitch purpose={purpose} /> : null}
      {groups.map((group) => {
        const head = group.rows[0] as MatrixRow;
        const collapsed = isAllAllowed(group) && group.rows.length > 1 && !opened.value.has(group.key);
        // The index word is said for the group only when every row says it (an AI crawler builds no index).
        const indexTexts = new Set(group.rows.map((r) => indexWords(r)?.text ?? ''));
        const indexText = indexTexts.size === 1 ? [...indexTexts][0] : '';
        return (
          <div key={group.key} class="matrix-group" data-testid="matrix-group" data-collapsed={String(collapsed)}>
            {group.rows.length > 1 ? (
              <p class={`matrix-group-head tone-${head.allowed ? 'allowed' : 'blocked'}`}>
                <span aria-hidden="true">{head.allowed ? '✓ ' : '✕ '}</span>
                {group.rows.length} crawlers: {outcomeWords(head)}
                {indexText === '' ? '' : ` · ${indexText}`}.{' '}
                {collapsed ? <span class="muted">{group.rows.map((r) => r.crawler.name).join(', ')}. </span> : null}
                {isAllAllowed(group) ? (
                  <button
                    type="button"
                    class="small"
                    data-testid="matrix-group-expand"
                    aria-expanded={!collapsed}
                    onClick={() => toggle(group.key)}
                  >
                    {collapsed ? 'Show each' : 'Hide them'}
                  </button>
                ) : null}
              </p>
            ) : null}
            {/* Collapsed rows stay in the document (hidden), so what each crawler gets is still there to read. */}
            <ul class="matrix" hidden={collapsed}>
              {group.rows.map(rowFor)}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
