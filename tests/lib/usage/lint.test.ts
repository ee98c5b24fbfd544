/**
 * The lint catalogue of docs/semantics/usage.md §7, one row per code: the line that triggers it and a near miss
 * that does not. robots.txt codes go through lintRobotsFile (the engine's lint plus the usage lint,
 * as the worker and the workbench call it); page codes through lintPageUsage. CU-10, CU-12, CS-07,
 * CS-09 and CS-10 depend on the crawler and are notes on the answers (cases.test.ts), not lint.
 */
import { describe, expect, it } from 'vitest';
import { type Diagnostic, lintRobotsTxt } from '../../../lib/robots/index';
import {
  type HeaderPair,
  lintPageUsage,
  lintRobotsFile,
  type MetaTag,
  type UsageDiagnosticCode,
} from '../../../lib/usage/index';

interface RobotsLintCase {
  readonly code: UsageDiagnosticCode;
  readonly source: string;
  /** A file that raises `code` at `line` with `severity`. */
  readonly trigger: string;
  readonly line: number;
  readonly severity: Diagnostic['severity'];
  /** A near miss that does not raise `code` at all. */
  readonly clean: string;
}

const UA = 'User-agent: *\n';

const ROBOTS_CASES: readonly RobotsLintCase[] = [
  {
    code: 'CU-01',
    source: '§3.2 step 2',
    trigger: `${UA}Content-Usage: Train-AI=n`,
    line: 2,
    severity: 'error',
    clean: `${UA}Content-Usage: train-ai=n`,
  },
  {
    code: 'CU-02',
    source: '§3.2 step 5',
    trigger: `${UA}Content-Usage: train-ai=no`,
    line: 2,
    severity: 'error',
    clean: `${UA}Content-Usage: train-ai=n`,
  },
  {
    code: 'CU-02',
    source: '§3.2 step 5: upper-case token',
    trigger: `${UA}Content-Usage: search=Y`,
    line: 2,
    severity: 'error',
    clean: `${UA}Content-Usage: search=y`,
  },
  {
    code: 'CU-03',
    source: '§3.2 step 6: bots (-03/-04)',
    trigger: `${UA}Content-Usage: bots=n`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Usage: train-ai=n`,
  },
  {
    code: 'CU-03',
    source: '§3.2 step 6: train-genai (-03)',
    trigger: `${UA}Content-Usage: train-genai=n`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Usage: train-ai=n`,
  },
  {
    code: 'CU-04',
    source: '§7: Content-Signal label',
    trigger: `${UA}Content-Usage: ai-train=n`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Usage: train-ai=n`,
  },
  {
    code: 'CU-05',
    source: '§3.2 step 2: space around =',
    trigger: `${UA}Content-Usage: train-ai = n`,
    line: 2,
    severity: 'error',
    clean: `${UA}Content-Usage: train-ai=n, search=y`,
  },
  {
    code: 'CU-06',
    source: '§3.2 step 4',
    trigger: `${UA}Content-Usage: train-ai=n, train-ai=y`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Usage: train-ai=n, search=y`,
  },
  {
    code: 'CU-07',
    source: '§3.3: path without /',
    trigger: `${UA}Content-Usage: *.pdf train-ai=n`,
    line: 2,
    severity: 'error',
    clean: `${UA}Content-Usage: /*.pdf train-ai=n`,
  },
  {
    code: 'CU-08',
    source: '§3.3: raw non-ASCII path',
    trigger: `${UA}Content-Usage: /café/ train-ai=n`,
    line: 2,
    severity: 'info',
    clean: `${UA}Content-Usage: /caf%C3%A9/ train-ai=n`,
  },
  {
    code: 'CU-09',
    source: '§7: path disallowed by its group',
    trigger: `${UA}Disallow: /private/\nContent-Usage: /private/x train-ai=n`,
    line: 3,
    severity: 'warning',
    clean: `${UA}Disallow: /private/\nContent-Usage: /public/ train-ai=n`,
  },
  {
    code: 'CU-11',
    source: '§3.1 known divergence',
    trigger: 'User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nAllow: /',
    line: 3,
    severity: 'warning',
    clean: 'User-agent: a\nUser-agent: b\nContent-Usage: train-ai=n\nAllow: /',
  },
  {
    code: 'CU-15',
    source: '§3.1 lookalike key',
    trigger: `${UA}Content-Usages: train-ai=n`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Usage: train-ai=n`,
  },
  {
    code: 'CU-16',
    source: '§3.3: path, empty preference',
    trigger: `${UA}Content-Usage: /x/`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Usage: /x/ train-ai=n`,
  },
  {
    code: 'CU-17',
    source: '§3.1 group membership',
    trigger: 'Content-Usage: train-ai=n\nUser-agent: *\nAllow: /',
    line: 1,
    severity: 'warning',
    clean: `${UA}Content-Usage: train-ai=n\nAllow: /`,
  },
  {
    code: 'CU-18',
    source: '§3.1 two-token form',
    trigger: `${UA}Content-Usage train-ai=n`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Usage: train-ai=n`,
  },
  {
    code: 'CS-01',
    source: '§3.1 lookalike key',
    trigger: `${UA}Content-Signals: ai-train=no`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Signal: ai-train=no`,
  },
  {
    code: 'CS-02',
    source: '§3.5 yes/no only',
    trigger: `${UA}Content-Signal: ai-train=n`,
    line: 2,
    severity: 'error',
    clean: `${UA}Content-Signal: ai-train=no`,
  },
  {
    code: 'CS-03',
    source: '§3.5 unknown key',
    trigger: `${UA}Content-Signal: ai-training=no`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Signal: ai-train=no`,
  },
  {
    code: 'CS-04',
    source: '§3.5 case-insensitive',
    trigger: `${UA}Content-Signal: AI-Train=No`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Signal: ai-train=no`,
  },
  {
    code: 'CS-05',
    source: '§3.5 use levels',
    trigger: `${UA}Content-Signal: use=partial`,
    line: 2,
    severity: 'error',
    clean: `${UA}Content-Signal: use=reference`,
  },
  {
    code: 'CS-06',
    source: '§3.5 no path form',
    trigger: `${UA}Content-Signal: /docs/ ai-input=no`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Signal: ai-input=no`,
  },
  {
    code: 'CS-08',
    source: '§3.1 group membership',
    trigger: 'Content-Signal: ai-train=no\nUser-agent: *\nAllow: /',
    line: 1,
    severity: 'warning',
    clean: `${UA}Content-Signal: ai-train=no\nAllow: /`,
  },
  {
    code: 'CS-11',
    source: '§3.5 repeated key',
    trigger: `${UA}Content-Signal: ai-train=no, ai-train=yes`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Signal: ai-train=no, search=yes`,
  },
  {
    code: 'CS-12',
    source: '§3.5 whitespace around =',
    trigger: `${UA}Content-Signal: ai-train = no`,
    line: 2,
    severity: 'warning',
    clean: `${UA}Content-Signal: ai-train=no`,
  },
  {
    code: 'CF-01',
    source: '§3.6 BEGIN without END',
    trigger: `# BEGIN Cloudflare Managed content\n${UA}Content-Signal: ai-train=no\nAllow: /`,
    line: 1,
    severity: 'warning',
    clean: `# BEGIN Cloudflare Managed content\n${UA}Content-Signal: ai-train=no\nAllow: /\n# END Cloudflare Managed Content`,
  },
  {
    code: 'CF-02',
    source: '§3.6 policy comment alone',
    trigger: `# Content signals explained: search, ai-input, ai-train\n${UA}Allow: /`,
    line: 1,
    severity: 'info',
    clean: `# Content signals explained: search, ai-input, ai-train\n${UA}Content-Signal: ai-train=no\nAllow: /`,
  },
  {
    code: 'CF-03',
    source: '§3.6 managed * merges',
    trigger: `# BEGIN Cloudflare Managed content\n${UA}Content-Signal: ai-train=no\nAllow: /\n# END Cloudflare Managed Content\n${UA}Disallow: /x`,
    line: 2,
    severity: 'info',
    clean: `# BEGIN Cloudflare Managed content\n${UA}Content-Signal: ai-train=no\nAllow: /\n# END Cloudflare Managed Content\nUser-agent: GPTBot\nDisallow: /x`,
  },
  {
    code: 'TP-01',
    source: '§3.7 token spelling',
    trigger: 'User-agent: __usage_training\nDisallow: /',
    line: 1,
    severity: 'warning',
    clean: 'User-agent: __usage_ai-training\nDisallow: /',
  },
  {
    code: 'TP-02',
    source: '§3.7 group of tokens only',
    trigger: 'User-agent: Google-Extended\nContent-Usage: train-ai=n\nDisallow: /',
    line: 2,
    severity: 'warning',
    clean: 'User-agent: Google-Extended\nUser-agent: Googlebot\nContent-Usage: train-ai=n\nDisallow: /',
  },
  {
    code: 'CT-01',
    source: '§3.8 Google-Extended',
    trigger: 'User-agent: Google-Extended\nDisallow: /',
    line: 1,
    severity: 'info',
    clean: 'User-agent: Googlebot\nDisallow: /',
  },
  {
    code: 'RSL-01',
    source: '§3.11 absolute URL',
    trigger: 'License: /license.xml',
    line: 1,
    severity: 'error',
    clean: 'License: https://e.com/license.xml',
  },
  {
    code: 'RSL-02',
    source: '§3.11 file-wide',
    trigger: `${UA}License: https://e.com/license.xml`,
    line: 2,
    severity: 'info',
    clean: `License: https://e.com/license.xml\n${UA}Allow: /`,
  },
  {
    code: 'RSL-03',
    source: '§3.11 vendor keys',
    trigger: `${UA}Permits: ai-train`,
    line: 2,
    severity: 'info',
    clean: `${UA}Allow: /`,
  },
  {
    code: 'LLM-01',
    source: '§3.11 LLM-Policy',
    trigger: `LLM-Policy: /llms.txt\n${UA}Allow: /`,
    line: 1,
    severity: 'info',
    clean: `${UA}Allow: /`,
  },
];

