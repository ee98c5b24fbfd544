/**
 * The worker's answer about a page's own usage signals (the `pageUsage` message): what became of
 * the origin's tdmrep.json, and the lint of the page's usage headers, metas and that file
 * (docs/semantics/usage.md §7), in words. Pure; the worker fetches the file, the popup only shows the answer.
 */
import { lintPageUsage } from './lint';
import { describeTdmrepReply, inWords, type PageUsageReply, tdmrepInput, type TdmrepReply } from './tdmrep-fetch';
import type { HeaderPair, MetaTag } from './types';

/** Returns the page usage answer for a page's headers (null: not observed), metas and tdmrep.json. */
export function readPageUsage(
  tdmrep: TdmrepReply | null,
  headers: readonly HeaderPair[] | null,
  meta: readonly MetaTag[],
): PageUsageReply {
  const file = tdmrep === null ? null : tdmrepInput(tdmrep.fetch);
  return {
    tdmrep,
    tdmrepWords: describeTdmrepReply(tdmrep),
    findings: lintPageUsage(headers, meta, file).map((d) => ({
      severity: d.severity,
      code: d.code,
      text: inWords(d.message),
    })),
  };
}
