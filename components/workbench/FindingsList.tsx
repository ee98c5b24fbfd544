import type { Finding } from '../../lib/workbench';

/** Audit findings that need no draft, each in words with a few examples. */
export function FindingsList({ findings }: { findings: readonly Finding[] }) {
  if (findings.length === 0)
    return <p class="muted">No finding: the Sitemap lines and sitemap URLs agree with robots.txt.</p>;
  return (
    <ul class="wb-findings">
      {findings.map((f, i) => (
        <li key={i} data-testid="finding" data-code={f.code}>
          {f.message}
          {f.examples.length > 0 ? (
            <details>
              <summary>Examples</summary>
              <ul>
                {f.examples.map((u) => (
                  <li key={u}>
                    <code>{u}</code>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
