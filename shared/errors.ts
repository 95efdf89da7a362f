import type { RefusalName } from './domain/refusals';

/**
 * The errors the domain throws. None of them knows an HTTP status: the HTTP edge alone maps them
 * (api/http/error-mapper.ts), and the workers log them.
 * - Refusal: a business rule said no, by name (`withdrawal.codeWrong`, declared per area in
 *   shared/domain/<area>/refusals.ts); the endpoint that answers it maps the name to its number.
 * - InputError: the input is well formed but names something impossible (a field's value); the edge
 *   answers it like a schema failure, naming the field.
 * - NotFoundError: the thing an operator addressed does not exist (where the spec has no code for it).
 * - SessionEndedError: the authenticated account no longer exists or its session ended meanwhile.
 * - ForbiddenError: the authenticated account may not make this change (it lacks a permission it needs).
 * - UnavailableError: a dependency (mail, SMS, a provider) cannot be used right now; try again later.
 */
export class Refusal extends Error {
  constructor(
    public readonly refusal: RefusalName,
    /** For logs; clients get the refusal's text (shared/domain/refusal-texts.ts). */
    public readonly detail?: string,
    /** What the refusal answers as the envelope's `data` (null when not given): what a client needs to decide again. */
    public readonly data?: unknown,
  ) {
    super(detail ? `${refusal}: ${detail}` : refusal);
    this.name = 'Refusal';
  }
}

/** Where a bad value came from: the body (default), the query, the path, or a header. */
export type InputSource = 'body' | 'query' | 'params' | 'header';

export class InputError extends Error {
  constructor(
    public readonly field: string,
    public readonly reason: string,
    public readonly source: InputSource = 'body',
  ) {
    super(`${field}: ${reason}`);
    this.name = 'InputError';
  }
}

export class NotFoundError extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'NotFoundError';
  }
}

export class SessionEndedError extends Error {
  constructor() {
    super('the session has ended');
    this.name = 'SessionEndedError';
  }
}

export class UnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}

export class ForbiddenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}
