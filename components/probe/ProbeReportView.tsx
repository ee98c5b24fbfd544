import { robotsDiffers } from '../../lib/probe/report';
import type { ProbeReport, ProbeRow } from '../../lib/probe/types';

function robotsCell(row: ProbeRow): string {
  const status = /^\d+$/.test(row.robotsStatus) ? `HTTP ${row.robotsStatus}` : row.robotsStatus;
  switch (row.robots.kind) {
    case 'allowed':
      return `${status} · allows`;
    case 'blocked':
      return `${status} · blocks${row.robots.line === null ? '' : ` (line ${row.robots.line})`}`;
    case 'no-file':
      return `${status} · no file`;
    case 'unreachable':
      return `${status} · unreachable`;
    case 'not-judged':
      return status;
  }
}

function pageCell(row: ProbeRow): string {
  const hops = row.hops.map((h) => `${h.status} → `).join('');
  return row.pageStatus === null ? `${hops}no answer` : `${hops}HTTP ${row.pageStatus}`;
}

/** A probe's report: one line per agent at the top, the limits, then the rows side by side with their findings. */
export function ProbeReportView({ report, formatTime }: { report: ProbeReport; formatTime: (ms: number) => string }) {
  const crawlers = report.rows.filter((row) => row.agent !== 'browser');
  return (
    <div class="probe-report">
      <ul data-testid="probe-summary" class="probe-summary">
        {crawlers.map((row) => (
          <li key={row.agent}>{row.summary}</li>
        ))}
      </ul>
      <div class="notice warning" role="note" data-testid="probe-limits">
        {report.limits.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <p class="muted">
        {report.pageUrl} and its robots.txt, probed {formatTime(report.startedAt)}.
      </p>
      <table class="probe-table">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">robots.txt</th>
            <th scope="col">Page</th>
            <th scope="col">Findings</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr
              key={row.agent}
              data-testid="probe-row"
              data-agent={row.agent}
              data-robots-status={row.robotsStatus}
              data-page-status={row.pageStatus ?? ''}
              data-edge={row.edge.kind}
              data-robots-differs={String(robotsDiffers(row))}
            >
              <th scope="row" title={row.userAgent ?? 'The browser’s own User-Agent'}>
                {row.name}
              </th>
              <td>{robotsCell(row)}</td>
              <td>{pageCell(row)}</td>
              <td>
                <ul class="probe-findings">
                  {row.findings.map((finding) => (
                    <li key={finding}>{finding}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
