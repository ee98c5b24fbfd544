import { CRAWLER_USER_AGENTS } from '../../lib/probe/user-agents';
import { ProbeReportView } from './ProbeReportView';
import { countOf } from '../../lib/shared/plural';
import { CrawlerQuickPicks } from '../crawler-quick-picks';
import { UserAgentSources } from './UserAgentSources';
import type { ProbePanelPhase } from './model';

export interface ProbePanelProps {
  readonly pageUrl: string;
  /** The crawler tokens to probe. */
  readonly agents: readonly string[];
  readonly phase: ProbePanelPhase;
  readonly onToggle: (token: string) => void;
  /** Sets the whole list at once (All, None, Search, AI). */
  readonly onSetAgents?: (tokens: string[]) => void;
  readonly onProbe: () => void;
  readonly formatTime: (ms: number) => string;
}

/** The probe: which crawlers, the button, and the report once it ran. Nothing is fetched until the button is pressed. */
export function ProbePanel({ pageUrl, agents, phase, onToggle, onSetAgents, onProbe, formatTime }: ProbePanelProps) {
  const running = phase.kind === 'running';
  return (
    <section class="probe" aria-labelledby="probe-title">
      <h2 id="probe-title">Probe as crawlers</h2>
      <p class="muted">
        Fetch {pageUrl} and its robots.txt again as the browser and as each crawler below (its User-Agent, no cookies),
        and compare what the site answers.
      </p>
      <fieldset class="probe-agents" disabled={running}>
        <legend>Crawlers probed</legend>
        {onSetAgents ? (
          <CrawlerQuickPicks
            tokens={CRAWLER_USER_AGENTS.map((e) => e.token)}
            onPick={onSetAgents}
            list="crawlers probed"
          />
        ) : null}
        {CRAWLER_USER_AGENTS.map((entry) => (
          <label
            key={entry.token}
            title={`${entry.userAgent} (${entry.source.documented ? `from ${entry.operator}’s page` : 'not documented by the operator'}, checked ${entry.checked})`}
          >
            <input
              type="checkbox"
              data-testid="probe-agent"
              value={entry.token}
              checked={agents.includes(entry.token)}
              onChange={() => onToggle(entry.token)}
            />{' '}
            {entry.token}
          </label>
        ))}
      </fieldset>
      <UserAgentSources />
      <button type="button" data-testid="probe" disabled={running || agents.length === 0} onClick={onProbe}>
        {running ? 'Probing…' : `Probe as ${countOf(agents.length, 'crawler')}`}
      </button>
      {phase.kind === 'running' ? (
        <p class="muted" aria-busy="true">
          Fetching as the browser, then as {phase.agents.join(', ')}, one after another…
        </p>
      ) : phase.kind === 'error' ? (
        <p class="notice error" role="alert">
          The probe could not run: {phase.message}
        </p>
      ) : phase.kind === 'done' ? (
        <ProbeReportView report={phase.report} formatTime={formatTime} />
      ) : null}
    </section>
  );
}
