import type { StandardSchemaV1 } from '@standard-schema/spec';

/** A Standard Schema issue as it travels as JSON in a 422 body: the path's keys may be wrapped. */
export type IssueLike = Pick<StandardSchemaV1.Issue, 'message' | 'path'>;

/** Field errors by field name: the first message for each field. */
export type FieldErrors = Record<string, string>;

/**
 * The field an issue belongs to: its path's keys joined with dots (`address.city`), or `form`
 * for an issue about the whole input. Server redirects and client forms both name fields this way.
 */
export function issueField(issue: IssueLike): string {
  const keys = issue.path?.map((segment) => (typeof segment === 'object' ? segment.key : segment));
  return keys?.length ? keys.join('.') : 'form';
}

/** The first message for each field, from a 422's issues. */
export function fieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issueField(issue)] ??= issue.message;
  return errors;
}

/** A 422 body's issues as field errors; a body that is no issues array becomes one `form` message. */
export function issuesToFieldErrors(body: unknown): FieldErrors {
  return Array.isArray(body) ? fieldErrors(body as IssueLike[]) : { form: 'The server rejected the form.' };
}
