/**
 * View-model types the probe panel renders and the workbench's probe state
 * (entrypoints/workbench/probe-state.ts) makes: the state imports these, never the panel.
 */
import type { ProbeReport } from '../../lib/probe/types';

/** Where the probe is: not run, asking as each agent, its report, or why it failed. */
export type ProbePanelPhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running'; readonly agents: readonly string[] }
  | { readonly kind: 'done'; readonly report: ProbeReport }
  | { readonly kind: 'error'; readonly message: string };
