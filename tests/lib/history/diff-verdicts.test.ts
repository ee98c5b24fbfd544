import { describe, expect, it } from 'vitest';
import { diffVersions } from '../../../lib/shared/version-diff';
import { describeLineCounts } from '../../../lib/shared/line-counts';
import { crawlerTokens, prepareVersion, verdictChanges, verdictOf } from '../../../lib/history/verdicts';

describe('diffVersions', () => {
  it('lists added, removed and unchanged lines with their numbers on each side', () => {
    const diff = diffVersions(
      'User-agent: *\nDisallow: /a\nAllow: /\n',
      'User-agent: *\nDisallow: /b\nDisallow: /c\nAllow: /\n',
    );
    expect(diff).toEqual({
      kind: 'lines',
      added: 2,
      removed: 1,
      lines: [
        { kind: 'same', text: 'User-agent: *', oldLine: 1, newLine: 1 },
        { kind: 'removed', text: 'Disallow: /a', oldLine: 2, newLine: null },
        { kind: 'added', text: 'Disallow: /b', oldLine: null, newLine: 2 },
        { kind: 'added', text: 'Disallow: /c', oldLine: null, newLine: 3 },
        { kind: 'same', text: 'Allow: /', oldLine: 3, newLine: 4 },
      ],
    });
  });

  it('does not count a change of line endings or a missing final newline', () => {
    const diff = diffVersions('User-agent: *\r\nDisallow: /\r\n', 'User-agent: *\nDisallow: /');
    expect(diff.kind === 'lines' && [diff.added, diff.removed]).toEqual([0, 0]);
  });

  it('diffs from and to an empty body (a 503 has none)', () => {
    const diff = diffVersions('', 'A\nB\n');
    expect(diff.kind === 'lines' && [diff.added, diff.removed]).toEqual([2, 0]);
    const back = diffVersions('A\nB\n', '');
    expect(back.kind === 'lines' && [back.added, back.removed]).toEqual([0, 2]);
  });

  it('gives up in words on two large files that share nothing, rather than hanging', () => {
    const a = Array.from({ length: 30_000 }, (_, i) => `Disallow: /a${i}`).join('\n');
    const b = Array.from({ length: 30_000 }, (_, i) => `Disallow: /b${i}`).join('\n');
    expect(diffVersions(a, b)).toEqual({ kind: 'too-different', oldLines: 30_000, newLines: 30_000 });
  });

  it.each([
    { added: 2, removed: 1, text: '2 lines added, 1 removed' },
    { added: 1, removed: 0, text: '1 line added' },
    { added: 0, removed: 3, text: '3 lines removed' },
    { added: 0, removed: 0, text: 'no line changed' },
  ])('counts $added added and $removed removed as "$text"', ({ added, removed, text }) => {
    expect(describeLineCounts(added, removed)).toBe(text);
  });
});

describe('verdictChanges', () => {
  const url = 'https://example.com/private/page.html';
  const open = prepareVersion({ outcome: 'ok' }, 'User-agent: *\nAllow: /\n');
  const closedForGoogle = prepareVersion(
    { outcome: 'ok' },
    'User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n',
  );

  it('names each crawler whose verdict changed, with both verdicts, and only those', () => {
    const changes = verdictChanges(open, closedForGoogle, url, ['Googlebot', 'Bingbot', 'GPTBot']);
    expect(changes).toEqual([
      {
        token: 'Googlebot',
        name: 'Googlebot',
        before: { allowed: true, basis: 'rules', line: 2, rule: 'Allow: /' },
        after: { allowed: false, basis: 'rules', line: 5, rule: 'Disallow: /private/' },
      },
    ]);
  });

  it('a crawler falling back to another group changes with it (Googlebot-Image follows Googlebot)', () => {
    const changes = verdictChanges(open, closedForGoogle, url, crawlerTokens());
    expect(changes.map((c) => c.token)).toContain('Googlebot-Image');
    expect(changes.map((c) => c.token)).not.toContain('GPTBot');
  });

  it('a version kept as bytes parses as Google reads its bytes; one kept as text before, as its text', () => {
    const latin1 = 'https://example.com/caf%E9';
    const bytes = prepareVersion({ outcome: 'ok', form: 'bytes' }, 'User-agent: *\nDisallow: /caf\xe9\n');
    expect(verdictOf(bytes, latin1, 'Googlebot')).toMatchObject({ allowed: false, line: 2 });
    const text = prepareVersion({ outcome: 'ok' }, 'User-agent: *\nDisallow: /caf\uFFFD\n');
    expect(verdictOf(text, latin1, 'Googlebot')).toMatchObject({ allowed: true, line: null });
    expect(verdictOf(text, 'https://example.com/caf%EF%BF%BD', 'Googlebot')).toMatchObject({ allowed: false });
  });

  it('a 503 blocks every crawler and a 404 allows every one (docs/semantics/robots.md §7)', () => {
    const unreachable = prepareVersion({ outcome: 'unreachable' }, '');
    const unavailable = prepareVersion({ outcome: 'unavailable' }, '');
    const tokens = crawlerTokens(['my-bot']);
    expect(verdictChanges(open, unreachable, url, tokens)).toHaveLength(tokens.length);
    expect(verdictOf(unreachable, url, 'my-bot')).toEqual({
      allowed: false,
      basis: 'unreachable',
      line: null,
      rule: null,
    });
    expect(verdictOf(unavailable, url, 'Googlebot').allowed).toBe(true);
    expect(verdictChanges(unavailable, open, url, tokens)).toEqual([]);
  });

  it('crawlerTokens lists every preset once, then custom tokens', () => {
    const tokens = crawlerTokens(['Googlebot', 'my-bot']);
    expect(tokens.filter((t) => t === 'Googlebot')).toHaveLength(1);
    expect(tokens.at(-1)).toBe('my-bot');
  });
});
