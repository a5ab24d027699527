import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type H3Event, setResponseHeader, setResponseStatus } from 'h3';

export type ValidationResult<T = unknown> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly value?: undefined; readonly issues: readonly StandardSchemaV1.Issue[] };

/**
 * A schema's value or its issues (without a schema, the input as it is): synchronously for a sync
 * schema (most are), as a Promise for an async one, so the common case awaits nothing.
 */
export function validate(
  schema: StandardSchemaV1 | undefined,
  input: unknown,
): ValidationResult | Promise<ValidationResult> {
  if (!schema) return { value: input };
  const result = schema['~standard'].validate(input);
  return result instanceof Promise ? result.then(toOutcome) : toOutcome(result);
}

function toOutcome<T>(result: StandardSchemaV1.Result<T>): ValidationResult<T> {
  return result.issues ? { issues: result.issues } : { value: result.value };
}

/** Answers 422 with the issues array as JSON and `X-Analog-Errors: true`. */
export function rejectInput(event: H3Event, issues: readonly StandardSchemaV1.Issue[]) {
  setResponseStatus(event, 422, 'Unprocessable Entity');
  setResponseHeader(event, 'content-type', 'application/json; charset=utf-8');
  setResponseHeader(event, 'x-analog-errors', 'true');
  return issues;
}

/**
 * Checks a handler's plain return value against `output` in development and tests only: a mismatch
 * logs a warning and changes nothing. Production returns at once, without a Promise.
 */
export function checkOutput(schema: StandardSchemaV1 | undefined, value: unknown, event: H3Event) {
  const mode = schema && process.env['NODE_ENV'];
  if (mode !== 'development' && mode !== 'test') return undefined;
  return Promise.resolve(validate(schema, value)).then(({ issues }) => {
    if (!issues) return;
    const details = issues
      .map(({ path, message }) => {
        const keys = path?.map((segment) => String(typeof segment === 'object' ? segment.key : segment));
        return `${keys?.length ? keys.join('.') : '(root)'}: ${message}`;
      })
      .join('; ');
    const route = `${event.method} ${event.path}`;
    console.warn(`[output] ${route} returned a value that does not match its output schema: ${details}`);
  });
}
