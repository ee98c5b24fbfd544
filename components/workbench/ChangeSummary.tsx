import type { CrawlerPreset } from '../../lib/robots';
import { type ChangeGroup, type CrawlerChange, describeCrawlerSet, nameCrawlerSet } from '../../lib/workbench';
import { countOf, formatNumber } from '../../lib/shared/plural';

export interface ChangeSummaryProps {
  readonly sentence: string;
  /** The crawlers grouped by identical change (groupChanges), changed groups first. */
  readonly groups: readonly ChangeGroup[];
  /** Each crawler's counts, in table order. */
  readonly changes: readonly CrawlerChange[];
  /** The presets evaluated, in table order (a group is named from them). */
  readonly crawlers: readonly CrawlerPreset[];
  readonly urlCount: number;
  /** Shows only this crawler's rows in the table. */
  readonly onPickCrawler: (index: number) => void;
}

/** Returns "12" or "3–12" for the fewest and most URLs a group's members have blocked. */
function formatRange(range: { readonly min: number; readonly max: number }): string {
  return range.min === range.max ? formatNumber(range.min) : `${formatNumber(range.min)}–${formatNumber(range.max)}`;
}

/** Returns what a group's change is, in words: "Blocks 334 URLs and unblocks 3 URLs", or "No change". */
function describeGroupChange(group: ChangeGroup): string {
  const verbs = [
    group.blockedNow > 0 ? `blocks ${countOf(group.blockedNow, 'URL')}` : null,
    group.unblockedNow > 0 ? `unblocks ${countOf(group.unblockedNow, 'URL')}` : null,
  ].filter((v) => v !== null);
  const text = verbs.length === 0 ? 'no change' : verbs.join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The change summary: one sentence, then one line per group of crawlers the draft changes alike. */
export function ChangeSummary({ sentence, groups, changes, crawlers, urlCount, onPickCrawler }: ChangeSummaryProps) {
  return (
    <div class="wb-summary">
      <p class="wb-sentence" data-testid="change-sentence">
        {sentence}
      </p>
      <ul class="wb-groups">
        {groups.map((group) => {
          const members = group.members.map((c) => crawlers[c]).filter((c): c is CrawlerPreset => c !== undefined);
          const isChanged = group.blockedNow + group.unblockedNow > 0;
          return (
            <li
              key={group.members.join(',')}
              data-testid="change-group"
              data-crawlers={members.map((c) => c.token).join(' ')}
              data-blocked-now={group.blockedNow}
              data-unblocked-now={group.unblockedNow}
              class={isChanged ? 'changed' : ''}
            >
              <span class={group.blockedNow > 0 ? 'blocked' : group.unblockedNow > 0 ? 'allowed' : 'muted'}>
                {describeGroupChange(group)}
              </span>{' '}
              for{' '}
              {members.length === 1 ? (
                <CrawlerItem index={group.members[0] as number} changes={changes} onPickCrawler={onPickCrawler} />
              ) : (
                <span title={nameCrawlerSet(members).full}>{describeCrawlerSet(members, { tested: crawlers })}</span>
              )}
              <span class="muted">
                {' '}
                · blocked today {formatRange(group.blockedLive)} of {formatNumber(urlCount)}, with the draft{' '}
                {formatRange(group.blockedDraft)}
              </span>
              <CrawlerList group={group} changes={changes} onPickCrawler={onPickCrawler} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One crawler by name, a link to its rows, with its counts as data. */
function CrawlerItem({
  index,
  changes,
  onPickCrawler,
}: { index: number } & Pick<ChangeSummaryProps, 'changes' | 'onPickCrawler'>) {
  const change = changes[index];
  if (change === undefined) return null;
  return (
    <span
      data-testid="change-summary"
      data-crawler={change.token}
      data-blocked-now={change.blockedNow}
      data-unblocked-now={change.unblockedNow}
    >
      <button type="button" class="link" onClick={() => onPickCrawler(index)} title="Show this crawler's rows">
        {change.name}
      </button>
    </span>
  );
}

/** A group's crawlers by name, each a link to its rows (groups of two or more; one is named in its line). */
function CrawlerList({
  group,
  changes,
  onPickCrawler,
}: { group: ChangeGroup } & Pick<ChangeSummaryProps, 'changes' | 'onPickCrawler'>) {
  if (group.members.length < 2) return null;
  return (
    <ul class="wb-group-crawlers" aria-label={`The ${countOf(group.members.length, 'crawler')}`}>
      {group.members.map((index) => (
        <li key={index}>
          <CrawlerItem index={index} changes={changes} onPickCrawler={onPickCrawler} />
        </li>
      ))}
    </ul>
  );
}
