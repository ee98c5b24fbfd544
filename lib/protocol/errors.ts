/**
 * The protocol's errors: InvalidRequestError, thrown by a handler for a request it cannot serve
 * (answered as `invalid-request`), ForbiddenError, for a sender that may not ask it (`forbidden`),
 * and ProtocolError, thrown by the client for an error reply.
 */
import { describeStorageFailure } from '../shared/storage-failure';

/** A request the worker cannot serve because of what it asked for (answered as `invalid-request`). */
export class InvalidRequestError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'InvalidRequestError';
  }
}

/** A request its sender may not make, such as a content script asking for another tab's data (answered as `forbidden`). */
export class ForbiddenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** An error the worker reported, thrown by the client so the UI can show it in words. */
export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid-request' | 'forbidden' | 'internal' | 'cancelled' | 'no-reply',
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/** A storage write that failed, in words (a full storage): an expected outcome, not a bug. */
export class StorageFailedError extends InvalidRequestError {
  constructor(what: string, options?: { cause?: unknown }) {
    super(describeStorageFailure(what, options?.cause), options);
    this.name = 'StorageFailedError';
  }
}
