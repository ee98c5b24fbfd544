/**
 * Every demo origin, in the order `npm run demo` gives them ports. Each feature adds its origins in
 * a file of its own in this folder and one spread line here.
 */
import { CORE_SITES } from './core';
import { HISTORY_SITES } from './history';
import { HOSTILE_SITES } from './hostile';
import { FIREFOX_SITES } from './firefox';
import { FIRST_SCREEN_SITES } from './first-screen';
import { RESOURCE_SITES } from './resources';
import { INDEXABILITY_SITES } from './indexability';
import { PROBE_SITES } from './probe';
import { LENS_SITES } from './lens';
import type { SiteSpec } from './spec';
import { TRUST_SITES } from './trust';
import { TRUST_UI_SITES } from './trust-ui';
import { WORKBENCH_SITES } from './workbench';

export const SPECS = {
  ...CORE_SITES,
  ...HISTORY_SITES,
  ...FIREFOX_SITES,
  ...TRUST_SITES,
  ...WORKBENCH_SITES,
  ...RESOURCE_SITES,
  ...TRUST_UI_SITES,
  ...INDEXABILITY_SITES,
  ...FIRST_SCREEN_SITES,
  ...PROBE_SITES,
  ...LENS_SITES,
  ...HOSTILE_SITES,
} satisfies Record<string, SiteSpec>;
