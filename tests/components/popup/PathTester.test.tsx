import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PathResult } from '../../../components/popup/model';
import { PathTester } from '../../../components/popup/PathTester';
import { NO_ROBOTS, rulesVerdict } from './fixtures';

afterEach(cleanup);

const ORIGIN = 'http://127.0.0.1:4781';

describe('PathTester', () => {
  it('reports every keystroke', () => {
    const onInput = vi.fn();
    render(<PathTester value="" result={{ kind: 'empty' }} origin={ORIGIN} onInput={onInput} />);
    fireEvent.input(screen.getByTestId('path-input'), { target: { value: '/private/' } });
    expect(onInput).toHaveBeenCalledWith('/private/');
    expect(screen.getByLabelText(`Any path or URL on ${ORIGIN}`)).toBe(screen.getByTestId('path-input'));
  });

  it.each<{ name: string; result: PathResult; says: string }>([
    { name: 'a hint when empty', result: { kind: 'empty' }, says: 'Type a path' },
    {
      name: 'the verdict and deciding rule',
      result: { kind: 'evaluated', path: '/private/caf%C3%A9', verdict: rulesVerdict() },
      says: 'Blocked: line 3 Disallow: /private/',
    },
    {
      name: 'that everything is allowed without robots.txt',
      result: { kind: 'evaluated', path: '/x', verdict: NO_ROBOTS },
      says: 'Allowed: no robots.txt: every URL on the site may be crawled',
    },
    {
      name: 'another origin',
      result: { kind: 'other-origin', origin: 'https://example.com' },
      says: 'That URL is on https://example.com',
    },
  ])('shows $name', ({ result, says }) => {
    render(<PathTester value="x" result={result} origin={ORIGIN} onInput={vi.fn()} />);
    expect(screen.getByTestId('path-verdict').textContent).toContain(says);
  });

  it('shows the path as matched, percent-encoded', () => {
    render(
      <PathTester
        value="/private/café"
        result={{ kind: 'evaluated', path: '/private/caf%C3%A9', verdict: rulesVerdict() }}
        origin={ORIGIN}
        onInput={vi.fn()}
      />,
    );
    expect(screen.getByText('/private/caf%C3%A9')).toBeTruthy();
  });

  it('names the group that decided, and offers to show the line in the file', () => {
    const onShowLine = vi.fn();
    render(
      <PathTester
        value="/private/x"
        result={{ kind: 'evaluated', path: '/private/x', verdict: rulesVerdict() }}
        origin={ORIGIN}
        onInput={vi.fn()}
        onShowLine={onShowLine}
      />,
    );
    expect(screen.getByTestId('path-verdict').textContent).toContain(
      'Blocked: line 3 Disallow: /private/Group: User-agent: * (lines 2–5)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show line 3 in the file' }));
    expect(onShowLine).toHaveBeenCalledWith(3);
  });

  it('offers no line to show without a deciding rule', () => {
    render(
      <PathTester
        value="/x"
        result={{ kind: 'evaluated', path: '/x', verdict: NO_ROBOTS }}
        origin={ORIGIN}
        onInput={vi.fn()}
        onShowLine={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('show-in-file')).toBeNull();
    expect(screen.queryByTestId('path-group')).toBeNull();
  });
});
