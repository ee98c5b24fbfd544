/**
 * The worker's one way to check a request's payload: its valibot schema (lib/protocol/schemas.ts);
 * a payload that does not fit is answered `invalid-request` with what is wrong in words.
 */
import type * as v from 'valibot';
import { InvalidRequestError } from '../../lib/protocol/errors';
import type { MessageType } from '../../lib/protocol/messages';
import { checkPayload } from '../../lib/protocol/schemas';

/** Returns `payload` checked against `schema`, or throws InvalidRequestError naming the problem. */
export function checked<T>(type: MessageType, schema: v.GenericSchema<unknown, T>, payload: unknown): T {
  return checkPayload(type, schema, payload, (message) => new InvalidRequestError(message));
}
