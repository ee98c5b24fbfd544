/**
 * The lint additions of docs/semantics/usage.md §7, in the robots linter's diagnostic shape (line, severity,
 * code, message): robots.txt usage lines (CU, CS, CF, TP, CT, RSL, LLM) and the page's headers and
 * metas (CU-13/14/15, CS, TDM, PD). Per-crawler findings (CU-10, CU-12, CS-07, CS-09) are notes
 * on the answers instead (evaluate-usage.ts).
 */
import { scanManagedBlocks } from './managed-blocks';
import { splitTextLines } from '../shared/lines';
import { toAsciiLower, trimAscii } from '../shared/ascii';
import { matchesPattern } from '../robots/match';
import { parseRobotsTxt } from '../robots/parse';
import { lintRobotsTxt } from '../robots/lint';
import type { Diagnostic, RobotsTxt, Severity, UsageDiagnosticCode } from '../robots/types';
import { CONTROL_TOKENS, TRAINING_POLICY_TOKENS } from './crawler-usage';
import { combineFieldLines } from './header-fields';
import { type ContentSignal, CONTENT_SIGNAL_KEYS, parseContentSignal } from './parse-content-signal';
import {
  type AiprefStatement,
  OBSOLETE_AIPREF_LABELS,
  parseAiprefStatement,
  parseContentUsageRule,
} from './parse-content-usage';
import { findUsageKey } from './robots-usage';
import { readTdmFile } from './tdmrep';
import type { HeaderPair, MetaTag } from './types';

/** The §7 codes (named beside the engine's codes, so one Diagnostic type serves the whole file). */
export type { UsageDiagnosticCode } from '../robots/types';

/** One finding, in the robots linter's shape; page findings use line 0 and name their source in the message. */
export interface UsageDiagnostic extends Diagnostic {
  readonly code: UsageDiagnosticCode;
}

type Add = (line: number, severity: Severity, code: UsageDiagnosticCode, message: string) => void;

const MISSPELT_USAGE = new Set(['content-usages', 'contentusage', 'content_usage', 'content-use', 'x-content-usage']);
const RSL_VENDOR_KEYS = new Set(['permits', 'prohibits', 'compensation']);
const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

