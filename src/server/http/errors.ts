/** What an error answer carries beside its message: the field, a reason code the screen can translate, Retry-After. */
export interface ErrorExtra {
  field?: string;
  reason?: string;
  retryAfter?: number;
}

/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  readonly status: number;
  readonly extra: ErrorExtra;
  // No constructor parameter properties: scripts run this file under Node's type stripping.
  constructor(status: number, message: string, extra: ErrorExtra = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, { field });
export const unauthorized = (message = "Not signed in") => new HttpError(401, message);
export const forbidden = (message = "Admins only") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const tooManyRequests = (retryAfter: number, message = "Too many requests, try again later") =>
  new HttpError(429, message, { retryAfter });
