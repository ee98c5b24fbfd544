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
}

/** Shown while the worker fetches robots.txt. */
export function LoadingCard({ message }: LoadingCardProps) {
  return (
    <section class="card loading-card" aria-busy="true" data-testid="loading">
      <p class="verdict-word">
        <span class="spinner" aria-hidden="true" /> {message}
      </p>
    </section>
  );
}
