export interface WorkbenchLinkProps {
  /** Origins worth offering (the cached ones), first few shown as direct links. */
  readonly origins: readonly string[];
}

const MAX_LINKS = 8;

/** The options page's door to the audit workbench: any site, or one of the cached origins. */
export function WorkbenchLink({ origins }: WorkbenchLinkProps) {
  const href = (origin: string) => `/workbench.html?${new URLSearchParams({ origin }).toString()}`;
  return (
    <div class="workbench-link">
      <p>
        Edit a draft robots.txt and see, before you deploy it, which URLs it blocks or unblocks for every crawler:{' '}
        <a href="/workbench.html" target="_blank" rel="noopener" data-testid="options-open-workbench">
          open the workbench
        </a>
        .
      </p>
      {origins.length > 0 ? (
        <p class="hint">
          Or start from a cached site:{' '}
          {origins.slice(0, MAX_LINKS).map((origin, i) => (
            <span key={origin}>
              {i > 0 ? ', ' : null}
              <a href={href(origin)} target="_blank" rel="noopener">
                {origin}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
