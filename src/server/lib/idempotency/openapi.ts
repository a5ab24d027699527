import { maxKeyLength } from './key';

type Schema = Record<string, unknown>;

/** An OpenAPI response, and the parts of an operation a route's `openApi` export adds (read by the api-contract recipe). */
interface OpenApiResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Schema }>;
}
export interface OperationExtension {
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses?: Record<string, OpenApiResponse>;
  parameters?: {
    name: string;
    in: 'path' | 'query' | 'header';
    required: boolean;
    description?: string;
    schema: Schema;
  }[];
}

const errorBody = { $ref: '#/components/schemas/ErrorBody' };

/** The refusals `withIdempotency` adds, each an h3 error body. */
const refusals: Record<string, OpenApiResponse> = {
  400: {
    description: 'A malformed `Idempotency-Key`: empty, unquoted, or over 255 characters.',
    content: { 'application/json': { schema: errorBody } },
  },
  409: {
    description: 'A request with this `Idempotency-Key` is still being processed; retry after `Retry-After`.',
    headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    content: { 'application/json': { schema: errorBody } },
  },
  422: {
    description: 'The `Idempotency-Key` was used with a different request.',
    content: { 'application/json': { schema: errorBody } },
  },
  429: {
    description:
      'This caller holds its most `Idempotency-Key`s (`IDEMPOTENCY_KEYS_PER_CALLER`, 1,000) for 24 hours.',
    content: { 'application/json': { schema: errorBody } },
  },
};

/**
 * What `withIdempotency` adds to a route's OpenAPI operation (`export const openApi =
 * idempotentOperation(…)`): the optional `Idempotency-Key` header and its 400, 409 and 422. A
 * status the route answers itself keeps its meaning too; without `base`, the 422 also keeps the
 * validation issue list that a validated route answers.
 */
export function idempotentOperation(base: OperationExtension = {}): OperationExtension {
  const own: Record<string, OpenApiResponse> = {
    422: {
      description: 'The input failed its schema: the issue list, `X-Analog-Errors: true`.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Issues' } } },
    },
    ...base.responses,
  };
  const merged = Object.entries(refusals).map(([status, refusal]) => {
    const theirs = own[status];
    if (!theirs) return [status, refusal];
    const schemas = [theirs, refusal].map((response) => response.content?.['application/json']?.schema);
    const schema =
      JSON.stringify(schemas[0]) === JSON.stringify(schemas[1]) ? schemas[0] : { anyOf: schemas };
    return [
      status,
      {
        description: `${theirs.description} Or: ${refusal.description[0].toLowerCase()}${refusal.description.slice(1)}`,
        content: { 'application/json': { schema } },
      },
    ];
  });
  return {
    ...base,
    parameters: [
      ...(base.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'A Structured Field string, e.g. `"8e03978e-40d5-43e8-bc93-6894a57f9324"`: a retry with the same key and request gets the first response again (`Idempotent-Replayed: true`) for 24 hours.',
        schema: { type: 'string', minLength: 3, maxLength: maxKeyLength + 2, pattern: '^".+"$' },
      },
    ],
    responses: { ...base.responses, ...Object.fromEntries(merged) },
  };
}
