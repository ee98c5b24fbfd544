import { describe, expect, it } from 'vitest';
import { checkToken } from '../../components/token-check';

describe('checkToken', () => {
  it.each([
    { token: 'MyBot', kind: 'valid', source: 'robots.md §2: a token is [A-Za-z_-]+' },
    { token: '  MyBot\t', kind: 'valid', source: 'ASCII white space around a typed token is not part of it' },
    { token: 'MJ12bot', kind: 'unmatchable', source: 'robots.md §2: Google reads the name up to the first digit' },
    { token: 'Foo Bar', kind: 'unmatchable', source: 'robots.md §2: a space ends the name' },
    { token: '*', kind: 'refused', source: 'RFC 9309 §2.2.1: * is the global group, not a crawler' },
    { token: '   ', kind: 'refused', source: 'an empty token names no crawler' },
    { token: 'anthropic-ai', kind: 'warning', source: 'catalogue: a deprecated token' },
    { token: 'a'.repeat(101), kind: 'refused', source: 'the settings keep tokens of at most 100 characters' },
    { token: 'My\u0007Bot', kind: 'refused', source: 'a User-agent line cannot hold a control character' },
  ])('says $kind for "$token"', ({ token, kind }) => {
    expect(checkToken(token).kind).toBe(kind);
  });

  it('says why the settings would refuse a token, before the grammar is asked', () => {
    const check = checkToken(`  ${'b'.repeat(101)}  `);
    expect(check).toEqual({ kind: 'refused', explanation: 'The token must be at most 100 characters.' });
    expect(checkToken(`${'b'.repeat(100)}`).kind).toBe('valid');
  });

  it('explains why a token can never match', () => {
    const check = checkToken('MJ12bot');
    expect(check.kind === 'unmatchable' && check.explanation).toMatch(/MJ12bot/);
  });
});
