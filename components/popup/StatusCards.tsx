export interface ErrorCardProps {
  readonly message: string;
  readonly onRetry: () => void;
}

/** A failure in words, with a Retry button: the popup is never blank. */
export function ErrorCard({ message, onRetry }: ErrorCardProps) {
  return (
    <section class="card error-card" role="alert" data-testid="error">
      <h2>Something went wrong</h2>
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}

export interface LoadingCardProps {
  /** What is being waited for, e.g. "Fetching robots.txt…". */
  readonly message: string;
  /** The robots.txt being fetched, once known. */
  readonly url?: string | null;
  /** Whole seconds since the fetch started. */
  readonly elapsedSeconds?: number;
  /** Stops the fetch; absent when there is nothing to stop. */
  readonly onCancel?: () => void;
  /** Stops the fetch and starts it again. */
  readonly onRetry?: () => void;
}

/** Shown while the worker fetches robots.txt: what is fetched, for how long, and Cancel / Retry. */
export function LoadingCard({ message, url = null, elapsedSeconds = 0, onCancel, onRetry }: LoadingCardProps) {
  return (
    <section class="card loading-card" aria-busy="true" data-testid="loading">
      <p class="verdict-word">
        <span class="spinner" aria-hidden="true" /> {message}
      </p>
      {url !== null ? (
        <p class="url" data-testid="loading-url">
          {url}
        </p>
      ) : null}
      <p class="muted" data-testid="loading-elapsed">
        {elapsedSeconds} s elapsed
      </p>
      {onCancel !== undefined || onRetry !== undefined ? (
        <p>
          {onCancel !== undefined ? (
            <button type="button" data-testid="loading-cancel" onClick={onCancel}>
              Cancel
            </button>
          ) : null}{' '}
          {onRetry !== undefined ? (
            <button type="button" data-testid="loading-retry" onClick={onRetry}>
              Retry
            </button>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

/** A muted, busy line standing in for a part that is still being computed or loaded. */
export function Pending({ what }: { what: string }) {
  return (
    <p class="muted" aria-busy="true">
      {what}
    </p>
  );
}

/**
 * A page robots.txt does not govern (a browser page, a file, an extension page, about:blank): the
 * popup says so, and why, and shows nothing else (no verdict to explain, no crawler to pick).
 */
export function NotApplicableCard({ explanation }: { explanation: string }) {
  return (
    <section class="card not-applicable-card" data-testid="not-applicable">
      <p class="verdict" data-testid="verdict" aria-live="polite">
        <strong class="verdict-word">robots.txt does not apply here</strong>
      </p>
      <p class="muted">{explanation} Robotscope reads the robots.txt of web pages (http and https).</p>
    </section>
  );
}
