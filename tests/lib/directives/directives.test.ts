import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findContentSignals, parseSignalValue } from '../../../lib/directives/content-signals';
import { findCdnMerge } from '../../../lib/directives/cdn-merge';
import { findManagedBlocks, managedLineSet } from '../../../lib/directives/managed-blocks';

const CORPUS = process.env.ROBOTS_CORPUS ?? join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpus');

/** The shape Cloudflare documents for its managed robots.txt: its block prepended to the site's own file. */
const CLOUDFLARE_MANAGED = [
  '# BEGIN Cloudflare Managed content',
  '',
  'User-Agent: *',
  'Content-signal: search=yes, ai-train=no',
  'Allow: /',
  '',
  'User-agent: Amazonbot',
  'Disallow: /',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  '# END Cloudflare Managed Content',
  '',
  'User-agent: *',
  'Disallow: /lp',
  '',
  'Sitemap: https://www.example.com/sitemap.xml',
  '',
].join('\n');

describe('findManagedBlocks', () => {
  it.each([
    {
      name: "Cloudflare's managed block before the site's own rules",
      text: CLOUDFLARE_MANAGED,
      blocks: [{ vendor: 'Cloudflare', firstLine: 1, lastLine: 13, closed: true }],
      source: 'developers.cloudflare.com/bots/additional-configurations/managed-robots-txt',
    },
    {
      name: 'CRLF line endings, a BOM and indented markers',
      text: '\uFEFF# BEGIN Cloudflare Managed content\r\nUser-agent: *\r\n  #   END Cloudflare Managed Content  \r\nAllow: /\r\n',
      blocks: [{ vendor: 'Cloudflare', firstLine: 1, lastLine: 3, closed: true }],
      source: 'docs/semantics/robots.md §1 (line endings, BOM)',
    },
    {
      name: 'a block whose end marker was cut off runs to the end',
      text: 'User-agent: *\nDisallow: /x\n# BEGIN Cloudflare Managed content\nUser-agent: GPTBot\nDisallow: /\n',
      blocks: [{ vendor: 'Cloudflare', firstLine: 3, lastLine: 5, closed: false }],
      source: 'a file cut at 500 KiB',
    },
    {
      name: "a site's own banner comments are not a CDN's",
      text: '### BEGIN FILE ###\nUser-agent: *\nDisallow: /\n### END FILE ###\n#begin directives to prevent crawling#\n',
      blocks: [],
      source: 'corpus: ebay.com, oschina.net, www.discover.com',
    },
    {
      name: 'a marker quoted inside a rule is not a marker',
      text: 'Disallow: /# BEGIN Cloudflare Managed content\n',
      blocks: [],
      source: 'the marker is a whole comment line',
    },
  ])('$name', ({ text, blocks }) => {
    expect(findManagedBlocks(text)).toEqual(blocks);
  });

  it('marks every line of a block, markers included', () => {
    expect([...managedLineSet(findManagedBlocks(CLOUDFLARE_MANAGED))]).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
  });

  it('finds no managed block in the real-world corpus, whose files predate Cloudflare managed content, and never throws', () => {
    let files: string[];
    try {
      files = readdirSync(CORPUS).filter((f) => f.endsWith('.txt'));
    } catch {
      console.warn(`corpus not found at ${CORPUS}: this test did not run`);
      return;
    }
    expect(files.length).toBeGreaterThan(200);
    const found = files.filter((f) => findManagedBlocks(readFileSync(join(CORPUS, f), 'latin1')).length > 0);
    expect(found).toEqual([]);
  });
});

