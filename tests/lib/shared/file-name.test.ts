import { describe, expect, it } from 'vitest';
import { savedFileName } from '../../../lib/shared/file-name';

// Issue 30: every saved file says the site, what of it (a draft, a version) and the day, in
// characters every file system keeps; two exports of two drafts never share a name.

const DAY = Date.UTC(2026, 10, 29, 23, 59);

describe('savedFileName', () => {
  it.each([
    {
      parts: { site: 'https://example.com', label: 'Draft 2', date: DAY, extension: 'csv' },
      name: 'robots-example.com-draft-2-2026-11-29.csv',
    },
    {
      parts: { site: 'http://127.0.0.1:4781', kind: 'evidence', date: DAY, extension: 'zip' },
      name: 'robots-evidence-127.0.0.1_4781-2026-11-29.zip',
    },
    {
      parts: { site: 'https://example.com', label: 'v3 503', date: DAY, extension: 'txt' },
      name: 'robots-example.com-v3-503-2026-11-29.txt',
    },
    {
      // A person's draft name: slashes, quotes, accents and an emoji leave no trace but dashes.
      parts: { site: 'https://xn--bcher-kva.example', label: '../Café "new" rules 🚀/', date: DAY, extension: 'csv' },
      name: 'robots-xn--bcher-kva.example-caf-new-rules-2026-11-29.csv',
    },
    {
      parts: { site: 'https://example.com', label: null, date: DAY, extension: 'csv' },
      name: 'robots-example.com-2026-11-29.csv',
    },
  ])('names $name', ({ parts, name }) => {
    expect(savedFileName(parts)).toBe(name);
  });

  it('uses only safe characters and cuts a long draft name', () => {
    const name = savedFileName({
      site: 'https://example.com',
      label: `${'x'.repeat(100)} ${'<>:|?*\\'.repeat(5)}`,
      date: DAY,
      extension: 'csv',
    });
    expect(name).toMatch(/^[a-z0-9._-]+$/);
    expect(name.length).toBeLessThan(90);
    expect(name).toMatch(/^robots-example\.com-x{40}-2026-11-29\.csv$/);
  });

  it('gives two drafts of one site two names', () => {
    const of = (label: string) => savedFileName({ site: 'https://example.com', label, date: DAY, extension: 'csv' });
    expect(of('Draft 1')).not.toBe(of('Draft 2'));
  });
});
