import { useSignal } from '@preact/signals';
import type { TargetedEvent } from 'preact';
import { useId, useLayoutEffect, useRef } from 'preact/hooks';
import { orderByPurpose, PURPOSES } from './crawler-order';
import type { CrawlerOption, TokenCheck } from './model';

export interface CrawlerPickerProps {
  /** Presets, then custom tokens (custom: true). */
  readonly options: readonly CrawlerOption[];
  readonly selected: string;
  readonly onSelect: (token: string) => void;
  /** Adds and selects a custom token. */
  readonly onAddCustom: (token: string) => void;
  /** Whether Google's grammar can match a token. */
  readonly checkToken: (token: string) => TokenCheck;
  /** The key that focuses the picker from anywhere in the popup, shown beside its label; absent: none. */
  readonly shortcut?: string;
}

/** One entry of the list: a crawler to select, or the typed token to add as a custom one. */
type Entry =
  | { readonly kind: 'crawler'; readonly option: CrawlerOption }
  | { readonly kind: 'add'; readonly token: string; readonly check: TokenCheck };

const ASCII_LOWER = /[A-Z]/g;
const lower = (s: string) => s.replace(ASCII_LOWER, (c) => c.toLowerCase());
const ASCII_TRIM = /^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g;

/**
 * How well an option matches a query, best first (exact token or name, prefix, substring, operator
 * or purpose, another crawler of its operator, else letters in order): the rank the list shows is the
 * rank Enter picks.
 */
const MATCHES = ['exact', 'prefix', 'substring', 'described', 'sibling', 'fuzzy'] as const;
type Match = (typeof MATCHES)[number];

function isSubsequence(query: string, text: string): boolean {
  let at = 0;
  for (const c of text) if (c === query[at]) at += 1;
  return at === query.length;
}

/**
 * Returns the options `query` finds, best match first: the crawler whose token or name it is, then
 * those whose token or name starts with it, then contains it, then whose operator or purpose
 * contains it, then the other crawlers of an operator it names; only when none of these, those whose
 * token or name holds its letters in order. Equal matches keep the picker's order (by purpose). Every option, by purpose,
 * for no query.
 */
function findOptions(options: readonly CrawlerOption[], query: string): CrawlerOption[] {
  const q = lower(query.replace(ASCII_TRIM, ''));
  const ordered = orderByPurpose(options, (o) => o);
  if (q.length === 0) return ordered;
  const names = (o: CrawlerOption) => [lower(o.token), lower(o.name)];
  const named = (o: CrawlerOption) => names(o).some((n) => n.includes(q));
  const operators = new Set(ordered.filter((o) => named(o) && !o.custom).map((o) => o.operator));
  const matchOf = (o: CrawlerOption): Match | null => {
    const n = names(o);
    if (n.includes(q)) return 'exact';
    if (n.some((x) => x.startsWith(q))) return 'prefix';
    if (named(o)) return 'substring';
    if (lower(o.operator).includes(q) || lower(o.purposeLabel).includes(q)) return 'described';
    if (!o.custom && operators.has(o.operator)) return 'sibling';
    if (q.length > 1 && n.some((x) => isSubsequence(q, x))) return 'fuzzy';
    return null;
  };
  const ranked = ordered.flatMap((option) => {
    const match = matchOf(option);
    return match === null ? [] : [{ option, match }];
  });
  // Letters in order are a last resort: beside a real match they are noise ("gpt" in Google-InspectionTool).
  const kept = ranked.some((r) => r.match !== 'fuzzy') ? ranked.filter((r) => r.match !== 'fuzzy') : ranked;
  // Array.prototype.sort is stable: equal matches keep the purpose order.
  return kept.sort((a, b) => MATCHES.indexOf(a.match) - MATCHES.indexOf(b.match)).map((r) => r.option);
}

function entriesFor(options: readonly CrawlerOption[], query: string, check: (t: string) => TokenCheck): Entry[] {
  const entries: Entry[] = findOptions(options, query).map((option) => ({ kind: 'crawler', option }));
  const token = query.replace(ASCII_TRIM, '');
  const known = options.some((o) => lower(o.token) === lower(token));
  if (token.length > 0 && !known) entries.push({ kind: 'add', token, check: check(token) });
  return entries;
}

