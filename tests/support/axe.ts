/**
 * axe-core in real Chromium on the extension's own pages. An extension page's CSP refuses an
 * injected script tag, so the library's source goes in over the devtools protocol
 * (`page.evaluate(source)` is not bound by the page's CSP), then `axe.run(document)` scans the page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The impacts a scan must not find: a user of assistive technology is blocked or badly hindered. */
export const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

/** One rule broken on a page, with what a reader needs to find and fix it. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: string; readonly summary: string }[];
}

let source: string | undefined;

function axeSource(): string {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/** Returns the violations of impact serious or critical axe finds on `page` as it is now. */
export async function scanPage(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    type Result = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    };
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: Result[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), summary: n.failureSummary ?? '' })),
    }));
  });
  return violations.filter((v) => v.impact !== null && BLOCKING_IMPACTS.includes(v.impact));
}

/** Returns the violations in words, one line per element, so a failing test says what to fix. */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no serious or critical violation`;
  const lines = violations.flatMap((v) => [
    `${v.id} (${v.impact}): ${v.help}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}`,
    ...v.nodes.map((n) => `  ${n.target}: ${n.summary.replace(/\s+/g, ' ')}`),
  ]);
  return `${where}:\n${lines.join('\n')}`;
}
