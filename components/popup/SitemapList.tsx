import type { Sitemap } from '../../lib/robots/types';
import { isHttpUrl } from './format';

export interface SitemapListProps {
  readonly sitemaps: readonly Sitemap[];
}

const FLAGS: Record<Exclude<Sitemap['validity'], 'absolute'>, string> = {
  relative: 'relative URL: the Sitemap directive needs an absolute URL, crawlers may ignore it',
  malformed: 'not a valid http(s) URL: crawlers ignore it',
};

/** The file's Sitemap lines: absolute http(s) URLs as links, anything else as flagged text. */
export function SitemapList({ sitemaps }: SitemapListProps) {
  if (sitemaps.length === 0) return <p class="muted">No Sitemap lines in this file.</p>;
  return (
    <ul class="sitemaps">
      {sitemaps.map((s) => {
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
  );
}
