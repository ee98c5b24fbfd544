import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrawlerPicker } from '../../../components/popup/CrawlerPicker';
import type { CrawlerOption, TokenCheck } from '../../../components/popup/model';

afterEach(cleanup);

const OPTIONS: CrawlerOption[] = [
  {
    token: 'Googlebot',
    name: 'Googlebot',
    operator: 'Google',
    purpose: 'search',
    purposeLabel: 'search',
    custom: false,
  },
  {
    token: 'GPTBot',
    name: 'GPTBot',
    operator: 'OpenAI',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    custom: false,
  },
  {
    token: 'OAI-SearchBot',
    name: 'OAI-SearchBot',
    operator: 'OpenAI',
    purpose: 'ai-search',
    purposeLabel: 'AI search',
    custom: false,
  },
  {
    token: 'ChatGPT-User',
    name: 'ChatGPT-User',
    operator: 'OpenAI',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered',
    custom: false,
  },
  { token: 'MyBot', name: 'MyBot', operator: 'custom', purpose: 'other', purposeLabel: 'custom token', custom: true },
];

const checkToken = (token: string): TokenCheck =>
  token === '*'
    ? { kind: 'refused', explanation: '* is the global group, not a crawler.' }
    : /^[A-Za-z_-]+$/.test(token)
      ? { kind: 'valid' }
      : { kind: 'unmatchable', explanation: `Google’s grammar cannot match “${token}”.` };

function setup(selected = 'Googlebot') {
  const onSelect = vi.fn();
  const onAddCustom = vi.fn();
  render(
    <CrawlerPicker
      options={OPTIONS}
      selected={selected}
      onSelect={onSelect}
      onAddCustom={onAddCustom}
      checkToken={checkToken}
    />,
  );
  return { onSelect, onAddCustom, input: screen.getByTestId<HTMLInputElement>('crawler-select') };
}

const shown = () => screen.queryAllByRole('option').map((o) => o.dataset.token ?? o.textContent);
const key = (el: HTMLElement, k: string) => fireEvent.keyDown(el, { key: k });

describe('CrawlerPicker', () => {
  it('is a labelled combobox showing the selected token, its list closed', () => {
    const { input } = setup();
    expect(screen.getByLabelText('Crawler')).toBe(input);
    expect(screen.getByRole('combobox')).toBe(input);
    expect(input.value).toBe('Googlebot');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('lists every crawler by purpose, customs last, when opened with the arrow key', () => {
    const { input } = setup();
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(shown()).toEqual(['Googlebot', 'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'MyBot']);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby'))).toHaveLength(5);
    expect(within(listbox).getByText('Custom tokens')).toBeTruthy();
  });

  it('finds GPTBot, ChatGPT-User and OAI-SearchBot for “gpt”, best match first', () => {
    const { input } = setup();
    fireEvent.input(input, { target: { value: 'gpt' } });
    // GPTBot starts with it, ChatGPT-User contains it, OAI-SearchBot is OpenAI's too.
    expect(shown()).toEqual(['GPTBot', 'ChatGPT-User', 'OAI-SearchBot', 'Add “gpt” as a custom token']);
  });

  it('moves with the arrow keys, marks the active option and picks it with Enter', () => {
    const { input, onSelect } = setup();
    fireEvent.input(input, { target: { value: 'gpt' } });
    const first = screen.getAllByRole('option')[0] as HTMLElement;
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    key(input, 'ArrowDown');
    const second = screen.getAllByRole('option')[1] as HTMLElement;
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    key(input, 'ArrowUp');
    key(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option').at(-1)?.id);
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    key(input, 'Enter');
    expect(onSelect).toHaveBeenCalledWith('ChatGPT-User');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on Escape without picking, showing the selected token again', () => {
    const { input, onSelect } = setup();
    fireEvent.input(input, { target: { value: 'gpt' } });
    key(input, 'Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('Googlebot');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('picks a crawler with the mouse', () => {
    const { input, onSelect } = setup();
    key(input, 'ArrowDown');
    fireEvent.click(screen.getByText('ChatGPT-User'));
    expect(onSelect).toHaveBeenCalledWith('ChatGPT-User');
  });

  it('selects a crawler whose token is set as the value and committed (change)', () => {
    const { input, onSelect } = setup();
    input.value = 'gptbot';
    fireEvent.change(input);
    expect(onSelect).toHaveBeenCalledWith('GPTBot');
  });

  it('offers a token that is no preset as a custom one, with the token check’s advice', () => {
    const { input, onAddCustom } = setup();
    fireEvent.input(input, { target: { value: 'MJ12bot' } });
    expect(screen.getByText('Google’s grammar cannot match “MJ12bot”.')).toBeTruthy();
    fireEvent.input(input, { target: { value: ' FooBot ' } });
    expect(screen.getByText('Google can match this token.')).toBeTruthy();
    const add = screen.getByTestId('custom-token');
    expect(add.getAttribute('role')).toBe('option');
    expect(add.textContent).toBe('Add “FooBot” as a custom token');
    key(input, 'Enter');
    expect(onAddCustom).toHaveBeenCalledWith('FooBot');
  });

  it('offers no “add” for a token that is already in the list', () => {
    const { input } = setup();
    fireEvent.input(input, { target: { value: 'mybot' } });
    expect(screen.queryByTestId('custom-token')).toBeNull();
    expect(shown()).toEqual(['MyBot']);
  });

  it('refuses a token that is not a crawler, saying why', () => {
    const { input, onAddCustom } = setup();
    fireEvent.input(input, { target: { value: '*' } });
    expect(screen.getByText('* is the global group, not a crawler.')).toBeTruthy();
    const add = screen.getByTestId('custom-token');
    expect(add.getAttribute('aria-disabled')).toBe('true');
    key(input, 'Enter');
    fireEvent.click(add);
    expect(onAddCustom).not.toHaveBeenCalled();
  });

  it('says when nothing matches and adds nothing for blank input', () => {
    const { input, onAddCustom } = setup();
    fireEvent.input(input, { target: { value: '   ' } });
    expect(screen.queryByTestId('custom-token')).toBeNull();
    expect(shown()).toHaveLength(5);
    key(input, 'Enter');
    expect(onAddCustom).not.toHaveBeenCalled();
  });
});

describe('CrawlerPicker after a key closes the list', () => {
  it('selects the shown token, so typing replaces it', () => {
    const { input } = setup();
    input.focus();
    fireEvent.input(input, { target: { value: 'gpt' } });
    key(input, 'Escape');
    expect(input.value).toBe('Googlebot');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'Googlebot'.length]);
  });
});

describe('CrawlerPicker with the mouse', () => {
  it('opens the whole list when the field is clicked, and from the ▾ button', () => {
    const { input } = setup();
    fireEvent.click(input);
    expect(shown()).toHaveLength(5);
    key(input, 'Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show every crawler' }));
    expect(shown()).toHaveLength(5);
  });
});

