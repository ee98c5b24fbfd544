import { CopyButton } from './CopyButton';

export interface HeaderActionsProps {
  /** The plain-text report of this inspection, for an audit ticket. */
  readonly report: () => string;
  readonly onCopy: (text: string) => Promise<void>;
  /** Opens the inspector in its own window; absent when already popped out. */
  readonly onPopOut: (() => void) | null;
}

/** Copy report and Pop out, next to the verdict. */
export function HeaderActions({ report, onCopy, onPopOut }: HeaderActionsProps) {
  return (
    <div class="header-actions">
      <CopyButton label="Copy report" text={report} onCopy={onCopy} testId="copy-report" />
      {onPopOut ? (
        <button type="button" class="small" onClick={onPopOut} title="Open this inspector in its own window">
          Pop out
        </button>
      ) : null}
    </div>
  );
}
