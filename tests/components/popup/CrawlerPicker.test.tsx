import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
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
  return { onSelect, onAddCustom, select: screen.getByTestId<HTMLSelectElement>('crawler-select') };
}

describe('CrawlerPicker', () => {
  it('is a labelled native select whose option values are the tokens, grouped by purpose', () => {
    const { select } = setup();
    expect(screen.getByLabelText('Crawler')).toBe(select);
    expect([...select.options].map((o) => o.value)).toEqual([
      'Googlebot',
      'GPTBot',
      'OAI-SearchBot',
      'ChatGPT-User',
      'MyBot',
    ]);
    expect([...select.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'Search',
      'AI training',
      'AI search',
      'User-triggered',
      'Custom tokens',
    ]);
    expect(select.value).toBe('Googlebot');
  });

  it('selects a crawler', () => {
    const { select, onSelect } = setup();
    select.value = 'GPTBot';
    fireEvent.change(select);
    expect(onSelect).toHaveBeenCalledWith('GPTBot');
  });

  it('shows why a custom token Google cannot match is a problem, as you type', () => {
    setup();
    const input = screen.getByTestId('custom-token');
    fireEvent.input(input, { target: { value: 'MJ12bot' } });
    expect(screen.getByText('Google’s grammar cannot match “MJ12bot”.')).toBeTruthy();
    fireEvent.input(input, { target: { value: 'MJbot' } });
    expect(screen.getByText('Google can match this token.')).toBeTruthy();
  });

  it('adds a custom token on submit', () => {
    const { onAddCustom } = setup();
    const input = screen.getByLabelText('Custom token');
    fireEvent.input(input, { target: { value: ' FooBot ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use' }));
    expect(onAddCustom).toHaveBeenCalledWith('FooBot');
  });

  it('refuses a token that is not a crawler, saying why', () => {
    const { onAddCustom } = setup();
    fireEvent.input(screen.getByTestId('custom-token'), { target: { value: '*' } });
    expect(screen.getByText('* is the global group, not a crawler.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Use' }).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('custom-token').closest('form') as HTMLFormElement);
    expect(onAddCustom).not.toHaveBeenCalled();
  });

  it('does not add an empty token', () => {
    const { onAddCustom } = setup();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Use' }).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('custom-token').closest('form') as HTMLFormElement);
    expect(onAddCustom).not.toHaveBeenCalled();
  });
});
