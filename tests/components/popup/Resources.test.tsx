import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourcesView } from '../../../components/popup/resource-model';
import { Resources } from '../../../components/popup/Resources';

afterEach(cleanup);

const VIEW: ResourcesView = {
  loading: false,
  summary: '1 of 2 resources blocked for Googlebot: 1 script',
  progress: 'checking 1 of 2 hosts',
  waitingHosts: 0,
  blocked: [
    {
      origin: 'https://cdn.test',
      status: 'robots.txt answered 200: its rules apply',
      rows: [
        {
          url: 'https://cdn.test/static/a.js?v=1',
          type: 'script',
          path: '/static/a.js?v=1',
          blocked: true,
          reason: 'line 2: Disallow: /static/',
        },
      ],
    },
  ],
  allowed: [
    {
      origin: 'https://site.test',
      status: 'robots.txt answered 404: everything allowed',
      rows: [
        {
          url: 'https://site.test/a.png',
          type: 'image',
          path: '/a.png',
          blocked: false,
          reason: 'robots.txt answered 404: everything allowed',
        },
      ],
    },
  ],
  unchecked: [
    {
      origin: 'https://slow.test',
      status: 'checking robots.txt…',
      rows: [{ url: 'https://slow.test/f.woff2', type: 'font', path: '/f.woff2', blocked: null, reason: 'checking…' }],
    },
  ],
  notes: [],
};

describe('Resources', () => {
  it('shows the summary, progress, and every resource with its hooks, allowed ones in the DOM while collapsed', () => {
    render(<Resources view={VIEW} onCheck={() => undefined} />);
    const section = screen.getByTestId('resources');
    expect(section.textContent).toContain('1 of 2 resources blocked for Googlebot');
    expect(screen.getByTestId('resources-progress').textContent).toBe('checking 1 of 2 hosts');
    const rows = screen.getAllByTestId('resource');
    expect(rows.map((r) => [r.dataset.url, r.dataset.type, r.dataset.blocked])).toEqual([
      ['https://cdn.test/static/a.js?v=1', 'script', 'true'],
      ['https://site.test/a.png', 'image', 'false'],
      ['https://slow.test/f.woff2', 'font', undefined],
    ]);
    expect(rows[0]?.textContent).toContain('Disallow: /static/');
    expect(rows[1]?.closest('details')?.open).toBe(false);
    expect(screen.queryByTestId('check-resources')).toBeNull();
  });

  it('offers the check button only when other hosts wait for a click', () => {
    const onCheck = vi.fn();
    render(<Resources view={{ ...VIEW, waitingHosts: 3 }} onCheck={onCheck} />);
    fireEvent.click(screen.getByTestId('check-resources'));
    expect(screen.getByTestId('check-resources').textContent).toBe('Check 3 other hosts');
    expect(onCheck).toHaveBeenCalledOnce();
  });

  it('shows a resource URL from a hostile page as text', () => {
    const url = 'https://evil.test/<img src=x onerror=alert(1)>.js';
    const view: ResourcesView = {
      ...VIEW,
      blocked: [
        {
          origin: 'https://evil.test',
          status: 'x',
          rows: [{ url, type: 'script', path: '/<img src=x onerror=alert(1)>.js', blocked: true, reason: 'r' }],
        },
      ],
    };
    const { container } = render(<Resources view={view} onCheck={() => undefined} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByTestId('resource')[0]?.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