const codesOf = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => d.code);

describe('§7 lint of robots.txt usage lines (lintRobotsFile)', () => {
  it.each(ROBOTS_CASES)('$code ($source) is raised at its line, and not for the near miss', (c) => {
    expect(lintRobotsFile(c.trigger)).toContainEqual(
      expect.objectContaining({ line: c.line, code: c.code, severity: c.severity }),
    );
    expect(codesOf(lintRobotsFile(c.clean))).not.toContain(c.code);
  });

  it('every robots.txt code of the catalogue has a row', () => {
    const covered = new Set(ROBOTS_CASES.map((c) => c.code));
    const expected: UsageDiagnosticCode[] = [
      ...(['01', '02', '03', '04', '05', '06', '07', '08', '09', '11', '15', '16', '17', '18'] as const).map(
        (n) => `CU-${n}` as const,
      ),
      ...(['01', '02', '03', '04', '05', '06', '08', '11', '12'] as const).map((n) => `CS-${n}` as const),
      'CF-01',
      'CF-02',
      'CF-03',
      'TP-01',
      'TP-02',
      'CT-01',
      'RSL-01',
      'RSL-02',
      'RSL-03',
      'LLM-01',
    ];
    expect([...covered].sort()).toEqual([...expected].sort());
  });
});

