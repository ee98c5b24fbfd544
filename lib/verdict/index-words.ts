/**
 * The words of the Index answer (lib/page-directives/verdict.ts computes it) apart from its
 * computation, so the headline and the first screen name it without loading the engine: one word
 * per kind after the label "Index", and the reason without its leading verdict word.
 */
import type { Indexability, IndexabilityKind } from '../page-directives/verdict';

/**
 * The Index answer's word after the label "Index", one per kind: never the label repeated by its
 * value ("Index Indexable").
 */
export const INDEX_WORDS: Readonly<Record<IndexabilityKind, string>> = {
  indexable: 'allowed',
  noindex: 'disallowed',
  status: 'not possible',
  canonicalised: 'goes to the canonical',
  blocked: 'unknown',
};

/** Returns the indexability's reason without its leading verdict word ("Not indexable: noindex …" → "noindex …"). */
export function reasonWithoutWord(indexability: Pick<Indexability, 'word' | 'reason'>): string {
  const prefix = `${indexability.word}: `;
  return indexability.reason.startsWith(prefix) ? indexability.reason.slice(prefix.length) : indexability.reason;
}

/** Returns the Index answer in one line: "Index disallowed: noindex from …". */
export function describeIndexAnswer(r: Pick<Indexability, 'kind' | 'word' | 'reason'>): string {
  return `Index ${INDEX_WORDS[r.kind]}: ${reasonWithoutWord(r)}`;
}
