/**
 * View-model types the options page's components render and its state (entrypoints/options/state.ts)
 * makes: the state imports these, never a component.
 */

/** A crawler the select offers. */
export interface CrawlerChoice {
  readonly token: string;
  readonly label: string;
}
