import type { browser } from 'wxt/browser';

declare global {
  /** Functions passed to a worker's or popup's `evaluate` run in the extension, where `chrome` exists. */
  const chrome: typeof browser;
}
