import { useSignal } from '@preact/signals';
import type { Sitemap } from '../../lib/robots/types';
import { isHttpUrl } from './format';
import { countOf } from '../../lib/shared/plural';

export interface SitemapListProps {
  readonly sitemaps: readonly Sitemap[];
}

/** Sitemaps drawn before "Show all": a file may list thousands, and the File section comes after. */
const SITEMAPS_SHOWN = 10;

const FLAGS: Record<Exclude<Sitemap['validity'], 'absolute'>, string> = {
  relative: 'relative URL: the Sitemap directive needs an absolute URL, crawlers may ignore it',
  malformed: 'not a valid http(s) URL: crawlers ignore it',
};

const count = (n: number) => countOf(n, 'sitemap');

/**
 * The file's Sitemap lines: absolute http(s) URLs as links, anything else as flagged text. The
 * first ten and the total; the rest on demand.
 */
export function SitemapList({ sitemaps }: SitemapListProps) {
  const expanded = useSignal(false);
  if (sitemaps.length === 0) return <p class="muted">No Sitemap lines in this file.</p>;
  const long = sitemaps.length > SITEMAPS_SHOWN;
  const drawn = long && !expanded.value ? sitemaps.slice(0, SITEMAPS_SHOWN) : sitemaps;
  return (
    <div class="sitemap-list">
      <p class="muted sitemap-total">
        {count(sitemaps.length)}
        {long && !expanded.value ? `, the first ${SITEMAPS_SHOWN} shown` : ''}
        {long ? (
          <>
            {' '}
            <button
              type="button"
              class="small"
              aria-expanded={expanded.value}
              onClick={() => (expanded.value = !expanded.value)}
            >
              {expanded.value
                ? `Show the first ${SITEMAPS_SHOWN}`
                : `Show all ${sitemaps.length.toLocaleString('en-US')}`}
            </button>
          </>
        ) : null}
      </p>
      <ul class="sitemaps">
        {drawn.map((s) => {
          // Only an absolute http(s) URL becomes a link: never a javascript: or data: href.
          const linkable = s.validity === 'absolute' && isHttpUrl(s.url);
          return (
            <li key={`${s.line}`} data-testid="sitemap">
              <span class="line-no">Line {s.line}</span>{' '}
              {linkable ? (
                <a href={s.url} target="_blank" rel="noopener noreferrer" class="url">
                  {s.url}
                </a>
              ) : (
                <>
                  <code class="url">{s.url}</code>{' '}
                  <span class="warning">⚠ {FLAGS[s.validity === 'absolute' ? 'malformed' : s.validity]}</span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
