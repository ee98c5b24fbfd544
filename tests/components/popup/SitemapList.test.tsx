import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SitemapList } from '../../../components/popup/SitemapList';

afterEach(cleanup);

describe('SitemapList', () => {
  it('links an absolute sitemap, opening a new tab', () => {
    render(<SitemapList sitemaps={[{ line: 5, url: 'https://example.com/sitemap.xml', validity: 'absolute' }]} />);
    const item = screen.getByTestId('sitemap');
    const link = item.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/sitemap.xml');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(item.textContent).toContain('Line 5');
  });

  it('flags a relative sitemap and does not link it', () => {
    render(<SitemapList sitemaps={[{ line: 8, url: '/sitemap.xml', validity: 'relative' }]} />);
    const item = screen.getByTestId('sitemap');
    expect(item.querySelector('a')).toBeNull();
    expect(item.textContent).toContain('/sitemap.xml');
    expect(item.textContent).toContain('relative URL');
  });

  it('never makes a javascript: URL a link, even if marked absolute', () => {
    render(
      <SitemapList
        sitemaps={[
          { line: 1, url: 'javascript:alert(1)', validity: 'malformed' },
          { line: 2, url: 'javascript:alert(2)', validity: 'absolute' },
        ]}
      />,
    );
    const items = screen.getAllByTestId('sitemap');
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.querySelector('a')).toBeNull();
      expect(item.textContent).toMatch(/not a valid http\(s\) URL/);
    }
  });

  it('says when there is none', () => {
    render(<SitemapList sitemaps={[]} />);
    expect(screen.queryByTestId('sitemap')).toBeNull();
    expect(screen.getByText('No Sitemap lines in this file.')).toBeTruthy();
  });
});

describe('SitemapList with many sitemaps', () => {
  const many = Array.from({ length: 1037 }, (_, i) => ({
    line: i + 3,
    url: `https://example.com/sitemap-${i}.xml`,
    validity: 'absolute' as const,
  }));

  it('draws the first 10 and says the total, then all on demand', () => {
    render(<SitemapList sitemaps={many} />);
    expect(screen.getAllByTestId('sitemap')).toHaveLength(10);
    expect(screen.getAllByTestId('sitemap')[9]?.textContent).toContain('sitemap-9.xml');
    expect(document.body.textContent).toContain('1,037 sitemaps');
    const more = screen.getByRole('button', { name: 'Show all 1,037' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getAllByTestId('sitemap')).toHaveLength(1037);
    fireEvent.click(screen.getByRole('button', { name: 'Show the first 10' }));
    expect(screen.getAllByTestId('sitemap')).toHaveLength(10);
  });

  it('draws ten or fewer without a button, still saying how many', () => {
    render(<SitemapList sitemaps={many.slice(0, 10)} />);
    expect(screen.getAllByTestId('sitemap')).toHaveLength(10);
    expect(document.body.textContent).toContain('10 sitemaps');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