function sorted<T extends Diagnostic>(out: T[]): T[] {
  return out.sort((a, b) => a.line - b.line || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

/**
 * Usage findings about a line's key itself: they replace the engine's generic finding on that line
 * (`unknown-directive`, or `unsupported-key` for LLM-Policy), which says less.
 */
const KEY_FINDINGS: ReadonlySet<UsageDiagnosticCode> = new Set(['CS-01', 'CU-15', 'RSL-03', 'LLM-01']);

/**
 * Returns every finding for a robots.txt body, sorted by line then severity: the engine's (docs/semantics/robots.md
 * §6, lintRobotsTxt) and the usage lines' (docs/semantics/usage.md §7, lintRobotsUsage), from one parse. Where a
 * usage finding names the key itself (`Content-Signals`, `Content-Usages`, `Permits`, `LLM-Policy`),
 * the engine's generic finding on that line is left out. Never throws on content.
 */
export function lintRobotsFile(body: string, robots: RobotsTxt = parseRobotsTxt(body)): Diagnostic[] {
  const usage = lintRobotsUsage(body, robots);
  const keyLines = new Set(usage.filter((d) => KEY_FINDINGS.has(d.code)).map((d) => d.line));
  const engine = lintRobotsTxt(body, robots).filter(
    (d) => !(keyLines.has(d.line) && (d.code === 'unknown-directive' || d.code === 'unsupported-key')),
  );
  return sorted([...engine, ...usage]);
}

/** Returns the §7 findings for a robots.txt body (pass the parsed `robots` to avoid a second parse). */
export function lintRobotsUsage(body: string, robots: RobotsTxt = parseRobotsTxt(body)): UsageDiagnostic[] {
  const out: UsageDiagnostic[] = [];
  const add: Add = (line, severity, code, message) => out.push({ line, severity, code, message });
  const texts = splitTextLines(body);
  const policyTokens = new Set(TRAINING_POLICY_TOKENS.map((t) => toAsciiLower(t.token)));
  const tokenOnly = new Set([...policyTokens, ...CONTROL_TOKENS.map((t) => toAsciiLower(t.token))]);
  let signalLines = 0;
  for (const d of robots.otherDirectives) {
    const key = toAsciiLower(d.key);
    const raw = texts[d.line - 1] ?? '';
    const hasColon = raw.replace(/#.*$/, '').includes(':');
    const group = d.groupId === null ? null : robots.groups[d.groupId];
    if (key === 'content-usage' || key === 'content-signal') {
      if (!hasColon)
        add(
          d.line,
          'warning',
          'CU-18',
          `\`${d.key}\` without a colon: strict RFC readers skip this line; add the colon.`,
        );
      if (d.groupId === null) {
        if (key === 'content-usage')
          add(d.line, 'warning', 'CU-17', 'Content-Usage before the first User-agent line is in no group: ignored.');
        else
          add(
            d.line,
            'warning',
            'CS-08',
            'Content-Signal before the first User-agent line is ignored here; crawler-commons would apply it file-wide.',
          );
      } else if (
        group !== null &&
        group !== undefined &&
        group.agents.every((a) => !a.isGlobal && tokenOnly.has(toAsciiLower(a.token)))
      ) {
        add(
          d.line,
          'warning',
          'TP-02',
          'This group names only policy or control tokens, so no fetcher reads its usage lines: name the crawlers, or move the lines to their groups.',
        );
      }
    }
    if (key === 'content-usage') {
      const rule = parseContentUsageRule(d.value);
      lintAipref(d.line, rule.statement, add);
      if (rule.rawPath === null && rule.statement.parsed.kind === 'error') {
        const first = d.value.split(/[ \t]/)[0] ?? '';
        if (first.startsWith('*') || first.includes('/') || first.includes('.')) {
          add(
            d.line,
            'error',
            'CU-07',
            `\`${first}\` looks like a path, but a path must start with \`/\`: the whole value is read as a statement, which fails.`,
          );
        }
      }
      if (rule.rawPath !== null && /[\u0080-\uffff]/.test(rule.rawPath)) {
        add(
          d.line,
          'info',
          'CU-08',
          `The path has non-ASCII characters; it is percent-encoded before matching (${rule.pattern}). Write it encoded.`,
        );
      }
      if (rule.rawPath !== null && rule.statement.text === '') {
        add(
          d.line,
          'warning',
          'CU-16',
          'A path with an empty preference still wins for its paths and hides shorter rules there.',
        );
      }
      if (rule.rawPath !== null && group !== null && group !== undefined) {
        const blocking = group.rules.find(
          (r) =>
            r.kind === 'disallow' &&
            r.pattern !== '' &&
            matchesPattern(r.pattern, rule.pattern) &&
            !group.rules.some(
              (a) =>
                a.kind === 'allow' && a.pattern.length >= r.pattern.length && matchesPattern(a.pattern, rule.pattern),
            ),
        );
        if (blocking !== undefined) {
          add(
            d.line,
            'warning',
            'CU-09',
            `Line ${blocking.line} disallows this path for the same group: preferences on paths that cannot be crawled have no effect.`,
          );
        }
      }
    } else if (key === 'content-signal') {
      signalLines++;
      lintContentSignal(d.line, parseContentSignal(d.value), add);
    } else if (key === 'content-signals') {
      add(
        d.line,
        'warning',
        'CS-01',
        'Cloudflare writes `Content-Signal` (singular): this line is ignored; crawler-commons accepts the plural, others may not.',
      );
    } else if (MISSPELT_USAGE.has(key)) {
      add(
        d.line,
        'warning',
        'CU-15',
        `\`${d.key}\` is not a usage key and is ignored. Did you mean \`Content-Usage\`?`,
      );
    } else if (key === 'license') {
      if (d.groupId !== null) add(d.line, 'info', 'RSL-02', 'License is file-wide even inside a group.');
      if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+/i.test(d.value))
        add(
          d.line,
          'error',
          'RSL-01',
          'A License value must be an absolute URL with scheme and host: this one is ignored.',
        );
    } else if (key === 'llm-policy') {
      add(d.line, 'info', 'LLM-01', 'LLM-Policy is informational: it has no effect on any verdict.');
    } else if (RSL_VENDOR_KEYS.has(key)) {
      add(d.line, 'info', 'RSL-03', `\`${d.key}\` is not in RSL's robots guide and is ignored.`);
    }
  }
  lintGroups(robots, policyTokens, add);
  lintCloudflare(body, texts, robots, signalLines, add);
  return sorted(out);
}

function lintAipref(line: number, statement: AiprefStatement, add: Add): void {
  const parsed = statement.parsed;
  if (parsed.kind === 'error') {
    if (parsed.reason === 'a key must be lower case') {
      add(
        line,
        'error',
        'CU-01',
        'Labels are lower-case bytes; one capital makes the whole statement unreadable. Write e.g. `train-ai=n`.',
      );
    } else {
      add(
        line,
        'error',
        'CU-05',
        `The preference does not parse at character ${parsed.offset + 1}: ${parsed.reason}. Every category is unknown.`,
      );
    }
    return;
  }
  for (const label of ['train-ai', 'search'] as const) {
    const member = parsed.members.get(label);
    if (member === undefined) continue;
    const item = member.item;
    if (item.kind !== 'token' || (item.value !== 'y' && item.value !== 'n')) {
      add(
        line,
        'error',
        'CU-02',
        `\`${label}\` takes the token \`y\` or \`n\`; \`yes\`/\`no\` belong to Content-Signal. The category is unknown.`,
      );
    }
  }
  for (const key of parsed.members.keys()) {
    const draft = OBSOLETE_AIPREF_LABELS.get(key);
    if (draft !== undefined)
      add(line, 'warning', 'CU-03', `\`${key}\` is an obsolete label (${draft}); it restricts nothing today.`);
    if (key === 'ai-train' || key === 'ai-input') {
      add(
        line,
        'warning',
        'CU-04',
        `\`${key}\` is a Content-Signal label: AIPREF spells it \`train-ai\` and has no AI-input label.`,
      );
    }
  }
  for (const key of parsed.repeated) {
    const item = parsed.members.get(key)?.item;
    const value = item?.kind === 'token' ? item.value : 'its last value';
    add(line, 'warning', 'CU-06', `\`${key}\` is given more than once: the last value (${value}) counts.`);
  }
}

function lintContentSignal(line: number, signal: ContentSignal, add: Add): void {
  for (const member of signal.members) {
    const key = toAsciiLower(member.key);
    const value = toAsciiLower(member.value);
    if (member.key !== key || (member.value !== value && (CONTENT_SIGNAL_KEYS as readonly string[]).includes(key))) {
      add(
        line,
        'warning',
        'CS-04',
        `\`${member.key}=${member.value}\` is read case-insensitively; the canonical spelling is lower case.`,
      );
    }
    if (member.hasSpaceAroundEquals)
      add(
        line,
        'warning',
        'CS-12',
        `\`${member.key} = ${member.value}\`: other readers may not trim; write \`${key}=${value}\`.`,
      );
    if (/[/\s]/.test(key)) {
      add(
        line,
        'warning',
        'CS-06',
        'Content-Signal has no path form: this member is ignored. Use Content-Usage with a path.',
      );
    } else if ((CONTENT_SIGNAL_KEYS as readonly string[]).includes(key)) {
      if (value !== 'yes' && value !== 'no')
        add(
          line,
          'error',
          'CS-02',
          `\`${member.key}\` takes \`yes\` or \`no\`, not \`${member.value}\`: the key states nothing.`,
        );
    } else if (key === 'use') {
      if (!['immediate', 'reference', 'full'].includes(value))
        add(line, 'error', 'CS-05', `\`use\` takes \`immediate\`, \`reference\` or \`full\`, not \`${member.value}\`.`);
    } else {
      add(
        line,
        'warning',
        'CS-03',
        `\`${member.key}\` is not a Content-Signal key (search, ai-input, ai-train, use): ignored.`,
      );
    }
  }
  for (const key of signal.repeated)
    add(line, 'warning', 'CS-11', `\`${key}\` is given more than once: the last value counts.`);
}

function lintGroups(robots: RobotsTxt, policyTokens: ReadonlySet<string>, add: Add): void {
  const usageLines = robots.otherDirectives.filter((d) => {
    const k = findUsageKey(d.key);
    return k === 'content-usage' || k === 'content-signal';
  });
  for (const group of robots.groups) {
    for (const agent of group.agents) {
      const folded = toAsciiLower(agent.value);
      if (
        (folded.startsWith('__usage_') || folded.includes('training-pref')) &&
        !policyTokens.has(toAsciiLower(agent.token))
      ) {
        add(
          agent.line,
          'warning',
          'TP-01',
          `\`${agent.value}\` is not the known policy token (${[...policyTokens].join(', ')}): it is not read; the token's spelling is unconfirmed.`,
        );
      }
      if (toAsciiLower(agent.token) === 'google-extended') {
        add(agent.line, 'info', 'CT-01', 'A Google-Extended group does not affect Google Search or AI Overviews.');
      }
    }
    // CU-11: a User-agent line after usage lines with no Allow/Disallow between (same group, Google's grouping).
    for (let i = 1; i < group.agents.length; i++) {
      const agent = group.agents[i];
      const previous = group.agents[i - 1];
      if (agent === undefined || previous === undefined) continue;
      if (usageLines.some((u) => u.line > previous.line && u.line < agent.line)) {
        add(
          agent.line,
          'warning',
          'CU-11',
          'Under the AIPREF grammar this User-agent line starts a new group after the usage lines above; Robotscope groups the Google way, and other readers may disagree.',
        );
      }
    }
  }
}

function lintCloudflare(
  body: string,
  texts: readonly string[],
  robots: RobotsTxt,
  signalLines: number,
  add: Add,
): void {
  const scan = scanManagedBlocks(body);
  for (const stray of scan.strayMarkers) {
    add(
      stray.line,
      'warning',
      'CF-01',
      stray.kind === 'end-without-begin'
        ? 'An END marker with no open managed block: ignored.'
        : 'A BEGIN marker inside an open managed block: ignored.',
    );
  }
  scan.blocks.forEach((block, i) => {
    if (!block.closed)
      add(
        block.firstLine,
        'warning',
        'CF-01',
        `This managed block has no END marker: lines ${block.firstLine}–${block.lastLine} count as managed.`,
      );
    if (i > 0) add(block.firstLine, 'warning', 'CF-01', 'A second managed block.');
  });
  if (signalLines === 0) {
    const comment = texts.findIndex((t) => {
      const trimmed = trimAscii(t);
      if (!trimmed.startsWith('#')) return false;
      const folded = toAsciiLower(trimmed);
      return folded.includes('content-signal') || folded.includes('content signals');
    });
    if (comment >= 0)
      add(
        comment + 1,
        'info',
        'CF-02',
        'This comment explains Content Signals, but no Content-Signal line sets anything.',
      );
  }
  const inBlock = (line: number) => scan.blocks.some((b) => line >= b.firstLine && line <= b.lastLine);
  const global = robots.groups.filter((g) => g.agents.some((a) => a.isGlobal));
  const managed = global.filter((g) => inBlock(g.firstLine));
  const own = global.filter((g) => !inBlock(g.firstLine));
  if (managed.length > 0 && own.length > 0) {
    const ranges = global.map((g) => `${g.firstLine}–${g.lastLine}`).join(', ');
    add(
      managed[0]?.firstLine ?? 0,
      'info',
      'CF-03',
      `The managed * group and the site's own * group are merged (lines ${ranges}).`,
    );
  }
}

/** Returns the §7 findings for the page's headers and metas (line 0; the message names the source). */
export function lintPageUsage(
  headers: readonly HeaderPair[] | null,
  meta: readonly MetaTag[],
  tdmrep?: unknown,
): UsageDiagnostic[] {
  const out: UsageDiagnostic[] = [];
  const add: Add = (line, severity, code, message) => out.push({ line, severity, code, message });
  const list = headers ?? [];
  const cu = combineFieldLines(list, 'content-usage');
  if (cu !== null && cu.positions.length > 1) {
    add(
      0,
      'info',
      'CU-13',
      `${cu.positions.length} Content-Usage header lines are combined into "${cu.value}"; the last value per key counts${cu.dropped.length > 0 ? ` (empty lines at positions ${cu.dropped.join(', ')} dropped)` : ''}.`,
    );
  }
  if (cu !== null) lintAipref(0, parseAiprefStatement(cu.value), add);
  const cs = combineFieldLines(list, 'content-signal');
  if (cs !== null) lintContentSignal(0, parseContentSignal(cs.value), add);
  for (const [name] of list) {
    const folded = toAsciiLower(name);
    if (MISSPELT_USAGE.has(folded))
      add(0, 'warning', 'CU-15', `Header \`${name}\` is ignored. Did you mean \`Content-Usage\`?`);
    if (folded === 'tdm-a' || folded === 'tdm-b')
      add(0, 'warning', 'TDM-02', `\`${name}\` is from an earlier TDMRep draft: use tdm-reservation / tdm-policy.`);
  }
  const tdm = combineFieldLines(list, 'tdm-reservation');
  if (tdm !== null) {
    if (tdm.positions.length > 1)
      add(
        0,
        'warning',
        'TDM-05',
        'Several tdm-reservation header lines: combined, the value is unset. Send one value once.',
      );
    if (tdm.value !== '0' && tdm.value !== '1')
      add(0, 'error', 'TDM-01', `tdm-reservation must be 0 or 1, not "${tdm.value}": unset.`);
  }
  const policies: string[] = [];
  const policyHeader = combineFieldLines(list, 'tdm-policy');
  if (policyHeader !== null) policies.push(policyHeader.value);
  let tdmMetas = 0;
  for (const m of meta) {
    const name = toAsciiLower(trimAscii(m.name));
    if (name === 'content-usage' || name === 'content-signal')
      add(0, 'warning', 'CU-14', `<meta name="${m.name}"> is ignored: no HTML attachment is defined.`);
    if (name === 'tdm-reservation') {
      tdmMetas++;
      if (trimAscii(m.content) !== '0' && trimAscii(m.content) !== '1')
        add(0, 'error', 'TDM-01', `<meta name="tdm-reservation"> must be 0 or 1, not "${m.content}": unset.`);
    }
    if (name === 'tdm-policy') policies.push(trimAscii(m.content));
    if (name === 'robots' || name.endsWith('bot') || name === 'msnbot' || name === 'yandex') {
      const rules = m.content.split(',').map((r) => toAsciiLower(trimAscii(r)));
      if (rules.includes('noarchive') && rules.includes('nocache'))
        add(
          0,
          'warning',
          'PD-01',
          `<meta name="${m.name}">: noarchive and nocache together restrict less than noarchive alone (Bing reads nocache).`,
        );
      if (name === 'googlebot' && (rules.includes('noarchive') || rules.includes('nocache')))
        add(0, 'info', 'PD-02', 'noarchive/nocache addressed only to Google: Google ignores both.');
      if (rules.includes('noai') || rules.includes('noimageai'))
        add(0, 'info', 'PD-03', 'noai / noimageai are declared only: no tracked operator documents support.');
    }
  }
  if (tdmMetas > 1) add(0, 'warning', 'TDM-05', 'Several tdm-reservation metas: the first valid one counts.');
  for (const p of policies)
    if (!/^https?:\/\/[^\s/?#]+/i.test(p))
      add(0, 'warning', 'TDM-04', `tdm-policy "${p}" is not an absolute http(s) URL.`);
  if (tdmrep !== undefined && tdmrep !== null) {
    const file = readTdmFile(tdmrep);
    if (file.kind === 'not-implemented') add(0, 'error', 'TDM-03', `tdmrep.json is ignored: ${file.why}.`);
    else if (file.skipped.length > 0)
      add(
        0,
        'error',
        'TDM-03',
        `tdmrep.json rule${file.skipped.length > 1 ? 's' : ''} ${file.skipped.join(', ')} lack location or a tdm-reservation of 0 or 1: ignored.`,
      );
  }
  return out;
}
