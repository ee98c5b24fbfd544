import type { ContentSignalLine } from '../../lib/directives/content-signals';
import type { CdnMerge } from '../../lib/directives/cdn-merge';
import type { ManagedBlock } from '../../lib/directives/managed-blocks';

export interface ContentSignalsProps {
  readonly lines: readonly ContentSignalLine[];
  readonly blocks: readonly ManagedBlock[];
}

function agentsOf(line: ContentSignalLine): string {
  return line.agents.length === 0 ? 'before any group' : `for User-agent: ${line.agents.join(', ')}`;
}

/** Each Content-Signal / Content-Usage line in words, per group, malformed ones flagged. */
export function ContentSignals({ lines, blocks }: ContentSignalsProps) {
  if (lines.length === 0) return null;
  return (
    <div class="content-signals">
      <h3>Content signals</h3>
      <ul>
        {lines.map((s) => {
          const cdn = blocks.find((b) => s.line >= b.firstLine && s.line <= b.lastLine);
          return (
            <li key={s.line} data-testid="content-signal" data-malformed={s.problems.length > 0 ? 'true' : undefined}>
              <span class="muted">
                Line {s.line}, {s.directive} {agentsOf(s)}
                {s.path !== null ? `, for paths under ${s.path}` : ''}
                {cdn ? ` (added by ${cdn.vendor})` : ''}:
              </span>{' '}
              {s.entries.length > 0
                ? s.entries
                    .map((e) => (e.meaning === null ? `${e.key}=${e.value} (a key we do not know)` : e.meaning))
                    .join('; ')
                : null}
              {s.problems.length > 0 ? <span class="signal-problem"> Malformed: {s.problems.join(' ')}</span> : null}
            </li>
          );
        })}
      </ul>
      <p class="note">
        These lines do not change which URLs may be fetched: Allow and Disallow decide as before. To our knowledge no
        crawler operator documents honouring them.
      </p>
    </div>
  );
}

/** Names the CDN when the groups that applied merge its managed lines with the site's own. */
export function CdnMergeNote({ merge }: { merge: CdnMerge }) {
  const ranges = (list: CdnMerge['cdnGroups']) => list.map(([a, b]) => `${a}–${b}`).join(', ');
  return (
    <p class="note" data-testid="cdn-merge">
      The merged groups come from two places: lines {ranges(merge.cdnGroups)} were added by {merge.vendor} (your CDN),
      not by your server; lines {ranges(merge.ownGroups)} are the site's own. Crawlers read them as one file.
    </p>
  );
}

/** Says which lines of the file a CDN added. */
export function ManagedBlocksNote({ blocks }: { blocks: readonly ManagedBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <>
      {blocks.map((b) => (
        <p key={b.firstLine} class="note cdn-note" data-testid="cdn-block">
          Lines {b.firstLine}–{b.lastLine} were added by {b.vendor} (your CDN&apos;s managed robots.txt), not by your
          server{b.closed ? '' : ': its end marker is missing, so the block runs to the end of the file'}.
        </p>
      ))}
    </>
  );
}
