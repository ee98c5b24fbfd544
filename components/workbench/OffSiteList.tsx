import { describeOffSiteReason, type OffSiteGroup } from '../../lib/sitemaps';
import { countOf } from '../../lib/shared/plural';

export interface OffSiteListProps {
  /** Sitemaps on other origins that the last load did not follow, by origin. */
  readonly groups: readonly OffSiteGroup[];
  /** True while sitemaps load (Fetch waits). */
  readonly loading: boolean;
  /** Fetches the sitemaps of one origin: an explicit click, per origin. */
  readonly onFetch: (origin: string) => void;
}

/** Returns how an origin is named in the list: its host (and port), or the whole origin when the scheme is the difference. */
function nameOrigin(group: OffSiteGroup): string {
  if (group.reason === 'other-scheme' || group.reason === 'not-http') return group.origin;
  try {
    return new URL(group.origin).host;
  } catch {
    return group.origin;
  }
}

/** The sitemaps not followed: "not followed: <host> — <reason>", with a Fetch button where a click may fetch them. */
export function OffSiteList({ groups, loading, onFetch }: OffSiteListProps) {
  if (groups.length === 0) return null;
  return (
    <div class="wb-off-site" data-testid="off-site">
      <p>
        Sitemaps on other sites were not followed: a site's sitemaps are read only on its own origin (the sitemaps
        protocol's rule), so a sitemap cannot send the workbench to another server from your network.
      </p>
      <ul>
        {groups.map((group) => {
          const host = nameOrigin(group);
          return (
            <li key={group.origin} data-testid="off-site-group" data-origin={group.origin}>
              not followed: <code>{host}</code> — {describeOffSiteReason(group.reason)} (
              {countOf(group.count, 'sitemap')}, such as <code>{group.examples[0]}</code>){' '}
              {group.fetchable ? (
                <button
                  type="button"
                  class="small"
                  data-testid="fetch-off-site"
                  aria-label={`Fetch the sitemaps on ${host}`}
                  disabled={loading}
                  onClick={() => onFetch(group.origin)}
                >
                  Fetch
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
