/**
 * The two ways the lenses cut a URL: the href parts of docs/semantics/lens.md §1.2 (path, query, fragment
 * of an absolute href), and the Python-style split of §2.6 (scheme, authority, path, params, query,
 * fragment) that `py-legacy` and `protego` apply to rule values and URLs alike.
 */

/** The parts of an href after the host (§1.2). `query`/`fragment` are null when the URL has no `?`/`#`. */
export interface HrefParts {
  /** From the first `/` after the host to the first `?` or `#`; may be empty. */
  readonly path: string;
  readonly query: string | null;
  readonly fragment: string | null;
}

/**
 * Returns the path, query and fragment of `url`. An absolute URL (`scheme://host…`) loses its
 * scheme and host; anything else is read as starting with its path. Never throws.
 */
export function splitHref(url: string): HrefParts {
  let rest = url;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(url);
  if (scheme !== null) {
    const afterHost = scheme[0].length;
    let end = url.length;
    for (let i = afterHost; i < url.length; i++) {
      const c = url.charCodeAt(i);
      if (c === 0x2f || c === 0x3f || c === 0x23) {
        end = i;
        break;
      }
    }
    rest = url.slice(end);
  }
  const hash = rest.indexOf('#');
  const fragment = hash < 0 ? null : rest.slice(hash + 1);
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const question = beforeHash.indexOf('?');
  return {
    path: question < 0 ? beforeHash : beforeHash.slice(0, question),
    query: question < 0 ? null : beforeHash.slice(question + 1),
    fragment,
  };
}

/** A value split like a URL by Python's `urlparse` (§2.6); empty strings for absent parts. */
export interface PythonUrlParts {
  /** `scheme:` when the value starts with one, else empty. */
  readonly scheme: string;
  /** The authority after `//`, or null when there is no `//`. */
  readonly authority: string | null;
  readonly path: string;
  readonly params: string;
  readonly query: string;
  readonly fragment: string;
}

const SCHEME_CHARS = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/** Tab, CR and LF: `urlsplit` removes them from the whole value first (WHATWG URL rules, `_UNSAFE_URL_BYTES_TO_REMOVE`). */
const UNSAFE_URL_CHARS = /[\t\r\n]/g;

/**
 * Returns `value` split as §2.6 says: tab, CR and LF removed everywhere (so `Disallow: /a<TAB>b`
 * reads `/ab`), then the fragment from the first `#`, the query from the first `?` before it, a
 * leading `scheme:` (a letter, then letters, digits, `+ - .`), a `//authority` up to the next `/`,
 * and the params from the first `;` of the path's last segment.
 */
export function splitPythonUrl(raw: string): PythonUrlParts {
  const value = raw.replace(UNSAFE_URL_CHARS, '');
  const hash = value.indexOf('#');
  const fragment = hash < 0 ? '' : value.slice(hash + 1);
  let rest = hash < 0 ? value : value.slice(0, hash);
  const question = rest.indexOf('?');
  const query = question < 0 ? '' : rest.slice(question + 1);
  if (question >= 0) rest = rest.slice(0, question);
  let scheme = '';
  const colon = rest.indexOf(':');
  if (colon > 0 && SCHEME_CHARS.test(rest.slice(0, colon))) {
    scheme = rest.slice(0, colon + 1);
    rest = rest.slice(colon + 1);
  }
  let authority: string | null = null;
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    rest = slash < 0 ? '' : rest.slice(slash);
  }
  let params = '';
  const semicolon = rest.indexOf(';', rest.lastIndexOf('/') + 1);
  if (semicolon >= 0) {
    params = rest.slice(semicolon + 1);
    rest = rest.slice(0, semicolon);
  }
  return { scheme, authority, path: rest, params, query, fragment };
}

/** Returns path + `;params` + `?query` + `#fragment`, each of the last three only when non-empty (§2.6). */
export function joinPythonTail(path: string, params: string, query: string, fragment: string): string {
  let out = path;
  if (params !== '') out += ';' + params;
  if (query !== '') out += '?' + query;
  if (fragment !== '') out += '#' + fragment;
  return out;
}

/**
 * Returns `read` remembering its last answer: the workbench asks each of a lens's readers the same
 * URL one after another, and each would otherwise rebuild the URL's match text.
 */
export function rememberLast<R>(read: (url: string) => R): (url: string) => R {
  let lastUrl: string | null = null;
  let last: R | undefined;
  return (url) => {
    if (url !== lastUrl) {
      last = read(url);
      lastUrl = url;
    }
    return last as R;
  };
}
