/**
 * Typed errors that the http wrapper maps to statuses. Their messages are user-facing: the
 * wrapper sends them as the spec's alert body, so write them for a trader, not for a developer.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly content?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, content?: string) {
    super(400, message, content);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please log in to continue.') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You need to subscribe to access this page.') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class RateLimitedError extends AppError {
  constructor(
    message = 'Too many attempts. Please wait a few minutes and try again.',
    readonly retryAfterSeconds = 60,
  ) {
    super(429, message);
  }
}
/** A part of the service that this deployment does not offer (e.g. payments without Stripe). */
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
/** Data that a job has not produced yet (e.g. the first start is still loading). */
export class NotReadyError extends AppError {
  constructor(message = 'This data is being prepared. Please try again in a minute.') {
    super(503, message);
  }
}
