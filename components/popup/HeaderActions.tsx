import { CopyButton } from './CopyButton';

export interface HeaderActionsProps {
  /** The plain-text report of this inspection, for an audit ticket; null while it cannot be made yet (button disabled). */
  readonly report: (() => string) | null;
  readonly onCopy: (text: string) => Promise<void>;
  /** Opens the inspector in its own window; absent when already popped out. */
  readonly onPopOut: (() => void) | null;
  /** Whether the pinned verdict is shown whole; null when nothing in it is clipped. */
  readonly expanded?: boolean | null;
  readonly onToggleExpanded?: () => void;
}

/** Copy report, Pop out and (when the pinned verdict clips something) Expand, next to the verdict. */
export function HeaderActions({ report, onCopy, onPopOut, expanded = null, onToggleExpanded }: HeaderActionsProps) {
  return (
    <div class="header-actions">
      {expanded !== null && onToggleExpanded ? (
        <button
          type="button"
          class="small"
          data-testid="toggle-url"
          aria-expanded={expanded}
          onClick={onToggleExpanded}
          title={expanded ? 'Pin less of the verdict' : 'Show the whole verdict card, the full page URL included'}
        >
          {expanded ? 'Collapse' : 'Expand'}
        </button>
      ) : null}
      <CopyButton label="Copy report" text={report} onCopy={onCopy} testId="copy-report" />
      {onPopOut ? (
        <button type="button" class="small" onClick={onPopOut} title="Open this inspector in its own window">
          Pop out
        </button>
      ) : null}
    </div>
  );
}
