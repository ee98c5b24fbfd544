/**
 * What a page loaded, as a crawler's renderer sees it: the kind of each request (from webRequest's
 * `type` or Resource Timing's `initiatorType`), which kinds rendering depends on, and which URLs a
 * crawler fetches at all (http and https only; docs/semantics/robots.md §7: robots.txt governs only those).
 */

/** The kinds of subresource the popup names. */
export type ResourceType = 'script' | 'stylesheet' | 'font' | 'image' | 'media' | 'fetch' | 'frame' | 'other';

/** Every kind, render-critical ones first: the order the summary counts them in. */
export const RESOURCE_TYPES: readonly ResourceType[] = [
  'script',
  'stylesheet',
  'font',
  'fetch',
  'image',
  'media',
  'frame',
  'other',
];

/**
 * Kinds a blocked fetch of which changes what Google's renderer builds: scripts (they make the
 * DOM), stylesheets (layout, visibility, mobile-friendliness), fonts (text metrics and layout) and
 * fetch/XHR (the data scripts render from; Google's rendering documentation names blocked API
 * calls as a cause of missing content). Images, media and frames are fetched separately for their
 * own indexes or are pages of their own: a blocked one leaves the page's text intact.
 */
const RENDER_CRITICAL: ReadonlySet<ResourceType> = new Set(['script', 'stylesheet', 'font', 'fetch']);

/** Returns true for the kinds Google's renderer needs to see the page as users do (see RENDER_CRITICAL). */
export function isRenderCritical(type: ResourceType): boolean {
  return RENDER_CRITICAL.has(type);
}

/** webRequest `ResourceType` values (Chrome and Firefox) → the popup's kinds. */
const BY_REQUEST_TYPE: Readonly<Record<string, ResourceType>> = {
  script: 'script',
  stylesheet: 'stylesheet',
  font: 'font',
  image: 'image',
  imageset: 'image',
  media: 'media',
  xmlhttprequest: 'fetch',
  sub_frame: 'frame',
  object: 'other',
  object_subrequest: 'other',
  ping: 'other',
  beacon: 'other',
  csp_report: 'other',
  websocket: 'other',
  webbundle: 'other',
  web_manifest: 'other',
  xslt: 'stylesheet',
  xml_dtd: 'other',
  speculative: 'other',
  other: 'other',
};

/** Returns the kind of a webRequest `type` (`xmlhttprequest` → fetch, `sub_frame` → frame); unknown → other. */
export function classifyRequestType(type: string): ResourceType {
  return Object.hasOwn(BY_REQUEST_TYPE, type) ? (BY_REQUEST_TYPE[type] as ResourceType) : 'other';
}

/** Resource Timing `initiatorType` values → the popup's kinds. */
const BY_INITIATOR_TYPE: Readonly<Record<string, ResourceType>> = {
  script: 'script',
  link: 'stylesheet',
  css: 'image',
  img: 'image',
  image: 'image',
  input: 'image',
  video: 'media',
  audio: 'media',
  track: 'media',
  xmlhttprequest: 'fetch',
  fetch: 'fetch',
  beacon: 'other',
  iframe: 'frame',
  frame: 'frame',
  embed: 'other',
  object: 'other',
  other: 'other',
};

/**
 * Returns the kind of a Resource Timing `initiatorType`. It names the initiator, not the response:
 * `link` is most often a stylesheet, `css` a url() in a stylesheet (an image or a font: a file
 * name ending in a font extension is counted as a font).
 */
export function classifyInitiatorType(initiatorType: string, url: string): ResourceType {
  const kind = Object.hasOwn(BY_INITIATOR_TYPE, initiatorType)
    ? (BY_INITIATOR_TYPE[initiatorType] as ResourceType)
    : 'other';
  if ((initiatorType === 'css' || initiatorType === 'link') && FONT_FILE.test(pathOf(url))) return 'font';
  return kind;
}

const FONT_FILE = /\.(?:woff2?|ttf|otf|eot)$/i;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * Returns true when a crawler could fetch `url` and a robots.txt governs it: an absolute http: or
 * https: URL. data:, blob:, extension, browser and file URLs are left out.
 */
export function isCrawlerResource(url: string): boolean {
  if (!/^https?:/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