describe('CrawlerPicker and a typed token', () => {
  it.each([
    { typed: 'oai-search', first: 'OAI-SearchBot', source: 'a prefix before OpenAI’s other crawlers' },
    { typed: 'chatgpt-user', first: 'ChatGPT-User', source: 'the exact token first' },
    { typed: 'searchbot', first: 'OAI-SearchBot', source: 'a substring before the operator’s other crawlers' },
    { typed: 'gbot', first: 'Googlebot', source: 'letters in order, when nothing contains them' },
  ])('shows $first first for “$typed” and Enter picks it ($source)', ({ typed, first }) => {
    const { input, onSelect } = setup();
    fireEvent.input(input, { target: { value: typed } });
    expect(shown()[0]).toBe(first);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    key(input, 'Enter');
    expect(onSelect).toHaveBeenCalledWith(first);
  });

  it('lists the matches in one list while searching, without the purpose headings', () => {
    const { input } = setup();
    fireEvent.input(input, { target: { value: 'oai-search' } });
    expect(screen.queryAllByRole('group')).toHaveLength(0);
    expect(shown()).toEqual(['OAI-SearchBot', 'GPTBot', 'ChatGPT-User', 'Add “oai-search” as a custom token']);
  });

  it('shows a selected preset by its name, not its token (Bingbot, not bingbot), and commits either', () => {
    const bing: CrawlerOption = {
      token: 'bingbot',
      name: 'Bingbot',
      operator: 'Microsoft',
      purpose: 'search',
      purposeLabel: 'search',
      custom: false,
    };
    const onSelect = vi.fn();
    const props = { options: [...OPTIONS, bing], onSelect, onAddCustom: vi.fn(), checkToken };
    const { rerender } = render(<CrawlerPicker {...props} selected="bingbot" />);
    const input = screen.getByTestId<HTMLInputElement>('crawler-select');
    expect(input.value).toBe('Bingbot');
    rerender(<CrawlerPicker {...props} selected="Googlebot" />);
    input.value = 'Bingbot';
    fireEvent.change(input);
    expect(onSelect).toHaveBeenCalledWith('bingbot');
  });
});
