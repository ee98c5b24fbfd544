import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crawlerRecords, IP_LISTS, describeSnapshotDate, type IpList } from '../../../lib/crawlers/index';
import { loadIpList } from '../../../lib/crawlers/load-ip-list';
import { importsOf } from '../../support/import-graph';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const DIR = resolve(ROOT, 'lib', 'crawlers', 'ip-lists');

/** The shipped files' ids (file names without .json). */
const SHIPPED = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

/** The rows of ip-lists/SOURCES.md's table: file id → the date, IPv4 and IPv6 columns as written. */
function sourcesTable(): Map<string, { date: string; ipv4: number; ipv6: number }> {
  const rows = new Map<string, { date: string; ipv4: number; ipv6: number }>();
  for (const line of readFileSync(resolve(DIR, 'SOURCES.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const file = cells[1] ?? '';
    if (!file.endsWith('.json')) continue;
    rows.set(file.slice(0, -'.json'.length), {
      date: cells[5] ?? '',
      ipv4: Number(cells[7]),
      ipv6: Number(cells[8]),
    });
  }
  return rows;
}

/** Whether any record points to the list. */
const referenced = (list: IpList) =>
  crawlerRecords().some((r) => r.ipLists.kind === 'lists' && r.ipLists.ids.includes(list.id));

describe('the shipped IP lists', () => {
  it('ships exactly the catalogued lists, one file each', () => {
    expect(SHIPPED.length).toBeGreaterThan(0);
    expect([...SHIPPED].sort()).toEqual(IP_LISTS.map((l) => l.id).sort());
    expect(new Set(IP_LISTS.map((l) => l.id)).size).toBe(IP_LISTS.length);
  });

  it('has every list referenced by a record, or saying why none is; and every record’s list shipped', () => {
    for (const list of IP_LISTS) {
      if (referenced(list)) expect(list.noRecord, list.id).toBeNull();
      else expect(list.noRecord, list.id).toMatch(/^[A-Z].+\.$/);
    }
    for (const record of crawlerRecords())
      if (record.ipLists.kind === 'lists')
        for (const id of record.ipLists.ids) expect(IP_LISTS.map((l) => l.id)).toContain(id);
  });

  it('points no record to a list whose match proves nothing (Google’s user-triggered fetchers)', () => {
    const unproving = IP_LISTS.filter((l) => !l.identity.proves);
    expect(unproving.map((l) => l.id)).toEqual(['google-user-triggered-fetchers']);
    for (const list of unproving) {
      expect(referenced(list)).toBe(false);
      if (!list.identity.proves) expect(list.identity.why).toMatch(/does not show the request came from Google/);
    }
  });

  it('gives each list the operator’s official https address, a title, what it covers and how it was copied', () => {
    for (const list of IP_LISTS) {
      const url = new URL(list.url);
      expect(url.protocol, list.id).toBe('https:');
      expect(url.pathname, list.id).toMatch(/\.json$/);
      for (const words of [list.title, list.covers, list.copy]) expect(words.trim(), list.id).not.toBe('');
    }
    expect(IP_LISTS.find((l) => l.id === 'google-common-crawlers')?.url).toBe(
      'https://developers.google.com/static/crawling/ipranges/common-crawlers.json',
    );
    expect(IP_LISTS.find((l) => l.id === 'anthropic-bots')?.url).toBe('https://claude.com/crawling/bots.json');
  });

  it.each(IP_LISTS.map((l) => [l.id, l] as const))(
    '%s: reads as a list whose date and counts agree with the catalogue and SOURCES.md',
    async (id, list) => {
      const reading = await loadIpList(id);
      expect(reading.ok).toBe(true);
      if (!reading.ok) return;
      const row = sourcesTable().get(id);
      expect(row, `${id} has a row in SOURCES.md`).toBeDefined();
      const count = (family: 4 | 6) => reading.list.prefixes.filter((p) => p.family === family).length;
      expect({ ipv4: count(4), ipv6: count(6) }).toEqual({ ipv4: row?.ipv4, ipv6: row?.ipv6 });
      if (list.snapshot.kind === 'dated') {
        expect(reading.list.creationTime).toBe(list.snapshot.creationTime);
        expect(row?.date).toBe(list.snapshot.creationTime);
        expect(Number.isNaN(Date.parse(list.snapshot.creationTime)), id).toBe(false);
      } else {
        expect(reading.list.creationTime).toBeNull();
        expect(describeSnapshotDate(list)).toMatch(/^not preserved/);
        expect(row?.date).toMatch(/^not preserved/);
      }
    },
  );

  it('says “not preserved” for Bing’s list, the one copy without a date', () => {
    expect(IP_LISTS.filter((l) => l.snapshot.kind === 'not-preserved').map((l) => l.id)).toEqual(['bing-bingbot']);
  });

  it('keeps the snapshots out of every module but the loader, which reaches them by import() only', () => {
    const crawlerModules = readdirSync(resolve(ROOT, 'lib', 'crawlers')).filter((name) => name.endsWith('.ts'));
    for (const name of crawlerModules) {
      const imports = importsOf(ROOT, resolve(ROOT, 'lib', 'crawlers', name)).filter((p) => p.endsWith('.json'));
      if (name === 'load-ip-list.ts') expect(imports.length).toBe(IP_LISTS.length);
      else expect(imports, name).toEqual([]);
    }
    const loader = readFileSync(resolve(ROOT, 'lib', 'crawlers', 'load-ip-list.ts'), 'utf8');
    const specifiers = [...loader.matchAll(/(import\(\s*)?'(\.\/ip-lists\/[^']+\.json)'/g)];
    expect(specifiers.length).toBe(IP_LISTS.length);
    for (const [, dynamic, path] of specifiers) expect(dynamic, path).toBeDefined();
  });
});
