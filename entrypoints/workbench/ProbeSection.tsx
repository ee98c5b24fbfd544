import { useEffect, useMemo } from 'preact/hooks';
import { ProbePanel } from '../../components/probe/ProbePanel';
import type { ProbeState } from './probe-state';

/** The probe of the workbench's page, folded away unless opened; `run` probes at once (the user pressed Probe in the popup). */
export function ProbeSection({
  pageUrl,
  createProbe,
  onOpen,
  formatTime,
}: {
  pageUrl: string;
  createProbe: (pageUrl: string) => ProbeState;
  onOpen: 'closed' | 'open' | 'run';
  formatTime: (ms: number) => string;
}) {
  const probe = useMemo(() => createProbe(pageUrl), [createProbe, pageUrl]);
  useEffect(() => {
    void probe.start().then(() => (onOpen === 'run' ? probe.run() : undefined));
  }, [probe, onOpen]);
  return (
    <details class="wb-probe" data-testid="probe-section" open={onOpen !== 'closed'}>
      <summary>Probe as crawlers: what the site answers each of them</summary>
      <ProbePanel
        pageUrl={pageUrl}
        agents={probe.agents.value}
        phase={probe.phase.value}
        onToggle={probe.toggle}
        onSetAgents={probe.setAgents}
        onProbe={() => void probe.run()}
        formatTime={formatTime}
      />
    </details>
  );
}
