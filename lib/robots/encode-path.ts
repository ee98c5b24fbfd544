/**
 * Encodes what a person types as a path or URL the way a browser's address bar would, so the
 * matcher (which compares bytes as given, docs/semantics/robots.md §3) sees the URL a crawler would request.
 */

/** Host used to resolve a typed path; never contacted. */
const PLACEHOLDER_ORIGIN = 'http://robotscope.invalid';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Returns `input` percent-encoded as a browser encodes a typed URL: spaces, quotes, `<>`, `` ` ``,
 * `{}` and non-ASCII become UTF-8 `%XX`, existing `%XX` stay, `\` becomes `/`, dot segments are
 * resolved. A URL with a scheme comes back whole (`href`); anything else is read as a path from
 * the site root and comes back as path + query + fragment (`é` → `/%C3%A9`). Never throws.
 */
export function encodePathLikeBrowser(input: string): string {
  try {
    if (SCHEME.test(input)) return new URL(input).href;
    // Concatenating (not resolving against a base) keeps `//x` a path rather than a host.
    const url = new URL(PLACEHOLDER_ORIGIN + (input.startsWith('/') ? '' : '/') + input);
    return url.pathname + url.search + url.hash;
  } catch {
    return encodeByHand(input);
  }
}

const HEX = '0123456789ABCDEF';

/** Percent-encodes controls, space, `"<>`{}` and non-ASCII (as UTF-8) when the URL parser refuses the input. */
function encodeByHand(input: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(input)) {
    const keep = byte > 0x20 && byte < 0x7f && !'"<>`{}'.includes(String.fromCharCode(byte));
    out += keep ? String.fromCharCode(byte) : '%' + HEX[byte >> 4] + HEX[byte & 0xf];
  }
  return out;
}
