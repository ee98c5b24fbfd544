/**
 * A Vite plugin that keeps `innerHTML` out of the built extension. Preact's renderer carries one
 * code path that writes raw HTML (the `dangerouslySetInnerHTML` prop), which addons.mozilla.org's
 * linter flags as UNSAFE_VAR_ASSIGNMENT in every chunk Preact lands in. Robotscope never renders raw
 * HTML, so that branch is rewritten to throw; a build whose output still holds `innerHTML` fails.
 */
import type { Plugin } from 'vite';

/**
 * Preact's minified branch (preact 10 and 11): `(hydrating || old && (new.__html == old.__html ||
 * new.__html == dom.innerHTML) || (dom.innerHTML = new.__html), …`, with any one-letter names.
 */
const PREACT_INNER_HTML =
  /\(([\w$]+)\|\|([\w$]+)&&\(([\w$]+)\.__html==\2\.__html\|\|\3\.__html==([\w$]+)\.innerHTML\)\|\|\(\4\.innerHTML=\3\.__html\),/;

/**
 * What the rewritten branch does if a component ever passes `dangerouslySetInnerHTML`; it opens
 * with the parenthesis of the comma expression the pattern's first `(` took.
 */
const REFUSAL = '((()=>{throw Error("Robotscope renders no raw HTML: dangerouslySetInnerHTML is not supported")})(),';

/** Returns `code` (Preact's module) with its innerHTML branch replaced by a refusal; null when the branch is not there. */
export function rewritePreactInnerHtml(code: string): string | null {
  return PREACT_INNER_HTML.test(code) ? code.replace(PREACT_INNER_HTML, REFUSAL) : null;
}

/** Returns the plugin: Preact's innerHTML branch rewritten, and the build failed on any innerHTML left. */
export function noInnerHtml(): Plugin {
  return {
    name: 'robotscope:no-inner-html',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]preact[\\/]dist[\\/]preact\.m?js$/.test(id.split('?')[0] ?? '')) return null;
      const rewritten = rewritePreactInnerHtml(code);
      if (rewritten === null) this.error(`no-inner-html: Preact's innerHTML branch not found in ${id} (a new Preact?)`);
      return { code: rewritten, map: null };
    },
    generateBundle(_options, bundle) {
      const offenders = Object.values(bundle).filter(
        (item) => item.type === 'chunk' && item.code.includes('innerHTML'),
      );
      if (offenders.length > 0)
        this.error(`no-inner-html: innerHTML left in ${offenders.map((item) => item.fileName).join(', ')}`);
    },
  };
}