const usable = (e: Entry) => e.kind === 'crawler' || e.check.kind !== 'refused';

/**
 * The crawler switcher: one searchable list (an ARIA combobox) of the presets by purpose and the
 * custom tokens. Typing filters it; a token that is no preset can be added as a custom one, with
 * what Google's grammar makes of it. Arrow keys move, Enter picks, Escape closes.
 */
export function CrawlerPicker({ options, selected, onSelect, onAddCustom, checkToken, shortcut }: CrawlerPickerProps) {
  const id = useId();
  const open = useSignal(false);
  const query = useSignal('');
  const active = useSignal(-1);
  /** Set when a key or click picked: the change event that follows must not pick again. */
  const picked = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  /** Set when a key closed the list: select the shown token so typing replaces it. */
  const reselect = useRef(false);
  useLayoutEffect(() => {
    if (reselect.current && input.current && input.current === input.current.ownerDocument.activeElement) {
      input.current.select();
    }
    reselect.current = false;
  });

  const entries = open.value ? entriesFor(options, query.value, checkToken) : [];
  // A preset shows by its name ("Bingbot"), never its token beside it ("bingbot"); a custom token as typed.
  const selectedOption = options.find((o) => o.token === selected);
  const shownName = selectedOption !== undefined && !selectedOption.custom ? selectedOption.name : selected;
  const activeEntry = entries[active.value];
  const addEntry = entries.find((e) => e.kind === 'add');
  const optionId = (i: number) => `${id}-option-${i}`;

  const close = () => {
    open.value = false;
    query.value = '';
    active.value = -1;
  };
  const pick = (entry: Entry) => {
    if (!usable(entry)) return;
    picked.current = true;
    close();
    if (entry.kind === 'crawler') onSelect(entry.option.token);
    else onAddCustom(entry.token);
  };
  const move = (step: number) => {
    if (!open.value) {
      open.value = true;
      active.value = -1;
    }
    const list = entriesFor(options, query.value, checkToken);
    if (list.length === 0) return;
    let next = active.value < 0 ? (step > 0 ? -1 : list.length) : active.value;
    for (let tries = 0; tries < list.length; tries++) {
      next = (next + step + list.length) % list.length;
      if (usable(list[next] as Entry)) break;
    }
    active.value = next;
  };

  const handleInput = (event: TargetedEvent<HTMLInputElement>) => {
    picked.current = false;
    query.value = event.currentTarget.value;
    open.value = true;
    const typed = query.value.replace(ASCII_TRIM, '');
    const list = entriesFor(options, query.value, checkToken);
    // Ready for Enter as soon as something is typed: the first entry shown is the best match.
    active.value = typed.length > 0 && list[0] && usable(list[0]) ? 0 : -1;
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        return;
      case 'Enter': {
        if (!open.value) return;
        event.preventDefault();
        const entry = activeEntry ?? (entries.length === 1 ? entries[0] : undefined);
        if (entry) {
          reselect.current = true;
          pick(entry);
        }
        return;
      }
      case 'Escape':
        if (open.value) {
          event.preventDefault();
          event.stopPropagation();
          reselect.current = true;
          close();
        }
        return;
    }
  };
  /** A value set from outside (or committed on blur) that names a crawler selects it. */
  const handleChange = (event: TargetedEvent<HTMLInputElement>) => {
    if (picked.current) {
      picked.current = false;
      return;
    }
    const value = lower(event.currentTarget.value.replace(ASCII_TRIM, ''));
    const match = options.find((o) => lower(o.token) === value || (!o.custom && lower(o.name) === value));
    if (match && match.token !== selected) onSelect(match.token);
    close();
  };

  const groups: { key: string; label: string; members: number[] }[] = PURPOSES.map(([purpose, label]) => ({
    key: purpose,
    label,
    members: entries.flatMap((e, i) =>
      e.kind === 'crawler' && !e.option.custom && e.option.purpose === purpose ? [i] : [],
    ),
  }));
  groups.push({
    key: 'custom',
    label: 'Custom tokens',
    members: entries.flatMap((e, i) => (e.kind === 'crawler' && e.option.custom ? [i] : [])),
  });
  const addIndex = addEntry ? entries.indexOf(addEntry) : -1;
  // While searching, one list in the order of the match (best first, the one Enter picks); else by purpose.
  const searching = query.value.replace(ASCII_TRIM, '').length > 0;
  const addCheck = addEntry?.kind === 'add' ? addEntry.check : null;
  const advice =
    addCheck === null ? '' : addCheck.kind === 'valid' ? 'Google can match this token.' : addCheck.explanation;

  const renderOption = (i: number) => {
    const entry = entries[i] as Entry;
    const isActive = i === active.value;
    if (entry.kind === 'add') {
      const refused = entry.check.kind === 'refused';
      return (
        <li
          key="add"
          id={optionId(i)}
          role="option"
          class={`combo-option add${isActive ? ' active' : ''}`}
          data-testid="custom-token"
          aria-selected={isActive}
          aria-disabled={refused ? 'true' : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => pick(entry)}
        >
          {refused ? `“${entry.token}” cannot be added` : `Add “${entry.token}” as a custom token`}
        </li>
      );
    }
    const o = entry.option;
    return (
      <li
        key={o.token}
        id={optionId(i)}
        role="option"
        class={`combo-option${isActive ? ' active' : ''}`}
        data-token={o.token}
        aria-selected={isActive}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => pick(entry)}
      >
        {o.custom ? (
          <code>{o.token}</code>
        ) : (
          <>
            <strong>{o.name}</strong>{' '}
            <span class="muted">
              {o.operator}, {o.purposeLabel}
            </span>
          </>
        )}
        {o.token === selected ? <span class="visually-hidden"> (selected)</span> : null}
      </li>
    );
  };

  return (
    <div class="crawler-picker">
      <label for={`${id}-input`} id={`${id}-label`}>
        Crawler
        {shortcut === undefined ? null : (
          <kbd class="shortcut" aria-hidden="true" title={`Press ${shortcut} anywhere in the popup to pick a crawler`}>
            {shortcut}
          </kbd>
        )}
      </label>
      <div class="combo">
        <input
          ref={input}
          id={`${id}-input`}
          data-testid="crawler-select"
          type="text"
          role="combobox"
          spellcheck={false}
          autocomplete="off"
          aria-autocomplete="list"
          aria-expanded={open.value}
          aria-controls={`${id}-list`}
          aria-activedescendant={activeEntry ? optionId(active.value) : undefined}
          aria-describedby={`${id}-check`}
          placeholder="Search crawlers or type a token"
          value={open.value ? query.value : shownName}
          onFocus={(e) => e.currentTarget.select()}
          onClick={() => {
            if (!open.value) open.value = true;
          }}
          onInput={handleInput}
          onKeyDown={handleKeyDown}
          onChange={handleChange}
          onBlur={close}
        />
        <button
          type="button"
          class="combo-toggle"
          tabIndex={-1}
          aria-label="Show every crawler"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (open.value) close();
            else {
              open.value = true;
              input.current?.focus();
            }
          }}
        >
          ▾
        </button>
        {open.value ? (
          <ul id={`${id}-list`} class="combo-list" role="listbox" aria-labelledby={`${id}-label`}>
            {searching
              ? null
              : groups.map((g) =>
                  g.members.length === 0 ? null : (
                    <li key={g.key} role="presentation">
                      <div class="combo-heading" id={`${id}-group-${g.key}`} role="presentation">
                        {g.label}
                      </div>
                      <ul role="group" aria-labelledby={`${id}-group-${g.key}`}>
                        {g.members.map(renderOption)}
                      </ul>
                    </li>
                  ),
                )}
            {searching ? entries.map((_, i) => renderOption(i)) : addIndex >= 0 ? renderOption(addIndex) : null}
            {entries.length === 0 ? (
              <li role="presentation" class="muted combo-empty">
                No crawler matches.
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <p
        id={`${id}-check`}
        class={`combo-check ${addCheck && addCheck.kind !== 'valid' ? 'warning' : 'muted'}`}
        role="status"
      >
        {advice}
      </p>
    </div>
  );
}
