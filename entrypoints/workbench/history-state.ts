/**
 * The history view's state (shown in the workbench page with `view=history`): the origin's versions
 * from the worker, the two picked for comparison, their diff and verdict changes (computed here, off
 * the worker), and download / draft actions.
 */
import { batch, type ReadonlySignal, signal } from '@preact/signals';
import type { Comparison } from '../../components/history/model';
import type { VersionMeta } from '../../lib/history/api';
import { diffVersions } from '../../lib/shared/version-diff';
import { type KeptBody, readKeptBody } from '../../lib/history/record';
import { crawlerTokens, prepareVersion, verdictChanges } from '../../lib/history/verdicts';
import type { ProtocolClient } from '../../lib/protocol/messages';
import { buildEvidenceBundle, type EvidenceVersion } from '../../lib/history/evidence';
import { countOf } from '../../lib/shared/plural';
import { savedFileName } from '../../lib/shared/file-name';
import { errorWords } from '../../lib/shared/error-words';

/** Returns the SHA-256 of `bytes` in lower-case hex (Web Crypto). */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a draft started from a version holds (the workbench adds it to the origin's drafts). */
export interface HistoryDraft {
  readonly origin: string;
  readonly text: string;
  /** The version it starts from. */
  readonly fromSeq: number;
  readonly fromStatus: string;
  /** Epoch ms that version was first seen. */
  readonly fromFirstSeen: number;
  /** Epoch ms the draft was made. */
  readonly createdAt: number;
}

export interface HistoryPagePlatform {
  /** Saves a file: a version's bytes as fetched, or its text for a version kept as text; `type` for a ZIP. */
  download(fileName: string, content: string | Uint8Array, type?: string): void;
  /** Adds the draft to the workbench's drafts of the origin and opens it. */
  startDraft(draft: HistoryDraft): Promise<void>;
  now(): number;
}

export type HistoryPagePhase =
  { readonly kind: 'loading' } | { readonly kind: 'error'; readonly message: string } | { readonly kind: 'ready' };

export interface HistoryPageState {
  readonly phase: ReadonlySignal<HistoryPagePhase>;
  readonly versions: ReadonlySignal<readonly VersionMeta[]>;
  readonly selection: ReadonlySignal<{ readonly from: number | null; readonly to: number | null }>;
  readonly comparison: ReadonlySignal<Comparison>;
  readonly message: ReadonlySignal<string | null>;
  start(): Promise<void>;
  select(side: 'from' | 'to', seq: number): Promise<void>;
  download(seq: number): Promise<void>;
  draft(seq: number): Promise<void>;
  /** Downloads the evidence bundle: every kept version, its hashes, Use answers and diffs, and the latest probe. */
  downloadEvidence(): Promise<void>;
  /** Returns a kept version's body, or null when the bounds dropped it. */
  text(seq: number): Promise<string | null>;
}

export interface HistoryPageDeps {
  readonly client: ProtocolClient;
  /** The origin whose history is shown. */
  readonly origin: string;
  /** The URL the verdicts are for. */
  readonly pageUrl: string;
  readonly platform: HistoryPagePlatform;
}

/** Returns the history page's state for `deps.origin`, verdicts for `deps.pageUrl`. */
export function createHistoryPageState(deps: HistoryPageDeps): HistoryPageState {
  const { client, platform } = deps;
  const target = { origin: deps.origin, pageUrl: deps.pageUrl };
  const phase = signal<HistoryPagePhase>({ kind: 'loading' });
  const versions = signal<readonly VersionMeta[]>([]);
  const selection = signal<{ from: number | null; to: number | null }>({ from: null, to: null });
  const comparison = signal<Comparison>({ kind: 'none' });
  const message = signal<string | null>(null);
  const bodies = new Map<number, Promise<string | null>>();
  let customTokens: readonly string[] = [];
  let compareId = 0;

  function body(seq: number): Promise<string | null> {
    let found = bodies.get(seq);
    if (found === undefined) {
      found = client.historyVersion({ origin: target.origin, seq }).then((v) => v?.body ?? null);
      found.catch(() => bodies.delete(seq));
      bodies.set(seq, found);
    }
    return found;
  }

  async function compare(): Promise<void> {
    const { from, to } = selection.value;
    const older = versions.value.find((v) => v.seq === from);
    const newer = versions.value.find((v) => v.seq === to);
    if (older === undefined || newer === undefined) {
      comparison.value = { kind: 'none' };
      return;
    }
    const id = ++compareId;
    comparison.value = { kind: 'loading' };
    try {
      const [a, b] = await Promise.all([body(older.seq), body(newer.seq)]);
      if (id !== compareId) return;
      if (a === null || b === null) {
        comparison.value = {
          kind: 'error',
          message: 'One of these versions is no longer kept (the history bounds dropped it).',
        };
        return;
      }
      const tokens = crawlerTokens(customTokens);
      comparison.value = {
        kind: 'ready',
        from: older,
        to: newer,
        diff: diffVersions(readKeptBody(older, a).text, readKeptBody(newer, b).text),
        verdicts: verdictChanges(prepareVersion(older, a), prepareVersion(newer, b), target.pageUrl, tokens),
        crawlers: tokens.length,
      };
    } catch (error) {
      if (id === compareId) comparison.value = { kind: 'error', message: `Could not compare: ${errorWords(error)}` };
    }
  }

  async function withBody(
    seq: number,
    use: (meta: VersionMeta, kept: KeptBody) => Promise<void> | void,
  ): Promise<void> {
    const meta = versions.value.find((v) => v.seq === seq);
    try {
      const stored = await body(seq);
      if (meta === undefined || stored === null) {
        message.value = `Version #${seq} is no longer kept.`;
        return;
      }
      await use(meta, readKeptBody(meta, stored));
    } catch (error) {
      message.value = `Could not read version #${seq}: ${errorWords(error)}`;
    }
  }

  return {
    phase,
    versions,
    selection,
    comparison,
    message,
    async start() {
      phase.value = { kind: 'loading' };
      try {
        const [listing, settings] = await Promise.all([
          client.historyList({ origin: target.origin }),
          client.getSettings({}),
        ]);
        customTokens = settings.customTokens;
        batch(() => {
          versions.value = listing.versions;
          // The two newest, older on the left.
          selection.value = { from: listing.versions[1]?.seq ?? null, to: listing.versions[0]?.seq ?? null };
          phase.value = { kind: 'ready' };
        });
        await compare();
      } catch (error) {
        phase.value = { kind: 'error', message: errorWords(error) };
      }
    },
    async select(side, seq) {
      selection.value = { ...selection.value, [side]: seq };
      await compare();
    },
    download: (seq) =>
      withBody(seq, (meta, kept) => {
        // The bytes as the server sent them; a version kept as text before, as text.
        platform.download(
          savedFileName({
            site: target.origin,
            label: `v${meta.seq} ${meta.status}`,
            date: meta.firstSeen,
            extension: 'txt',
          }),
          meta.form === 'bytes' ? kept.bytes : kept.text,
        );
        message.value = `Version #${seq} downloaded.`;
      }),
    async downloadEvidence() {
      message.value = 'Making the evidence bundle…';
      try {
        const [settings, probe] = await Promise.all([
          client.getSettings({}),
          client.lastProbe({ origin: target.origin }),
        ]);
        const kept: EvidenceVersion[] = [];
        // Oldest first; a version the bounds dropped meanwhile is left out.
        for (const meta of [...versions.value].reverse()) {
          const stored = await body(meta.seq);
          if (stored !== null) kept.push({ meta, stored });
        }
        const crawlers = [
          ...new Set([
            settings.crawler,
            ...(probe?.rows ?? []).map((row) => row.agent).filter((agent) => agent !== 'browser'),
          ]),
        ];
        const createdAt = platform.now();
        const { zip, manifest } = await buildEvidenceBundle({
          origin: target.origin,
          pageUrl: target.pageUrl,
          createdAt,
          versions: kept,
          crawlers,
          probe,
          digest: sha256Hex,
        });
        platform.download(
          savedFileName({ site: target.origin, kind: 'evidence', date: createdAt, extension: 'zip' }),
          zip,
          'application/zip',
        );
        message.value = `Evidence bundle downloaded: ${countOf(kept.length, 'version')}, ${countOf(manifest.files.length + 1, 'file')}${probe === null ? '' : ', with the latest probe'}.`;
      } catch (error) {
        message.value = `Could not make the evidence bundle: ${errorWords(error)}`;
      }
    },
    async text(seq) {
      const meta = versions.value.find((v) => v.seq === seq);
      const stored = await body(seq);
      return meta === undefined || stored === null ? null : readKeptBody(meta, stored).text;
    },
    draft: (seq) =>
      withBody(seq, async (meta, kept) => {
        await platform.startDraft({
          origin: target.origin,
          text: kept.text,
          fromSeq: meta.seq,
          fromStatus: meta.status,
          fromFirstSeen: meta.firstSeen,
          createdAt: platform.now(),
        });
        message.value = `A draft was started from version #${seq}.`;
      }),
  };
}
