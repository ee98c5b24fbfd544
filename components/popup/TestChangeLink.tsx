export interface TestChangeLinkProps {
  readonly origin: string;
  readonly pageUrl: string;
}

/** "Test a change": opens the audit workbench for this origin and page in a new tab. */
export function TestChangeLink({ origin, pageUrl }: TestChangeLinkProps) {
  const query = new URLSearchParams({ origin, url: pageUrl }).toString();
  return (
    <a
      class="small test-change"
      href={`/workbench.html?${query}`}
      target="_blank"
      rel="noopener"
      data-testid="open-workbench"
      title="Edit a draft robots.txt and see what it would block or unblock, for every crawler"
    >
      Test a change
    </a>
  );
}
