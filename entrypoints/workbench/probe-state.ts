/**
 * The probe's state in the workbench: which crawlers to probe (the default set plus the selected
 * crawler, changeable), and the probe itself, run only when the user asks.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import { DEFAULT_PROBE_TOKENS, probeTokens } from '../../lib/probe/user-agents';
import type { ProbePanelPhase } from '../../components/probe/model';
import type { ProtocolClient } from '../../lib/protocol/messages';
import { errorWords } from '../../lib/shared/error-words';

export interface ProbeState {
  /** The tokens probed, in order. */
  readonly agents: ReadonlySignal<readonly string[]>;
  readonly phase: ReadonlySignal<ProbePanelPhase>;
  /** Adds the selected crawler to the default set (once the settings are read). */
  start(): Promise<void>;
  /** Adds or removes a crawler from the set. */
  toggle(token: string): void;
  /** Makes the set exactly `tokens` (the quick choices). */
  setAgents(tokens: readonly string[]): void;
  /** Probes the page as the browser and each crawler of the set. */
  run(): Promise<void>;
}

export interface ProbeDeps {
  readonly client: ProtocolClient;
  /** The page probed. */
  readonly pageUrl: string;
}

/** Returns the probe's state for `deps.pageUrl`. */
export function createProbeState(deps: ProbeDeps): ProbeState {
  const { client, pageUrl } = deps;
  const agents = signal<readonly string[]>(probeTokens(null));
  const phase = signal<ProbePanelPhase>({ kind: 'idle' });
  return {
    agents,
    phase,
    async start() {
      try {
        const settings = await client.getSettings({});
        agents.value = probeTokens(settings.crawler, DEFAULT_PROBE_TOKENS);
      } catch {
        // The default set stays: the settings only add the selected crawler.
      }
    },
    toggle(token) {
      agents.value = agents.value.includes(token) ? agents.value.filter((t) => t !== token) : [...agents.value, token];
    },
    setAgents(tokens) {
      agents.value = [...tokens];
    },
    async run() {
      if (phase.value.kind === 'running') return;
      const asked = agents.value;
      phase.value = { kind: 'running', agents: asked };
      try {
        phase.value = { kind: 'done', report: await client.probe({ pageUrl, agents: [...asked] }) };
      } catch (error) {
        phase.value = { kind: 'error', message: errorWords(error) };
      }
    },
  };
}
