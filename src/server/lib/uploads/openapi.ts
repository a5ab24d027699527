import type { OperationExtension } from '../../../modules/api-contract';

/**
 * The body `receiveUpload` streams, for `POST /api/v1/files`'s operation in `/api/openapi.json`:
 * no schema of the route states it. The route file lists its statuses.
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
