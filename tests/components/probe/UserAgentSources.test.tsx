import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { UserAgentSources } from '../../../components/probe/UserAgentSources';

afterEach(cleanup);

const row = (token: string) => {
  const el = screen.getAllByTestId('probe-ua-source').find((e) => e.getAttribute('data-token') === token);
  if (el === undefined) throw new Error(`no row for ${token}`);
  return el;
};

describe('UserAgentSources', () => {
  it('names the operator’s page with its link for a documented string', () => {
    render(<UserAgentSources />);
    const google = row('Googlebot');
    expect(google.textContent).toContain(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1;',
    );
    expect(google.textContent).toContain("From Google’s page “List of Google's common crawlers”");
    expect(google.querySelector('a')?.getAttribute('href')).toBe(
      'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers',
    );
    expect(google.textContent).toContain('checked 2026-11-25');
  });

  it('says in words when the operator does not document the string, with no link', () => {
    render(<UserAgentSources />);
    const claude = row('ClaudeBot');
    expect(claude.textContent).toContain('Not documented by the operator in what we could check');
    expect(claude.textContent).toContain('constructed from the token');
    expect(claude.querySelector('a')).toBeNull();
  });

  it('counts the documented strings in its summary', () => {
    render(<UserAgentSources />);
    const summary = screen.getByTestId('probe-ua-sources').querySelector('summary')?.textContent ?? '';
    const links = screen.getByTestId('probe-ua-sources').querySelectorAll('dd a').length;
    expect(summary).toMatch(
      new RegExp(
        `\\(${links} of ${screen.getAllByTestId('probe-ua-source').length} from the operator’s own page, checked 2026-11-25\\)`,
      ),
    );
    expect(summary).not.toContain('`');
  });
});
