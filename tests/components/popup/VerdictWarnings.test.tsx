import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { VerdictWarnings } from '../../../components/popup/VerdictWarnings';
import type { ReadingCondition } from '../../../lib/verdict/types';

afterEach(cleanup);

// Issue 2: the warnings that change the meaning of the verdict are never in a clipped scroll box;
// when there is no room for them in full, one line names each and expands in place.

const WIDE: ReadingCondition = {
  kind: 'wide-encoding',
  text: 'robots.txt is UTF-16 (byte order mark FF FE): a NUL ends each line for Google, so no rule applies.',
};
const CUT: ReadingCondition = {
  kind: 'cut',
  text: 'robots.txt is 833.0 KiB, cut at 500 KiB: the cut falls inside the group that applies.',
  cutReaches: 'group',
};
const TOKEN: ReadingCondition = {
  kind: 'unmatchable-token',
  text: 'MJ12bot cannot be matched: line 4 `User-agent: MJ12bot` is read as `MJ`.',
};

describe('VerdictWarnings', () => {
  it('names each warning in a few words on one line, and shows them whole in place', () => {
    render(<VerdictWarnings conditions={[WIDE, CUT, TOKEN]} tokenNote={null} roomy={false} />);
    const toggle = screen.getByTestId('warnings-toggle');
    expect(toggle.textContent).toBe(
      '⚠ 3 warnings: UTF-16/32 body ignored · cut at 500 KiB through the deciding group · the token can never match — show',
    );
    expect(screen.getByTestId('verdict-warning').hidden).toBe(true);
    fireEvent.click(toggle);
    expect(screen.getByTestId('verdict-warning').hidden).toBe(false);
    expect(screen.getAllByTestId('warning').map((w) => w.dataset.condition)).toEqual([
      'wide-encoding',
      'cut',
      'unmatchable-token',
    ]);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows one short warning whole, and every warning whole where there is room', () => {
    render(<VerdictWarnings conditions={[TOKEN]} tokenNote={null} roomy={false} />);
    expect(screen.queryByTestId('warnings-toggle')).toBeNull();
    expect(screen.getByTestId('verdict-warning').hidden).toBe(false);
    cleanup();
    render(<VerdictWarnings conditions={[WIDE, CUT, TOKEN]} tokenNote={null} roomy />);
    expect(screen.queryByTestId('warnings-toggle')).toBeNull();
    expect(screen.getAllByTestId('warning')).toHaveLength(3);
  });

  it('says nothing when nothing changes the meaning of the verdict', () => {
    render(<VerdictWarnings conditions={[]} tokenNote={null} roomy={false} />);
    expect(screen.queryByTestId('verdict-warnings')).toBeNull();
  });

  it.each([
    { step: 'stopped', words: 'Google stops crawling for 12 hours' },
    { step: 'last-good', words: 'Google uses its last good copy' },
    { step: 'no-file', words: 'Google reads no robots.txt after 30 days' },
  ] as const)(
    'names the step of Google’s sequence that applies while robots.txt is unreachable: $step',
    ({ step, words }) => {
      const outage: ReadingCondition = {
        kind: 'outage',
        outageStep: step,
        text: 'Google … (the whole sentence, with its times).'.repeat(3),
      };
      render(<VerdictWarnings conditions={[outage]} tokenNote={null} roomy={false} />);
      expect(screen.getByTestId('warnings-toggle').textContent).toBe(`⚠ 1 warning: ${words} — show`);
    },
  );
});