describe('Content-Signal and Content-Usage', () => {
  it("reads Cloudflare's managed Content-signal line in its group", () => {
    expect(findContentSignals(CLOUDFLARE_MANAGED)).toEqual([
      {
        line: 4,
        directive: 'Content-Signal',
        value: 'search=yes, ai-train=no',
        agents: ['*'],
        path: null,
        entries: [
          {
            key: 'search',
            value: 'yes',
            meaning: 'allowed: building a search index and showing links and excerpts in search results',
          },
          { key: 'ai-train', value: 'no', meaning: 'not allowed: training or fine-tuning AI models' },
        ],
        problems: [],
      },
    ]);
  });

  it('gives each line the User-agent lines of its own group', () => {
    const text =
      'User-agent: a\nUser-agent: b\nContent-Signal: ai-input=no\nDisallow: /x\nUser-agent: c\nContent-Usage: train-ai=n\n';
    expect(findContentSignals(text).map((s) => [s.line, s.directive, s.agents])).toEqual([
      [3, 'Content-Signal', ['a', 'b']],
      [6, 'Content-Usage', ['c']],
    ]);
  });

  it.each([
    { value: 'search=yes,ai-train', problems: ['"ai-train" is not key=value.'], source: 'contentsignals.org syntax' },
    { value: '', problems: ['Content-Signal has no key=value pairs.'], source: 'contentsignals.org syntax' },
    {
      value: 'search=yes,,ai-input=no',
      problems: ['An empty item between commas.'],
      source: 'contentsignals.org syntax',
    },
    {
      value: 'ai-train=maybe',
      problems: ['training or fine-tuning AI models: "maybe" is neither yes nor no'],
      source: 'contentsignals.org values',
    },
    { value: 'search=yes, search=no', problems: ['"search" is given twice.'], source: 'one value per key' },
    { value: 'Search=YES', problems: [], source: 'case-insensitive reading' },
  ])('flags "$value" with $problems', ({ value, problems }) => {
    expect(parseSignalValue('Content-Signal', value).problems).toEqual(problems);
  });

  it('reads a Content-Usage path and keeps unknown keys without calling them errors', () => {
    expect(parseSignalValue('Content-Usage', '/archive/ train-ai=n, new-use=y')).toEqual({
      path: '/archive/',
      entries: [
        { key: 'train-ai', value: 'n', meaning: 'not allowed: training AI models' },
        { key: 'new-use', value: 'y', meaning: null },
      ],
      problems: [],
    });
  });

  it.each([
    {
      source: 'docs/semantics/usage.md §3.1: Google grouping (CU-11)',
      text: 'User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nAllow: /',
      expected: [[2, 'Content-Usage', ['a', 'b'], []]],
    },
    {
      source: 'docs/semantics/usage.md §3.1: lookalike keys are not usage lines (CS-01)',
      text: 'User-agent: *\nContent-Signals: ai-train=no',
      expected: [],
    },
    {
      source: 'docs/semantics/usage.md §3.1: the two-token form is read (CU-18)',
      text: 'User-agent: *\nContent-Usage train-ai=n',
      expected: [[2, 'Content-Usage', ['*'], []]],
    },
    {
      source: 'docs/semantics/usage.md §3.2 step 2: a capital fails the statement (CU-01)',
      text: 'User-agent: *\nContent-Usage: Train-AI=n',
      expected: [
        [
          2,
          'Content-Usage',
          ['*'],
          ['The preferences do not parse at character 1 (a key must be lower case): every category is unknown.'],
        ],
      ],
    },
    {
      source: 'docs/semantics/usage.md §3.2 step 5: Y is not y',
      text: 'User-agent: *\nContent-Usage: train-ai=Y',
      expected: [[2, 'Content-Usage', ['*'], ['training AI models: "Y" is neither y nor n']]],
    },
  ])('reads lines as the Use verdict does: $source', ({ text, expected }) => {
    expect(findContentSignals(text).map((s) => [s.line, s.directive, s.agents, s.problems])).toEqual(expected);
  });

  it('ignores comments and other lines, and a signal quoted in a comment', () => {
    expect(findContentSignals('# Content-Signal: ai-train=no\nUser-agent: *\nDisallow: /\n')).toEqual([]);
  });
});

describe('findCdnMerge', () => {
  const blocks = findManagedBlocks(CLOUDFLARE_MANAGED);

  it("names Cloudflare when its * group and the site's own * group merge", () => {
    expect(
      findCdnMerge(
        [
          { firstLine: 3, lastLine: 5 },
          { firstLine: 15, lastLine: 16 },
        ],
        blocks,
      ),
    ).toEqual({ vendor: 'Cloudflare', cdnGroups: [[3, 5]], ownGroups: [[15, 16]] });
  });

  it.each([
    { name: 'one group only', groups: [{ firstLine: 3, lastLine: 5 }] },
    {
      name: 'groups all inside the managed block',
      groups: [
        { firstLine: 3, lastLine: 5 },
        { firstLine: 10, lastLine: 11 },
      ],
    },
    {
      name: "groups all the site's own",
      groups: [
        { firstLine: 15, lastLine: 16 },
        { firstLine: 17, lastLine: 18 },
      ],
    },
  ])('says nothing for $name', ({ groups }) => {
    expect(findCdnMerge(groups, blocks)).toBeNull();
  });
});
