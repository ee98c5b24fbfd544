import { CopyButton } from './CopyButton';

export interface HeaderActionsProps {
  /** The plain-text report of this inspection, for an audit ticket. */
  readonly report: () => string;
  readonly onCopy: (text: string) => Promise<void>;
  /** Opens the inspector in its own window; absent when already popped out. */
  readonly onPopOut: (() => void) | null;
  /** Whether the long page URL is shown whole; null when the URL is short enough not to clamp. */
  readonly urlOpen?: boolean | null;
  readonly onToggleUrl?: () => void;
}

/** Copy report, Pop out and (for a long page URL) Full URL, next to the verdict. */
export function HeaderActions({ report, onCopy, onPopOut, urlOpen = null, onToggleUrl }: HeaderActionsProps) {
  return (
    <div class="header-actions">
      {urlOpen !== null && onToggleUrl ? (
        <button
          type="button"
          class="small"
          data-testid="toggle-url"
          aria-expanded={urlOpen}
          onClick={onToggleUrl}
          title="The page URL is clamped to two lines; show it whole"
        >
          {urlOpen ? 'Clamp URL' : 'Full URL'}
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
