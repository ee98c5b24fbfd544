/**
 * CDN-managed sections of robots.txt, as the popup's words, the worker and the probe read them. The
 * scanner lives with the Use verdict's readers (lib/usage/managed-blocks.ts), which this folder
 * builds on: lib/usage never imports lib/directives, so the two folders form no cycle.
 */
export { findManagedBlocks, managedLineSet, type ManagedBlock } from '../usage/managed-blocks';
