import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { errorWords } from '../../lib/shared/error-words';

const FEEDBACK_MS = 2000;

export interface CopyButtonProps {
  /** Visible label, e.g. "Copy rule". */
  readonly label: string;
  /** The text to copy, computed when clicked; null disables the button (nothing to copy yet). */
  readonly text: (() => string) | null;
  /** Writes the text to the clipboard; rejects when it could not. */
  readonly onCopy: (text: string) => Promise<void>;
  readonly testId?: string;
}

/** A button that copies text and says "Copied" (or why it could not) for a moment. */
export function CopyButton({ label, text, onCopy, testId }: CopyButtonProps) {
  const status = useSignal<'idle' | 'copied' | 'failed'>('idle');
  const error = useSignal('');

  useEffect(() => {
    if (status.value === 'idle') return undefined;
    const timer = setTimeout(() => (status.value = 'idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [status.value]);

  const handleClick = () => {
    if (text === null) return;
    onCopy(text()).then(
      () => (status.value = 'copied'),
      (cause: unknown) => {
        error.value = errorWords(cause);
        status.value = 'failed';
      },
    );
  };

  return (
    <span class="copy">
      <button type="button" class="small" onClick={handleClick} data-testid={testId} disabled={text === null}>
        {label}
      </button>
      <span class="copy-status" role="status">
        {status.value === 'copied' ? 'Copied' : status.value === 'failed' ? `Could not copy: ${error.value}` : ''}
      </span>
    </span>
  );
}
