import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OffSiteList } from '../../../components/workbench/OffSiteList';
import { UrlSetPanel } from '../../../components/workbench/UrlSetPanel';
import type { OffSiteGroup } from '../../../lib/sitemaps';

afterEach(cleanup);

const GROUPS: OffSiteGroup[] = [
  {
    origin: 'https://a.test:8080',
    reason: 'other-port',
    fetchable: true,
    count: 2,
    examples: ['https://a.test:8080/s.xml'],
  },
  {
    origin: 'http://localhost',
    reason: 'private-address',
    fetchable: false,
    count: 1,
    examples: ['http://localhost/s.xml'],
  },
  { origin: 'http://a.test', reason: 'other-scheme', fetchable: true, count: 1, examples: ['http://a.test/s.xml'] },
];

describe('OffSiteList', () => {
  it('says for each origin not followed why, and offers Fetch only where a click may fetch it', () => {
    const onFetch = vi.fn();
    render(<OffSiteList groups={GROUPS} loading={false} onFetch={onFetch} />);
    const items = screen.getAllByTestId('off-site-group');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(
        /^not followed: a\.test:8080 — another port of the same host.*\(2 sitemaps, such as https:\/\/a\.test:8080\/s\.xml\)/,
      ),
      expect.stringMatching(
        /^not followed: localhost — a loopback or private-network address: never fetched for a public site/,
      ),
      expect.stringMatching(/^not followed: http:\/\/a\.test — another scheme/),
    ]);
    expect(items[1]?.querySelector('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fetch the sitemaps on a.test:8080' }));
    expect(onFetch).toHaveBeenCalledWith('https://a.test:8080');
  });

  it('waits with Fetch while sitemaps load, and shows nothing when every sitemap was followed', () => {
    const { rerender } = render(<OffSiteList groups={GROUPS} loading={true} onFetch={vi.fn()} />);
    expect(screen.getAllByTestId<HTMLButtonElement>('fetch-off-site').every((b) => b.disabled)).toBe(true);
    rerender(<OffSiteList groups={[]} loading={false} onFetch={vi.fn()} />);
    expect(screen.queryByTestId('off-site')).toBeNull();
  });
});

describe('UrlSetPanel at the limits', () => {
  it('says what a capped list left out, counts every bad line and lists the sitemaps not followed', () => {
    const onFetch = vi.fn();
    render(
      <UrlSetPanel
        listText=""
        urlCount={200_000}
        sourceLabel="the file urls.txt"
        otherOrigin={[]}
        invalid={[{ line: 3, text: 'word' }]}
        invalidCount={4_000}
        listNotice="The list is capped at 200,000 URLs: line 200,001 and the 799,999 lines after it were left out."
        offSite={GROUPS.slice(0, 1)}
        sitemapLoad={{ kind: 'done', cancelled: false, capNotice: null }}
        outcomes={[]}
        evaluation={null}
        onListText={vi.fn()}
        onUseList={vi.fn()}
        onFile={vi.fn()}
        onLoadSitemaps={vi.fn()}
        onCancelSitemaps={vi.fn()}
        onFetchOffSite={onFetch}
      />,
    );
    expect(screen.getByTestId('list-notice').textContent).toContain('line 200,001 and the 799,999 lines after it');
    expect(screen.getByText(/4,000 lines are neither a URL nor a path/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('fetch-off-site'));
    expect(onFetch).toHaveBeenCalledWith('https://a.test:8080');
  });
});
