import { maxKeyLength } from './key';

type Schema = Record<string, unknown>;

/** An OpenAPI response, and the parts of an operation this recipe adds (merged by the api-contract recipe). */
interface OpenApiResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Schema }>;
}
export interface OperationExtension {
  responses: Record<string, OpenApiResponse>;
  parameters: { name: string; in: 'header'; required: boolean; description: string; schema: Schema }[];
}

const json = (...schemas: Schema[]) => ({
  'application/json': { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } },
});
const errorBody = { $ref: '#/components/schemas/ErrorBody' };

/**
 * What `Idempotency-Key` adds to a POST's OpenAPI operation: the optional header, and the refusals
 * 400, 409, 422 (beside the validation issue list a validated route answers with it) and 429.
 */
export const idempotentOperation = (): OperationExtension => ({
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A Structured Field string, e.g. `"8e03978e-40d5-43e8-bc93-6894a57f9324"`: a retry with the same key and request gets the first response again (`Idempotent-Replayed: true`) for 24 hours.',
      schema: { type: 'string', minLength: 3, maxLength: maxKeyLength + 2, pattern: '^".+"$' },
    },
  ],
  responses: {
    400: {
      description: 'A malformed `Idempotency-Key`: empty, unquoted, or over 255 characters.',
      content: json(errorBody),
    },
    409: {
      description:
        'A request with this `Idempotency-Key` is still being processed; retry after `Retry-After`.',
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
      content: json(errorBody),
    },
    422: {
      description:
        'The input failed its schema: the issue list, `X-Analog-Errors: true`. Or: the `Idempotency-Key` was used with a different request.',
      content: json({ $ref: '#/components/schemas/Issues' }, errorBody),
    },
    429: {
      description:
        'This caller holds its most `Idempotency-Key`s (`IDEMPOTENCY_KEYS_PER_CALLER`, 1,000) for 24 hours.',
      content: json(errorBody),
    },
  },
});
