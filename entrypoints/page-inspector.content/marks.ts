/**
 * Marking links on the page: those the selected crawler may not fetch (robots.txt of each link's
 * origin, judged by the worker) and those with rel nofollow, ugc or sponsored, each in its own
 * style; a legend with counts and a hover tooltip saying why, both inside a closed shadow root
 * (page CSS cannot reach them, they cannot reach the page). `clear()` removes every trace: the
 * `data-robotscope-mark` attributes (also on links the page cloned meanwhile), the style element,
 * the shadow host and the listeners; it touches only elements it made (never one found by its id).
 * A clone the page keeps aside while marks are on and inserts after they are off carries the
 * attribute, and nothing in the DOM tells when a page does that: once marks were on, a sweeper
 * (one MutationObserver, childList only) strips the attribute from whatever is inserted later,
 * until marks are turned on again or the page goes away. With the style gone the clone never shows a mark.
 */
import { type LinkHint, linkHints } from '../../lib/page-directives/links';
import type { MarkColors } from '../../lib/settings';
import { type JudgeUrlsResponse, MAX_JUDGED_URL_CHARS, MAX_JUDGED_URLS } from '../../lib/verdict/url-judge';
import { describeNotChecked, type MarkCounts, type MarkRun, type NotChecked } from '../../lib/protocol/tab-messages';
import { errorWords } from '../../lib/shared/error-words';

export const MARK_ATTRIBUTE = 'data-robotscope-mark';
export const STYLE_ID = 'robotscope-mark-style';
export const HOST_TAG = 'robotscope-legend';

export type MarkKind = 'blocked' | LinkHint;

export interface MarkOptions {
  readonly crawlerName: string;
  readonly crawler: string;
  readonly colors: MarkColors;
  /** The worker's URL judge (the `judgeUrls` message). */
  readonly judgeUrls: (urls: string[], crawler: string, pageUrl: string) => Promise<JudgeUrlsResponse>;
  readonly now: () => number;
}

/** Returns the stylesheet text for the marks (colours are checked #rrggbb values). */
export function markStyles(colors: MarkColors): string {
  const sel = (kind: MarkKind) => `[${MARK_ATTRIBUTE}~="${kind}"]`;
  return [
    `${sel('blocked')}{text-decoration:line-through wavy ${colors.blocked} !important;outline:2px solid ${colors.blocked} !important;outline-offset:1px !important}`,
    `${sel('nofollow')}{border-bottom:2px dashed ${colors.nofollow} !important}`,
    `${sel('ugc')}{box-shadow:inset 0 -0.35em 0 ${colors.ugc}55 !important}`,
    `${sel('sponsored')}{background-color:${colors.sponsored}33 !important}`,
  ].join('\n');
}

interface Marked {
  readonly kinds: Set<MarkKind>;
  readonly why: string[];
}

