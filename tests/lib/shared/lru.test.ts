import { describe, expect, it } from 'vitest';
import { createLru } from '../../../lib/shared/lru';

describe('createLru', () => {
  it('keeps at most its capacity, dropping the least recently set entry', () => {
    const lru = createLru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('a', 10); // a is now the most recent
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.peek('b')).toBeUndefined();
    expect(lru.peek('a')).toBe(10);
    expect(lru.peek('c')).toBe(3);
  });

  it('peek does not make an entry more recent', () => {
    const lru = createLru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.peek('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.peek('a')).toBeUndefined();
  });

  it('deletes one entry or all of them', () => {
    const lru = createLru<string, number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.delete('a');
    expect(lru.peek('a')).toBeUndefined();
    lru.clear();
    expect(lru.size).toBe(0);
  });

  it('refuses a capacity that could keep nothing', () => {
    expect(() => createLru(0)).toThrow(RangeError);
    expect(() => createLru(1.5)).toThrow(RangeError);
  });
});
