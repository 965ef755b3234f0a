/** An error whose message is safe to show to the affiliate, with the HTTP status to answer. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** For a 429 or a 503: the seconds after which trying again can succeed (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthorized = (message = 'Your session has expired. Please sign in again.') => new ApiError(401, message);
export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const badRequest = (message: string) => new ApiError(400, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new ApiError(429, message, Math.max(1, Math.ceil(retryAfterSeconds)));
