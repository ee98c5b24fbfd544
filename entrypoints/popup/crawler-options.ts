/**
 * The crawler presets as the picker's options, and the option for any token. Needs the presets
 * only, not the robots.txt engine: the verdict card and the picker use it before the engine loads.
 */
import type { CrawlerOption } from '../../components/popup/model';
import { CRAWLERS, findCrawler } from '../../lib/robots/crawlers';

/** Returns the crawler presets as switcher options. */
export function presetOptions(): CrawlerOption[] {
  return CRAWLERS.map((preset) => ({ ...preset, custom: false }));
}

/** Returns the option for a token: its preset, or a custom entry. */
export function optionForToken(token: string): CrawlerOption {
  const preset = findCrawler(token);
  return preset
    ? { ...preset, custom: false }
    : { token, name: token, operator: 'custom', purpose: 'other', purposeLabel: 'custom token', custom: true };
}
