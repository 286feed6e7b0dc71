/**
 * Typed errors thrown by services. The error handler maps them to HTTP; `message` is shown to the
 * user, so it must be plain words and never internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'invalid', message, fields);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, 'unauthorized', message);
  }
}

export class Forbidden extends AppError {
  constructor(message = "You don't have permission to do that.") {
    super(403, 'forbidden', message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

/**
 * An agreement named terms that are no longer the ones in force (decision 019): a 409 with its own
 * code, so the screen knows to show the new terms rather than only the words.
 */
export class TermsChanged extends AppError {
  constructor(message: string) {
    super(409, 'terms_changed', message);
  }
}

/**
 * The customer's Confirm of a quote whose business has not agreed to the request as it is now (the
 * customer changed it since, decision 019): a 409 with its own code, since reading the offer again
 * does not resolve it — the business must answer first.
 */
export class RequestChanged extends AppError {
  constructor(message: string) {
    super(409, 'request_changed', message);
  }
}

export class TooManyRequests extends AppError {
  constructor(
    message = 'Too many attempts. Please wait a minute and try again.',
    /** Sent as Retry-After when known. */
    readonly retryAfterSeconds?: number,
    fields?: Record<string, string>,
  ) {
    super(429, 'rate_limited', message, fields);
  }
}

export class Unavailable extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.') {
    super(503, 'unavailable', message);
  }
}

/**
 * The upload store (an S3-compatible bucket) could not be reached or failed on its side: like the
 * database's outage, a 503 the client may retry, never a 500 (plugins/errors.ts logs the cause).
 */
export class StorageUnavailable extends AppError {
  constructor(readonly reason: unknown) {
    super(503, 'unavailable', 'The service is temporarily unavailable.');
  }
}