describe('usage lines are never unknown directives (lintRobotsTxt and lintRobotsFile)', () => {
  it.each([
    { key: 'Content-Usage', line: 'Content-Usage: train-ai=n' },
    { key: 'Content-Signal', line: 'Content-Signal: ai-train=no' },
    { key: 'License', line: 'License: https://e.com/license.xml' },
    { key: 'LLM-Policy', line: 'LLM-Policy: /llms.txt' },
    { key: 'lower case', line: 'llm-policy: /llms.txt' },
  ])('$key is a known key Google ignores, not an unknown directive', ({ line }) => {
    const engine = lintRobotsTxt(`${UA}${line}`);
    expect(codesOf(engine)).not.toContain('unknown-directive');
    expect(engine).toContainEqual(expect.objectContaining({ line: 2, code: 'unsupported-key', severity: 'info' }));
    expect(codesOf(lintRobotsFile(`${UA}${line}`))).not.toContain('unknown-directive');
  });

  it('a lookalike key gets the usage finding instead of the generic one', () => {
    const found = lintRobotsFile(`${UA}Content-Signals: ai-train=no\nContent-Usages: train-ai=n\nPermits: x`);
    expect(found.map((d) => `${d.line} ${d.code}`)).toEqual(['2 CS-01', '3 CU-15', '4 RSL-03']);
    // The engine alone still calls them unknown: it knows no usage vocabulary.
    expect(codesOf(lintRobotsTxt(`${UA}Content-Signals: ai-train=no`))).toContain('unknown-directive');
  });

  it("keeps the engine's findings and sorts both by line, then severity", () => {
    const found = lintRobotsFile(`${UA}Dissallow: /x\nContent-Usage: Train-AI=n\nFoo: bar`);
    expect(found.map((d) => `${d.line} ${d.code} ${d.severity}`)).toEqual([
      '2 typo-key warning',
      '3 CU-01 error',
      '3 unsupported-key info',
      '4 unknown-directive warning',
    ]);
  });
});