/** Returns the marker for `doc`. */
export function createLinkMarker(doc: Document) {
  let marked = new Map<Element, Marked>();
  let host: HTMLElement | null = null;
  /** The style element this marker made (a page element with the same id is never touched). */
  let style: HTMLStyleElement | null = null;
  let legend: HTMLElement | null = null;
  let tooltip: HTMLElement | null = null;
  let run = 0;
  let active = false;
  let lastCounts: MarkCounts | null = null;
  /** Strips the attribute from nodes inserted after `clear()`; null while marks are on or before the first. */
  let sweeper: MutationObserver | null = null;
  let everMarked = false;

  const onOver = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest(`[${MARK_ATTRIBUTE}]`) : null;
    const entry = target === null ? undefined : marked.get(target);
    if (tooltip === null) return;
    if (target === null || entry === undefined) {
      tooltip.hidden = true;
      return;
    }
    const rect = target.getBoundingClientRect();
    tooltip.textContent = entry.why.join('\n');
    tooltip.style.left = `${Math.max(4, Math.min(rect.left, (doc.defaultView?.innerWidth ?? 800) - 320))}px`;
    tooltip.style.top = `${rect.bottom + 6}px`;
    tooltip.hidden = false;
  };

  function apply(el: Element, entry: Marked) {
    el.setAttribute(MARK_ATTRIBUTE, [...entry.kinds].join(' '));
  }

  function ensureChrome(colors: MarkColors) {
    if (style === null) {
      style = doc.createElement('style');
      style.id = STYLE_ID;
      (doc.head ?? doc.documentElement).append(style);
    }
    style.textContent = markStyles(colors);
    if (host === null) {
      host = doc.createElement(HOST_TAG);
      host.setAttribute('style', 'all:initial;position:fixed;inset:0;pointer-events:none;z-index:2147483647');
      const root = host.attachShadow({ mode: 'closed' });
      const css = doc.createElement('style');
      css.textContent =
        '.legend{position:fixed;right:12px;bottom:12px;max-width:340px;background:#fff;color:#202124;border:1px solid #dadce0;border-radius:8px;padding:8px 10px;font:12px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px #0003;pointer-events:auto}' +
        '.legend p{margin:0 0 4px}.swatch{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px;vertical-align:middle}' +
        '.tip{position:fixed;max-width:320px;white-space:pre-wrap;background:#202124;color:#fff;padding:6px 8px;border-radius:6px;font:12px/1.4 system-ui,sans-serif}';
      legend = doc.createElement('div');
      legend.className = 'legend';
      legend.setAttribute('role', 'status');
      tooltip = doc.createElement('div');
      tooltip.className = 'tip';
      tooltip.hidden = true;
      root.append(css, legend, tooltip);
      doc.documentElement.append(host);
      doc.addEventListener('mouseover', onOver, true);
    }
  }

  function renderLegend(options: MarkOptions, counts: MarkCounts, checking: boolean) {
    lastCounts = counts;
    if (legend === null) return;
    legend.replaceChildren();
    const line = (text: string, color?: string) => {
      const p = doc.createElement('p');
      if (color !== undefined) {
        const swatch = doc.createElement('span');
        swatch.className = 'swatch';
        swatch.style.background = color;
        p.append(swatch);
      }
      p.append(doc.createTextNode(text));
      legend?.append(p);
    };
    line(`Robotscope: ${counts.links} links`);
    line(
      checking
        ? `Blocked for ${options.crawlerName}: checking robots.txt…`
        : (counts.notChecked?.refused ?? 0) > 0
          ? `Blocked for ${options.crawlerName}: not known (nothing was checked)`
          : `Blocked for ${options.crawlerName}: ${counts.blocked}`,
      options.colors.blocked,
    );
    line(`nofollow: ${counts.nofollow}`, options.colors.nofollow);
    line(`ugc: ${counts.ugc}`, options.colors.ugc);
    line(`sponsored: ${counts.sponsored}`, options.colors.sponsored);
    const why = counts.notChecked === undefined ? null : describeNotChecked(counts.notChecked, counts.skippedOrigins);
    if (why !== null) line(why);
    else if (counts.unchecked > 0) line(`${counts.unchecked} links not checked.`);
  }

  function countsOf(links: number, notChecked: NotChecked | null, skippedOrigins: number): MarkCounts {
    const unchecked =
      notChecked === null
        ? 0
        : notChecked.tooLong + notChecked.overRequest + notChecked.overOrigins + notChecked.failed + notChecked.refused;
    const c = { links, blocked: 0, nofollow: 0, ugc: 0, sponsored: 0, unchecked, skippedOrigins };
    for (const entry of marked.values()) for (const kind of entry.kinds) c[kind]++;
    return notChecked === null ? c : { ...c, notChecked };
  }

  function startSweeping(): void {
    if (!everMarked || sweeper !== null) return;
    sweeper = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) unmark(node);
    });
    sweeper.observe(doc, { childList: true, subtree: true });
  }

  function stopSweeping(): void {
    sweeper?.disconnect();
    sweeper = null;
  }

  /** Removes every trace of the marks from the page. */
  function clear(): void {
    run++;
    active = false;
    for (const el of marked.keys()) el.removeAttribute(MARK_ATTRIBUTE);
    // The page may have cloned a marked link meanwhile (a carousel, a sticky header): the clone
    // carries the attribute this marker set, so it goes too.
    for (const el of Array.from(doc.querySelectorAll(`[${MARK_ATTRIBUTE}]`))) el.removeAttribute(MARK_ATTRIBUTE);
    marked = new Map();
    lastCounts = null;
    style?.remove();
    style = null;
    host?.remove();
    host = legend = tooltip = null;
    doc.removeEventListener('mouseover', onOver, true);
    startSweeping();
  }

  /** Marks the links for `options.crawler`; resolves when the worker's verdicts are applied too. */
  async function mark(options: MarkOptions): Promise<MarkRun> {
    clear();
    // Marks are on again: inserted clones of marked links keep their mark like the original.
    stopSweeping();
    everMarked = true;
    const mine = ++run;
    active = true;
    const start = options.now();
    ensureChrome(options.colors);
    const anchors = Array.from(doc.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]'));
    const byUrl = new Map<string, Element[]>();
    let tooLong = 0;
    let overRequest = 0;
    for (const a of anchors) {
      const hints = linkHints(a.getAttribute('rel'));
      if (hints.length > 0) {
        const entry: Marked = { kinds: new Set(hints), why: hints.map((h) => `rel="${h}": ${HINT_WHY[h]}`) };
        marked.set(a, entry);
        apply(a, entry);
      }
      const url = a.href;
      if (!/^https?:/i.test(url)) continue;
      const key = url.replace(/#.*$/, '');
      // Bounds per link, never per request: a link the worker would refuse is counted, not sent.
      if (key.length > MAX_JUDGED_URL_CHARS) {
        tooLong++;
        continue;
      }
      const list = byUrl.get(key);
      if (list) list.push(a);
      else if (byUrl.size >= MAX_JUDGED_URLS) overRequest++;
      else byUrl.set(key, [a]);
    }
    let domMs = options.now() - start;
    renderLegend(options, countsOf(anchors.length, null, 0), true);
    const urls = [...byUrl.keys()];
    const counted = { tooLong, overRequest, overOrigins: 0, failed: 0, refused: 0, refusal: null };
    let answer: JudgeUrlsResponse;
    try {
      answer = await options.judgeUrls(urls, options.crawler, doc.URL);
    } catch (error) {
      if (mine !== run) throw new Error('marking was replaced', { cause: error });
      const refused = urls.reduce((sum, url) => sum + (byUrl.get(url)?.length ?? 0), 0);
      const refusal = errorWords(error);
      const counts = countsOf(anchors.length, { ...counted, refused, refusal }, 0);
      renderLegend(options, counts, false);
      return { domMs, totalMs: options.now() - start, counts };
    }
    if (mine !== run) throw new Error('marking was replaced');
    const applyStart = options.now();
    let overOrigins = 0;
    let failed = 0;
    answer.results.forEach((result, i) => {
      const elements = byUrl.get(urls[i] as string) ?? [];
      if (result.kind === 'skipped') {
        if (result.explanation.includes('longer than')) counted.tooLong += elements.length;
        else overOrigins += elements.length;
        return;
      }
      if (result.kind === 'failed') {
        failed += elements.length;
        return;
      }
      if (result.kind !== 'judged' || result.allowed) return;
      for (const el of elements) {
        const entry = marked.get(el) ?? { kinds: new Set<MarkKind>(), why: [] };
        entry.kinds.add('blocked');
        entry.why.unshift(`${options.crawlerName} may not fetch this link: ${result.explanation}`);
        marked.set(el, entry);
        apply(el, entry);
      }
    });
    const counts = countsOf(anchors.length, { ...counted, overOrigins, failed }, answer.skippedOrigins);
    renderLegend(options, counts, false);
    domMs += options.now() - applyStart;
    return { domMs, totalMs: options.now() - start, counts };
  }

  return {
    mark,
    clear,
    get active() {
      return active;
    },
    counts: (): MarkCounts | null => lastCounts,
  };
}

/** Removes the mark from `node` and the elements under it (an inserted subtree), if it carries any. */
function unmark(node: Node): void {
  if (node.nodeType !== 1) return;
  const el = node as Element;
  if (el.hasAttribute(MARK_ATTRIBUTE)) el.removeAttribute(MARK_ATTRIBUTE);
  // No element child: nothing below to look through (most inserts are text or leaves).
  if (el.firstElementChild === null) return;
  for (const inner of Array.from(el.querySelectorAll(`[${MARK_ATTRIBUTE}]`))) inner.removeAttribute(MARK_ATTRIBUTE);
}

const HINT_WHY: Readonly<Record<LinkHint, string>> = {
  nofollow: 'a hint not to follow this link',
  ugc: 'user-generated content (a hint to Google)',
  sponsored: 'a paid or sponsored link (a hint to Google)',
};
