/**
 * The service answers every error as `{"error": <status>}`; handlers throw this and the server turns it
 * into that body. `detail` is for the simulator's own logs and control answers only.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail?: string): HttpError => new HttpError(400, detail);
export const unauthorized = (detail?: string): HttpError => new HttpError(401, detail);
export const forbidden = (detail?: string): HttpError => new HttpError(403, detail);
export const notFound = (detail?: string): HttpError => new HttpError(404, detail);
export const invalid = (detail?: string): HttpError => new HttpError(422, detail);
