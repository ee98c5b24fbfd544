import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomTokens } from '../../../components/options/CustomTokens';
import { SettingsForm } from '../../../components/options/SettingsForm';
import type { TokenCheck } from '../../../components/token-check';
import { DEFAULT_SETTINGS, type Settings } from '../../../lib/settings';

afterEach(cleanup);

const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  crawler: 'Googlebot',
  customTokens: ['MyBot'],
  timeoutMs: 10_000,
  watchCrawlers: ['Googlebot'],
};
const PRESETS = [
  { token: 'Googlebot', label: 'Googlebot (Google, search)' },
  { token: 'GPTBot', label: 'GPTBot (OpenAI, AI training)' },
];

function setupForm(settings: Settings = SETTINGS) {
  const onChange = vi.fn();
  render(<SettingsForm settings={settings} presets={PRESETS} onChange={onChange} />);
  return onChange;
}

describe('SettingsForm', () => {
  it('lets the toolbar button open the side panel instead of the popup, and back', () => {
    const onChange = setupForm();
    const select = screen.getByLabelText<HTMLSelectElement>('Toolbar click opens');
    expect(select.value).toBe('popup');
    fireEvent.change(select, { target: { value: 'side-panel' } });
    expect(onChange).toHaveBeenLastCalledWith({ toolbarOpens: 'side-panel' });
    cleanup();
    const again = setupForm({ ...SETTINGS, toolbarOpens: 'side-panel' });
    const shown = screen.getByLabelText<HTMLSelectElement>('Toolbar click opens');
    expect(shown.value).toBe('side-panel');
    fireEvent.change(shown, { target: { value: 'popup' } });
    expect(again).toHaveBeenLastCalledWith({ toolbarOpens: 'popup' });
  });

  it('says how old the crawler data is', () => {
    setupForm();
    expect(screen.getByTestId('crawlers-as-of').textContent).toMatch(/^Crawler data as of 25 November 2026:/);
  });

  it('says a crawler picked in a popup stays in that popup, and only making it the default there changes it', () => {
    setupForm();
    const hint = screen.getByTestId('default-crawler-hint').textContent ?? '';
    expect(hint).toContain('for that popup only');
    expect(hint).not.toMatch(/switching there changes it/);
  });

  it('labels every control', () => {
    setupForm();
    expect(screen.getByLabelText('Crawler for the toolbar badge').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Fetch timeout (seconds)').tagName).toBe('INPUT');
    expect(screen.getByLabelText('Show the verdict on the toolbar badge')).toHaveProperty('checked', true);
  });

  it('offers presets and custom tokens and reports a new crawler', () => {
    const onChange = setupForm();
    const select = screen.getByLabelText<HTMLSelectElement>('Crawler for the toolbar badge');
    expect([...select.options].map((o) => o.value)).toEqual(['Googlebot', 'GPTBot', 'MyBot']);
    expect(select.value).toBe('Googlebot');
    fireEvent.change(select, { target: { value: 'GPTBot' } });
    expect(onChange).toHaveBeenCalledWith({ crawler: 'GPTBot' });
  });

  it('keeps a selected token that is in neither list selectable', () => {
    setupForm({ ...SETTINGS, crawler: 'OtherBot' });
    const select = screen.getByLabelText<HTMLSelectElement>('Crawler for the toolbar badge');
    expect(select.value).toBe('OtherBot');
  });

  it('saves the timeout in milliseconds', () => {
    const onChange = setupForm();
    fireEvent.change(screen.getByLabelText('Fetch timeout (seconds)'), { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith({ timeoutMs: 2000 });
  });

  it('refuses a timeout out of range and says why', () => {
    const onChange = setupForm();
    const input = screen.getByLabelText('Fetch timeout (seconds)');
    fireEvent.change(input, { target: { value: '0.2' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a number of seconds from 1 to 60.');
  });

  it('switches the badge off', () => {
    const onChange = setupForm();
    fireEvent.click(screen.getByLabelText('Show the verdict on the toolbar badge'));
    expect(onChange).toHaveBeenCalledWith({ badge: false });
  });

  it('turns off checking other sites’ robots.txt for page resources', () => {
    const onChange = setupForm();
    fireEvent.click(screen.getByLabelText(/Page resources: check other sites/));
    expect(onChange).toHaveBeenCalledWith({ checkOtherHosts: false });
  });
});

describe('CustomTokens', () => {
  const check = (token: string): TokenCheck =>
    token === '*'
      ? { kind: 'refused', explanation: '* is the global group.' }
      : /\d/.test(token)
        ? { kind: 'unmatchable', explanation: `${token} contains a digit.` }
        : { kind: 'valid' };

  function setupTokens(tokens: string[] = ['MyBot', 'OtherBot']) {
    const onAdd = vi.fn();
    const onRemove = vi.fn();
    render(<CustomTokens tokens={tokens} selected="MyBot" checkToken={check} onAdd={onAdd} onRemove={onRemove} />);
    return { onAdd, onRemove };
  }

  it('lists the tokens, marks the selected one, and removes one', () => {
    const { onRemove } = setupTokens();
    expect(screen.getByRole('list', { name: 'Custom tokens' }).textContent).toMatch(/MyBot \(selected\).*OtherBot/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove OtherBot' }));
    expect(onRemove).toHaveBeenCalledWith('OtherBot');
  });

  it('adds a token and empties the field', () => {
    const { onAdd } = setupTokens();
    const input = screen.getByLabelText<HTMLInputElement>('Add a custom token');
    fireEvent.input(input, { target: { value: 'NewBot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith('NewBot');
    expect(input.value).toBe('');
  });

  it('says a token with a digit can never be matched, but lets it be added', () => {
    setupTokens();
    fireEvent.input(screen.getByLabelText('Add a custom token'), { target: { value: 'MJ12bot' } });
    expect(screen.getByText('MJ12bot contains a digit.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toHaveProperty('disabled', false);
  });

  it('refuses * with the reason', () => {
    const { onAdd } = setupTokens();
    fireEvent.input(screen.getByLabelText('Add a custom token'), { target: { value: '*' } });
    expect(screen.getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByLabelText('Add a custom token').closest('form')!);
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByText('* is the global group.')).toBeTruthy();
  });

  it('says when there are none', () => {
    setupTokens([]);
    expect(screen.getByTestId('tokens-empty')).toBeTruthy();
  });
});