interface PageLintCase {
  readonly code: UsageDiagnosticCode;
  readonly source: string;
  readonly trigger: { headers?: HeaderPair[]; meta?: MetaTag[]; tdmrep?: unknown };
  readonly severity: Diagnostic['severity'];
  readonly clean: { headers?: HeaderPair[]; meta?: MetaTag[]; tdmrep?: unknown };
}

const PAGE_CASES: readonly PageLintCase[] = [
  {
    code: 'CU-13',
    source: '§3.4 combined field lines',
    trigger: {
      headers: [
        ['Content-Usage', 'train-ai=n'],
        ['content-usage', 'search=y'],
      ],
    },
    severity: 'info',
    clean: { headers: [['Content-Usage', 'train-ai=n, search=y']] },
  },
  {
    code: 'CU-01',
    source: '§3.4 header parsed as §3.2',
    trigger: { headers: [['Content-Usage', 'Train-AI=n']] },
    severity: 'error',
    clean: { headers: [['Content-Usage', 'train-ai=n']] },
  },
  {
    code: 'CU-14',
    source: '§3.4 no meta attachment',
    trigger: { meta: [{ name: 'Content-Usage', content: 'train-ai=n' }] },
    severity: 'warning',
    clean: { meta: [{ name: 'robots', content: 'noindex' }] },
  },
  {
    code: 'CU-15',
    source: '§7 misspelt header',
    trigger: { headers: [['X-Content-Usage', 'train-ai=n']] },
    severity: 'warning',
    clean: { headers: [['Content-Usage', 'train-ai=n']] },
  },
  {
    code: 'CS-02',
    source: '§3.5 header value',
    trigger: { headers: [['Content-Signal', 'ai-train=n']] },
    severity: 'error',
    clean: { headers: [['Content-Signal', 'ai-train=no']] },
  },
  {
    code: 'TDM-01',
    source: '§3.10 0 or 1',
    trigger: { headers: [['tdm-reservation', 'yes']] },
    severity: 'error',
    clean: { headers: [['tdm-reservation', '1']] },
  },
  {
    code: 'TDM-02',
    source: '§3.10 earlier draft names',
    trigger: { headers: [['TDM-a', '1']] },
    severity: 'warning',
    clean: { headers: [['tdm-reservation', '1']] },
  },
  {
    code: 'TDM-03',
    source: '§3.10 file not an array',
    trigger: { tdmrep: '{}' },
    severity: 'error',
    clean: { tdmrep: '[{"location":"/","tdm-reservation":1}]' },
  },
  {
    code: 'TDM-04',
    source: '§3.10 tdm-policy URL',
    trigger: { headers: [['tdm-policy', '/policy.json']] },
    severity: 'warning',
    clean: { headers: [['tdm-policy', 'https://e.com/policy.json']] },
  },
  {
    code: 'TDM-05',
    source: '§3.10 several header lines',
    trigger: {
      headers: [
        ['tdm-reservation', '1'],
        ['tdm-reservation', '1'],
      ],
    },
    severity: 'warning',
    clean: { headers: [['tdm-reservation', '1']] },
  },
  {
    code: 'PD-01',
    source: '§3.9 Bing: nocache wins',
    trigger: { meta: [{ name: 'robots', content: 'noarchive, nocache' }] },
    severity: 'warning',
    clean: { meta: [{ name: 'robots', content: 'noarchive' }] },
  },
  {
    code: 'PD-02',
    source: '§3.9 Google ignores both',
    trigger: { meta: [{ name: 'googlebot', content: 'noarchive' }] },
    severity: 'info',
    clean: { meta: [{ name: 'bingbot', content: 'noarchive' }] },
  },
  {
    code: 'PD-03',
    source: '§3.9 noai',
    trigger: { meta: [{ name: 'robots', content: 'noai' }] },
    severity: 'info',
    clean: { meta: [{ name: 'robots', content: 'noindex' }] },
  },
];

describe('§7 lint of the page (lintPageUsage)', () => {
  const lint = (page: PageLintCase['trigger']) => lintPageUsage(page.headers ?? [], page.meta ?? [], page.tdmrep);
  it.each(PAGE_CASES)('$code ($source) is raised, and not for the near miss', (c) => {
    expect(lint(c.trigger)).toContainEqual(expect.objectContaining({ line: 0, code: c.code, severity: c.severity }));
    expect(codesOf(lint(c.clean))).not.toContain(c.code);
  });
});
