import type { OperationExtension } from '../../../modules/api-contract';

/**
 * What `POST /api/v1/files` adds to its generated operation: the multipart body it streams
 * itself, which no schema of the route states. Its statuses are the route file's.
 */
export const uploadRequestBody: OperationExtension = {
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
    },
  },
};
