import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultTable } from '../../../components/workbench/ResultTable';
import { createSideColumns } from '../../../lib/workbench';

afterEach(cleanup);

// The result table from the keyboard: every row can take the focus and is selected by
// Enter or Space, as by a click; the keys pressed on its Copy button copy and never select.

function renderTable() {
  const tokens = ['Googlebot', 'GPTBot'];
  const urls = ['https://a.test/', 'https://a.test/private/'];
  const live = createSideColumns(4);
  const draft = createSideColumns(4);
  live.allowed.fill(1);
  draft.allowed.fill(1);
  draft.allowed[2] = 0;
  const onSelect = vi.fn();
  const onCopyRow = vi.fn();
  render(
    <ResultTable
      rows={Uint32Array.from([0, 1, 2, 3])}
      urls={urls}
      tokens={tokens}
      live={live}
      draft={draft}
      selected={null}
      onSelect={onSelect}
      onCopyRow={onCopyRow}
    />,
  );
  return { onSelect, onCopyRow, rows: screen.getAllByTestId('result-row') };
}

describe('ResultTable from the keyboard', () => {
  it('puts every drawn row in the tab order', () => {
    const { rows } = renderTable();
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.tabIndex)).toEqual([0, 0, 0, 0]);
  });

  it.each([
    { key: 'Enter', selects: true },
    { key: ' ', selects: true },
    { key: 'ArrowDown', selects: false },
    { key: 'a', selects: false },
  ])('selects the focused row on $key: $selects', ({ key, selects }) => {
    const { onSelect, rows } = renderTable();
    const row = rows[2] as HTMLElement;
    row.focus();
    fireEvent.keyDown(row, { key });
    if (selects) expect(onSelect).toHaveBeenCalledWith(2);
    else expect(onSelect).not.toHaveBeenCalled();
  });

  it('leaves Enter on the row’s Copy button to the button', () => {
    const { onSelect, rows } = renderTable();
    const copy = (rows[1] as HTMLElement).querySelector('button') as HTMLButtonElement;
    fireEvent.keyDown(copy, { key: 'Enter' });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('names every column, the Copy column too', () => {
    renderTable();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'URL',
      'Crawler',
      'Live',
      'Draft',
      'Copy row',
    ]);
  });
});
