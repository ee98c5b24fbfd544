import { describe, expect, it } from 'vitest';
import { createProtocolClient, isMessage, MESSAGE_TYPES, type Message } from '../../lib/protocol/messages';

describe('the message protocol', () => {
  it('accepts a message of every type the client can send, and nothing else', async () => {
    const sent: Message[] = [];
    const client = createProtocolClient(async (message) => {
      sent.push(message);
      return { ok: true, value: null };
    });
    for (const type of Object.keys(client) as (keyof typeof client)[]) await client[type]({} as never);
    expect(sent.map((m) => m.type).sort()).toEqual([...MESSAGE_TYPES].sort());
    for (const message of sent) expect(isMessage(message)).toBe(true);
    expect(isMessage({ type: 'toString', payload: {} })).toBe(false);
    expect(isMessage({ type: 'inspect' })).toBe(false);
  });
});
