import {
  describeCrawlerSet,
  describeLensChange,
  type LensSummary,
  describeUseChangePart,
  type SignalPart,
  type UseChangeGroup,
} from '../../lib/workbench';
import type { CrawlerPreset } from '../../lib/robots';
import { countOf, formatNumber } from '../../lib/shared/plural';
import type { SignalPhase } from './model';

export interface SignalsPanelProps {
  readonly usePhase: SignalPhase;
  readonly lensPhase: SignalPhase;
  /** The crawlers whose Use answers the draft changes alike, grouped as the verdict summary groups (summarizeUseChanges). */
  readonly useLines: readonly UseChangeGroup[];
  /** The presets evaluated, in table order (a group is named from them). */
  readonly crawlers: readonly CrawlerPreset[];
  readonly lensSummary: LensSummary | null;
  readonly onShow: (part: SignalPart) => void;
  /** Stops a running part and turns it off. */
  readonly onStop: (part: SignalPart) => void;
}

/** Progress of a running part in words (with Stop), or its time when ready. */
function PhaseNote({
  phase,
  what,
  testId,
  onStop,
}: {
  phase: SignalPhase;
  what: string;
  testId: string;
  onStop: () => void;
}) {
  if (phase.kind === 'running') {
    return (
      <p class="muted" role="status" data-testid={testId}>
        {what}: {formatNumber(phase.done)} of {formatNumber(phase.total)} URL evaluations…{' '}
        <button type="button" class="small" data-testid={`${testId}-stop`} onClick={onStop}>
          Stop
        </button>
      </p>
    );
  }
  if (phase.kind === 'ready') {
    return (
      <p class="muted" data-testid={testId} data-ms={Math.round(phase.elapsedMs)}>
        {what} in {formatNumber(Math.round(phase.elapsedMs))} ms.
      </p>
    );
  }
  return null;
}

/** The Use answers and the other parsers over the URL set: each computed only once asked for, then what the draft changes. */
export function SignalsPanel({
  usePhase,
  lensPhase,
  useLines,
  crawlers,
  lensSummary,
  onShow,
  onStop,
}: SignalsPanelProps) {
  return (
    <div class="wb-signals">
      <div class="wb-signals-part" data-testid="signals-use">
        <h3>Use: search, AI input and AI training</h3>
        <p class="muted" data-testid="use-note">
          From robots.txt only; page headers and meta are not read for a URL set.
        </p>
        {usePhase.kind === 'off' ? (
          <button type="button" data-testid="show-use" onClick={() => onShow('use')}>
            Show what the draft changes in Use answers
          </button>
        ) : null}
        <PhaseNote phase={usePhase} what="Use answers read" testId="use-status" onStop={() => onStop('use')} />
        {usePhase.kind === 'ready' ? (
          useLines.length === 0 ? (
            <p data-testid="use-none">The draft changes no Use answer.</p>
          ) : (
            <ul class="wb-signal-lines">
              {useLines.map((group) => {
                const members = group.members.map((c) => crawlers[c]).filter((c) => c !== undefined);
                return (
                  <li
                    key={group.members.join(',')}
                    data-testid="use-change"
                    data-crawlers={members.map((c) => c.token).join(' ')}
                    title={members.map((c) => c.name).join(', ')}
                  >
                    Use for {describeCrawlerSet(members, { tested: crawlers })}:{' '}
                    {group.parts.map((part, i) => (
                      <span
                        key={`${part.purposes.join(' ')}-${part.to}-${part.wasBlocked}`}
                        data-testid="use-change-part"
                        data-purposes={part.purposes.join(' ')}
                        data-to={part.to}
                        data-was-blocked={part.wasBlocked}
                        data-count={part.count}
                      >
                        {describeUseChangePart(part)}
                        {i < group.parts.length - 1 ? '; ' : '.'}
                      </span>
                    ))}
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
      </div>
      <div class="wb-signals-part" data-testid="signals-lens">
        <h3>Other parsers</h3>
        <p class="muted">
          Six other robots.txt parsers (Python, Scrapy, Crawlee, Nutch, a strict RFC 9309 reading) read each URL for
          each crawler; where one answers otherwise than Google, the URL diverges.
        </p>
        {lensPhase.kind === 'off' ? (
          <button type="button" data-testid="show-lens" onClick={() => onShow('lens')}>
            Compare other parsers
          </button>
        ) : null}
        <PhaseNote phase={lensPhase} what="Other parsers compared" testId="lens-status" onStop={() => onStop('lens')} />
        {lensPhase.kind === 'ready' && lensSummary !== null ? (
          <>
            <p data-testid="lens-counts">
              Parsers disagree with Google on {countOf(lensSummary.divergentLive, 'URL')} with the live file and on{' '}
              {formatNumber(lensSummary.divergentDraft)} with the draft.
            </p>
            {lensSummary.lines.length === 0 ? (
              <p data-testid="lens-none">The draft neither fixes nor introduces a divergence.</p>
            ) : (
              <ul class="wb-signal-lines">
                {lensSummary.lines.map((line) => (
                  <li
                    key={`${line.kind}-${line.count}-${line.profiles.join(',')}-${line.crawlers.join(',')}`}
                    data-testid="lens-change"
                    data-kind={line.kind}
                    data-count={line.count}
                    title={line.crawlers.join(', ')}
                  >
                    {describeLensChange(line)}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}
