import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type H3Event, setResponseHeader, setResponseStatus } from 'h3';

export type ValidationResult<T> =
  { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly StandardSchemaV1.Issue[] };

type Outcome<S extends StandardSchemaV1> = ValidationResult<StandardSchemaV1.InferOutput<S>>;

/**
 * Runs a Standard Schema and returns its value or its issues: synchronously for a sync
 * schema (most are), as a Promise for an async one, so the common case awaits nothing.
 */
export function validate<S extends StandardSchemaV1>(
  schema: S,
  input: unknown,
): Outcome<S> | Promise<Outcome<S>> {
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

function describePath(path: StandardSchemaV1.Issue['path']): string {
  if (!path?.length) return '(root)';
  return path.map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
}

/**
 * Checks a handler's plain return value against `output` in development and tests only;
 * a mismatch logs a warning and changes nothing. Production never evaluates the schema and
 * returns at once, without a Promise.
 */
export function checkOutput(
  schema: StandardSchemaV1 | undefined,
  value: unknown,
  route: string,
): Promise<void> | undefined {
  const mode = process.env['NODE_ENV'];
  if (!schema || (mode !== 'development' && mode !== 'test')) return undefined;
  return Promise.resolve(validate(schema, value)).then((result) => {
    if (!result.issues) return;
    const details = result.issues.map((issue) => `${describePath(issue.path)}: ${issue.message}`).join('; ');
    console.warn(`[output] ${route} returned a value that does not match its output schema: ${details}`);
  });
}
