export interface ProbeLinkProps {
  readonly origin: string;
  readonly pageUrl: string;
}

/**
 * "Probe": opens the workbench for this page in a new tab and probes it at once, as the browser
 * and as each crawler of the probe's set; nothing is fetched until this is clicked.
 */
export function ProbeLink({ origin, pageUrl }: ProbeLinkProps) {
  const query = new URLSearchParams({ origin, url: pageUrl, probe: 'run' }).toString();
  return (
    <a
      class="small test-change"
      role="button"
      href={`/workbench.html?${query}`}
      target="_blank"
      rel="noopener"
      data-testid="probe"
      title="Fetch this page and its robots.txt again as Googlebot, Bingbot, GPTBot, ClaudeBot, PerplexityBot and the selected crawler, and compare what the site answers each"
    >
      Probe
    </a>
  );
}
