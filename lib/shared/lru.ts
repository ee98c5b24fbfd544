/**
 * A small least-recently-used map: the worker keeps the last few parsed files and records this
 * way, so a hot origin costs no storage read or parse while memory stays bounded.
 */

export interface Lru<K, V> {
  /** Returns the value kept for `key` (without making it more recent), or undefined. */
  peek(key: K): V | undefined;
  /** Keeps `value` as the most recent; the least recent entry goes when there are more than the capacity. */
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

/** Returns an empty LRU map holding at most `capacity` entries (≥ 1). */
export function createLru<K, V>(capacity: number): Lru<K, V> {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`LRU capacity must be a whole number ≥ 1, not ${capacity}`);
  // A Map iterates in insertion order: re-inserting on set makes its first key the least recent.
  const entries = new Map<K, V>();
  return {
    peek: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as K);
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
