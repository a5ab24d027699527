/**
 * The body `receiveUpload` streams, for `POST /api/v1/files`'s operation in `/api/openapi.json`
 * (the api-contract recipe reads a route file's `openApi` export): no schema of the route states
 * it. The route file lists its statuses.
 */
export const uploadRequestBody = {
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
