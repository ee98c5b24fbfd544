import { describe, expect, it } from 'vitest';
import { describeInfoLine, describeUsageLines, usageLineMeanings } from '../../../lib/directives/usage-lines';
import { findContentSignals } from '../../../lib/directives/content-signals';
import { splitBodyLines } from '../../../lib/fetch/body';

// What each usage line means in the file view (docs/semantics/usage.md §2, §3.3, §3.5, §3.11), from the same
// reading the worker sends (findContentSignals); drifted spellings get no meaning, only their lint.

/** The meanings of a file whose line 1 is `User-agent: *` and line 2 the line under test. */
function meaningOf(line: string, agent = '*'): string | undefined {
  const text = `User-agent: ${agent}\n${line}\nDisallow: /private/\n`;
  return usageLineMeanings(splitBodyLines(text), findContentSignals(text)).get(2);
}

describe('usage line meanings', () => {
  it.each([
    {
      source: 'usage.md §3.3: a path-scoped Content-Usage rule',
      line: 'Content-Usage: /blog/ train-ai=n',
      meaning: 'Content-Usage: AI training not allowed under /blog/ (for every crawler).',
    },
    {
      source: 'usage.md §3.2: y and n, two categories',
      line: 'Content-Usage: train-ai=n, search=y',
      meaning: 'Content-Usage: AI training not allowed, search allowed (for every crawler).',
    },
    {
      source: 'usage.md §3.5: Content-Signal yes/no and use=',
      line: 'Content-Signal: search=yes, ai-input=no, ai-train=no, use=reference',
      meaning:
        'Content-Signal: search allowed, AI input not allowed, AI training not allowed, reuse up to “reference” (for every crawler).',
    },
    {
      source: 'usage.md §3.5: keys and values read case-insensitively (CS-04)',
      line: 'Content-Signal: AI-Train=NO',
      meaning: 'Content-Signal: AI training not allowed (for every crawler).',
    },
    {
      source: 'usage.md §7 CU-02: yes/no belong to Content-Signal',
      line: 'Content-Usage: train-ai=no',
      meaning: 'Content-Usage: AI training unknown (“no” is not y or n) (for every crawler).',
    },
    {
      source: 'usage.md §7 CU-03: bots= and train-genai= are obsolete labels',
      line: 'Content-Usage: bots=n, train-genai=n',
      meaning:
        'Content-Usage: “bots” restricts nothing (an obsolete label), “train-genai” restricts nothing (an obsolete label) (for every crawler).',
    },
    {
      source: 'usage.md §7 CU-01: an upper-case label fails the whole statement',
      line: 'Content-Usage: Train-AI=n',
      meaning: 'Content-Usage: states nothing readable (for every crawler).',
    },
    {
      source: 'usage.md §7 CU-04: a Content-Signal label in Content-Usage states nothing',
      line: 'Content-Usage: ai-train=n',
      meaning: 'Content-Usage: states nothing readable (for every crawler).',
    },
    {
      source: 'usage.md §7 CS-02: y/n in Content-Signal',
      line: 'Content-Signal: ai-train=n',
      meaning: 'Content-Signal: AI training unknown (“n” is not yes or no) (for every crawler).',
    },
    {
      source: 'usage.md §3.11: License is file-wide and informational',
      line: 'License: https://example.com/license.xml',
      meaning:
        'License: the licence terms for the whole file are at https://example.com/license.xml (informational; no verdict changes).',
    },
    {
      source: 'usage.md §3.11: LLM-Policy, any case',
      line: 'llm-policy: /llms.txt # policy',
      meaning: 'LLM-Policy: the site’s policy for AI models is at /llms.txt (informational; no verdict changes).',
    },
    { source: 'usage.md §7 CS-01: Content-Signals (plural) is not a usage line', line: 'Content-Signals: ai-train=no' },
    { source: 'usage.md §7 CU-15: Content-Usages is not a usage line', line: 'Content-Usages: train-ai=n' },
    { source: 'a rule is not a usage line', line: 'Allow: /license/' },
    { source: 'a comment is not a usage line', line: '# License: https://example.com/l.xml' },
  ])('$source', ({ line, meaning }) => {
    expect(meaningOf(line)).toBe(meaning);
  });

  it.each([
    { agent: 'GPTBot', who: 'for GPTBot' },
    { agent: 'GPTBot\nUser-agent: ClaudeBot', who: 'for GPTBot, ClaudeBot' },
  ])('names the group’s crawlers: $who', ({ agent, who }) => {
    const text = `User-agent: ${agent}\nContent-Usage: train-ai=n\n`;
    const meanings = usageLineMeanings(splitBodyLines(text), findContentSignals(text));
    expect([...meanings.values()]).toEqual([`Content-Usage: AI training not allowed (${who}).`]);
  });

  it('says no crawler reads a usage line before the first User-agent line', () => {
    const text = 'Content-Signal: ai-train=no\nUser-agent: *\nDisallow:\n';
    const meanings = usageLineMeanings(splitBodyLines(text), findContentSignals(text));
    expect(meanings.get(1)).toBe(
      'Content-Signal: AI training not allowed (before any User-agent line, so no crawler reads it).',
    );
  });

  it('says when License or LLM-Policy names nothing', () => {
    expect(describeInfoLine('License:')).toBe('License: names no licence.');
    expect(describeInfoLine('LLM-Policy:   # none')).toBe('LLM-Policy: names no policy.');
    expect(describeInfoLine('Licenses: x')).toBeNull();
  });
});

describe('describeUsageLines, what the worker sends with the inspection', () => {
  it('lists every usage line in line order, numbered as the file view numbers lines (a BOM skipped)', () => {
    const text = '\uFEFFLLM-Policy: /llms.txt\r\nUser-agent: *\r\nContent-Usage: train-ai=y\r\nAllow: /\r\n';
    expect(describeUsageLines(text, findContentSignals(text))).toEqual([
      {
        line: 1,
        meaning: 'LLM-Policy: the site’s policy for AI models is at /llms.txt (informational; no verdict changes).',
      },
      { line: 3, meaning: 'Content-Usage: AI training allowed (for every crawler).' },
    ]);
  });
});
