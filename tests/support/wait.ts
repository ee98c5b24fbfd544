/**
 * Waiting in the real-browser tests, one copy for both browsers: poll a probe until it gives a
 * value, or until a text matches. A timeout names what was awaited and the last thing seen.
 */

const POLL_MS = 50;
const TEXT_POLL_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Returns the first value `probe` gives other than null/undefined, polling every 50 ms; a timeout names `what`. */
export async function pollFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== null && value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
    }
    await sleep(POLL_MS);
  }
}

/**
 * Returns the text `read` gives once it matches `pattern`, polling every 20 ms (default 15 s).
 * A timeout names what was awaited and the last text seen.
 */
export async function waitForText(
  what: string,
  read: () => Promise<string | null>,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  let lastError: unknown;
  while (Date.now() < deadline) {
    last = await read().catch((error: unknown) => {
      lastError = error;
      return null;
    });
    if (last !== null && pattern.test(last)) return last;
    await sleep(TEXT_POLL_MS);
  }
  throw new Error(`timed out waiting for ${what} to match ${pattern}; last: ${JSON.stringify(last)}`, {
    cause: lastError,
  });
}

/** `waitForText` under the short name the tests read best: `await until('the verdict', read, /Blocked/)`. */
export const until = waitForText;
