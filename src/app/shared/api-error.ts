import { HttpErrorResponse } from '@angular/common/http';
import type { StandardSchemaV1 } from '@standard-schema/spec';

/** A failed call: the status and the JSON (or text) body the route answered with; 0 when nothing answered. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message = `The API answered ${status}`,
  ) {
    super(message);
  }
}

/** A 422 from a validated route: its Standard Schema issues, one per failed field. */
export class ApiValidationError extends ApiError {
  override readonly status = 422;
  constructor(readonly issues: readonly StandardSchemaV1.Issue[]) {
    super(422, issues, issues.map((issue) => issue.message).join('; '));
  }
}

/** An `ApiError` for an error status, an `ApiValidationError` for a validated route's 422. */
export function toApiError(status: number, body: unknown): ApiError {
  return status === 422 && Array.isArray(body)
    ? new ApiValidationError(body as StandardSchemaV1.Issue[])
    : new ApiError(status, body);
}

/** Angular's `HttpErrorResponse` as an `ApiError` (status 0: no answer); any other error unchanged. */
export function fromHttpError(error: unknown): unknown {
  return error instanceof HttpErrorResponse ? toApiError(error.status, error.error) : error;
}
